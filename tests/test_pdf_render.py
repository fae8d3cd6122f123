"""Every page rasterises with poppler's pdftoppm and has ink on it."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from scorekeeper.engine import replay
from scorekeeper.pdf import blank_sheet, game_sheet
from scorekeeper.rules.presets import rules_for
from tests.sample_game import sample_hands, sample_setup

pytestmark = pytest.mark.slow  # pdftoppm in a subprocess: the fast loop skips it


@pytest.fixture(scope="module")
def pdftoppm() -> str:
    path = shutil.which("pdftoppm")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set but pdftoppm is missing: `apt-get install poppler-utils`")
        pytest.skip("pdftoppm is not installed (poppler-utils)")
    return path


def pgm_pages(pdftoppm: str, data: bytes, tmp_path) -> list[tuple[int, int, bytes]]:
    """Renders each page to an 8-bit grey PGM and returns (width, height, pixels)."""
    source = tmp_path / "sheet.pdf"
    source.write_bytes(data)
    subprocess.run([pdftoppm, "-gray", "-r", "40", str(source), str(tmp_path / "p")], check=True)
    pages = []
    for path in sorted(tmp_path.glob("p*.pgm")):
        raw = path.read_bytes()
        magic, width, height, depth, pixels = raw.split(maxsplit=4)
        assert (magic, depth) == (b"P5", b"255")
        pages.append((int(width), int(height), pixels))
    return pages


def ink(pixels: bytes) -> float:
    """Returns the share of pixels that are not white."""
    return sum(1 for p in pixels if p < 200) / len(pixels)


def test_a_three_page_game_renders_with_ink_on_every_page(pdftoppm, tmp_path):
    rules = rules_for("classic")
    setup = sample_setup(rules)
    state = replay(rules, setup, sample_hands(rules, setup, 40))
    pages = pgm_pages(
        pdftoppm, game_sheet(rules, setup, state, title="T", created="2024-05-01"), tmp_path
    )
    assert len(pages) == 3
    for width, height, pixels in pages:
        assert len(pixels) == width * height
        assert 0.02 < ink(pixels) < 0.6


@pytest.mark.parametrize("format_id", ["classic", "cutthroat", "hand_and_foot", "oklahoma"])
def test_blank_sheets_render_with_ink(pdftoppm, tmp_path, format_id):
    (page,) = pgm_pages(pdftoppm, blank_sheet(rules_for(format_id)), tmp_path)
    assert 0.02 < ink(page[2]) < 0.6

"""Long names, emoji and narrow columns: every word of a sheet stays in its cell and margins."""

from __future__ import annotations

import html
import io
import os
import re
import shutil
import subprocess
from dataclasses import dataclass

import pytest
from pypdf import PdfReader

from scorekeeper.engine import Setup, Side, replay
from scorekeeper.pdf import blank_sheet, fonts, game_sheet
from scorekeeper.pdf.blank_sheet import blank_layout, player_counts
from scorekeeper.pdf.game_sheet import game_layout
from scorekeeper.pdf.layout import MARGIN
from scorekeeper.rules.presets import load_presets, rules_for
from tests.sample_game import sample_hands

LONG = "Maximiliana Wolfeschlegelsteinhausenberg"  # 40 characters, the longest name allowed
HYPHENED = "Bartholomew-Alexander Featherstonehaugh!"  # 40
ONE_WORD = "Wolfeschlegelsteinhausenbergerdorffvoral"  # 40, no space to break at
FIVE = (LONG, HYPHENED, ONE_WORD, "Zoë ❤️", "Dmitri Ivanovich Karamazov")
WIDE = ("W" * 40, "王" * 40, "Ш" * 39 + "M", "李明" * 20)  # the widest 40 characters there are
WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)


@dataclass(frozen=True)
class Word:
    """A word as poppler finds it on the page: its box (y down from the top) and text."""

    x0: float
    y0: float
    x1: float
    y1: float
    text: str


@pytest.fixture(scope="module")
def pdftotext() -> str:
    path = shutil.which("pdftotext")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set but pdftotext is missing: `apt-get install poppler-utils`")
        pytest.skip("pdftotext is not installed (poppler-utils)")
    return path


def words(pdftotext: str, data: bytes) -> list[list[Word]]:
    """Returns each page's words with their boxes, from `pdftotext -bbox`."""
    out = subprocess.run(
        [pdftotext, "-bbox", "-", "-"], input=data, capture_output=True, check=True
    ).stdout.decode()
    pages = out.split("<page ")[1:]
    return [
        [Word(*map(float, m.groups()[:4]), html.unescape(m.group(5))) for m in WORD.finditer(p)]
        for p in pages
    ]


def text_of(data: bytes) -> str:
    """Returns the text layer of every page, whitespace runs made single spaces."""
    reader = PdfReader(io.BytesIO(data))
    return " ".join(" ".join(p.extract_text().split()) for p in reader.pages)


def game(format_id: str, names: list[tuple[str, tuple[str, ...]]], hands: int = 14):
    rules = rules_for(format_id)
    sides = tuple(Side(f"s{i}", name, players) for i, (name, players) in enumerate(names, 1))
    setup = Setup(sides=sides, first_dealer="Ana")
    return rules, setup, replay(rules, setup, sample_hands(rules, setup, hands))


GAMES = {
    "classic": lambda: game(
        "classic", [("🎉 Party people 🎉", (LONG, "Ana")), (HYPHENED, ("Zoë 👍🏽", ONE_WORD))]
    ),
    "cutthroat": lambda: game("cutthroat", [(n, (n,)) for n in ("Ana", LONG, ONE_WORD)]),
    "oklahoma-5": lambda: game(
        "oklahoma", [(n, (n,)) for n in ("Ana", *FIVE[:2], FIVE[2], FIVE[4])]
    ),
    "five_hand": lambda: game("five_hand", [("We", ("Ana", LONG)), ("They", FIVE[1:4])], 20),
    "two_hand-wide": lambda: game("two_hand", [(WIDE[0], (WIDE[0],)), ("Ana", ("Ana",))]),
    "oklahoma-wide": lambda: game("oklahoma", [(n, (n,)) for n in ("Ana", *WIDE)]),
    "six_hand": lambda: game(
        "six_hand_two_teams", [("We", ("Ana", *FIVE[:2])), ("They", FIVE[2:])]
    ),
}
CASES = [pytest.param(g, p, id=f"{g}-{p}") for g in GAMES for p in ("a4", "letter")]


def sheet(name: str, paper: str) -> tuple[bytes, tuple, object]:
    rules, setup, state = GAMES[name]()
    data = game_sheet(rules, setup, state, title="", created="2024-05-01", paper=paper)
    return data, (rules, setup, state), game_layout(rules, setup, state, paper=paper)


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
@pytest.mark.parametrize(("name", "paper"), CASES)
def test_every_word_stays_inside_the_page_margins(pdftotext, name, paper):
    data, _, ((width, _), _) = sheet(name, paper)
    for page in words(pdftotext, data):
        outside = [w.text for w in page if w.x0 < MARGIN - 0.5 or w.x1 > width - MARGIN + 0.5]
        assert outside == []


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
@pytest.mark.parametrize(("name", "paper"), CASES)
def test_no_word_crosses_into_the_next_column(pdftotext, name, paper):
    data, _, (_, grid) = sheet(name, paper)
    edges = [grid.lead[1].x] + [g.x for g in grid.groups] + [grid.right]
    for page in words(pdftotext, data):
        top = min(w.y0 for w in page if w.text == "Dealer") - 30  # the side-name band
        ends = [w.y0 for w in page if w.text in ("Winner:", "Result:", "In", "Carried")]
        inside = [w for w in page if top < (w.y0 + w.y1) / 2 < min(ends)]
        crossing = [(w.text, e) for w in inside for e in edges if w.x0 < e - 0.3 < e + 0.3 < w.x1]
        assert inside and crossing == []


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
@pytest.mark.parametrize(("name", "paper"), CASES)
def test_every_name_is_whole_or_listed_in_full(pdftotext, name, paper):
    data, (_, setup, _), _ = sheet(name, paper)
    text = text_of(data)
    names = {n for s in setup.sides for n in (s.name, *s.players)}
    assert [n for n in names if fonts.shown(n) not in text] == []
    # No name is broken inside a word: a piece of a word is only ever one cut with "…".
    whole = {w for n in names for w in fonts.shown(n).split()}
    pieces = {w.text for page in words(pdftotext, data) for w in page} - whole
    broken = [p for p in pieces if any(w.startswith(p) for w in whole) and not p.endswith("…")]
    assert broken == []


def test_a_name_cut_short_is_spelled_out_in_the_legend():
    data, *_ = sheet("oklahoma-5", "a4")
    text = text_of(data)
    assert "Names in full:" in text
    legend = text.split("Names in full:", 1)[1]
    assert f"= {ONE_WORD}" in legend


def test_emoji_draw_from_a_font_and_copy_out_as_drawn():
    data, (_, setup, _), _ = sheet("classic", "a4")
    text = text_of(data)
    assert "🎉 Party people 🎉" in text and "Zoë 👍" in text
    assert "\ufffd" not in text
    fonts_used = {
        str(f["/BaseFont"])
        for page in PdfReader(io.BytesIO(data)).pages
        for f in page["/Resources"]["/Font"].values()
    }
    assert any(f.endswith("+Symbola") for f in fonts_used)


@pytest.mark.parametrize(
    ("typed", "drawn"),
    [
        pytest.param("Zoë ❤️", "Zoë ❤", id="variation-selector"),
        pytest.param("Ana 👍🏽", "Ana 👍", id="skin-tone"),
        pytest.param("👨‍👩‍👧 family", "👨👩👧 family", id="zero-width-joiner"),
        pytest.param("Bo 🥹", "Bo \ufffd", id="newer-than-the-font"),
        pytest.param("李明", "李明", id="cjk"),
    ],
)
def test_what_is_drawn_is_what_copies_out(typed, drawn):
    assert fonts.shown(typed) == drawn
    rules, setup, state = game("two_hand", [(typed, (typed,)), ("Ana", ("Ana",))], 2)
    data = game_sheet(rules, setup, state, title="T", created="2024-05-01")
    assert drawn in text_of(data)


def test_the_same_game_with_long_names_and_emoji_gives_the_same_bytes():
    assert sheet("classic", "a4")[0] == sheet("classic", "a4")[0]


BLANKS = [
    pytest.param(f, paper, n, id=f"{f}-{paper}" + (f"-{n}" if n else ""))
    for f, preset in load_presets().items()
    for paper in ("a4", "letter")
    for n in ([None, *(player_counts(preset.rules) or [])])
]


@pytest.mark.parametrize(("format_id", "paper", "players"), BLANKS)
def test_blank_score_cells_take_five_handwritten_digits(format_id, paper, players):
    _, grid = blank_layout(rules_for(format_id), paper, players)
    for group in grid.groups:
        widths = {c.key: c.width for c in group.columns}
        # About 3 mm a handwritten digit: five digits, a comma and a minus sign in 18 mm.
        assert widths["score"] >= 50 and widths["total"] >= 50


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
@pytest.mark.parametrize(("format_id", "paper", "players"), BLANKS)
def test_blank_headings_are_separate_words_at_a_legible_size(pdftotext, format_id, paper, players):
    rules = rules_for(format_id)
    _, grid = blank_layout(rules, paper, players)
    (page,) = words(pdftotext, blank_sheet(rules, paper=paper, players=players))
    found = {w.text: w for w in page}
    heading_words = {w for c in grid.groups[0].columns for w in c.heading.split()}
    assert heading_words - set(found) == set()  # none run into its neighbour
    assert min(found[w].y1 - found[w].y0 for w in heading_words) >= 6.5
    overlaps = [
        (a.text, b.text)
        for a in page
        for b in page
        if a is not b and a.x0 < b.x0 < a.x1 - 0.5 and a.y0 < (b.y0 + b.y1) / 2 < a.y1
    ]
    assert overlaps == []


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
@pytest.mark.parametrize(("name", "paper"), CASES)
def test_the_footer_and_header_print_at_a_readable_size(pdftotext, name, paper):
    data, *_ = sheet(name, paper)
    for page in words(pdftotext, data):
        grid_top = min(w.y0 for w in page if w.text == "Dealer") - 30
        footer = min(w.y0 for w in page if w.text in ("Winner:", "Result:", "In", "Carried"))
        outside_grid = [w for w in page if (w.y0 + w.y1) / 2 < grid_top or w.y0 >= footer]
        assert min(w.y1 - w.y0 for w in outside_grid) >= 6.9

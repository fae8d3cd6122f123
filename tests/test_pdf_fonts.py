"""Text runs: DejaVu for what it covers, the fallback for the rest (CJK), measured as drawn."""

from __future__ import annotations

import inspect

import pytest
from reportlab.pdfbase import ttfonts

from scorekeeper.pdf import fonts


@pytest.mark.parametrize(
    ("text", "bold", "expected"),
    [
        pytest.param("Ann", False, [(fonts.REGULAR, "Ann")], id="ascii"),
        pytest.param(
            "Łukasz Ørsted Zoë", False, [(fonts.REGULAR, "Łukasz Ørsted Zoë")], id="latin"
        ),
        pytest.param("Ольга Σοφία", True, [(fonts.BOLD, "Ольга Σοφία")], id="cyrillic-greek"),
        pytest.param(
            "José 李明", False, [(fonts.REGULAR, "José "), (fonts.FALLBACK, "李明")], id="cjk"
        ),
        pytest.param(
            "李 & 王",
            True,
            [(fonts.FALLBACK, "李"), (fonts.BOLD, " & "), (fonts.FALLBACK, "王")],
            id="mixed-bold",
        ),
        pytest.param("", False, [], id="empty"),
    ],
)
def test_runs_switch_font_only_where_dejavu_lacks_the_glyph(text, bold, expected):
    assert list(fonts.runs(text, bold)) == expected


def test_the_fonts_ship_inside_the_package_with_their_licenses():
    names = {p.name for p in fonts.FONT_DIR.iterdir()}
    assert {
        "DejaVuSans.ttf",
        "DejaVuSans-Bold.ttf",
        "DroidSansFallbackFull.ttf",
        "SymbolaEmoji.ttf",
    } <= names
    assert {"LICENSE-DejaVu.txt", "LICENSE-DroidSansFallback.txt", "LICENSE-Symbola.txt"} <= names
    # Symbola is a subset (emoji and symbols DejaVu lacks) to keep the package small.
    assert sum(p.stat().st_size for p in fonts.FONT_DIR.iterdir()) < 6_500_000


def test_fit_size_shrinks_long_text_to_the_room_but_not_below_the_least():
    assert fonts.fit_size("Ann", 9, 100) == 9
    small = fonts.fit_size("Four jokers and three deuces", 9, 90)
    assert small < 9 and fonts.width("Four jokers and three deuces", small) <= 90.01
    assert fonts.fit_size("x" * 200, 9, 10, least=4) == 4


def test_wrap_breaks_at_spaces_within_the_room():
    lines = fonts.wrap("a canasta in a meld of 200", 7, 45)
    assert " ".join(lines) == "a canasta in a meld of 200" and len(lines) > 1
    assert all(fonts.width(line, 7) <= 45 for line in lines)


def test_reportlab_still_takes_our_tounicode_map():
    """The one reach into reportlab: if a release renames or inlines it, this fails loudly."""
    assert ttfonts.makeToUnicodeCMap is fonts._to_unicode_cmap
    assert "makeToUnicodeCMap(" in inspect.getsource(ttfonts.TTFont)
    cmap = fonts._to_unicode_cmap("F", [0x41, 0x1F389])
    assert "<00> <0041>" in cmap and "<01> <D83CDF89>" in cmap

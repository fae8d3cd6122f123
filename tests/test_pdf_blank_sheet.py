"""The blank sheet of every preset: one page with the grid and the format's own numbers."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from scorekeeper.engine import opening_minimum
from scorekeeper.pdf import blank_sheet
from scorekeeper.pdf.layout import points
from scorekeeper.rules.presets import load_presets, rules_for

FORMATS = list(load_presets())


def read(data: bytes) -> list[str]:
    """Returns each page's text with runs of whitespace made single spaces."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.parametrize("format_id", FORMATS)
def test_every_preset_prints_its_bonuses_cards_and_minimums_on_one_page(format_id):
    rules = rules_for(format_id)
    pages = read(blank_sheet(rules))
    assert len(pages) == 1
    text = pages[0]
    assert rules.name in text and "page 1 of 1" in text
    for kind in rules.canastas:
        assert kind.label in text and points(kind.bonus) in text
    for card in rules.cards:
        assert card.label in text
    for threes in (rules.red_threes, rules.black_threes):
        if threes:
            scale = ", ".join(f"{n}: {points(v)}" for n, v in enumerate(threes.scale, start=1))
            assert scale in text
    for extra in rules.extras:
        assert f"{points(extra.points)} each" in text
    assert f"Going out {points(rules.going_out.bonus)}" in text
    assert f"A side needs {rules.going_out.canastas}" in text or "needs no canasta" in text


@pytest.mark.parametrize("format_id", FORMATS)
def test_the_opening_table_uses_the_engines_words(format_id):
    rules = rules_for(format_id)
    text = read(blank_sheet(rules))[0]
    if rules.opening.by == "none":
        assert "any meld opens" in text
        return
    for deal in range(1, len(rules.opening.tiers) + 1):
        if rules.opening.by == "deal":
            assert f"Deal {deal} {opening_minimum(rules, 0, deal).label}" in text
    for tier in rules.opening.tiers:
        if rules.opening.by == "score" and tier.below is not None:
            assert opening_minimum(rules, tier.below - 5, 1).label in text


def test_classic_bands_read_as_players_know_them():
    text = read(blank_sheet(rules_for("classic")))[0]
    assert "below 0 15 0 to 1,495 50 1,500 to 2,995 90 3,000 or more 120" in text
    assert "Red threes (1: 100, 2: 200, 3: 300, 4: 800): minus if the side has not melded." in text


def test_house_options_in_force_are_printed_and_change_the_numbers():
    rules = rules_for("hand_and_foot", ["clean_pile_500"])
    text = read(blank_sheet(rules))[0]
    assert "House options: Clean pile 500" in text
    assert "Clean pile 500" in text and "Clean pile 700" not in text


def test_three_sides_get_three_groups_on_a_wide_page():
    data = blank_sheet(rules_for("cutthroat"))
    page = PdfReader(io.BytesIO(data)).pages[0]
    assert page.mediabox.width > page.mediabox.height
    assert all(f"Player {n}" in read(data)[0] for n in (1, 2, 3))


def test_letter_paper_and_same_bytes_every_time():
    rules = rules_for("samba")
    data = blank_sheet(rules, paper="letter")
    page = PdfReader(io.BytesIO(data)).pages[0]
    assert sorted((round(page.mediabox.width), round(page.mediabox.height))) == [612, 792]
    assert blank_sheet(rules, paper="letter") == data


def _sizes(data: bytes) -> list[tuple[str, float]]:
    """Returns each piece of text on the first page with the size it is drawn at."""
    pieces: list[tuple[str, float]] = []

    def seen(text, cm, tm, font, size) -> None:  # type: ignore[no-untyped-def]  # pypdf's hook
        if text.strip():
            pieces.append((text.strip(), size * tm[0]))

    PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=seen)
    return pieces


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "es", "pt_BR", "it", "de"])
def test_a_long_table_label_wraps_rather_than_shrinks(lang: str, paper: str) -> None:
    """Modern American's "Players holding three or more sevens" (issue 32) and every other
    label beside a value in the reference tables print at no less than 85 % of the tables'
    7 pt: a label that would shrink more wraps onto a second line."""
    from scorekeeper.language import in_language
    from scorekeeper.pdf.tables import SIZE, blocks

    rules = rules_for("modern_american")
    with in_language(lang):
        labels = [e.label for b in blocks(rules) for e in b.entries if e.values and e.label]
    pieces = _sizes(blank_sheet(rules, lang=lang, paper=paper))
    small = [
        (text, round(size, 2))
        for text, size in pieces
        if size < SIZE * 0.85 and any(len(text) > 3 and text in label for label in labels)
    ]
    assert small == []
    assert any("sevens" in text for text, _ in pieces) or lang != "en"

"""Table cards and entrants' cards: a 40-character name fits its card in every language."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from scorekeeper.pdf import fonts, table_cards
from scorekeeper.pdf.layout import MARGIN, page_size
from scorekeeper.pdf.table_cards import Card, PairCard

LONG = "Wolfgang Amadeus Mozart-Bartholdy Jr. XIV"[:40]
WIDE = "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"


def made(lang: str, paper: str) -> bytes:
    cards = [Card(1, 1, LONG, f"{WIDE} & {LONG}", "http://192.168.1.20:5000/events/at/x")]
    pairs = [PairCard(WIDE, f"{LONG} & {LONG}", "http://192.168.1.20:5000/events/entrant/y")]
    return table_cards.table_cards(cards, paper, "t", lang=lang, pairs=pairs, event=LONG * 2)


@pytest.mark.parametrize("lang", ["en", "es", "pt_BR", "it", "de"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_line_stays_on_its_card(monkeypatch, lang, paper) -> None:
    drawn: list[tuple[float, float]] = []
    real = fonts.draw

    def record(pen, x, y, text, size, *, bold=False, align="left") -> None:
        w = fonts.width(text, size, bold)
        left = x - (w if align == "right" else w / 2 if align == "centre" else 0)
        drawn.append((left, left + w))
        real(pen, x, y, text, size, bold=bold, align=align)

    monkeypatch.setattr(fonts, "draw", record)
    data = made(lang, paper)
    width = page_size(paper)[0]
    assert len(drawn) >= 10
    assert all(left >= MARGIN and right <= width - MARGIN for left, right in drawn), drawn
    pages = PdfReader(io.BytesIO(data)).pages
    assert len(pages) == 2 and LONG in pages[1].extract_text()


TWO_WORDS = "Die Allerwertesten Wanderer vom Westwall am Wall"


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_pair_cards_words_keep_clear_of_its_qr(monkeypatch, lang, paper) -> None:
    """The review's D11: words end 8 pt before the QR's quiet zone (4 modules of white)."""
    words: list[tuple[float, float, str, float]] = []  # left, right, text, size
    modules: list[tuple[float, float]] = []  # a dark module's x and width
    real_draw, real_qr = fonts.draw, table_cards._qr

    def record(pen, x, y, text, size, *, bold=False, align="left") -> None:
        w = fonts.width(text, size, bold)
        left = x - (w if align == "right" else w / 2 if align == "centre" else 0)
        words.append((left, left + w, text, size))
        real_draw(pen, x, y, text, size, bold=bold, align=align)

    def qr(canvas, link, x, y, size) -> None:  # type: ignore[no-untyped-def]
        real_rect = canvas.rect

        def rect(rx, ry, w, h, stroke=1, fill=0) -> None:  # type: ignore[no-untyped-def]
            modules.append((rx, w))
            real_rect(rx, ry, w, h, stroke=stroke, fill=fill)

        canvas.rect = rect
        real_qr(canvas, link, x, y, size)
        canvas.rect = real_rect

    monkeypatch.setattr(fonts, "draw", record)
    monkeypatch.setattr(table_cards, "_qr", qr)
    pairs = [
        PairCard(WIDE, f"{LONG} & {LONG}", "http://192.168.1.20:5000/events/entrant/y"),
        PairCard(TWO_WORDS, "Ann & Bob", "http://192.168.1.20:5000/events/entrant/z"),
    ]
    table_cards.table_cards([], paper, "t", lang=lang, pairs=pairs, event=LONG * 2)
    dark = min(x for x, _ in modules)
    cell = modules[0][1]
    assert max(right for _, right, _, _ in words) <= dark - 4 * cell - 8 + 0.01
    lines = [(text, size) for _, _, text, size in words if len(text) > 3 and text in TWO_WORDS]
    assert " ".join(text for text, _ in lines) == TWO_WORDS and len(lines) == 2  # wrapped
    assert all(size >= 14 for _, size in lines)  # not shrunk to one tiny line

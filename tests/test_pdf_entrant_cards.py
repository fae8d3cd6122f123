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

"""Table cards for a club night: one card per table, its number, who sits there and a QR code."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

import segno
from reportlab.pdfgen.canvas import Canvas

from scorekeeper.language import gettext, in_language
from scorekeeper.pdf import fonts
from scorekeeper.pdf.layout import INK, MARGIN, RULE, new_canvas, page_size

CARDS_PER_PAGE = 2  # a card is half a page: folded or cut, it stands on the table


@dataclass(frozen=True)
class Card:
    """One table's card: its number, the round, both sides' names and the link its QR opens."""

    table: int
    round: int
    north_south: str
    east_west: str
    link: str


def _qr(canvas: Canvas, link: str, x: float, y: float, size: float) -> None:
    """Draws the link's QR code as black squares, `size` points wide, its bottom left at (x, y)."""
    matrix = [list(row) for row in segno.make(link, error="m").matrix_iter(border=2)]
    cell = size / len(matrix)
    canvas.setFillColorRGB(0, 0, 0)
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                canvas.rect(x + c * cell, y + size - (r + 1) * cell, cell, cell, stroke=0, fill=1)


def _card(canvas: Canvas, card: Card, top: float, width: float, height: float) -> None:
    """Draws one card in the band from `top` down `height` points."""
    canvas.setStrokeColorRGB(*RULE)
    canvas.rect(MARGIN, top - height, width - 2 * MARGIN, height, stroke=1, fill=0)
    canvas.setFillColorRGB(*INK)
    middle = width / 2
    fonts.draw(
        canvas,
        middle,
        top - 70,
        gettext("Table %(number)s", number=card.table),
        44,
        bold=True,
        align="centre",
    )
    line = gettext("Round %(number)s", number=card.round)
    fonts.draw(canvas, middle, top - 100, line, 16, align="centre")
    fonts.draw(
        canvas,
        middle,
        top - 128,
        f"{gettext('North-South')}: {card.north_south}",
        13,
        align="centre",
    )
    fonts.draw(
        canvas, middle, top - 148, f"{gettext('East-West')}: {card.east_west}", 13, align="centre"
    )
    size = min(height - 200, 180.0)
    _qr(canvas, card.link, middle - size / 2, top - 165 - size, size)
    note = gettext("Scan to open this table's score sheet.")
    fonts.draw(canvas, middle, top - height + 16, note, 10, align="centre")


def table_cards(cards: Sequence[Card], paper: str, title: str, lang: str | None = None) -> bytes:
    """Returns the PDF of the cards, two to a page, in `lang` (None: the language in use)."""
    with in_language(lang):
        buffer = io.BytesIO()
        width, height = page_size(paper)
        canvas = new_canvas(buffer, (width, height), title)
        band = (height - 2 * MARGIN) / CARDS_PER_PAGE
        for i, card in enumerate(cards):
            if i and i % CARDS_PER_PAGE == 0:
                canvas.showPage()
            _card(canvas, card, height - MARGIN - (i % CARDS_PER_PAGE) * band, width, band - 8)
        if not cards:
            fonts.draw(
                canvas,
                width / 2,
                height / 2,
                gettext("The first round has not started yet."),
                14,
                align="centre",
            )
        canvas.showPage()
        canvas.save()
        return buffer.getvalue()

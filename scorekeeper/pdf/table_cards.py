"""Club-night cards: a table card per table (number, who sits there, a read-only QR), and each
entrant's own card (its name and the QR of its page for the night)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

import segno
from reportlab.pdfgen.canvas import Canvas

from scorekeeper.language import gettext, in_language
from scorekeeper.pdf import fonts
from scorekeeper.pdf.layout import INK, MARGIN, RULE, draw_line, new_canvas, page_size

CARDS_PER_PAGE = 2  # a card is half a page: folded or cut, it stands on the table
PAIRS_PER_PAGE = 4  # an entrant's card is a quarter page, cut and handed out


@dataclass(frozen=True)
class Card:
    """One table's card: its number, the round, both sides' names and the link its QR opens."""

    table: int
    round: int
    north_south: str
    east_west: str
    link: str
    third: str = ""  # a three-handed (Cutthroat) table's third player


@dataclass(frozen=True)
class PairCard:
    """One entrant's card: its name, its players (none for a player alone) and its page's link."""

    name: str
    players: str
    link: str
    results: str = ""  # its public scorecard's address, once the night's results are public


QR_BORDER = 2  # modules of white drawn around the code; the text keeps the rest of the 4 clear
QUIET = 4  # modules of quiet zone a reader needs around a QR code
GAP = 8.0  # points between a card's words and the QR's quiet zone


def _matrix(link: str) -> list[list[bool]]:
    """Returns the link's QR modules, row by row, with the drawn white border."""
    code = segno.make(link, error="m")
    return [[bool(dark) for dark in row] for row in code.matrix_iter(border=QR_BORDER)]


def _qr(canvas: Canvas, link: str, x: float, y: float, size: float) -> None:
    """Draws the link's QR code as black squares, `size` points wide, its bottom left at (x, y)."""
    matrix = _matrix(link)
    cell = size / len(matrix)
    canvas.setFillColorRGB(0, 0, 0)
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                canvas.rect(x + c * cell, y + size - (r + 1) * cell, cell, cell, stroke=0, fill=1)


def clear_of_qr(link: str, x: float, size: float) -> float:
    """Returns the x the words left of a QR drawn at `x` must end by: its quiet zone, and a gap."""
    cell = size / len(_matrix(link))
    return x + QR_BORDER * cell - QUIET * cell - GAP


def _line(
    canvas: Canvas, x: float, y: float, text: str, size: float, room: float, **how: object
) -> None:
    """Draws one line, its type made smaller when it would not fit `room` points (a long name)."""
    bold = bool(how.get("bold", False))
    fitted = fonts.fit_size(text, size, room, bold)
    fonts.draw(canvas, x, y, text, fitted, bold=bold, align=str(how.get("align", "left")))


def _card(canvas: Canvas, card: Card, top: float, width: float, height: float) -> None:
    """Draws one card in the band from `top` down `height` points."""
    canvas.setStrokeColorRGB(*RULE)
    canvas.rect(MARGIN, top - height, width - 2 * MARGIN, height, stroke=1, fill=0)
    canvas.setFillColorRGB(*INK)
    middle, room = width / 2, width - 2 * MARGIN - 24
    title = gettext("Table %(number)s", number=card.table)
    _line(canvas, middle, top - 70, title, 44, room, bold=True, align="centre")
    line = gettext("Round %(number)s", number=card.round)
    _line(canvas, middle, top - 100, line, 16, room, align="centre")
    if card.third:  # each on their own: no partners, no North-South
        names = " · ".join((card.north_south, card.east_west, card.third))
        three = gettext("Three players: %(names)s", names=names)
        _line(canvas, middle, top - 138, three, 13, room, align="centre")
    else:
        north = f"{gettext('North-South')}: {card.north_south}"
        _line(canvas, middle, top - 128, north, 13, room, align="centre")
        east = f"{gettext('East-West')}: {card.east_west}"
        _line(canvas, middle, top - 148, east, 13, room, align="centre")
    size = min(height - 200, 180.0)
    _qr(canvas, card.link, middle - size / 2, top - 165 - size, size)
    note = gettext("This card shows the table. Each side scans its own pair card to play.")
    _line(canvas, middle, top - height + 16, note, 10, room, align="centre")


def _pair(
    canvas: Canvas, card: PairCard, event: str, top: float, width: float, height: float
) -> None:
    """Draws one entrant's card in the band from `top` down `height` points: words left, QR right."""
    canvas.setStrokeColorRGB(*RULE)
    canvas.setDash(4, 3)  # a line to cut along
    canvas.rect(MARGIN, top - height, width - 2 * MARGIN, height, stroke=1, fill=0)
    canvas.setDash()
    canvas.setFillColorRGB(*INK)
    size = min(height - 24, 150.0)
    qr_x = width - MARGIN - 14 - size
    left = MARGIN + 14
    room = clear_of_qr(card.link, qr_x, size) - left
    _line(canvas, left, top - 24, event, 10, room)
    _name(canvas, card.name, left, top, room)
    if card.players:
        _line(canvas, left, top - 84, card.players, 12, room)
    steps = [
        gettext("Your card for the night: keep it until the end."),
        gettext("Scan it to see your table each round,"),
        gettext("to record your side's hands and confirm the other side's."),
    ]
    for i, step in enumerate(steps):
        _line(canvas, left, top - 108 - 15 * i, step, 10, room)
    _qr(canvas, card.link, qr_x, top - 12 - size, size)
    if card.results:
        after = gettext("Your results after the night: %(address)s", address=card.results)
        _line(canvas, left, top - height + 12, after, 9, width - 2 * MARGIN - 28)


def _name(canvas: Canvas, name: str, left: float, top: float, room: float) -> None:
    """Draws an entrant's name in bold left of its QR: one line, else two, else one shrunk or cut."""
    if fonts.width(name, 20, True) <= room:
        draw_line(canvas, left, top - 56, name, 20, room, bold=True)
        return
    lines = fonts.wrap(name, 17, room, bold=True)
    if len(lines) == 2:
        size = min(fonts.fit_size(line, 17, room, True, least=9) for line in lines)
        for i, line in enumerate(lines):
            draw_line(canvas, left, top - 47 - 19 * i, line, size, room, bold=True, least=size)
        return
    draw_line(canvas, left, top - 56, name, 20, room, bold=True, least=7)


def _pairs(canvas: Canvas, pairs: Sequence[PairCard], event: str, paper: str) -> None:
    """Draws the entrants' cards, four to a page, from a fresh page."""
    width, height = page_size(paper)
    band = (height - 2 * MARGIN) / PAIRS_PER_PAGE
    for i, pair in enumerate(pairs):
        if i and i % PAIRS_PER_PAGE == 0:
            canvas.showPage()
        top = height - MARGIN - (i % PAIRS_PER_PAGE) * band
        _pair(canvas, pair, event, top, width, band - 6)


def table_cards(
    cards: Sequence[Card],
    paper: str,
    title: str,
    lang: str | None = None,
    pairs: Sequence[PairCard] = (),
    event: str = "",
) -> bytes:
    """Returns the PDF of the table cards, two to a page, then the entrants' cards, in `lang`."""
    with in_language(lang):
        buffer = io.BytesIO()
        width, height = page_size(paper)
        canvas = new_canvas(buffer, (width, height), title)
        band = (height - 2 * MARGIN) / CARDS_PER_PAGE
        for i, card in enumerate(cards):
            if i and i % CARDS_PER_PAGE == 0:
                canvas.showPage()
            _card(canvas, card, height - MARGIN - (i % CARDS_PER_PAGE) * band, width, band - 8)
        if not cards and not pairs:
            fonts.draw(
                canvas,
                width / 2,
                height / 2,
                gettext("The first round has not started yet."),
                14,
                align="centre",
            )
        if pairs:
            if cards:
                canvas.showPage()
            _pairs(canvas, pairs, event, paper)
        canvas.showPage()
        canvas.save()
        return buffer.getvalue()

"""A game sheet's hand rows: each row's lines measured, then drawn in one text object."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from scorekeeper.engine import GameState, Item, OpeningNeed, Row
from scorekeeper.language import gettext, words
from scorekeeper.language.words import short_minus_reason
from scorekeeper.pdf import fonts
from scorekeeper.pdf.layout import INK, RULE, Column, Grid, Group, points, shade
from scorekeeper.pdf.names import Legend

PAD = 3.0
AFTER_END = (0.45, 0.45, 0.5)  # hands played after the end: grey and struck through
GREY = (0.35, 0.35, 0.4)  # who sits out


@dataclass(frozen=True)
class Line:
    """One hand's row, ready to draw: its cells' text and its height."""

    row: Row | None  # None: the totals carried over from a paper sheet
    lines: int
    height: float


def item_text(item: Item) -> str:
    """Returns a breakdown item's words: its label, how many, and why it was taken off."""
    label = words.item_label(item)
    text = f"{label} ×{item.count}" if item.count and item.count > 1 else label
    return f"{text} ({short_minus_reason(item.reason)})" if item.reason else text


def need_text(need: OpeningNeed | None) -> str:
    """Returns the minimum a side needs to open, or a dash when it needs none."""
    return words.need(need) if need else "—"


def fit(
    pen: Canvas | PDFTextObject, x: float, y: float, text: str, size: float, room: float
) -> None:
    """Draws `text` at `size`, or smaller (down to 3.5 points) when the room is too narrow."""
    fonts.draw(pen, x, y, text, fonts.fit_size(text, size, room, least=3.5))


class Rows:
    """Measures and draws the hand rows of one game on its column grid."""

    def __init__(self, state: GameState, grid: Grid, legend: Legend) -> None:
        self.state, self.grid, self.legend = state, grid, legend
        self.body = max(5.0, 7.0 * grid.scale)
        self.leading = self.body * 1.28

    # -- measuring -------------------------------------------------------------------------

    def open_lines(self, row: Row, key: str) -> list[str]:
        """Returns the "To open" cell's lines for a side (none without that column)."""
        col = next((c for c in self.grid.groups[0].columns if c.key == "open"), None)
        if col is None:
            return []
        lines = fonts.wrap(need_text(row.minimums.get(key)), self.body, col.width - 2 * PAD)
        return [*lines, gettext("lone hand")] if row.lone_hand == key else lines

    def dealer_lines(self, row: Row) -> list[tuple[str, bool, float]]:
        """Returns the dealer cell's lines (text, grey, size): the name broken between words,
        or cut short when a word cannot fit, then who sits out."""
        room = self.grid.lead[1].width - 2 * PAD
        least = max(4.5, self.body * 0.8)
        names, size = self.legend.name_lines(row.dealer, self.body, room, most=3, least=least)
        lines = [(t, False, size) for t in names]
        if row.sitting_out:
            label = gettext("out:") + " "
            out_room = room - fonts.width(label, self.body)
            name, size = self.legend.fit(row.sitting_out, self.body, out_room, least=least)
            lines.append((label + name, True, size))
        return lines

    def _count(self, row: Row | None) -> int:
        if row is None:
            return 1
        count = len(self.dealer_lines(row))
        for group in self.grid.groups:
            key = group.side.key
            count = max(count, len(row.scores[key].items), len(self.open_lines(row, key)))
        return count

    def lines(self) -> list[Line]:
        """Returns every row to draw, with its height."""
        rows: list[Row | None] = list(self.state.rows)
        if any(self.state.totals_before(1).values()):
            rows.insert(0, None)
        out = []
        for row in rows:
            n = self._count(row)
            out.append(Line(row, n, n * self.leading + 2 * PAD))
        return out

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, canvas: Canvas, line: Line, top: float, shade: bool) -> None:
        """Draws one row from `top`: shaded or not, its cells, a strike if played after the end."""
        if shade:
            self._shade(canvas, line, top)
        base = top - PAD - self.body
        pen = canvas.beginText()  # one text object for the whole row: far fewer PDF operators
        row = line.row
        after = row is not None and row.after_end
        if after:
            pen.setFillColorRGB(*AFTER_END)
        if row is None:
            self._from_paper(pen, base)
        else:
            self._number_and_dealer(pen, row, base, after)
        for group in self.grid.groups:
            self._side_cells(pen, group, row, base)
        canvas.drawText(pen)
        canvas.setFillColorRGB(*INK)  # a grey row's colour must not leak into the next drawing
        if after:  # struck through: shown as played, never counted
            self._strike(canvas, base)
        grid = self.grid
        canvas.setStrokeColorRGB(*RULE)
        canvas.setLineWidth(0.3)
        canvas.line(grid.left, top - line.height, grid.right, top - line.height)

    def _shade(self, canvas: Canvas, line: Line, top: float) -> None:
        grid = self.grid
        shade(canvas, grid.left, top - line.height, grid.right - grid.left, line.height)

    def _from_paper(self, pen: PDFTextObject, base: float) -> None:
        dealer = self.grid.lead[1]
        text = gettext("From paper")
        size = fonts.fit_size(gettext("From paper"), self.body, dealer.width - 2 * PAD)
        fonts.draw(pen, dealer.x + PAD, base, text, size)

    def _number_and_dealer(self, pen: PDFTextObject, row: Row, base: float, after: bool) -> None:
        number, dealer = self.grid.lead
        fonts.draw(pen, number.right - PAD, base, str(row.number), self.body, align="right")
        for i, (text, grey, size) in enumerate(self.dealer_lines(row)):
            if grey:
                pen.setFillColorRGB(*GREY)
            fonts.draw(pen, dealer.x + PAD, base - i * self.leading, text, size)
            pen.setFillColorRGB(*(AFTER_END if after else INK))

    def _side_cells(self, pen: PDFTextObject, group: Group, row: Row | None, base: float) -> None:
        key = group.side.key
        cols = {c.key: c for c in group.columns}
        total = self.state.totals_before(1)[key] if row is None else row.totals[key]
        right = cols["total"].right - PAD
        fonts.draw(pen, right, base, points(total), self.body, bold=True, align="right")
        if row is None:
            return
        score = row.scores[key]
        right = cols["score"].right - PAD
        fonts.draw(pen, right, base, points(score.score), self.body, align="right")
        if "open" in cols:
            self._open_cells(pen, cols["open"], row, key, base)
        self._item_cells(pen, cols["items"], score.items, base)

    def _open_cells(self, pen: PDFTextObject, col: Column, row: Row, key: str, base: float) -> None:
        for i, text in enumerate(self.open_lines(row, key)):
            fit(pen, col.x + PAD, base - i * self.leading, text, self.body, col.width - 2 * PAD)

    def _item_cells(
        self, pen: PDFTextObject, col: Column, items: tuple[Item, ...], base: float
    ) -> None:
        body = self.body
        for i, item in enumerate(items):
            y = base - i * self.leading
            value = points(item.points)
            fonts.draw(pen, col.right - PAD, y, value, body, align="right")
            room = col.width - 3 * PAD - fonts.width(value, body)
            fit(pen, col.x + PAD, y, item_text(item), body * 0.95, room)

    def _strike(self, canvas: Canvas, base: float) -> None:
        canvas.setStrokeColorRGB(*AFTER_END)
        canvas.setLineWidth(0.6)
        for group in self.grid.groups:
            cols = {c.key: c for c in group.columns}
            y = base + self.body * 0.3
            canvas.line(cols["score"].x + PAD, y, cols["total"].right - PAD, y)

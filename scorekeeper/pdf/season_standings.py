"""A season's standings on paper (A4 or Letter), in the language it is told."""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from scorekeeper.language import gettext, i18n, in_language
from scorekeeper.pdf import fonts
from scorekeeper.pdf.layout import (
    INK,
    MARGIN,
    RULE,
    draw_line,
    draw_page_line,
    new_canvas,
    page_size,
    shade,
)
from scorekeeper.seasons import SeasonLine

ROW = 20.0
HEAD = 18.0
# (heading's words, width in points; 0 stretches, right-aligned unless the name)
COLUMNS = (("#", 34.0), ("Name", 0.0), ("Score", 70.0), ("Nights", 55.0), ("Counted", 150.0))


def _heading(key: str) -> str:
    words = {
        "#": "#",
        "Name": gettext("Name"),
        "Score": gettext("Score"),
        "Nights": gettext("Nights"),
        "Counted": gettext("Counted"),
    }
    return words[key]


def _placed(width: float) -> list[tuple[str, float, float]]:
    """Returns each column with its x and width across the page."""
    room = width - 2 * MARGIN
    spare = room - sum(w for _k, w in COLUMNS)
    found, x = [], MARGIN
    for key, w in COLUMNS:
        w = w or spare
        found.append((key, x, w))
        x += w
    return found


def _row(
    canvas: Canvas,
    placed: list[tuple[str, float, float]],
    y: float,
    cells: Sequence[str],
    *,
    bold: bool = False,
) -> None:
    """Draws one row's cells: the name at the left, figures at the right of their columns."""
    for (key, x, w), text in zip(placed, cells, strict=True):
        if key == "Name":
            draw_line(canvas, x + 4, y, text, 10, w - 8, bold=bold)
        else:
            size = fonts.fit_size(text, 10 if key != "Counted" else 8.5, w - 8, bold, least=6)
            fonts.draw(canvas, x + w - 4, y, text, size, bold=bold, align="right")


def _top(canvas: Canvas, size: tuple[float, float], title: str, sub: str) -> float:
    """Draws the page's title and its line of dates and rule; returns the y below them."""
    y = size[1] - MARGIN - 18
    canvas.setFillColorRGB(*INK)
    draw_line(canvas, MARGIN, y, title, 18, size[0] - 2 * MARGIN, bold=True, least=10)
    draw_line(canvas, MARGIN, y - 18, sub, 10, size[0] - 2 * MARGIN)
    return y - 34


def _page_rows(lines: Sequence[SeasonLine], minimum: int) -> list[tuple[str, ...] | None]:
    """Returns the rows to print, None standing for the line above those below the minimum."""
    rows: list[tuple[str, ...] | None] = []
    for i, line in enumerate(lines):
        if not line.qualified and (i == 0 or lines[i - 1].qualified):
            rows.append(None)
        counted = " · ".join(i18n.hundredths(s) for s in line.counted)
        cells = (str(line.rank), line.name, i18n.hundredths(line.score), str(line.nights), counted)
        rows.append(cells)
    return rows


def season_pdf(
    title: str,
    sub: str,
    lines: Sequence[SeasonLine],
    minimum: int,
    paper: str,
    handicap: Sequence[SeasonLine] = (),
) -> bytes:
    """Returns the season's standings as a PDF: the qualified, a line, then the rest; then the
    handicap ranking the same way, when the season has one."""
    size = page_size(paper)
    buffer = io.BytesIO()
    heading = f"{title} · {gettext('Season standings')}"
    canvas = new_canvas(buffer, size, heading)
    canvas.setSubject(gettext("Season standings"))
    _pages(canvas, size, title, sub, lines, minimum, heading)
    if handicap:
        ranked = f"{title} · {gettext('Handicap ranking')}"
        _pages(canvas, size, ranked, sub, handicap, minimum, ranked)
    canvas.save()
    return buffer.getvalue()


def _pages(
    canvas: Canvas,
    size: tuple[float, float],
    title: str,
    sub: str,
    lines: Sequence[SeasonLine],
    minimum: int,
    heading: str,
) -> None:
    """Draws one ranking's pages: the qualified, a line, then those below the minimum."""
    placed = _placed(size[0])
    rows = _page_rows(lines, minimum)
    per_page = max(1, int((size[1] - 2 * MARGIN - 60 - HEAD - 12) // ROW))
    pages = [rows[i : i + per_page] for i in range(0, len(rows), per_page)] or [[]]
    below = gettext("Below the minimum of %(count)s nights", count=minimum)
    for number, chunk in enumerate(pages, 1):
        y = _top(canvas, size, title, sub)
        shade(canvas, MARGIN, y - HEAD, size[0] - 2 * MARGIN, HEAD)
        _row(canvas, placed, y - HEAD + 6, [_heading(k) for k, _x, _w in placed], bold=True)
        y -= HEAD
        for cells in chunk:
            if cells is None:
                draw_line(canvas, MARGIN + 4, y - 14, below, 9, size[0] - 2 * MARGIN, bold=True)
            else:
                _row(canvas, placed, y - 14, cells)
            y -= ROW
            canvas.setStrokeColorRGB(*RULE)
            canvas.setLineWidth(0.4)
            canvas.line(MARGIN, y, size[0] - MARGIN, y)
        if not chunk:
            fonts.draw(
                canvas, MARGIN + 4, y - 16, gettext("No night of this season is closed yet."), 10
            )
        draw_page_line(canvas, size, heading, number, len(pages))
        canvas.showPage()


def document(
    title: str,
    sub: str,
    lines: Sequence[SeasonLine],
    minimum: int,
    paper: str,
    lang: str | None = None,
    handicap: Sequence[SeasonLine] = (),
) -> bytes:
    """Returns the season's standings PDF in `lang` (the words; the names are as typed)."""
    with in_language(lang):
        return season_pdf(title, sub, lines, minimum, paper, handicap)

"""A club night on paper: the standings, and each entrant's personal scorecard, one a page."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from babel.numbers import format_decimal
from reportlab.pdfgen.canvas import Canvas

from scorekeeper.events.scorecards import CardLine
from scorekeeper.language import gettext, i18n, in_language
from scorekeeper.papers.event_papers import Entry, Heading, Papers, handicap_words
from scorekeeper.pdf import fonts
from scorekeeper.pdf.layout import (
    INK,
    MARGIN,
    RULE,
    draw_line,
    draw_page_line,
    new_canvas,
    page_size,
    points,
    shade,
)
from scorekeeper.pdf.names import shorten

ROW = 22.0  # a line of the standings or a card: a name, and its players below in small type
HEAD = 18.0


@dataclass(frozen=True)
class Col:
    """A column: its heading, width (0 stretches) and alignment."""

    heading: str
    width: float
    align: str = "left"


def _columns(cols: Sequence[Col], left: float, room: float) -> list[tuple[Col, float, float]]:
    """Returns each column with its x and width across `room` points from `left`."""
    fixed = sum(c.width for c in cols)
    stretchy = sum(1 for c in cols if not c.width) or 1
    spare = max(0.0, room - fixed) / stretchy
    placed, x = [], left
    for c in cols:
        w = c.width or spare
        placed.append((c, x, w))
        x += w
    return placed


def _cell(
    canvas: Canvas,
    text: str,
    x: float,
    w: float,
    y: float,
    size: float,
    *,
    align: str = "left",
    bold: bool = False,
) -> None:
    """Draws text in a cell, shrunk or cut to fit its width."""
    room = w - 8
    if align == "right":
        fitted = fonts.fit_size(text, size, room, bold, least=6)
        fonts.draw(canvas, x + w - 4, y, text, fitted, bold=bold, align="right")
    elif align == "centre":
        fitted = fonts.fit_size(text, size, room, bold, least=6)
        fonts.draw(canvas, x + w / 2, y, text, fitted, bold=bold, align="centre")
    else:
        draw_line(canvas, x + 4, y, text, size, room, bold=bold)


def _top(canvas: Canvas, size: tuple[float, float], heading: Heading, title: str) -> float:
    """Draws the page's title block; returns the y below it."""
    width, height = size
    y = height - MARGIN - 18
    canvas.setFillColorRGB(*INK)
    draw_line(canvas, MARGIN, y, title, 18, width - 2 * MARGIN, bold=True, least=10)
    y -= 18
    sub = " · ".join(t for t in (heading.name, heading.day, heading.state) if t)
    draw_line(canvas, MARGIN, y, sub, 10, width - 2 * MARGIN)
    return y - 16


def _table_head(canvas: Canvas, placed: list[tuple[Col, float, float]], y: float) -> float:
    """Draws the shaded heading row; returns the y of its bottom edge."""
    left, right = placed[0][1], placed[-1][1] + placed[-1][2]
    shade(canvas, left, y - HEAD, right - left, HEAD)
    for col, x, w in placed:
        _cell(canvas, col.heading, x, w, y - HEAD + 6, 8, align=col.align, bold=True)
    return y - HEAD


def _rule(canvas: Canvas, placed: list[tuple[Col, float, float]], y: float) -> None:
    canvas.setStrokeColorRGB(*RULE)
    canvas.setLineWidth(0.4)
    canvas.line(placed[0][1], y, placed[-1][1] + placed[-1][2], y)


def _name_cell(
    canvas: Canvas, name: str, players: str, x: float, w: float, y: float, mark: str = ""
) -> None:
    """Draws an entrant's name in bold, any `mark` beside it, with its players below it."""
    top = y - 10 if players else y - 14
    if mark:
        # The mark keeps its own room, so a long name is cut before the mark is.
        tail, inner = f" ({mark})", w - 8
        room = max(inner / 2, inner - fonts.width(tail, 8))
        size = fonts.fit_size(name, 10, room, True, least=6)
        if fonts.width(name, size, True) > room:
            name = shorten(name, size, room, True)
        fonts.draw(canvas, x + 4, top, name, size, bold=True)
        drawn = fonts.width(name, size, True)
        draw_line(canvas, x + 4 + drawn, top, tail, 8, inner - drawn)
    else:
        _cell(canvas, name, x, w, top, 10, bold=True)
    if players:
        _cell(canvas, players, x, w, y - 19, 7.5)


def _tenths(value: Fraction | None) -> str:
    """Returns VP per table as the director's page writes it: one decimal, the language's way."""
    return "" if value is None else format_decimal(float(value), "0.0", locale=i18n.current())


def _by_average(entries: Sequence[Entry]) -> bool:
    """Tells whether the standings rank by VP per table: each entry then carries it."""
    return any(e.average is not None for e in entries)


def _rows_per_page(size: tuple[float, float], above: float) -> int:
    """Returns how many rows fit between `above` points of headings and the page line."""
    return max(1, int((size[1] - 2 * MARGIN - above - HEAD - 12) // ROW))


def standings_pdf(papers: Papers, paper: str) -> bytes:
    """Returns the standings as a PDF: rank, entrant and players, VP, margin, tables played."""
    heading, entries, plain = papers.heading, papers.entries, papers.plain
    size = page_size(paper)
    buffer = io.BytesIO()
    title = gettext("Standings")
    canvas = new_canvas(buffer, size, f"{heading.name} · {title}")
    canvas.setSubject(title)
    cols = [
        Col("#", 34, "right"),
        Col(gettext("Entrant"), 0),
        Col(gettext("Points") if plain else gettext("VP"), 70, "right"),
        Col(gettext("Margin"), 80, "right"),
        Col(gettext("Played"), 60, "right"),
        # ranked by it: the figure the places follow, so the order reads on paper
        *([Col(gettext("VP per table"), 80, "right")] if _by_average(entries) else []),
    ]
    placed = _columns(cols, MARGIN, size[0] - 2 * MARGIN)
    per_page = _rows_per_page(size, 52)
    pages = [entries[i : i + per_page] for i in range(0, len(entries), per_page)] or [()]
    for number, chunk in enumerate(pages, 1):
        y = _table_head(canvas, placed, _top(canvas, size, heading, title))
        for i, e in enumerate(chunk):
            if i % 2:
                shade(canvas, MARGIN, y - ROW, size[0] - 2 * MARGIN, ROW)
            figures = (
                str(e.rank),
                "",
                points(e.victory_points),
                i18n.signed(e.margin),
                str(e.played),
                *([_tenths(e.average)] if len(placed) > 5 else []),
            )
            for (col, x, w), text in zip(placed, figures, strict=True):
                if text:
                    _cell(canvas, text, x, w, y - 14, 10, align=col.align, bold=col.heading == "#")
            _name_cell(canvas, e.name, e.players, placed[1][1], placed[1][2], y)
            y -= ROW
            _rule(canvas, placed, y)
        if not chunk:
            fonts.draw(canvas, MARGIN + 4, y - 16, gettext("No entrants yet."), 10)
        draw_page_line(canvas, size, f"{heading.name} · {title}", number, len(pages))
        canvas.showPage()
    if papers.handicap:
        _handicap_pages(canvas, papers, size)
    canvas.save()
    return buffer.getvalue()


def _handicap_pages(canvas: Canvas, papers: Papers, size: tuple[float, float]) -> None:
    """Draws the handicap ranking after the standings: place, entrant, handicap, handicapped VP
    and the handicapped margin that breaks a tie on them."""
    title = gettext("Handicap ranking")
    cols = [
        Col("#", 34, "right"),
        Col(gettext("Entrant"), 0),
        Col(gettext("Handicap"), 90, "right"),
        Col(gettext("Handicapped VP"), 100, "right"),
        Col(gettext("Margin"), 70, "right"),
    ]
    placed = _columns(cols, MARGIN, size[0] - 2 * MARGIN)
    per_page = _rows_per_page(size, 52)
    lines = papers.handicap
    pages = [lines[i : i + per_page] for i in range(0, len(lines), per_page)]
    for number, chunk in enumerate(pages, 1):
        y = _table_head(canvas, placed, _top(canvas, size, papers.heading, title))
        for i, h in enumerate(chunk):
            if i % 2:
                shade(canvas, MARGIN, y - ROW, size[0] - 2 * MARGIN, ROW)
            # As the pages do: 0 without a rating, the mark beside the name.
            figures = (
                str(h.place),
                "",
                i18n.signed(h.handicap),
                points(h.victory_points),
                i18n.signed(h.margin),
            )
            for (col, x, w), text in zip(placed, figures, strict=True):
                if text:
                    _cell(canvas, text, x, w, y - 14, 10, align=col.align, bold=col.heading == "#")
            mark = "" if h.rated else gettext("no rating yet")
            _name_cell(canvas, h.name, h.players, placed[1][1], placed[1][2], y, mark)
            y -= ROW
            _rule(canvas, placed, y)
        draw_page_line(canvas, size, f"{papers.heading.name} · {title}", number, len(pages))
        canvas.showPage()


def _card_words(line: CardLine, names: Callable[[Sequence[int]], str]) -> tuple[str, ...]:
    """Returns a card line's cells: round, table, partners, opponents, score, margin, VP."""
    if line.kind in ("bye", "adjusted"):
        vp = points(line.victory_points or 0)
        word = gettext("Bye") if line.kind == "bye" else gettext("Adjusted score")
        return (str(line.round), "—", "", word, "", i18n.signed(line.margin), vp)
    theirs = (
        " / ".join(points(s) for s in line.rivals) if line.three_handed else points(line.theirs)
    )
    score = f"{points(line.own)} – {theirs}"
    if line.kind == "no_play":
        return (
            str(line.round),
            str(line.table),
            "",
            names(line.opponents),
            gettext("not played"),
            "",
            "—",
        )
    vp = gettext("playing") if line.victory_points is None else points(line.victory_points)
    return (
        str(line.round),
        str(line.table),
        names(line.partners),
        names(line.opponents),
        score,
        i18n.signed(line.margin),
        vp,
    )


def scorecards_pdf(papers: Papers, paper: str, entrant: int | None = None) -> bytes:
    """Returns each entrant's scorecard (or one's) from a page of its own; a long one runs on."""
    heading, individual, plain, names = papers.heading, papers.individual, papers.plain, papers.side
    cards = [(e, papers.cards[e.key]) for e in papers.entries if entrant in (None, e.key)]
    size = page_size(paper)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, size, f"{heading.name} · {gettext('Scorecards')}")
    canvas.setSubject(gettext("Scorecards"))
    cols = [
        Col(gettext("Round"), 64, "right"),
        Col(gettext("Table"), 48, "right"),
        *([Col(gettext("Partner"), 0)] if individual else []),
        Col(gettext("Opponents"), 0),
        Col(gettext("Score"), 110, "right"),
        Col(gettext("Margin"), 64, "right"),
        Col(gettext("Points") if plain else gettext("VP"), 56, "right"),
    ]
    placed = _columns(cols, MARGIN, size[0] - 2 * MARGIN)
    per_page = _rows_per_page(size, 130 if papers.handicap else 116)
    plan = [
        (entry, lines[i : i + per_page], i == 0)
        for entry, lines in cards
        for i in range(0, max(1, len(lines)), per_page)
    ]
    for number, (entry, chunk, first) in enumerate(plan, 1):
        y = _top(canvas, size, heading, entry.name)
        y = _summary(canvas, entry, y + 4, size[0], plain)
        y = _table_head(canvas, placed, y)
        for line in chunk:
            words = _card_words(line, names)
            if not individual:
                words = words[:2] + words[3:]
            for (col, x, w), text in zip(placed, words, strict=True):
                _cell(canvas, text, x, w, y - 14, 10, align=col.align)
            y -= ROW
            _rule(canvas, placed, y)
        if first and not chunk:
            fonts.draw(canvas, MARGIN + 4, y - 16, gettext("No round played yet."), 10)
        footer = f"{heading.name} · {gettext('Scorecard')} · {entry.name}"
        draw_page_line(canvas, size, footer, number, len(plan))
        canvas.showPage()
    if not plan:
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _summary(canvas: Canvas, entry: Entry, y: float, width: float, plain: bool) -> float:
    """Draws the entrant's players and totals under the title; returns the y below them."""
    room = width - 2 * MARGIN
    if entry.players:
        draw_line(canvas, MARGIN, y, entry.players, 10, room)
    y -= 18
    figures = (
        (gettext("Rank"), str(entry.rank)),
        (gettext("Points") if plain else gettext("VP"), points(entry.victory_points)),
        (gettext("Margin"), i18n.signed(entry.margin)),
        (gettext("Played"), str(entry.played)),
        *([(gettext("VP per table"), _tenths(entry.average))] if entry.average is not None else []),
    )
    box = room / len(figures)
    canvas.setStrokeColorRGB(*RULE)
    canvas.setLineWidth(0.6)
    for i, (label, value) in enumerate(figures):
        x = MARGIN + i * box
        canvas.rect(x, y - 36, box - 6, 36, stroke=1, fill=0)
        _cell(canvas, label, x, box - 6, y - 12, 8)
        _cell(canvas, value, x, box - 6, y - 30, 15, bold=True)
    if entry.handicap is not None:
        # One line under the totals, the same stored figures as the handicap ranking's.
        h = entry.handicap
        words = handicap_words(h.handicap, h.rated, h.victory_points, h.place)
        draw_line(canvas, MARGIN, y - 50, words, 9, room)
        y -= 14
    return y - 50


def document(
    papers: Papers, kind: str, paper: str, entrant: int | None = None, lang: str | None = None
) -> bytes:
    """Returns "standings.pdf" or "scorecards.pdf" (every entrant's, or `entrant`'s), in `lang`."""
    with in_language(lang):
        if kind == "standings.pdf":
            return standings_pdf(papers, paper)
        return scorecards_pdf(papers, paper, entrant)

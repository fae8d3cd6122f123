"""Page geometry shared by both sheets: paper, the canvas, the We/They column grid, footers."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.pdfgen.canvas import Canvas

from scorekeeper.engine import Side
from scorekeeper.language import gettext, i18n, ngettext, words
from scorekeeper.pdf import fonts
from scorekeeper.pdf.names import Legend, shorten, word_lines
from scorekeeper.rules.model import Rules

PAPERS = {"a4": A4, "letter": LETTER}
MARGIN = 30.0
STRETCH_LEAST = 110.0  # the narrowest a stretching column (a hand's breakdown) may be
INK = (0.1, 0.1, 0.12)
RULE = (0.55, 0.55, 0.6)
SHADE = (0.93, 0.94, 0.96)
MINUS = "\u2212"  # a real minus sign: the hyphen is too short to see in a column of numbers


class PaperError(ValueError):
    """The paper asked for is not one the sheets know."""


def page_size(paper: str, wide: bool = False) -> tuple[float, float]:
    """Returns the page size in points for "a4" or "letter", turned sideways when wide."""
    try:
        size = PAPERS[paper.lower()]
    except KeyError:
        raise PaperError(f"unknown paper {paper!r} (choose {' or '.join(PAPERS)})") from None
    return landscape(size) if wide else size


def points(value: int) -> str:
    """Returns points as the sheet prints them: grouped the reader's way, a true minus sign."""
    return i18n.number(value)


def date_text(created: date | datetime | str) -> str:
    """Returns a date the reader's way ("1 May 2024", "1.5.2024") whatever the machine's locale."""
    if isinstance(created, str):
        try:
            parsed = date.fromisoformat(created[:10])
        except ValueError:
            return created
        return i18n.day(parsed)
    return i18n.day(created.date() if isinstance(created, datetime) else created)


def goal_text(rules: Rules) -> str:
    """Returns how the game ends, e.g. "game to 5,000" or "4 deals"."""
    if rules.ending.deals is not None:
        return ngettext("%(num)s deal", "%(num)s deals", rules.ending.deals)
    return gettext("game to %(target)s", target=points(rules.ending.target or 0))


def options_text(rules: Rules) -> str:
    """Returns the house options in force, in words."""
    chosen = [words.text(o.label) for o in rules.options if o.id in rules.active_options]
    return gettext(
        "House options: %(options)s", options="; ".join(chosen) if chosen else gettext("none")
    )


def new_canvas(buffer: io.BytesIO, size: tuple[float, float], title: str) -> Canvas:
    """Returns a canvas whose bytes depend only on what is drawn (no clock, no random ids)."""
    canvas = Canvas(
        buffer,
        pagesize=size,
        invariant=1,
        pageCompression=1,
        # keeps Helvetica out of the file; typeshed types this argument float by mistake
        initialFontName=fonts.font(fonts.REGULAR).fontName,  # type: ignore[arg-type]
        initialFontSize=9,
    )
    canvas.setTitle(title)
    canvas.setAuthor("Canasta Scorekeeper")
    canvas.setCreator("Canasta Scorekeeper")
    canvas.setSubject(gettext("Canasta score sheet"))
    return canvas


def shade(canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
    """Fills a shaded band, (x, y) its bottom-left corner, and leaves the pen in ink."""
    canvas.setFillColorRGB(*SHADE)
    canvas.rect(x, y, width, height, stroke=0, fill=1)
    canvas.setFillColorRGB(*INK)


@dataclass(frozen=True)
class Column:
    """One column of the grid: what it holds, its heading, where it starts and how wide it is."""

    key: str
    heading: str
    x: float
    width: float

    @property
    def right(self) -> float:
        """Returns the x of the column's right edge."""
        return self.x + self.width


@dataclass(frozen=True)
class Group:
    """A side's block of columns under its name and players."""

    side: Side
    x: float
    width: float
    columns: tuple[Column, ...]


@dataclass(frozen=True)
class Grid:
    """The whole We/They grid: the row columns on the left, then one group per side."""

    lead: tuple[Column, ...]
    groups: tuple[Group, ...]
    scale: float  # 1 at the designed widths; text shrinks with narrow groups

    @property
    def left(self) -> float:
        """Returns the x of the grid's left edge."""
        return self.lead[0].x

    @property
    def right(self) -> float:
        """Returns the x of the grid's right edge."""
        return self.groups[-1].x + self.groups[-1].width


Spec = Sequence[tuple[str, str, float]]  # (key, heading, designed width); width 0 stretches


def lay_grid(lead: Spec, per_side: Spec, sides: Sequence[Side], left: float, room: float) -> Grid:
    """Places the lead columns and a group per side across `room` points from `left`."""
    group_room = (room - sum(w for _, _, w in lead)) / len(sides)
    fixed = sum(w for _, _, w in per_side)
    stretchy = sum(1 for _, _, w in per_side if w == 0)
    if stretchy:  # the stretching column takes what is left, once it has a readable width
        factor = min(1.0, group_room / (fixed + STRETCH_LEAST * stretchy))
    else:  # every column grows or shrinks in proportion
        factor = group_room / fixed
    spare = max(0.0, group_room - fixed * factor)
    x = left
    lead_cols = []
    for key, heading, w in lead:
        lead_cols.append(Column(key, heading, x, w))
        x += w
    groups = []
    for side in sides:
        start, cols = x, []
        for key, heading, w in per_side:
            width = w * factor if w else spare / stretchy
            cols.append(Column(key, heading, x, width))
            x += width
        groups.append(Group(side, start, x - start, tuple(cols)))
    return Grid(tuple(lead_cols), tuple(groups), min(1.0, factor))


def needs_landscape(
    lead: Spec, per_side: Spec, count: int, paper: str, shrink: float = 0.9
) -> bool:
    """Tells whether `count` groups would have to narrow below `shrink` of their designed width."""
    upright = page_size(paper)[0] - 2 * MARGIN
    designed = sum(w for _, _, w in per_side)
    designed += STRETCH_LEAST * sum(1 for _, _, w in per_side if w == 0)
    return (upright - sum(w for _, _, w in lead)) / count < designed * shrink


def side_heading(side: Side) -> str:
    """Returns the players under a side's name ("José & Zoë"), or nothing for a lone player."""
    return _PLAYER_SEP[len(side.players) == 2].join(_players(side))


_PLAYER_SEP = {True: " & ", False: ", "}


def _players(side: Side) -> tuple[str, ...]:
    if len(side.players) == 1 and side.players[0] == side.name:
        return ()
    return side.players


def draw_heading(
    canvas: Canvas,
    grid: Grid,
    top: float,
    band: float,
    sub: float,
    *,
    legend: Legend | None = None,
    heading_size: float | None = None,
) -> float:
    """Draws the side names, their players and the column headings; returns the y below them.

    Names that cannot fit even shrunk are cut short and added to `legend` with their full form.
    """
    legend = legend if legend is not None else Legend()
    size = heading_size or max(5.5, 7.0 * grid.scale)
    shade(canvas, grid.left, top - band - sub, grid.right - grid.left, band + sub)
    for group in grid.groups:
        _draw_side(canvas, group, top, band, legend)
    for col in (*grid.lead, *(c for g in grid.groups for c in g.columns)):
        _draw_col_heading(canvas, col, top - band, sub, size)
    canvas.setStrokeColorRGB(*RULE)
    canvas.setLineWidth(0.6)
    canvas.line(grid.left, top - band, grid.right, top - band)
    return top - band - sub


def side_lines(group: Group, legend: Legend) -> tuple[list[str], float, list[str], float]:
    """Returns a side's name lines and size, then its players' lines and size, as drawn."""
    room = group.width - 6
    players = _players(group.side)
    most = 1 if players else 2  # a lone player's name may take the players' line too
    name, name_size = legend.name_lines(group.side.name, 10, room, most=most, bold=True, least=6.5)
    if not players:
        return name, name_size, [], 0.0
    sep = _PLAYER_SEP[len(players) == 2]
    lines, size = legend.people(players, sep, room, 7.5, 6.0)
    return name, name_size, lines, size


def _draw_side(canvas: Canvas, group: Group, top: float, band: float, legend: Legend) -> None:
    centre = group.x + group.width / 2
    name, name_size, lines, size = side_lines(group, legend)
    for i, text in enumerate(name):
        y = top - 11.5 - i * (name_size + 1.5)
        fonts.draw(canvas, centre, y, text, name_size, bold=True, align="center")
    for i, text in enumerate(lines):
        y = top - band + (5 if len(lines) == 1 else 3) + (len(lines) - 1 - i) * (size + 0.5)
        fonts.draw(canvas, centre, y, text, size, align="center")


def _draw_col_heading(canvas: Canvas, col: Column, top: float, sub: float, size: float) -> None:
    """Draws a column heading on one line, or two when the band is tall enough, never overflowing.

    Headings break only between words; a heading that fits nowhere is cut with an ellipsis.
    """
    room, centre = col.width - 3, col.x + col.width / 2
    step = size
    while step >= 5.5:
        lines = word_lines(col.heading, step, room, bold=True)
        fits = all(fonts.width(t, step, True) <= room for t in lines)
        if fits and (len(lines) == 1 or (len(lines) == 2 and sub >= 2.4 * step)):
            # Centred in the band: the cap height is about 0.72 of the size.
            y = top - sub / 2 - 0.36 * step + (len(lines) - 1) * (step + 1) / 2
            for i, text in enumerate(lines):
                fonts.draw(
                    canvas, centre, y - i * (step + 1), text, step, bold=True, align="center"
                )
            return
        step -= 0.5
    text = shorten(col.heading, 5.5, room, bold=True)
    fonts.draw(canvas, centre, top - sub / 2 - 2, text, 5.5, bold=True, align="center")


def draw_rules(canvas: Canvas, grid: Grid, top: float, bottom: float, band_top: float) -> None:
    """Draws the grid's vertical rules: heavy between sides, light between columns."""
    canvas.setStrokeColorRGB(*RULE)
    canvas.setLineWidth(0.4)
    for group in grid.groups:
        for col in group.columns[1:]:
            canvas.line(col.x, top, col.x, bottom)
    for col in grid.lead[1:]:
        canvas.line(col.x, top, col.x, bottom)
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(1.1)
    for group in grid.groups:
        canvas.line(group.x, band_top, group.x, bottom)
    canvas.rect(grid.left, bottom, grid.right - grid.left, band_top - bottom, stroke=1, fill=0)


def draw_page_line(
    canvas: Canvas, size: tuple[float, float], left_text: str, page: int, pages: int
) -> None:
    """Draws the bottom line: what the sheet is on the left, "page 2 of 3" on the right."""
    width = size[0]
    canvas.setFillColorRGB(0.35, 0.35, 0.4)
    y = MARGIN - 10
    right = gettext("page %(page)s of %(pages)s", page=page, pages=pages)
    fonts.draw(canvas, width - MARGIN, y, right, 7, align="right")
    room = width - 2 * MARGIN - fonts.width(right, 7) - 12
    draw_line(canvas, MARGIN, y, left_text, 7, room, least=6)
    canvas.setFillColorRGB(*INK)


def draw_line(
    pen: Canvas,
    x: float,
    y: float,
    text: str,
    size: float,
    room: float,
    *,
    bold: bool = False,
    least: float = 6.0,
) -> None:
    """Draws one line of text within room: shrunk down to `least`, then cut with an ellipsis."""
    fitted = fonts.fit_size(text, size, room, bold, least=least)
    if fonts.width(text, fitted, bold) > room + 0.01:
        text = shorten(text, fitted, room, bold)
    fonts.draw(pen, x, y, text, fitted, bold=bold)

"""The filled score sheet of one game: a row per hand, its breakdown and running totals."""

from __future__ import annotations

import io
from datetime import date, datetime
from typing import Protocol

from reportlab.pdfgen.canvas import Canvas

from scorekeeper.engine import GameState, Setup
from scorekeeper.engine.ending import TargetRaise
from scorekeeper.language import gettext, in_language, words
from scorekeeper.pdf import fonts
from scorekeeper.pdf.course_chart import HEIGHT as CHART_HEIGHT
from scorekeeper.pdf.course_chart import LEAST as CHART_LEAST
from scorekeeper.pdf.course_chart import draw_course
from scorekeeper.pdf.game_result import ResultBox
from scorekeeper.pdf.game_rows import PAD, Line, Rows
from scorekeeper.pdf.layout import (
    INK,
    MARGIN,
    Grid,
    date_text,
    draw_heading,
    draw_line,
    draw_page_line,
    draw_rules,
    goal_text,
    lay_grid,
    needs_landscape,
    new_canvas,
    options_text,
    page_size,
    points,
    side_lines,
)
from scorekeeper.pdf.names import Legend
from scorekeeper.rules.model import Rules
from scorekeeper.stats.swings import Course, course

DEALER_LEAST, DEALER_MOST = 58.0, 84.0  # the dealer column widens for long single words
BAND, SUB = 28.0, 13.0  # heights of the side-name band and the column-heading band
FIRST_HEADER, NEXT_HEADER = 58.0, 22.0


def _lead(setup: Setup) -> tuple[tuple[str, str, float], ...]:
    """Returns the row columns: the dealer's as wide as the longest word of a name, within limits."""
    words = [w for s in setup.sides for p in s.players for w in p.split()]
    widest = max((fonts.width(w, 7.0) for w in words), default=0.0) + 2 * PAD
    dealer = min(DEALER_MOST, max(DEALER_LEAST, widest))
    return (("number", "#", 16.0), ("dealer", gettext("Dealer"), dealer))


def _per_side(rules: Rules) -> list[tuple[str, str, float]]:
    cols = [("open", gettext("To open"), 44.0)] if rules.opening.by != "none" else []
    return [
        *cols,
        ("items", gettext("Breakdown"), 0.0),
        ("score", gettext("Score"), 36.0),
        ("total", gettext("Total"), 42.0),
    ]


class _Sheet:
    """Draws one game onto a canvas, page by page."""

    def __init__(
        self,
        rules: Rules,
        setup: Setup,
        state: GameState,
        title: str,
        created: str,
        paper: str,
        raises: tuple[TargetRaise, ...] = (),
    ) -> None:
        self.rules, self.setup, self.state, self.title, self.created = (
            rules,
            setup,
            state,
            title,
            created,
        )
        self.raises = raises
        self.course: Course | None = None  # a finished game's course, charted at the end
        per_side = _per_side(rules)
        lead = _lead(setup)
        wide = needs_landscape(lead, per_side, len(setup.sides), paper)
        self.size = page_size(paper, wide)
        room = self.size[0] - 2 * MARGIN
        self.grid: Grid = lay_grid(lead, per_side, setup.sides, MARGIN, room)
        self.legend = Legend()
        self.rows = Rows(state, self.grid, self.legend)
        self.result = ResultBox(rules, setup, state, self.grid, self.legend)
        self._collect_names()
        self.footer = self.result.height()

    def _collect_names(self) -> None:
        """Fits every name once before pagination, so the legend's length is known up front."""
        for group in self.grid.groups:
            side_lines(group, self.legend)
        self._first_dealer()
        for row in self.state.rows:
            self.rows.dealer_lines(row)

    def _first_dealer(self) -> str:
        room = self.size[0] - 2 * MARGIN - fonts.width(self._facts(""), 9)
        return self.legend.fit(self.setup.first_dealer, 9, room, least=7)[0]

    def _facts(self, dealer: str) -> str:
        goal = goal_text(self.rules)
        for r in self.raises:  # the table chose to play on: say so beside the target
            goal += " " + gettext(
                "(raised from %(old)s after hand %(hand)s)",
                old=points(r.from_target),
                hand=r.after_hand,
            )
        first = gettext("first deal: %(dealer)s", dealer=dealer)
        return f"{words.text(self.rules.name)} · {goal} · {first}"

    def pages(self, lines: list[Line]) -> list[list[Line]]:
        """Splits the rows into pages; every page keeps room for its headings and footer box."""
        height = self.size[1]
        chrome = 2 * MARGIN + BAND + SUB + self.footer + 8
        pages: list[list[Line]] = [[]]
        room = height - chrome - FIRST_HEADER
        for line in lines:
            if pages[-1] and line.height > room:
                pages.append([])
                room = height - chrome - NEXT_HEADER
            pages[-1].append(line)
            room -= line.height
        return pages

    def header(self, canvas: Canvas, page: int) -> float:
        """Draws the page's heading (the title and the game's facts, or "continued"); returns
        where the rows' band begins."""
        width, height = self.size
        top = height - MARGIN
        canvas.setFillColorRGB(*INK)
        room = width - 2 * MARGIN
        if page > 1:
            name = words.text(self.rules.name)
            text = f"{self.title} · " + gettext("%(name)s (continued)", name=name)
            draw_line(canvas, MARGIN, top - 12, text, 11, room, bold=True, least=8)
            return top - NEXT_HEADER
        fonts.draw(canvas, width - MARGIN, top - 13, self.created, 9, align="right")
        title_room = room - fonts.width(self.created, 9) - 16
        draw_line(canvas, MARGIN, top - 14, self.title, 15, title_room, bold=True, least=10)
        draw_line(canvas, MARGIN, top - 29, self._facts(self._first_dealer()), 9, room, least=7)
        draw_line(canvas, MARGIN, top - 42, options_text(self.rules), 7.5, room)
        return top - FIRST_HEADER

    def render(self) -> bytes:
        """Returns the sheet; a finished game's chart goes under the last page's result, or
        on a page of its own when the result leaves too little room."""
        data, fits = self._render(chart_page=False)
        if self.course is not None and not fits:
            data, _ = self._render(chart_page=True)
        return data

    def _render(self, chart_page: bool) -> tuple[bytes, bool]:
        """Draws every page; says whether the chart (if any) fitted under the last result."""
        buffer = io.BytesIO()
        name = words.text(self.rules.name)
        sheet = gettext("%(name)s score sheet", name=name)
        canvas = new_canvas(buffer, self.size, f"{self.title} – {sheet}")
        pages = self.pages(self.rows.lines())
        total = len(pages) + int(chart_page)
        carried = self.state.totals_before(1)
        fits = False
        for number, page in enumerate(pages, start=1):
            y, carried = self._page(canvas, number, page, carried)
            lines = self.result.lines(number == len(pages), carried, number + 1)
            self.result.draw(canvas, y - 4, lines)
            if number == len(pages) and self.course is not None and not chart_page:
                fits = self._chart_under(canvas, self.result.bottom(y, lines), self.course)
            draw_page_line(canvas, self.size, f"{sheet} · {self.title}", number, total)
            canvas.showPage()
        if chart_page and self.course is not None:
            chart_y = self.size[1] - MARGIN - CHART_HEIGHT
            draw_course(canvas, self.course, self.grid.left, chart_y, self._chart_width())
            draw_page_line(canvas, self.size, f"{sheet} · {self.title}", total, total)
            canvas.showPage()
        canvas.save()
        return buffer.getvalue(), fits

    def _page(
        self, canvas: Canvas, number: int, page: list[Line], carried: dict[str, int]
    ) -> tuple[float, dict[str, int]]:
        """Draws a page's heading, column headings and rows; returns where the rows end and
        the totals carried to the next page."""
        top = self.header(canvas, number)
        band_top = top
        y = draw_heading(canvas, self.grid, top, BAND, SUB, legend=self.legend)
        grid_top = y
        for i, line in enumerate(page):
            self.rows.draw(canvas, line, y, shade=i % 2 == 1)
            y -= line.height
            if line.row is not None and not line.row.after_end:
                carried = dict(line.row.totals)
        draw_rules(canvas, self.grid, grid_top, y, band_top)
        return y, carried

    def _chart_under(self, canvas: Canvas, box_bottom: float, chart: Course) -> bool:
        """Draws the chart under the last result if it fits there; says whether it did."""
        room = box_bottom - MARGIN - 12
        # A chart a little shorter under the result beats one alone on a new page.
        if room < CHART_LEAST:
            return False
        tall = min(room, CHART_HEIGHT)
        draw_course(canvas, chart, self.grid.left, box_bottom - tall, self._chart_width(), tall)
        return True

    def _chart_width(self) -> float:
        return min(self.grid.right - self.grid.left, 520.0)


def default_title(setup: Setup) -> str:
    """Returns a title for a game that has none: its sides, e.g. "We v They"."""
    return words.versus(side.name for side in setup.sides)


def game_sheet(
    rules: Rules,
    setup: Setup,
    state: GameState,
    *,
    title: str,
    created: date | datetime | str,
    paper: str = "a4",
    raises: tuple[TargetRaise, ...] = (),
    chart: bool = False,
    lang: str | None = None,
) -> bytes:
    """Returns the PDF score sheet of a game: a row per hand, running totals and the result.

    With `chart`, a finished game also gets the chart of its running totals. `lang` is the
    language it is written in (a code of i18n.LANGUAGES); None: the one in use.
    """
    with in_language(lang):
        sheet = _Sheet(rules, setup, state, title, date_text(created), paper, raises)
        if chart and state.status.over and state.rows:
            sheet.course = course(setup, state, rules.ending.target)
        return sheet.render()


class SavedGame(Protocol):
    """What the writer reads of a saved game (the store's Game has it; no database here)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def setup(self) -> Setup: ...
    @property
    def state(self) -> GameState: ...
    @property
    def created_at(self) -> str: ...
    @property
    def raises(self) -> tuple[TargetRaise, ...]: ...


def sheet_of_game(game: SavedGame, paper: str = "a4", lang: str | None = None) -> bytes:
    """Returns the PDF score sheet of a saved game, titled by its sides, in `lang`."""
    return game_sheet(
        game.rules,
        game.setup,
        game.state,
        title=default_title(game.setup),
        created=game.created_at,
        paper=paper,
        raises=game.raises,
        chart=True,
        lang=lang,
    )


def game_layout(
    rules: Rules, setup: Setup, state: GameState, *, paper: str = "a4"
) -> tuple[tuple[float, float], Grid]:
    """Returns the page size and the column grid a game's sheet is drawn on."""
    sheet = _Sheet(rules, setup, state, "", "", paper)
    return sheet.size, sheet.grid

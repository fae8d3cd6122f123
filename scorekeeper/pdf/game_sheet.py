"""The filled score sheet of one game: a row per hand, its breakdown and running totals."""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import date, datetime
from typing import Protocol

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from scorekeeper.engine import GameState, Item, OpeningNeed, Row, Setup
from scorekeeper.engine.ending import TargetRaise
from scorekeeper.language import gettext, in_language, words
from scorekeeper.language.words import short_minus_reason
from scorekeeper.pdf import fonts
from scorekeeper.pdf.course_chart import HEIGHT as CHART_HEIGHT
from scorekeeper.pdf.course_chart import LEAST as CHART_LEAST
from scorekeeper.pdf.course_chart import draw_course
from scorekeeper.pdf.layout import (
    INK,
    MARGIN,
    RULE,
    SHADE,
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
from scorekeeper.pdf.names import Legend, joined_lines
from scorekeeper.rules.model import Rules
from scorekeeper.stats.swings import Course, course

DEALER_LEAST, DEALER_MOST = 58.0, 84.0  # the dealer column widens for long single words
BAND, SUB = 28.0, 13.0  # heights of the side-name band and the column-heading band
FIRST_HEADER, NEXT_HEADER = 58.0, 22.0
FOOTER_LINE, LEGEND_LINE = 12.0, 9.5
PAD = 3.0
AFTER_END = (0.45, 0.45, 0.5)  # hands played after the end: grey and struck through


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


@dataclass(frozen=True)
class Line:
    """One hand's row, ready to draw: its cells' text and its height."""

    row: Row | None  # None: the totals carried over from a paper sheet
    lines: int
    height: float


def _item_text(item: Item) -> str:
    label = words.item_label(item)
    text = f"{label} ×{item.count}" if item.count and item.count > 1 else label
    return f"{text} ({short_minus_reason(item.reason)})" if item.reason else text


def _need_text(need: OpeningNeed | None) -> str:
    return words.need(need) if need else "—"


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
        self.body = max(5.0, 7.0 * self.grid.scale)
        self.leading = self.body * 1.28
        self.names = {s.key: s.name for s in setup.sides}
        self.legend = Legend()
        self._collect_names()
        self.footer = self._footer_height()

    def _collect_names(self) -> None:
        """Fits every name once before pagination, so the legend's length is known up front."""
        for group in self.grid.groups:
            side_lines(group, self.legend)
        self._first_dealer()
        for row in self.state.rows:
            self._dealer_lines(row)

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

    # -- measuring -------------------------------------------------------------------------

    def _open_lines(self, row: Row, key: str) -> list[str]:
        col = next((c for c in self.grid.groups[0].columns if c.key == "open"), None)
        if col is None:
            return []
        lines = fonts.wrap(_need_text(row.minimums.get(key)), self.body, col.width - 2 * PAD)
        return [*lines, gettext("lone hand")] if row.lone_hand == key else lines

    def _dealer_lines(self, row: Row) -> list[tuple[str, bool, float]]:
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

    def _lines(self, row: Row | None) -> int:
        if row is None:
            return 1
        count = len(self._dealer_lines(row))
        for group in self.grid.groups:
            key = group.side.key
            count = max(count, len(row.scores[key].items), len(self._open_lines(row, key)))
        return count

    def lines(self) -> list[Line]:
        """Returns every row to draw, with its height."""
        rows: list[Row | None] = list(self.state.rows)
        if any(self.state.totals_before(1).values()):
            rows.insert(0, None)
        out = []
        for row in rows:
            n = self._lines(row)
            out.append(Line(row, n, n * self.leading + 2 * PAD))
        return out

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

    # -- drawing ---------------------------------------------------------------------------

    def header(self, canvas: Canvas, page: int) -> float:
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

    def row(self, canvas: Canvas, line: Line, top: float, shade: bool) -> None:
        grid, body, lead = self.grid, self.body, self.leading
        if shade:
            canvas.setFillColorRGB(*SHADE)
            canvas.rect(
                grid.left, top - line.height, grid.right - grid.left, line.height, stroke=0, fill=1
            )
            canvas.setFillColorRGB(*INK)
        base = top - PAD - body
        pen = canvas.beginText()  # one text object for the whole row: far fewer PDF operators
        number, dealer = grid.lead
        row = line.row
        after = row is not None and row.after_end
        if after:
            pen.setFillColorRGB(*AFTER_END)
        if row is None:
            fonts.draw(
                pen,
                dealer.x + PAD,
                base,
                gettext("From paper"),
                fonts.fit_size(gettext("From paper"), body, dealer.width - 2 * PAD),
            )
        else:
            fonts.draw(pen, number.right - PAD, base, str(row.number), body, align="right")
            for i, (text, grey, size) in enumerate(self._dealer_lines(row)):
                if grey:
                    pen.setFillColorRGB(0.35, 0.35, 0.4)
                fonts.draw(pen, dealer.x + PAD, base - i * lead, text, size)
                pen.setFillColorRGB(*(AFTER_END if after else INK))
        for group in grid.groups:
            key = group.side.key
            cols = {c.key: c for c in group.columns}
            total = self.state.totals_before(1)[key] if row is None else row.totals[key]
            fonts.draw(
                pen,
                cols["total"].right - PAD,
                base,
                points(total),
                body,
                bold=True,
                align="right",
            )
            if row is None:
                continue
            score = row.scores[key]
            fonts.draw(
                pen, cols["score"].right - PAD, base, points(score.score), body, align="right"
            )
            if "open" in cols:
                for i, text in enumerate(self._open_lines(row, key)):
                    self._fit(
                        pen,
                        cols["open"].x + PAD,
                        base - i * lead,
                        text,
                        body,
                        cols["open"].width - 2 * PAD,
                    )
            items = cols["items"]
            for i, item in enumerate(score.items):
                value = points(item.points)
                fonts.draw(pen, items.right - PAD, base - i * lead, value, body, align="right")
                room = items.width - 3 * PAD - fonts.width(value, body)
                self._fit(pen, items.x + PAD, base - i * lead, _item_text(item), body * 0.95, room)
        canvas.drawText(pen)
        canvas.setFillColorRGB(*INK)  # a grey row's colour must not leak into the next drawing
        if after:  # struck through: shown as played, never counted
            canvas.setStrokeColorRGB(*AFTER_END)
            canvas.setLineWidth(0.6)
            for group in grid.groups:
                cols = {c.key: c for c in group.columns}
                y = base + body * 0.3
                canvas.line(cols["score"].x + PAD, y, cols["total"].right - PAD, y)
        canvas.setStrokeColorRGB(*RULE)
        canvas.setLineWidth(0.3)
        canvas.line(grid.left, top - line.height, grid.right, top - line.height)

    @staticmethod
    def _fit(
        pen: Canvas | PDFTextObject, x: float, y: float, text: str, size: float, room: float
    ) -> None:
        fonts.draw(pen, x, y, text, fonts.fit_size(text, size, room, least=3.5))

    def result_lines(
        self, last: bool, carried: dict[str, int], next_page: int
    ) -> list[tuple[str, bool]]:
        """Returns the footer box's lines: the result on the last page, carried totals before it.

        Each line is broken between sides to fit the box, and the names in full follow.
        """
        names, room = self.names, self.grid.right - self.grid.left - 8
        totals = [f"{names[k]} {points(t)}" for k, t in carried.items()]
        if not last:
            lead = gettext("Carried forward to page %(page)s:", page=next_page) + " "
            return self._wrapped([(lead, totals, False)], room)
        state = self.state
        logical = [("", [self._headline()], True), (gettext("Totals:") + " ", totals, False)]
        if state.after_end:
            first, final = state.after_end[0].number, state.after_end[-1].number
            if first == final:
                after = gettext(
                    "Hand %(first)s was played after the end and does not count.", first=first
                )
            else:
                after = gettext(
                    "Hands %(first)s–%(last)s were played after the end and do not count.",
                    first=first,
                    last=final,
                )
            logical.append(("", [after], False))
        if not state.status.over:
            if self.rules.opening.by != "none":
                needs = [f"{names[k]} {_need_text(n)}" for k, n in state.next_minimums.items()]
                lead, parts = gettext("Next to open:") + " ", needs
            else:
                lead, parts = gettext("Next hand") + " ", []
            if state.next_dealer:
                parts = [*parts, gettext("next dealer: %(dealer)s", dealer=state.next_dealer)]
            if state.next_sitting_out:
                out = state.next_sitting_out
                parts = [*parts, gettext("sitting out: %(out)s", out=out)]
            logical.append((lead if parts else lead.strip(), parts, False))
        return self._wrapped(logical, room)

    def _headline(self) -> str:
        """Returns the result's first line: who won and by how much, a draw, or the game on."""
        status, state, names = self.state.status, self.state, self.names
        end = state.ended_at if state.ended_at is not None and status.over else None
        if status.over and status.winner is not None:
            winner, margin = names[status.winner], points(status.margin or 0)
            if end is None:
                return gettext("Winner: %(winner)s, by %(margin)s.", winner=winner, margin=margin)
            return gettext(
                "Winner: %(winner)s, by %(margin)s at hand %(end)s.",
                winner=winner,
                margin=margin,
                end=end,
            )
        if status.over:
            total = points(max(state.totals.values()))
            if end is None:
                return gettext("Result: a draw at %(total)s.", total=total)
            return gettext("Result: a draw at %(total)s at hand %(end)s.", total=total, end=end)
        if status.tied:
            return gettext("In progress: a tie for the lead, so another hand is played.")
        return gettext("In progress. %(status)s", status=words.status(status))

    @staticmethod
    def _wrapped(logical: list[tuple[str, list[str], bool]], room: float) -> list[tuple[str, bool]]:
        out = []
        for lead, parts, bold in logical:
            size = 9.5 if bold else 8.5
            if not parts:
                out.append((lead, bold))
                continue
            out += [(t, bold) for t in joined_lines(lead, parts, " · ", size, room)]
        return out

    def _footer_height(self) -> float:
        """Returns the height every page keeps for its footer box: the longest one, and the legend."""
        widest = {s.key: -88888 for s in self.setup.sides}  # as wide as a carried total gets
        carried = len(self.result_lines(False, widest, 99))
        final = len(self.result_lines(True, dict(self.state.totals) or widest, 0))
        legend = len(self._legend_lines())
        return max(carried, final) * FOOTER_LINE + legend * LEGEND_LINE + 8

    def _legend_lines(self) -> list[str]:
        return self.legend.lines(7.5, self.grid.right - self.grid.left - 8)

    def result_box(self, canvas: Canvas, top: float, lines: list[tuple[str, bool]]) -> None:
        grid = self.grid
        y = top - 12
        room = grid.right - grid.left - 8
        for text, bold in lines:
            size = 9.5 if bold else 8.5
            draw_line(canvas, grid.left + 4, y, text, size, room, bold=bold, least=size)
            y -= FOOTER_LINE
        y += FOOTER_LINE - LEGEND_LINE  # the legend's smaller lines sit closer
        canvas.setFillColorRGB(0.35, 0.35, 0.4)
        for text in self._legend_lines():
            draw_line(canvas, grid.left + 4, y, text, 7.5, room, least=7.5)
            y -= LEGEND_LINE
        canvas.setFillColorRGB(*INK)

    def render(self) -> bytes:
        """Returns the sheet; a finished game's chart goes under the last page's result, or
        on a page of its own when the result leaves too little room."""
        data, fits = self._render(chart_page=False)
        if self.course is not None and not fits:
            data, _ = self._render(chart_page=True)
        return data

    def _box_bottom(self, top: float, lines: list[tuple[str, bool]]) -> float:
        """Returns where the result box drawn from `top` ends."""
        return top - 4 - len(lines) * FOOTER_LINE - len(self._legend_lines()) * LEGEND_LINE - 8

    def _render(self, chart_page: bool) -> tuple[bytes, bool]:
        """Draws every page; says whether the chart (if any) fitted under the last result."""
        buffer = io.BytesIO()
        name = words.text(self.rules.name)
        sheet = gettext("%(name)s score sheet", name=name)
        canvas = new_canvas(buffer, self.size, f"{self.title} – {sheet}")
        pages = self.pages(self.lines())
        total = len(pages) + int(chart_page)
        carried = self.state.totals_before(1)
        fits = False
        for number, page in enumerate(pages, start=1):
            top = self.header(canvas, number)
            band_top = top
            y = draw_heading(canvas, self.grid, top, BAND, SUB, legend=self.legend)
            grid_top = y
            for i, line in enumerate(page):
                self.row(canvas, line, y, shade=i % 2 == 1)
                y -= line.height
                if line.row is not None and not line.row.after_end:
                    carried = dict(line.row.totals)
            draw_rules(canvas, self.grid, grid_top, y, band_top)
            lines = self.result_lines(number == len(pages), carried, number + 1)
            self.result_box(canvas, y - 4, lines)
            room = self._box_bottom(y, lines) - MARGIN - 12
            if number == len(pages) and self.course is not None and not chart_page:
                # A chart a little shorter under the result beats one alone on a new page.
                fits = room >= CHART_LEAST
                if fits:
                    tall = min(room, CHART_HEIGHT)
                    chart_y = self._box_bottom(y, lines) - tall
                    width = self._chart_width()
                    draw_course(canvas, self.course, self.grid.left, chart_y, width, tall)
            draw_page_line(canvas, self.size, f"{sheet} · {self.title}", number, total)
            canvas.showPage()
        if chart_page and self.course is not None:
            chart_y = self.size[1] - MARGIN - CHART_HEIGHT
            draw_course(canvas, self.course, self.grid.left, chart_y, self._chart_width())
            draw_page_line(canvas, self.size, f"{sheet} · {self.title}", total, total)
            canvas.showPage()
        canvas.save()
        return buffer.getvalue(), fits

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

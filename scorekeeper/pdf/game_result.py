"""A game sheet's footer box: the result or the totals carried forward, then the names' legend."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from scorekeeper.engine import GameState, Setup
from scorekeeper.language import gettext, words
from scorekeeper.pdf.game_rows import need_text
from scorekeeper.pdf.layout import INK, Grid, draw_line, points
from scorekeeper.pdf.names import Legend, joined_lines
from scorekeeper.rules.model import Rules

FOOTER_LINE, LEGEND_LINE = 12.0, 9.5

# A logical line of the box: its lead words, the parts broken between to fit, and bold or not.
Logical = tuple[str, list[str], bool]


class ResultBox:
    """Words and draws the box under each page's rows."""

    def __init__(
        self, rules: Rules, setup: Setup, state: GameState, grid: Grid, legend: Legend
    ) -> None:
        self.rules, self.setup, self.state, self.grid, self.legend = (
            rules,
            setup,
            state,
            grid,
            legend,
        )
        self.names = {s.key: s.name for s in setup.sides}

    def lines(self, last: bool, carried: dict[str, int], next_page: int) -> list[tuple[str, bool]]:
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
            logical.append(("", [self._after_end()], False))
        if not state.status.over:
            logical.append(self._next_hand())
        return self._wrapped(logical, room)

    def _after_end(self) -> str:
        """Returns the sentence naming the hands played after the end, which do not count."""
        after_end = self.state.after_end
        first, final = after_end[0].number, after_end[-1].number
        if first == final:
            return gettext(
                "Hand %(first)s was played after the end and does not count.", first=first
            )
        return gettext(
            "Hands %(first)s–%(last)s were played after the end and do not count.",
            first=first,
            last=final,
        )

    def _next_hand(self) -> Logical:
        """Returns a game in progress's last line: each side's minimum, the next dealer, who sits out."""
        state, names = self.state, self.names
        parts: list[str]
        if self.rules.opening.by != "none":
            needs = [f"{names[k]} {need_text(n)}" for k, n in state.next_minimums.items()]
            lead, parts = gettext("Next to open:") + " ", needs
        else:
            lead, parts = gettext("Next hand") + " ", []
        if state.next_dealer:
            parts = [*parts, gettext("next dealer: %(dealer)s", dealer=state.next_dealer)]
        if state.next_sitting_out:
            out = state.next_sitting_out
            parts = [*parts, gettext("sitting out: %(out)s", out=out)]
        return (lead if parts else lead.strip(), parts, False)

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
    def _wrapped(logical: list[Logical], room: float) -> list[tuple[str, bool]]:
        out = []
        for lead, parts, bold in logical:
            size = 9.5 if bold else 8.5
            if not parts:
                out.append((lead, bold))
                continue
            out += [(t, bold) for t in joined_lines(lead, parts, " · ", size, room)]
        return out

    def height(self) -> float:
        """Returns the height every page keeps for its footer box: the longest one, and the legend."""
        widest = {s.key: -88888 for s in self.setup.sides}  # as wide as a carried total gets
        carried = len(self.lines(False, widest, 99))
        final = len(self.lines(True, dict(self.state.totals) or widest, 0))
        legend = len(self.legend_lines())
        return max(carried, final) * FOOTER_LINE + legend * LEGEND_LINE + 8

    def legend_lines(self) -> list[str]:
        """Returns the legend's lines: each name shortened on the sheet, in full."""
        return self.legend.lines(7.5, self.grid.right - self.grid.left - 8)

    def draw(self, canvas: Canvas, top: float, lines: list[tuple[str, bool]]) -> None:
        """Draws the box's lines from `top`, then the legend in smaller grey lines."""
        grid = self.grid
        y = top - 12
        room = grid.right - grid.left - 8
        for text, bold in lines:
            size = 9.5 if bold else 8.5
            draw_line(canvas, grid.left + 4, y, text, size, room, bold=bold, least=size)
            y -= FOOTER_LINE
        y += FOOTER_LINE - LEGEND_LINE  # the legend's smaller lines sit closer
        canvas.setFillColorRGB(0.35, 0.35, 0.4)
        for text in self.legend_lines():
            draw_line(canvas, grid.left + 4, y, text, 7.5, room, least=7.5)
            y -= LEGEND_LINE
        canvas.setFillColorRGB(*INK)

    def bottom(self, top: float, lines: list[tuple[str, bool]]) -> float:
        """Returns where the result box drawn from `top` ends."""
        return top - 4 - len(lines) * FOOTER_LINE - len(self.legend_lines()) * LEGEND_LINE - 8

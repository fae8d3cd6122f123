"""A game's course: the running-totals chart and hand bars, on its summary page and its sheet."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template
from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup

from scorekeeper.charts.running import Words, hand_bars, running_totals
from scorekeeper.language import i18n
from scorekeeper.stats.swings import Course, course
from scorekeeper.store import Game
from scorekeeper.web import access

bp = Blueprint("summary", __name__)


def words(played: Course) -> Words:
    """Returns the chart's words in the reader's language."""
    ends = ", ".join(
        _("%(side)s %(total)s", side=name, total=i18n.number(side[-1]))
        for name, side in zip(played.names, played.totals, strict=True)
    )
    summary = ngettext(
        "Running totals over %(hands)s hand: %(ends)s.",
        "Running totals over %(hands)s hands: %(ends)s.",
        played.hands,
        hands=i18n.number(played.hands),
        ends=ends,
    )
    if played.lead_changes:
        changes = ", ".join(map(str, played.lead_changes))
        summary += " " + ngettext(
            "The lead changed at hand %(hands)s.",
            "The lead changed at hands %(hands)s.",
            len(played.lead_changes),
            hands=changes,
        )
    target = played.target
    return Words(
        summary=summary,
        target=_("Target %(points)s", points=i18n.number(target)) if target else "",
        lead=lambda hand: _("The lead changed at hand %(hand)s", hand=hand),
        bars=_("Each hand's score, plus above the line and minus below"),
    )


def course_of(game: Game) -> dict[str, Any]:
    """Returns what the course partial shows: the course, its chart and its bars as SVG."""
    played = course(game.setup, game.state, game.rules.ending.target)
    if not played.hands:  # nothing to draw yet: the page says "No hands yet."
        return {"course": played, "chart": Markup(""), "bars": Markup("")}
    said = words(played)
    # Our own markup: every name and word in it is escaped by the chart module.
    chart = running_totals(played, number=i18n.number, words=said)
    return {
        "course": played,
        "chart": Markup(chart),
        "bars": Markup(hand_bars(played, title=said.bars)),
    }


@bp.get("/games/<game_id>/summary")
def summary(game_id: str) -> str:
    """Shows how the game went: the result, the chart, the hand bars and the table of totals."""
    game, _role = access.open_game(game_id)
    return render_template("games/summary.html", game=game, state=game.state, **course_of(game))

"""A game's course: the running-totals chart and hand bars, on its summary page and its sheet."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template
from markupsafe import Markup

from scorekeeper.charts.running import hand_bars, hand_list, running_totals
from scorekeeper.stats.swings import course
from scorekeeper.store import Game
from scorekeeper.web import access

bp = Blueprint("summary", __name__)
bp.add_app_template_filter(hand_list)


def _points(value: int) -> str:
    return f"{value:,}".replace("-", "\N{MINUS SIGN}")


def course_of(game: Game) -> dict[str, Any]:
    """Returns what the course partial shows: the course, its chart and its bars as SVG."""
    played = course(game.setup, game.state, game.rules.ending.target)
    return {
        "course": played,
        "chart": Markup(running_totals(played, number=_points)),  # our own markup, escaped inside
        "bars": Markup(hand_bars(played)),
    }


@bp.get("/games/<game_id>/summary")
def summary(game_id: str) -> str:
    """Shows how the game went: the result, the chart, the hand bars and the table of totals."""
    game, _role = access.open_game(game_id)
    return render_template("games/summary.html", game=game, state=game.state, **course_of(game))

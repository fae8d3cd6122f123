"""One scan to the table's game: where the host's QR code (terminal and home page) leads.

Whoever can see the host's screen sits at the table: the scan admits this phone as a scorer
(the co-scorer's role, never lowering the owner's). Spectators get the view QR from Share.
"""

from __future__ import annotations

from flask import Blueprint, abort, make_response, redirect, render_template, url_for
from werkzeug import Response

from scorekeeper.db import get_db
from scorekeeper.origin import announced_origins
from scorekeeper.store.games import Game
from scorekeeper.store.table import games_in_progress
from scorekeeper.web import access

bp = Blueprint("table", __name__, url_prefix="/table")


def _at_the_table() -> list[Game]:
    """Returns the games in progress on this computer; 404 unless `scorekeeper serve` runs it.

    Only a home table lists its games to whoever is on its Wi-Fi: a public server never
    shows one stranger's games to another.
    """
    if not announced_origins():
        abort(404)
    return games_in_progress(get_db())


def _follow(game: Game) -> Response:
    """Gives this browser the scorer's role (never lowering one it holds) and opens the sheet."""
    access.join(game.tokens.edit)
    return redirect(url_for("games.sheet", game_id=game.id))


@bp.get("")
def landing() -> Response:
    """Opens the game in progress, or offers the games in progress to choose from."""
    games = _at_the_table()
    if len(games) == 1:
        return _follow(games[0])
    response = make_response(render_template("table/choose.html", games=games))
    response.headers["Cache-Control"] = "no-store"  # changes as games start and end
    return response


@bp.post("/<game_id>")
def follow(game_id: str) -> Response:
    """Scores the chosen game in progress on this phone."""
    game = next((g for g in _at_the_table() if g.id == game_id), None)
    if game is None:
        abort(404)
    return _follow(game)

"""One scan to the table's game: where the host's QR code (terminal and home page) leads.

Whoever can see the host's screen sits at the table: the scan admits this phone as a scorer
(the co-scorer's role, never lowering the owner's). Spectators get the view QR from Share.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort, current_app, make_response, redirect, render_template, url_for
from werkzeug import Response

from scorekeeper.db import get_db
from scorekeeper.origin import announced_origins
from scorekeeper.store.games.game import Game
from scorekeeper.store.games.table import games_in_progress
from scorekeeper.web import access
from scorekeeper.web.games.table_key import admits, seat_browser, table_browsers, table_key

bp = Blueprint("table", __name__, url_prefix="/table")


def _instance() -> Path:
    """Returns the instance folder, where the table key and the table's browsers are kept."""
    return Path(current_app.instance_path)


def _served() -> None:
    """404 unless `scorekeeper serve` runs this: a public server lists nobody's games."""
    if not announced_origins():
        abort(404)


def _at_the_table(key: str) -> list[Game]:
    """Returns the table's games in progress for a phone that brought the key; 404 without it."""
    _served()
    if not admits(_instance(), key):
        abort(404)
    seat_browser(_instance(), access.browser_id())  # it sits at the table: its games count too
    return games_in_progress(get_db(), table_browsers(_instance()))


def table_path() -> str:
    """Returns the path the host's QR code leads to, the table key in it."""
    return url_for("table.landing", key=table_key(_instance()))


def seat_host() -> None:
    """Counts the host's own browser (on this computer) as at the table: its games are offered."""
    seat_browser(_instance(), access.browser_id())


def _follow(game: Game) -> Response:
    """Gives this browser the scorer's role (never lowering one it holds) and opens the sheet."""
    access.join(game.tokens.edit)
    return redirect(url_for("games.sheet", game_id=game.id))


def _no_store(page: str) -> Response:
    """Answers a page that changes as games start and end: never kept by a cache."""
    response = make_response(page)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("")
def how_to_join() -> Response:
    """The plain address says how to join: scan the host's QR code, which carries the key."""
    _served()
    return _no_store(render_template("table/choose.html", games=None))


@bp.get("/<key>")
def landing(key: str) -> Response:
    """Opens the game in progress, or offers the games in progress to choose from."""
    games = _at_the_table(key)
    if len(games) == 1:
        return _follow(games[0])
    return _no_store(render_template("table/choose.html", games=games, key=key))


@bp.post("/<key>/<game_id>")
def follow(key: str, game_id: str) -> Response:
    """Scores the chosen game in progress on this phone."""
    game = next((g for g in _at_the_table(key) if g.id == game_id), None)
    if game is None:
        abort(404)
    return _follow(game)

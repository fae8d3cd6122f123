"""Settling a game's end: drop the hands played after it, or keep playing to a raised target."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from werkzeug import Response

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.engine.ending import MAX_TARGET, next_target
from scorekeeper.language import problem_words
from scorekeeper.language.i18n import MAX_TYPED, NumberProblem, parse_whole
from scorekeeper.store import Game
from scorekeeper.web import access
from scorekeeper.web.games import undo
from scorekeeper.web.games.sheet_page import render_sheet
from scorekeeper.web.posting import new_form_token, posted

bp = Blueprint("game_end", __name__, url_prefix="/games/<game_id>")


def _sheet(game_id: str) -> Response:
    return redirect(url_for("games.sheet", game_id=game_id))


def deleted_after_end(first: int, last: int) -> str:
    """Says which hands played after the end were deleted and where the game now ends."""
    if first == last:
        return gettext(
            "Deleted hand %(first)s: the game ends at hand %(end)s.", first=first, end=first - 1
        )
    return gettext(
        "Deleted hands %(first)s–%(last)s: the game ends at hand %(end)s.",
        first=first,
        last=last,
        end=first - 1,
    )


@bp.route("/hands/after-end/delete", methods=["GET", "POST"])
def delete_after_end(game_id: str) -> ResponseReturnValue:
    """Asks before deleting every hand played after the end, then deletes them."""
    game, role = access.open_game(game_id, write=True)
    later = game.state.after_end
    if not later:
        flash(gettext("No hand was played after the end of this game."), "error")
        return _sheet(game_id)
    if request.method == "GET":
        return render_template(
            "games/delete_after_end.html", game=game, later=later, form_token=new_form_token()
        )
    version, token = posted()
    try:
        first, last = store.delete_hands_after_end(
            get_db(), game_id, version=version, form_token=token
        )
    except store.StaleGame as error:
        flash(problem_words.store_error(error), "error")
        return render_sheet(store.get_game(get_db(), game_id), role, 409)
    except (store.AlreadySaved, store.HandNotFound):
        return _sheet(game_id)
    flash(deleted_after_end(first, last), "ok")
    return _sheet(game_id)


def _play_on_page(game: Game, typed: str, error: str | None, status: int = 200) -> tuple[str, int]:
    page = render_template(
        "games/play_on.html",
        game=game,
        typed=typed,
        error=error,
        form_token=new_form_token(),
    )
    return page, status


@bp.route("/play-on", methods=["GET", "POST"])
def play_on(game_id: str) -> ResponseReturnValue:
    """Raises a finished game's target so the table keeps playing; a page to choose it."""
    game, role = access.open_game(game_id, write=True)
    suggested = next_target(game.rules, game.state, game.raises)
    if not game.head.status.over or suggested is None:
        flash(
            gettext("Only a finished game played to a target can go on to a higher one."), "error"
        )
        return _sheet(game_id)
    if request.method == "GET":
        return _play_on_page(game, str(suggested), None)
    version, token = posted()
    typed = request.form.get("target", "").strip()[:MAX_TYPED]
    try:
        target = parse_whole(typed, label=gettext("The new target"), limit=MAX_TARGET)
    except NumberProblem as problem:
        words = gettext("Type the new target in points, e.g. 7500.")
        return _play_on_page(
            game, typed, words if problem.code == "not_a_number" else problem.message, 422
        )
    try:
        target = store.play_on(get_db(), game_id, target, version=version, form_token=token)
    except store.CannotPlayOn as error:
        said = problem_words.end(error.problem) if error.problem else error.message
        return _play_on_page(game, typed, said, 422)
    except store.StaleGame as error:
        flash(problem_words.store_error(error), "error")
        return render_sheet(store.get_game(get_db(), game_id), role, 409)
    except store.AlreadySaved:
        return _sheet(game_id)
    undo.offer(game_id, "play_on", version + 1, target=target)  # said beside its Undo
    return _sheet(game_id)

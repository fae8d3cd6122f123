"""Names added or changed after the game began: sides and players, from the sheet."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug import Response

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.language import problem_words
from scorekeeper.store import Game
from scorekeeper.web import access
from scorekeeper.web.games import game_form
from scorekeeper.web.posting import new_form_token, posted

bp = Blueprint("names", __name__)


def _page(game: Game, form: game_form.GameForm, status: int = 200) -> tuple[str, int]:
    page = render_template("games/names.html", game=game, form=form, form_token=new_form_token())
    return page, status


@bp.route("/games/<game_id>/names", methods=["GET", "POST"])
def names(game_id: str) -> Response | tuple[str, int]:
    """Shows the sides' and players' names to change; valid ones are saved everywhere."""
    game, _role = access.open_game(game_id, write=True)  # owners and co-scorers
    if request.method == "GET":
        return _page(game, game_form.names_form(game))
    version, token = posted()
    form, sides = game_form.read_names(game, request.form)
    try:
        store.rename(get_db(), game_id, sides, version=version, form_token=token)
    except store.InvalidGame as error:
        game_form.mark(form, [name for name, _ in sides], error.problems)
        if not error.problems:
            form.error("_form", problem_words.store_error(error))
        return _page(game, form, 422)
    except store.StaleGame as error:
        form.error("_form", problem_words.store_error(error))
        return _page(store.get_game(get_db(), game_id), form, 409)
    except store.AlreadySaved:
        pass  # the same form sent twice: saved once
    else:
        flash(gettext("Names saved: the sheet, its PDF and the home page use them now."), "ok")
    return redirect(url_for("games.sheet", game_id=game_id))

"""The "Can we open?" screen: a planned meld against the side's opening minimum."""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template, request
from werkzeug import Response

from scorekeeper.web import access
from scorekeeper.web.games import opening_form

bp = Blueprint("opening", __name__, url_prefix="/games/<game_id>")


def _wants_json() -> bool:
    return request.accept_mimetypes.best_match(["text/html", "application/json"]) == (
        "application/json"
    )


@bp.route("/opening-check", methods=["GET", "POST"])
def check(game_id: str) -> tuple[Response | str, int]:
    """Tells a side whether the cards it plans to lay down meet its opening minimum."""
    game, _role = access.open_game(game_id)
    sides = game.setup.sides
    form = request.form if request.method == "POST" else request.args
    reading = opening_form.read(game.rules, [s.key for s in sides], form)
    result = None
    asked = request.method == "POST" or any(k != "part" for k in request.args)
    if not reading.errors and asked:
        side = sides[reading.side].key
        need = game.state.next_minimums[side]
        result = opening_form.answer(game.rules, side, need, reading)
    status = 422 if reading.errors else 200
    if _wants_json():
        listed = [{"field": f, "message": m} for f, ms in reading.errors.items() for m in ms]
        body = jsonify(ok=result is not None, errors=listed, **(result.as_dict() if result else {}))
        return body, status
    # ?part=form is the bare form the sheet's "Can we open?" loads when it is opened.
    template = "games/_opening.html" if request.args.get("part") == "form" else "games/opening.html"
    page = render_template(
        template,
        game=game,
        state=game.state,
        rules=game.rules,
        check=reading,
        answer=result,
    )
    return page, status

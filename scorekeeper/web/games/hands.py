"""Hand screens: record the next hand, edit an earlier one, delete the last, and preview."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from sqlite_utils import Database
from werkzeug import Response

from scorekeeper import engine, store
from scorekeeper.db import get_db
from scorekeeper.engine import sitting_out
from scorekeeper.language import i18n, problem_words
from scorekeeper.store import Game
from scorekeeper.store.games.hands import PLAY_ON
from scorekeeper.web import access
from scorekeeper.web.games import hand_chips, hand_form, notes, undo
from scorekeeper.web.games.hand_form import Reading
from scorekeeper.web.games.sheet_page import render_sheet
from scorekeeper.web.posting import new_form_token, posted

bp = Blueprint("hands", __name__, url_prefix="/games/<game_id>")


def _to_sheet(game_id: str, number: int | None = None) -> Response:
    anchor = f"hand-{number}" if number else None
    return redirect(url_for("games.sheet", game_id=game_id, _anchor=anchor))


def outbox() -> bool:
    """Tells whether the phone's outbox sent this form: it reads a JSON answer, not a page."""
    return request.accept_mimetypes.best == "application/json"


def _sent(game_id: str, number: int, message: str, repeat: bool = False) -> Response:
    """Answers the outbox: the hand is on the server (saved now, or by an earlier send)."""
    sheet = url_for("games.sheet", game_id=game_id, _anchor=f"hand-{number}" if number else None)
    return jsonify(ok=True, number=number, repeat=repeat, message=message, sheet=sheet)


def _returned(
    reason: str, status: int, errors: dict[str, list[str]] | None = None, clash: bool = False
) -> tuple[Response, int]:
    """Answers the outbox: the hand was not saved; it goes back to its form with the reason.

    `clash` says another phone saved that hand first: the phone then shows both hands.
    """
    return jsonify(ok=False, reason=reason, errors=hand_form.said_once(errors), clash=clash), status


def form_page(
    game: Game,
    number: int,
    reading: Reading,
    version: int,
    status: int = 200,
    back: str | None = None,
    back_label: str | None = None,
) -> tuple[str, int]:
    """Renders the hand form for hand `number`; its Cancel and outbox lead to `back`, or the
    sheet, and its header's link says `back_label`, or "Back to the sheet"."""
    rules, setup = game.rules, game.setup
    row = game.state.rows[number - 1] if number <= game.hand_count else None
    fields, lone = hand_form.fields_for(rules), hand_form.lone_hand_applies(rules)
    page = render_template(
        "hands/form.html",
        game=game,
        state=game.state,
        number=number,
        totals_before=game.totals_before(number),  # an edit shows the totals it starts from
        editing=row is not None,
        minimums=row.minimums if row else game.state.next_minimums,
        dealer=engine.dealer(rules, setup, number - 1),
        sitting_out=sitting_out(rules, setup, number - 1),
        next_dealers=hand_form.coming_dealers(rules, setup, number),
        fields=fields,
        chips=hand_chips.chips_for(rules, fields, len(setup.sides), lone),
        going_out=hand_form.going_out_choices(rules),
        special_hands=hand_form.special_hand_choices(rules),
        lone=lone,
        # One player a column (Two-hand, Oklahoma, Cutthroat): whoever went out holds no cards.
        emptied=rules.table.individual or lone,
        reading=reading,
        version=version,
        form_token=new_form_token(),
        back_url=back,
        back_label=back_label,
    )
    return page, status


def _hand_page(
    game: Game, number: int | None, save: Callable[..., int | None]
) -> ResponseReturnValue:
    """Shows the form for a hand, and on POST saves it or shows it again with every problem."""
    closed = _closed(game, number)
    if closed is not None:
        return closed
    number = number or game.hand_count + 1
    if request.method == "GET":
        return form_page(game, number, Reading(None, _values(game, number)), game.version)
    version, token = posted()
    reading = hand_form.read(game.rules, game.side_keys, request.form)
    if reading.errors:
        return _not_saved(game, number, reading, version)
    try:
        saved = save(get_db(), game.id, reading.document, version=version, form_token=token)
    except store.InvalidHand as error:
        reading.errors = hand_form.errors_from(
            error.problems, game.rules, game.side_keys, reading.values
        )
        return _not_saved(game, number, reading, version)
    except store.StaleGame as error:
        return _stale(game.id, number, reading, error)
    except (store.AlreadySaved, store.GameOver) as error:
        return _refused(game.id, error)
    except store.HandNotFound:
        abort(404)
    return _saved(game, number, saved, reading)


def _closed(game: Game, number: int | None) -> ResponseReturnValue | None:
    """Answers a hand asked of a closed game (or a new hand after the end), else None."""
    if not (game.locked or (number is None and game.head.status.over)):
        return None
    if request.method == "POST":
        # The same form again, after an answer that never arrived (a dropped connection, a
        # restart): its hand may be the one that ended the game. Say it was saved.
        spent = store.repeated(get_db(), posted()[1])
        if spent is not None:
            if outbox():
                return _sent(game.id, 0, problem_words.store_error(spent), repeat=True)
            flash(problem_words.store_error(spent), "error")
            return _to_sheet(game.id)
    # Reopened to fix, not to play on: no new hand either.
    why = gettext(store.GameOver.message) if game.locked else gettext(PLAY_ON)
    if request.method == "POST" and outbox():
        return _returned(why, 409)
    flash(why, "error")
    return _to_sheet(game.id)


def _values(game: Game, number: int) -> dict[str, str]:
    """Returns the form's values: the saved hand's when editing, else a blank hand's."""
    if number <= game.hand_count:
        entry = game.hands[number - 1].as_dict()
        return hand_form.values_from_entry(game.rules, game.side_keys, entry)
    return hand_form.blank_values(game.rules, game.side_keys, request.args.get("out"))


def _not_saved(game: Game, number: int, reading: Reading, version: int) -> ResponseReturnValue:
    """Answers a hand with problems: the form again beside its fields, or the outbox's 422."""
    if outbox():
        # Said in the outbox's panel beside "Open it", where no field is marked yet.
        checked = gettext("some fields need checking.")
        return _returned(checked, 422, reading.errors)
    return form_page(game, number, reading, version, 422)


def _stale(
    game_id: str, number: int, reading: Reading, error: store.StaleGame
) -> ResponseReturnValue:
    """Answers a hand typed against an older sheet: never saved on top of what changed."""
    if outbox():
        return _returned(problem_words.store_error(error), 409, clash=True)
    reading.errors = {hand_form.FORM: [problem_words.store_error(error)]}
    fresh = store.get_game(get_db(), game_id)  # show what changed; keep what was typed
    return form_page(fresh, min(number, len(fresh.hands) + 1), reading, fresh.version, 409)


def _refused(game_id: str, error: store.StoreError) -> ResponseReturnValue:
    """Answers a hand saved before (its answer lost: saved once counts) or after the end."""
    if outbox():
        if isinstance(error, store.AlreadySaved):
            return _sent(game_id, 0, problem_words.store_error(error), repeat=True)
        return _returned(problem_words.store_error(error), 409)
    flash(problem_words.store_error(error), "error")
    return _to_sheet(game_id)


def _saved(game: Game, number: int, saved: int | None, reading: Reading) -> ResponseReturnValue:
    """Says the hand was saved, with the warnings it raised, to the sheet or the outbox."""
    assert reading.document is not None  # read() gives a document whenever it finds no error
    hand, _problems = game.check(reading.document, number)  # saved: the same hand, no problems
    checks = [notes.warning(w) for w in game.warnings(hand, number)]
    said = " ".join([gettext("Hand %(number)s saved.", number=saved or number), *checks])
    if outbox():
        if request.headers.get("X-Outbox-Flash"):  # sent from its form, which opens the sheet
            flash(said, "warning" if checks else "ok")
        return _sent(game.id, saved or number, said)
    flash(said, "warning" if checks else "ok")
    return _to_sheet(game.id, saved or number)


@bp.get("/hands/<int:number>")
def detail(game_id: str, number: int) -> str:
    """Shows one hand's breakdown: a page, or with ?part=detail the fragment the sheet opens."""
    game, role = access.open_game(game_id)
    if not 1 <= number <= game.hand_count:
        abort(404)
    page = (
        "_partials/hand_detail.html"
        if request.args.get("part") == "detail"
        else "hands/detail.html"
    )
    editable = access.can_write(role) and not game.locked
    return render_template(page, game=game, row=game.state.rows[number - 1], editable=editable)


@bp.route("/hands/new", methods=["GET", "POST"])
def record(game_id: str) -> ResponseReturnValue:
    """Records the next hand."""
    game, _role = access.open_game(game_id, write=True)
    return _hand_page(game, None, store.record_hand)


@bp.route("/hands/<int:number>/edit", methods=["GET", "POST"])
def edit(game_id: str, number: int) -> ResponseReturnValue:
    """Edits an earlier hand; later totals, minimums and the result follow."""
    game, _role = access.open_game(game_id, write=True)
    if not 1 <= number <= game.hand_count:
        abort(404)

    def save(
        db: Database, game_id: str, document: Mapping[str, Any], *, version: int, form_token: str
    ) -> None:
        store.edit_hand(db, game_id, number, document, version=version, form_token=form_token)

    return _hand_page(game, number, save)


@bp.route("/hands/last/delete", methods=["GET", "POST"])
def delete_last(game_id: str) -> ResponseReturnValue:
    """Asks before deleting the last hand, then deletes it."""
    game, role = access.open_game(game_id, write=True)
    if not game.hands or game.locked:
        why = gettext("There is no hand to delete.") if not game.hands else store.GameOver.message
        flash(why if not game.hands else gettext(why), "error")
        return _to_sheet(game_id)
    if request.method == "GET":
        row = game.state.rows[-1]
        return render_template("hands/delete.html", game=game, row=row, form_token=new_form_token())
    version, token = posted()
    last = game.hands[-1].as_dict()  # kept for Undo, with what the delete takes along
    taken = [r.to_target for r in game.raises if r.after_hand >= len(game.hands)]
    try:
        number = store.delete_last_hand(get_db(), game_id, version=version, form_token=token)
    except store.StaleGame as error:
        flash(problem_words.store_error(error), "error")
        return render_sheet(store.get_game(get_db(), game_id), role, 409)
    except (store.AlreadySaved, store.HandNotFound, store.GameOver):
        return _to_sheet(game_id)
    undo.offer(
        game_id,
        "delete",
        version + 1,
        number=number,
        hand=last,
        targets=taken,
        reopened=game.reopened,
    )
    return _to_sheet(game_id)


@bp.post("/preview")
def preview(game_id: str) -> Response:
    """Scores the form's hand without saving it, as JSON for the live preview."""
    game, _role = access.open_game(game_id)
    number = i18n.parse_index(request.form.get("number", ""), game.hand_count + 1) or 0
    number = number or game.hand_count + 1
    reading = hand_form.read(game.rules, game.side_keys, request.form)
    errors = reading.errors
    if not errors:
        assert reading.document is not None  # read() gives a document whenever it finds no error
        hand, problems = game.check(reading.document, number)
        errors = hand_form.errors_from(problems, game.rules, game.side_keys, reading.values)
    if errors:
        listed = [{"field": f, "message": m} for f, ms in errors.items() for m in ms]
        if reading.code:  # the whole form's state, for the script: e.g. "nothing_entered"
            listed[0]["code"] = reading.code
        return jsonify(ok=False, sides={}, errors=listed, warnings=[])
    scored = engine.preview(game.rules, hand, game.totals_before(number))
    sides = {
        key: {
            "score": s.score,
            "total": scored.totals[key],
            "breakdown": [notes.item(i) for i in s.items],
        }
        for key, s in scored.scores.items()
    }
    warnings = [notes.warning(w) for w in game.warnings(hand, number)]
    return jsonify(ok=True, sides=sides, errors=[], warnings=warnings)

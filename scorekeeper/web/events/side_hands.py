"""The hand form under an event's capability: a side's card records, the director corrects.

Both render the games' own hand form (its fields, preview and outbox), sent back to the page
that asked rather than to the game's sheet, and save through the store's side flow.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from flask import flash, jsonify, redirect, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.language import problem_words
from scorekeeper.store import Game
from scorekeeper.store.errors import RoundMovedOn
from scorekeeper.web import access
from scorekeeper.web.games import hand_form, hands
from scorekeeper.web.games.hand_form import Reading
from scorekeeper.web.posting import posted

Save = Callable[[Game, dict[str, object], int, str], int]


class Back(NamedTuple):
    """The event page a hand form leads back to, and the words of its link in the header."""

    url: str
    label: str


# Words for a hand number another phone took first, from the game as it is now and the number.
Clash = Callable[[Game, int], str]


def form_page(
    game: Game, number: int, reading: Reading, version: int, back: Back, status: int = 200
) -> tuple[str, int]:
    """Renders the hand form for hand `number`, its Cancel and outbox leading back to `back`."""
    access.join(game.tokens.view)  # the live preview reads the game: a viewer's role is enough
    return hands.form_page(game, number, reading, version, status, back.url, back.label)


def values(game: Game, number: int) -> dict[str, str]:
    """Returns the form's values: the saved hand's when editing, else a blank hand's."""
    if number <= game.hand_count:
        entry = game.hands[number - 1].as_dict()
        return hand_form.values_from_entry(game.rules, game.side_keys, entry)
    return hand_form.blank_values(game.rules, game.side_keys, None)


def refused(message: str, back: Back, status: int = 409) -> ResponseReturnValue:
    """Answers a hand that cannot be saved here: the outbox's JSON, or back with the reason."""
    if hands.outbox():
        return jsonify(ok=False, reason=message, errors=[]), status
    flash(message, "error")
    return redirect(back.url)


def save_form(
    game: Game, number: int, back: Back, save: Save, clash: Clash | None = None
) -> ResponseReturnValue:
    """Reads the posted hand and saves it with `save`, or shows the form again with every problem.

    With `clash`, a hand whose number another phone saved first is kept as typed: the form
    comes back as the next hand, saying so (the outbox shows its choice), never saved twice.
    """
    version, token = posted()
    reading = hand_form.read(game.rules, game.side_keys, request.form)
    try:
        if reading.errors or reading.document is None:
            raise store.InvalidHand(())
        saved = save(game, reading.document, version, token)
    except store.InvalidHand as error:
        if error.problems:
            reading.errors = hand_form.errors_from(
                error.problems, game.rules, game.side_keys, reading.values
            )
        if hands.outbox():
            checked = _("some fields need checking.")  # beside "Open it": nothing marked yet
            return jsonify(
                ok=False, reason=checked, errors=hand_form.said_once(reading.errors)
            ), 422
        return form_page(game, number, reading, version, back, 422)
    except store.AlreadySaved as error:
        said = problem_words.store_error(error)
        if hands.outbox():
            return jsonify(ok=True, number=0, repeat=True, message=said, sheet=back.url)
        flash(said, "ok")
        return redirect(back.url)
    except store.StaleGame as error:
        fresh, typed = current(game.id), _typed_number(number)
        if clash is None or fresh.hand_count < typed:
            return refused(problem_words.store_error(error), back)
        return _clashed(fresh, reading, back, clash(fresh, typed))
    except (store.GameOver, RoundMovedOn) as error:
        return refused(problem_words.store_error(error), back)
    said = _("Hand %(number)s saved.", number=saved)
    if hands.outbox():
        if request.headers.get("X-Outbox-Flash"):
            flash(said, "ok")
        return jsonify(ok=True, number=saved, repeat=False, message=said, sheet=back.url)
    flash(said, "ok")
    return redirect(f"{back.url}#hand-{saved}")


def _typed_number(number: int) -> int:
    """Returns the hand number the posted form was opened for (the page's `number`)."""
    text = request.form.get("number", "")
    return int(text) if text.isdigit() else number


def _clashed(fresh: Game, reading: Reading, back: Back, said: str) -> ResponseReturnValue:
    """Answers a hand another phone saved first: the outbox's choice, or the form kept as typed."""
    if hands.outbox():
        return jsonify(ok=False, reason=said, errors=[], clash=True), 409
    reading.errors = {hand_form.FORM: [said]}
    return form_page(fresh, fresh.hand_count + 1, reading, fresh.version, back, 409)


def blank(game: Game, number: int, back: Back) -> tuple[str, int]:
    """Shows the form for hand `number`: blank for the next hand, filled for an earlier one."""
    return form_page(game, number, Reading(None, values(game, number)), game.version, back)


def current(game_id: str) -> Game:
    """Returns a table's game as it is now."""
    return store.get_game(get_db(), game_id)

"""Words for a hand or a new game their shapes refuse, as the engine and the web form word them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic_core import ErrorDetails

from scorekeeper.api.games import bodies
from scorekeeper.api.games.numbers import POINTS, read_number
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.api.refusals import Entry, field_path, register, unique
from scorekeeper.engine import Problem
from scorekeeper.engine.hand import MAX_ENTRY
from scorekeeper.engine.setup import MAX_START_TOTAL
from scorekeeper.language import i18n, problem_words
from scorekeeper.language.problem_words import format_problem
from scorekeeper.rules.documents import FormatError, inline_document
from scorekeeper.sentences.marked import N_

NAME_IS_TEXT = 'A name is text, like "Ann".'
SIDE_SHAPE = 'Each side is {"name": ..., "players": [...]}.'


def number_problem(
    value: Any, *, label: str, limit: int, negative: bool = False
) -> i18n.NumberProblem:
    """Returns what the web form's number reader says of a value it cannot read."""
    try:
        read_number(value, label=label, limit=limit, negative=negative)
    except i18n.NumberProblem as problem:
        return problem
    # The reader took it (a text of digits above the shape's length): say what it says of it.
    return i18n.NumberProblem("not_a_number", "Enter a whole number, like 2.")


def _hand_entry(error: ErrorDetails) -> Entry:
    """Words one refused value of a hand, as the engine or the number reader words it."""
    loc, value = error["loc"], error["input"]
    if error["type"] == "extra_forbidden" and len(loc) == 1:
        key = str(loc[0])
        return Problem(None, key, "hand_field_not_allowed", {"key": key})
    if loc[0] == "number":
        return field_error("number", "Preview hand 1 or later: a whole number.")
    if loc[0] == "lone_hand":
        return Problem(None, "lone_hand", "unknown_lone_hand", {"side": str(value)})
    if len(loc) == 1:
        return Problem(None, "hand", "hand_not_object")
    side = str(loc[1])
    if len(loc) == 2:
        return Problem(side, "hand", "entry_not_object")
    key = str(loc[2])
    if key == "went_out":
        return Problem(side, "went_out", "bad_going_out")
    if key == "special_hand":
        return Problem(side, key, "unknown_special_hand", {"hand": str(value), "hands": []})
    if key == "canastas" and len(loc) == 3:
        return Problem(side, "canastas", "canastas_not_object")
    field = field_path(loc[2:])
    words = f"{loc[3]}_canastas" if len(loc) > 3 else key
    limit = MAX_ENTRY if key in POINTS else i18n.MAX_COUNT
    label = words.replace("_", " ").capitalize()
    return field_error(field, number_problem(value, label=label, limit=limit).message, side)


def _format_entries(value: Any) -> list[Entry]:
    """Words a new game's `format` that is neither a preset id nor an inline format."""
    if isinstance(value, Mapping):
        try:
            inline_document(dict(value))
        except FormatError as error:
            return [field_error(p.field, format_problem(p)) for p in error.problems]
    return [field_error("format", N_("Choose a format from the list."))]


def _is_name(loc: Sequence[int | str]) -> bool:
    """Tells whether a new game's location is a name: sides[1].name, sides[0].players[1]."""
    return loc[2:] == ("name",) or (len(loc) == 4 and loc[2] == "players")


def _game_entries(error: ErrorDetails) -> list[Entry]:
    """Words one refused value of a new game, as the new-game form words it."""
    loc, value = error["loc"], error["input"]
    key = str(loc[0])
    if error["type"] == "extra_forbidden" and len(loc) == 1:
        return [field_error(key, f"A new game has no field {key!r}.")]
    if key == "format":
        return _format_entries(None if error["type"] == "missing" else value)
    if key == "sides" and _is_name(loc):
        return [field_error(field_path(loc), NAME_IS_TEXT)]
    messages = {
        "options": N_("Options are a list of house option ids."),
        "sides": SIDE_SHAPE,
        "first_dealer": N_("Choose who deals the first hand."),
        "start_totals": N_("Starting totals map side names to numbers."),
        "group": N_("The group is its id, as POST /api/v1/groups answered it."),
    }
    if key == "start_totals" and len(loc) == 2:
        found = number_problem(
            value, label="A starting total", limit=MAX_START_TOTAL, negative=True
        )
        multiple = problem_words.words("start_not_multiple_of_5", {})
        words = multiple if found.code == "not_a_number" else found.message
        return [field_error(field_path(loc), words)]
    return [field_error(field_path(loc), messages[key])]


def _hand(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    unknown = any(e["type"] == "extra_forbidden" and len(e["loc"]) == 1 for e in errors)
    return ApiProblem(
        422,
        N_("The body has fields a hand does not have.")
        if unknown
        else N_("The hand is not valid; nothing was saved."),
        kind="invalid-hand",
        errors=unique([_hand_entry(e) for e in errors]),
    )


def _game(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    entries = [entry for e in errors for entry in _game_entries(e)]
    return ApiProblem(
        422, N_("The game cannot start like this."), kind="invalid-game", errors=unique(entries)
    )


def _reopen(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    message = 'Send {"reopened": true} to reopen the game, or false to close it.'
    fields = [str(e["loc"][0]) for e in errors]
    unknown = sorted(f for f in fields if f != "reopened")
    field = unknown[0] if unknown else "reopened"
    return ApiProblem(400, message, kind="bad-body", errors=[field_error(field, message)])


register(bodies.HandInput, _hand)
register(bodies.PreviewInput, _hand)
register(bodies.NewGame, _game)
register(bodies.ReopenInput, _reopen)

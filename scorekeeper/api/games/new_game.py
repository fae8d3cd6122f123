"""Reads the body of POST /api/v1/games and checks it with the engine's setup rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper import engine
from scorekeeper.api.games.numbers import read_number
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.db import get_db
from scorekeeper.engine import Draft
from scorekeeper.engine.setup import MAX_START_TOTAL
from scorekeeper.language import i18n, problem_words
from scorekeeper.language.problem_words import format_problem
from scorekeeper.rules.documents import FormatError, inline_document, rules_of
from scorekeeper.rules.model import FormatChoiceError, Rules
from scorekeeper.rules.presets import load_presets, rules_for
from scorekeeper.sentences.marked import N_
from scorekeeper.store.formats.house import ID_PREFIX, HouseFormatNotFound, house_document

KEYS = ("format", "options", "sides", "first_dealer", "start_totals", "group")


def _invalid(errors: list[Any]) -> ApiProblem:
    return ApiProblem(
        422, N_("The game cannot start like this."), kind="invalid-game", errors=errors
    )


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _format(data: Mapping[str, Any]) -> tuple[Rules, dict[str, Any] | None]:
    """Returns the chosen rules (a preset, a house format by id, or an inline format), checked.

    The second value is the inline format's whole document, which the game will keep.
    """
    options = data.get("options", [])
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise _invalid([field_error("options", "Options are a list of house option ids.")])
    chosen = data.get("format")
    try:
        if isinstance(chosen, Mapping):
            document, inline_options = inline_document({"options": options, **chosen})
            return rules_of(document, inline_options), document
        if _text(chosen).startswith(ID_PREFIX):
            document = house_document(get_db(), _text(chosen), tuple(options))
            return rules_of(document, options), None
    except FormatError as error:
        raise _invalid([field_error(p.field, format_problem(p)) for p in error.problems]) from None
    except HouseFormatNotFound:
        raise _invalid([field_error("format", N_("There is no such house format."))]) from None
    preset = load_presets().get(_text(chosen))
    if preset is None:
        raise _invalid([field_error("format", N_("Choose a format from the list."))])
    try:
        return rules_for(preset.id, options), None
    except FormatChoiceError as error:
        raise _invalid([field_error("options", error.message)]) from None


def _name(value: Any, path: str, errors: list[Any]) -> str:
    """Returns a name as typed (trimmed); one that is not text is an error on its field."""
    if value is None or isinstance(value, str):
        return _text(value)
    errors.append(field_error(path, 'A name is text, like "Ann".'))
    return ""


def _sides(rules: Rules, raw: list[Any], errors: list[Any]) -> list[tuple[str, list[str]]]:
    """Returns each side's name and players as typed (trimmed); a side of the wrong shape is blank."""
    sides = []
    for i, side in enumerate(raw):
        if not isinstance(side, Mapping):
            errors.append(
                field_error(f"sides[{i}]", 'Each side is {"name": ..., "players": [...]}.')
            )
            side = {}
        name = _name(side.get("name"), f"sides[{i}].name", errors)
        players = side.get("players", [name] if rules.table.individual else [])
        players = players if isinstance(players, list) else []
        if rules.table.individual:  # the column is the player: the side's name is theirs
            sides.append((name, [name] * len(players)))
        else:
            names = [_name(p, f"sides[{i}].players[{j}]", errors) for j, p in enumerate(players)]
            sides.append((name, names))
    return sides


def _start_totals(data: Mapping[str, Any], errors: list[Any]) -> dict[str, int]:
    """Returns the starting totals read as the web form reads them; the others are marked."""
    totals = data.get("start_totals") or {}
    if not isinstance(totals, Mapping):
        errors.append(field_error("start_totals", "Starting totals map side names to numbers."))
        return {}
    numbers = {}
    for key, value in totals.items():
        try:
            numbers[str(key)] = read_number(
                value, label="A starting total", limit=MAX_START_TOTAL, negative=True
            )
        except i18n.NumberProblem as problem:
            message = problem.message
            if problem.code == "not_a_number":
                message = problem_words.words("start_not_multiple_of_5", {})
            errors.append(field_error(f"start_totals.{key}", message))
    return numbers


def read_new_game(data: Mapping[str, Any]) -> tuple[Draft, dict[str, Any] | None]:
    """Returns the game the body describes and any inline format; 422 per bad field otherwise."""
    rules, inline = _format(data)
    raw = data.get("sides")
    table = rules.table
    if not isinstance(raw, list) or not table.min_sides <= len(raw) <= table.max_sides:
        raise _invalid(engine.check_side_count(rules, len(raw) if isinstance(raw, list) else 0))
    errors: list[Any] = [
        field_error(key, f"A new game has no field {key!r}.") for key in data if key not in KEYS
    ]
    sides = _sides(rules, raw, errors)
    if "first_dealer" in data:
        dealer: str | None = _text(data["first_dealer"]) or None
    else:  # the first seat deals, as on the web form
        dealer = sides[0][1][0] if sides[0][1] else None
    totals = _start_totals(data, errors)
    draft, problems = engine.check_setup(rules, sides, dealer, totals)
    marked = {e["field"] for e in errors}  # a name that is not text is not also blank
    problems = [p for p in problems if p.field not in marked]
    if errors or problems:
        raise _invalid([*errors, *problems])
    return draft, inline

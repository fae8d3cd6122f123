"""Reads the body of POST /api/v1/games and checks it with the engine's setup rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper import engine
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.db import get_db
from scorekeeper.engine import Draft
from scorekeeper.language.problem_words import format_problem
from scorekeeper.rules.documents import FormatError, inline_document, rules_of
from scorekeeper.rules.model import FormatChoiceError, Rules
from scorekeeper.rules.presets import load_presets, rules_for
from scorekeeper.sentences.marked import N_
from scorekeeper.store.formats.house import ID_PREFIX, HouseFormatNotFound, house_document


def _invalid(errors: list[Any]) -> ApiProblem:
    return ApiProblem(
        422, N_("The game cannot start like this."), kind="invalid-game", errors=errors
    )


def _format(data: Mapping[str, Any]) -> tuple[Rules, dict[str, Any] | None]:
    """Returns the chosen rules (a preset, a house format by id, or an inline format), checked.

    The second value is the inline format's whole document, which the game will keep.
    """
    options, chosen = data.get("options", []), data["format"]
    try:
        if isinstance(chosen, Mapping):
            document, inline_options = inline_document({"options": options, **chosen})
            return rules_of(document, inline_options), document
        chosen = chosen.strip()
        if chosen.startswith(ID_PREFIX):
            document = house_document(get_db(), chosen, tuple(options))
            return rules_of(document, options), None
    except FormatError as error:
        raise _invalid([field_error(p.field, format_problem(p)) for p in error.problems]) from None
    except HouseFormatNotFound:
        raise _invalid([field_error("format", N_("There is no such house format."))]) from None
    preset = load_presets().get(chosen)
    if preset is None:
        raise _invalid([field_error("format", N_("Choose a format from the list."))])
    try:
        return rules_for(preset.id, options), None
    except FormatChoiceError as error:
        raise _invalid([field_error("options", error.message)]) from None


def _sides(rules: Rules, raw: list[Mapping[str, Any]]) -> list[tuple[str, list[str]]]:
    """Returns each side's name and players as typed (trimmed)."""
    sides = []
    for side in raw:
        name = (side["name"] or "").strip()
        if rules.table.individual:  # the column is the player: the side's name is theirs
            sides.append((name, [name] * len(side.get("players", [name]))))
        else:
            sides.append((name, [(p or "").strip() for p in side.get("players", [])]))
    return sides


def read_new_game(data: Mapping[str, Any]) -> tuple[Draft, dict[str, Any] | None]:
    """Returns the game the body describes and any inline format; 422 with every problem otherwise.

    The shape (bodies.NewGame) judged the JSON already: its types, its keys, the starting
    totals read as typed. What is left is the engine's: the format, the side count, the
    names, the dealer, and each total's own rules (a multiple of 5, a side of the game, below
    the target).
    """
    rules, inline = _format(data)
    raw = data["sides"]
    if not rules.table.min_sides <= len(raw) <= rules.table.max_sides:
        raise _invalid(engine.check_side_count(rules, len(raw)))
    sides = _sides(rules, raw)
    if "first_dealer" in data:
        dealer: str | None = (data["first_dealer"] or "").strip() or None
    else:  # the first seat deals, as on the web form
        dealer = sides[0][1][0] if sides[0][1] else None
    typed = (data.get("start_totals") or {}).items()
    totals = {side: total for side, total in typed if total != ""}  # an empty box counts 0
    draft, problems = engine.check_setup(rules, sides, dealer, totals)
    if problems:
        raise _invalid(problems)
    return draft, inline

"""Reads the body of POST /api/v1/games through the web's new-game form, so the messages match."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.db import get_db
from scorekeeper.format_documents import FormatError, inline_document, rules_of
from scorekeeper.presets import Rules, load_presets, rules_for
from scorekeeper.store.house_formats import ID_PREFIX, HouseFormatNotFound, house_document
from scorekeeper.web import game_form
from scorekeeper.web.game_form import Draft, GameForm

KEYS = ("format", "options", "sides", "first_dealer", "start_totals")
FORM_FIELD = re.compile(r"side-(\d+)-(name|start|player-(\d+))")


def _invalid(errors: list[dict[str, Any]]) -> ApiProblem:
    return ApiProblem(422, "The game cannot start like this.", kind="invalid-game", errors=errors)


def _field(name: str, sides: list[str]) -> str:
    """Returns the JSON path of a web form field, e.g. side-0-player-1 -> sides[0].players[1]."""
    found = FORM_FIELD.fullmatch(name)
    if not found:
        return "_game" if name == "_form" else name
    i, part, player = int(found.group(1)), found.group(2), found.group(3)
    if part == "start":
        return f"start_totals.{sides[i]}" if i < len(sides) else "start_totals"
    return f"sides[{i}].players[{player}]" if player is not None else f"sides[{i}].name"


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _format(data: Mapping[str, Any]) -> tuple[Rules, tuple[str, ...], dict[str, Any] | None]:
    """Returns the chosen rules, the house options and any inline document, checked."""
    options = data.get("options", [])
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise _invalid([field_error("options", "Options are a list of house option ids.")])
    chosen = data.get("format")
    try:
        if isinstance(chosen, Mapping):
            document, inline_options = inline_document({**chosen, "options": options})
            return rules_of(document, inline_options), inline_options, document
        if _text(chosen).startswith(ID_PREFIX):
            document = house_document(get_db(), _text(chosen), tuple(options))
            return rules_of(document, options), tuple(options), None
    except FormatError as error:
        raise _invalid([field_error(p.field, p.message) for p in error.problems]) from None
    except HouseFormatNotFound:
        raise _invalid([field_error("format", "There is no such house format.")]) from None
    preset = load_presets().get(_text(chosen))
    if preset is None:
        raise _invalid([field_error("format", "Choose a format from the list.")])
    try:
        rules_for(preset.id, options)
    except KeyError as error:
        raise _invalid([field_error("options", str(error.args[0]))]) from None
    return preset.rules, tuple(options), None


def _raw_form(form: GameForm, data: Mapping[str, Any], sides: list[Any]) -> dict[str, str]:
    """Returns the new-game form fields the body describes; missing pieces stay blank."""
    raw: dict[str, str] = {}
    names = []
    for i, side in enumerate(sides):
        side = side if isinstance(side, Mapping) else {}
        name = _text(side.get("name"))
        names.append(name)
        raw[f"side-{i}-name"] = name
        players = side.get("players", [name] if form.individual else [])
        players = players if isinstance(players, list) else []
        for j in range(form.players(i)):
            raw[f"side-{i}-player-{j}"] = _text(players[j]) if j < len(players) else ""
    totals = data.get("start_totals") or {}
    totals = totals if isinstance(totals, Mapping) else {}
    for i, name in enumerate(names):
        value = totals.get(name)
        raw[f"side-{i}-start"] = "" if value is None else str(value)
    dealer = _text(data.get("first_dealer"))
    seats = [seat for seat, _ in form.seats()]
    chosen = [s for s in seats if raw.get(f"side-{s.replace('-', '-player-', 1)}") == dealer]
    raw["first_dealer"] = chosen[0] if chosen else ("0-0" if "first_dealer" not in data else "")
    return raw


def _shape_errors(form: GameForm, data: Mapping[str, Any], sides: list[Any]) -> list[dict]:
    """Returns the problems the form cannot see: wrong types, player counts and unknown sides."""
    errors = [
        field_error(key, f"A new game has no field {key!r}.") for key in data if key not in KEYS
    ]
    names = []
    for i, side in enumerate(sides):
        if not isinstance(side, Mapping):
            errors.append(
                field_error(f"sides[{i}]", 'Each side is {"name": ..., "players": [...]}.')
            )
            continue
        names.append(side.get("name"))
        players = side.get("players", [side.get("name")] if form.individual else None)
        if not isinstance(players, list) or len(players) != form.players(i):
            wanted = form.players(i)
            errors.append(
                field_error(
                    f"sides[{i}].players",
                    f"This side of {form.rules.name} has {wanted} player{'s' * (wanted != 1)}.",
                )
            )
    totals = data.get("start_totals") or {}
    if not isinstance(totals, Mapping):
        errors.append(field_error("start_totals", "Starting totals map side names to numbers."))
    else:
        for key, value in totals.items():
            if key not in names:
                errors.append(field_error(f"start_totals.{key}", f"{key!r} is not a side here."))
            elif isinstance(value, bool) or not isinstance(value, int):
                errors.append(
                    field_error(
                        f"start_totals.{key}",
                        "A starting total is a whole multiple of 5, like 1250 or -120.",
                    )
                )
    return errors


def read_new_game(data: Mapping[str, Any]) -> Draft:
    """Returns the game the body describes; 422 with one entry per bad field otherwise."""
    rules, options, inline = _format(data)
    sides = data.get("sides")
    table = rules.table
    if not isinstance(sides, list) or not table.min_sides <= len(sides) <= table.max_sides:
        span = f"{table.min_sides} to {table.max_sides}"
        if table.min_sides == table.max_sides:
            span = str(table.min_sides)
        raise _invalid([field_error("sides", f"{rules.name} is played by {span} sides.")])
    form = game_form.blank(rules, len(sides))
    errors = _shape_errors(form, data, sides)
    raw = _raw_form(form, data, sides)
    form = game_form.read(rules, len(sides), raw, list(options))
    names = [_text(s.get("name")) if isinstance(s, Mapping) else "" for s in sides]
    errors += [
        field_error(_field(name, names), message)
        for name, messages in form.errors.items()
        for message in messages
    ]
    if errors:
        raise _invalid(errors)
    draft = game_form.draft(form)
    if inline is None:
        return draft
    return replace(draft, format_id=str(inline.get("base", draft.format_id)), inline=inline)

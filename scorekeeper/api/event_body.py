"""Reads a new event's JSON body: one error entry per bad field, in the reader's language."""

from __future__ import annotations

import re
from typing import Any, TypeGuard

from flask_babel import gettext

from scorekeeper.api.problems import field_error
from scorekeeper.events import (
    MOVEMENTS,
    TEMPLATES,
    ByeAward,
    VictoryTable,
    band_problems,
    template,
)
from scorekeeper.events.bounds import (
    MAX_DEALS,
    MAX_ENTRANT_NAME,
    MAX_ENTRANTS,
    MAX_EVENT_NAME,
    MAX_FORMAT_ID,
    MAX_ROUND_MINUTES,
    MAX_ROUNDS,
    table_score_ok,
)
from scorekeeper.events.seating import SEATINGS
from scorekeeper.events.standings import RANKINGS
from scorekeeper.events.victory import MAX_VP, BandProblem, bands_of
from scorekeeper.language import problem_words
from scorekeeper.store.events.event import NewEvent

FIELDS = {
    "name",
    "format",
    "options",
    "entrants",
    "movement",
    "rounds",
    "deals_per_round",
    "victory_points",
    "bye",
    "confirm",
    "seating",
    "ranking",
    "round_minutes",
    "handicap",
    "balance",
    "date",
    "group",
}
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
Errors = list[dict[str, Any]]


def _whole(value: Any, low: int, high: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _text(value: Any, most: int) -> TypeGuard[str]:
    return isinstance(value, str) and 0 < len(value.strip()) <= most


def _entrants(raw: Any, errors: Errors) -> list[tuple[str, list[str]]]:
    """Returns the entrants as (name, players), adding an entry for each bad one."""
    if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_ENTRANTS:
        message = gettext("Give 2 to %(most)s entrants.", most=MAX_ENTRANTS)
        errors.append(field_error("entrants", message))
        return []
    found, names = [], set()
    for i, entrant in enumerate(raw):
        name = entrant.get("name") if isinstance(entrant, dict) else None
        players = entrant.get("players", []) if isinstance(entrant, dict) else None
        if not _text(name, MAX_ENTRANT_NAME) or name.strip().casefold() in names:
            message = gettext(
                "Each entrant needs a name of its own, 1 to %(most)s letters.",
                most=MAX_ENTRANT_NAME,
            )
            errors.append(field_error(f"entrants[{i}].name", message))
        elif not isinstance(players, list) or not all(_text(p, MAX_ENTRANT_NAME) for p in players):
            message = gettext(
                "Players are a list of names, 1 to %(most)s letters each.", most=MAX_ENTRANT_NAME
            )
            errors.append(field_error(f"entrants[{i}].players", message))
        else:
            names.add(name.strip().casefold())
            found.append((name.strip(), [p.strip() for p in players]))
    return found


def _band_words(found: BandProblem) -> dict[str, Any]:
    message = problem_words.words(found.code, found.params)
    return field_error(f"victory_points.bands[{found.index}].{found.field}", message)


def _victory(raw: Any, errors: Errors) -> VictoryTable | None:
    """Returns the victory-point table: a template by name, or bands (none: total points)."""
    if raw is None:
        return template("canasta_3")
    # isinstance first: `{} in TEMPLATES` raises TypeError (a dict is unhashable), a 500.
    chosen = raw.get("template") if isinstance(raw, dict) and set(raw) == {"template"} else None
    if isinstance(chosen, str) and chosen in TEMPLATES:
        return template(chosen)
    bands = raw.get("bands") if isinstance(raw, dict) and set(raw) == {"bands"} else None
    if not isinstance(bands, list) or not all(isinstance(b, dict) for b in bands):
        names = ", ".join(TEMPLATES)
        message = gettext(
            'Send {"bands": [{"up_to", "winner", "loser"}, ...]} or {"template": one of %(names)s}.',
            names=names,
        )
        errors.append(field_error("victory_points", message))
        return None
    problems = band_problems(bands)
    errors += [_band_words(p) for p in problems]
    return None if problems else bands_of(bands)


def _bye(raw: Any, errors: Errors) -> ByeAward:
    if raw is None:
        return ByeAward(14, 355)
    if (
        isinstance(raw, dict)
        and set(raw) == {"victory_points", "margin"}
        and _whole(raw["victory_points"], 0, MAX_VP)
        and table_score_ok(raw["margin"])
    ):
        return ByeAward(raw["victory_points"], raw["margin"])
    message = gettext('Send the bye\'s award as {"victory_points": 14, "margin": 355}.')
    errors.append(field_error("bye", message))
    return ByeAward(14, 355)


def _naming(body: dict[str, Any], errors: Errors) -> tuple[Any, Any, Any]:
    """Returns the body's name, format and options as sent, adding an entry for each bad one."""
    name, format_id = body.get("name"), body.get("format")
    if not _text(name, MAX_EVENT_NAME):
        message = gettext("Give the event a name of 1 to %(most)s letters.", most=MAX_EVENT_NAME)
        errors.append(field_error("name", message))
    if not _text(format_id, MAX_FORMAT_ID):
        errors.append(field_error("format", gettext("Name the format, e.g. classic.")))
    options = body.get("options", [])
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        errors.append(field_error("options", gettext("Options are a list of house option ids.")))
    return name, format_id, options


def _schedule(body: dict[str, Any], errors: Errors) -> tuple[Any, Any, Any]:
    """Returns the body's movement, rounds and deals a round as sent, an entry for each bad one."""
    movement = body.get("movement", "round_robin")
    if movement not in MOVEMENTS:
        message = gettext("Choose a movement: %(names)s.", names=", ".join(MOVEMENTS))
        errors.append(field_error("movement", message))
    rounds, deals = body.get("rounds"), body.get("deals_per_round")
    if not _whole(rounds, 1, MAX_ROUNDS):
        message = gettext("Give 1 to %(most)s rounds.", most=MAX_ROUNDS)
        errors.append(field_error("rounds", message))
    if not _whole(deals, 1, MAX_DEALS):
        message = gettext("Give 1 to %(most)s deals a round.", most=MAX_DEALS)
        errors.append(field_error("deals_per_round", message))
    return movement, rounds, deals


def _confirm_and_day(body: dict[str, Any], errors: Errors) -> tuple[Any, Any]:
    """Returns the body's confirm flag and date as sent, adding an entry for each bad one."""
    confirm, day = body.get("confirm", False), body.get("date", "")
    if not isinstance(confirm, bool):
        errors.append(field_error("confirm", gettext("Send true or false.")))
    if not isinstance(day, str) or (day and not DATE.fullmatch(day)):
        errors.append(field_error("date", gettext("Dates are YYYY-MM-DD.")))
    return confirm, day


def _club_night(body: dict[str, Any], errors: Errors) -> tuple[Any, Any, Any]:
    """Returns the body's seating, ranking and round minutes, an entry for each bad one."""
    seating, ranking = body.get("seating", "sit_out"), body.get("ranking", "total")
    minutes = body.get("round_minutes", 0)
    if seating not in SEATINGS:
        message = gettext("Choose a seating: %(names)s.", names=", ".join(SEATINGS))
        errors.append(field_error("seating", message))
    if ranking not in RANKINGS:
        message = gettext("Choose a ranking: %(names)s.", names=", ".join(RANKINGS))
        errors.append(field_error("ranking", message))
    if not _whole(minutes, 0, MAX_ROUND_MINUTES):
        message = gettext("Give 0 to %(most)s minutes a round.", most=MAX_ROUND_MINUTES)
        errors.append(field_error("round_minutes", message))
    return seating, ranking, minutes


def _ratings_options(body: dict[str, Any], errors: Errors) -> tuple[bool, bool]:
    """Returns the body's handicap and balance flags (default false), an entry for a bad one."""
    found = []
    for key in ("handicap", "balance"):
        value = body.get(key, False)
        if not isinstance(value, bool):
            errors.append(field_error(key, gettext("Send true or false.")))
        found.append(value is True)
    return found[0], found[1]


def read_new_event(body: dict[str, Any]) -> tuple[NewEvent | None, Errors]:
    """Returns the new event of a request body, or None and one entry per bad field."""
    errors: Errors = [
        field_error(key, gettext("A new event has no field %(key)r.", key=key))
        for key in sorted(set(body) - FIELDS)
    ]
    name, format_id, options = _naming(body, errors)
    entrants = _entrants(body.get("entrants"), errors)
    movement, rounds, deals = _schedule(body, errors)
    table = _victory(body.get("victory_points"), errors)
    bye = _bye(body.get("bye"), errors)
    confirm, day = _confirm_and_day(body, errors)
    seating, ranking, minutes = _club_night(body, errors)
    handicap, balance = _ratings_options(body, errors)
    if errors or table is None:
        return None, errors
    # Checked above (no error means each is what its test says); the casts tell the checker.
    assert isinstance(name, str) and isinstance(format_id, str)
    assert isinstance(rounds, int) and isinstance(deals, int)
    new = NewEvent(
        name=name.strip(),
        format=format_id,
        entrants=entrants,
        movement=movement,
        rounds=rounds,
        deals_per_round=deals,
        table=table,
        options=tuple(options),
        day=day,
        bye=bye,
        confirm=confirm,
        seating=seating,
        ranking=ranking,
        round_minutes=minutes,
        handicap=handicap,
        balance=balance,
    )
    return new, []

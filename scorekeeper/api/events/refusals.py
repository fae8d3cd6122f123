"""Words for a club-night body its shape refuses: the problem documents docs/events.md shows."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask_babel import gettext
from pydantic_core import ErrorDetails

from scorekeeper.api.events import bodies as bodies_events
from scorekeeper.api.events.new_event import INVALID, band_entries, judged
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.api.refusals import register
from scorekeeper.engine.names import name_problem
from scorekeeper.events import MOVEMENTS, TEMPLATES
from scorekeeper.events.bounds import (
    MAX_DEALS,
    MAX_ENTRANT_NAME,
    MAX_ENTRANTS,
    MAX_EVENT_NAME,
    MAX_ROUND_MINUTES,
    MAX_ROUNDS,
)
from scorekeeper.events.seating import SEATINGS
from scorekeeper.events.standings import RANKINGS
from scorekeeper.events.victory import MAX_VP
from scorekeeper.language import problem_words
from scorekeeper.sentences.marked import N_

RESULT = N_(
    'Send {"scores": [north-south, east-west]} (a third score at a table of three), '
    '{"scores": null} or {"no_play": true|false}.'
)
GROUP = N_("The group is its id, as POST /api/v1/groups answered it.")
ENTRANT = N_('Send {"name": "...", "players": ["...", "..."]}.')
YES_NO = N_("Send true or false.")
# Each field of a new event as it is worded when refused (the order of the entries, too).
WORDS: dict[str, Callable[[], str]] = {
    "name": lambda: gettext("Give the event a name of 1 to %(most)s letters.", most=MAX_EVENT_NAME),
    "format": lambda: N_("Name the format, e.g. classic."),
    "options": lambda: N_("Options are a list of house option ids."),
    "entrants": lambda: gettext("Give 2 to %(most)s entrants.", most=MAX_ENTRANTS),
    "movement": lambda: gettext("Choose a movement: %(names)s.", names=", ".join(MOVEMENTS)),
    "rounds": lambda: gettext("Give 1 to %(most)s rounds.", most=MAX_ROUNDS),
    "deals_per_round": lambda: gettext("Give 1 to %(most)s deals a round.", most=MAX_DEALS),
    "victory_points": lambda: gettext(
        'Send {"bands": [{"up_to", "winner", "loser"}, ...]} or {"template": one of %(names)s}.',
        names=", ".join(TEMPLATES),
    ),
    "bye": lambda: gettext('Send the bye\'s award as {"victory_points": 14, "margin": 355}.'),
    "confirm": lambda: YES_NO,
    "date": lambda: N_("Dates are YYYY-MM-DD."),
    "seating": lambda: gettext("Choose a seating: %(names)s.", names=", ".join(SEATINGS)),
    "ranking": lambda: gettext("Choose a ranking: %(names)s.", names=", ".join(RANKINGS)),
    "round_minutes": lambda: gettext("Give 0 to %(most)s minutes a round.", most=MAX_ROUND_MINUTES),
    "handicap": lambda: YES_NO,
    "balance": lambda: YES_NO,
    "group": lambda: GROUP,
}
ORDER = list(WORDS)
ENTRANT_INDEX = re.compile(r"entrants\[(\d+)\]")


def _name_words(value: Any, fallback: str) -> str:
    """Words a refused name: the character no name holds (a tab), as the engine says it, or
    else `fallback`, which names the bound."""
    if isinstance(value, str):
        # Wrapped and unbounded, the rule finds only what the name holds, not its length.
        found = name_problem(f"x{value}x", len(value) + 2)
        if found is not None:
            return problem_words.words(found, {})
    return fallback


def _entrant_words() -> str:
    return gettext(
        "Each entrant needs a name of its own, 1 to %(most)s letters.", most=MAX_ENTRANT_NAME
    )


def _players_words() -> str:
    return gettext(
        "Players are a list of names, 1 to %(most)s letters each.", most=MAX_ENTRANT_NAME
    )


def _player(entrant: Any, loc: tuple[int | str, ...]) -> Any:
    """Returns the player a refusal's location names (entrant, "players", j), if it is one."""
    players = entrant.get("players") if isinstance(entrant, dict) else None
    j = loc[-1]
    return (
        players[j]
        if isinstance(players, list) and isinstance(j, int) and j < len(players)
        else None
    )


def _entrant_entries(locations: Sequence[tuple[int | str, ...]], raw: Any) -> list[dict[str, Any]]:
    """Words the entrants refused: their number, else each entrant's name, else its players."""
    if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_ENTRANTS:
        return [field_error("entrants", WORDS["entrants"]())]
    bad_names = {loc[1] for loc in locations if loc[2:3] != ("players",)}
    entries = []
    for i in sorted({loc[1] for loc in locations if len(loc) > 1}, key=int):
        entrant = raw[int(i)]
        if i in bad_names:  # the name, or an entrant that is no object
            name = entrant.get("name") if isinstance(entrant, dict) else None
            entries.append(field_error(f"entrants[{i}].name", _name_words(name, _entrant_words())))
        else:
            player = next(_player(entrant, loc) for loc in locations if loc[1:2] == (i,))
            message = _name_words(player, _players_words())
            entries.append(field_error(f"entrants[{i}].players", message))
    return entries


def _field_entries(key: str, errors: Sequence[ErrorDetails], data: Any) -> list[dict[str, Any]]:
    """Words one refused top-level field of a new event."""
    if key not in WORDS:
        return [field_error(key, gettext("A new event has no field %(key)r.", key=key))]
    if key == "entrants":
        locations = [tuple(e["loc"]) for e in errors if e["loc"][:1] == (key,)]
        return _entrant_entries(locations, data)
    if key == "victory_points":  # bands the shape refused, worded by the bands' own rules
        return band_entries(data) or [field_error(key, WORDS[key]())]
    if key == "name":
        return [field_error(key, _name_words(data, WORDS[key]()))]
    return [field_error(key, WORDS[key]())]


def _rank(field: str) -> tuple[int, str, int]:
    """Unknown fields first, by name; then the fields in the order a new event lists them."""
    key = field.split(".")[0].split("[")[0]
    index = ENTRANT_INDEX.match(field)
    place = int(index[1]) if index else 0  # entrants in their order
    return (ORDER.index(key), "", place) if key in WORDS else (-1, key, place)


def _new_event(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    """Words each field the shape refused once, and the rules the fields it took break."""
    keys = sorted({str(e["loc"][0]) for e in errors if e["loc"]}, key=_rank)
    entries = [entry for key in keys for entry in _field_entries(key, errors, data.get(key))]
    entries += judged(data)
    entries.sort(key=lambda entry: _rank(entry["field"]))
    unique = list({(e["field"], e["message"]): e for e in entries}.values())
    # A bad group alone is refused as the view refuses it: the group's words as the detail.
    detail = GROUP if [e["field"] for e in unique] == ["group"] else INVALID
    return ApiProblem(422, detail, kind="invalid-event", errors=unique)


def _correction(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    """One entry: the whole document when a key is not scores or no_play, else the bad key."""
    keys = [str(e["loc"][0]) if e["loc"] else "document" for e in errors]
    unknown = any(e["type"] == "extra_forbidden" for e in errors)
    field = "document" if unknown or not keys else keys[0]
    return ApiProblem(422, RESULT, kind="invalid-result", errors=[field_error(field, RESULT)])


def _late_entrant(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    """Words a late entrant's name and players as a new event's; anything else as the body."""
    entries = []
    for error in errors:
        loc = tuple(error["loc"])
        if loc == ("name",):
            entries.append(field_error("name", _name_words(data.get("name"), _entrant_words())))
        elif loc[:1] == ("players",):
            message = _name_words(_player(data, loc), _players_words())
            entries.append(field_error("players", message))
        else:
            entries.append(field_error(str(loc[0]) if loc else "name", ENTRANT))
    unique = list({(e["field"], e["message"]): e for e in entries}.values())
    return ApiProblem(422, unique[0]["message"], kind="invalid-event", errors=unique)


def _store_words(field: str, code: str, params: Mapping[str, Any]) -> ApiProblem:
    """The 422 the store gives the same field, worded from its code: detail and message alike."""
    message = problem_words.words(code, params)
    return ApiProblem(422, message, kind="invalid-event", errors=[field_error(field, message)])


def _timer(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    return _store_words("round_minutes", "round_minutes", {"most": MAX_ROUND_MINUTES})


def _adjustment(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    """A kind that is none of the four first, else the award's bounds, as the store says them."""
    fields = [str(e["loc"][0]) if e["loc"] else "kind" for e in errors]
    if "kind" in fields:
        return _store_words("kind", "adjust_kind", {})
    return _store_words(fields[0], "adjust_award", {"most": MAX_VP})


register(bodies_events.NewEvent, _new_event)
register(bodies_events.TableCorrection, _correction)
register(bodies_events.LateEntrant, _late_entrant)
register(bodies_events.RoundTimer, _timer)
register(bodies_events.Adjustment, _adjustment)

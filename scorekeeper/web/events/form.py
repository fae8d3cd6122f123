"""The new-event form: reads what the director typed, keeps it, and names each bad field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from flask_babel import gettext as _

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
from scorekeeper.store.events.event import NewEvent
from scorekeeper.web.events import bands as event_bands

FIELDS = (
    "name",
    "format",
    "group",
    "movement",
    "rounds",
    "deals_per_round",
    "victory_points",
    "entrants",
    "seating",
    "ranking",
    "round_minutes",
)


@dataclass
class Typed:
    """The form as typed, with a message per bad field."""

    values: dict[str, str]
    errors: dict[str, str] = field(default_factory=dict)
    picked: list[str] = field(default_factory=list)  # ids of the group's players ticked


def picked_entrants(names: Sequence[str], individual: bool) -> list[tuple[str, list[str]]] | None:
    """Returns the entrants made of picked players: one each, or two by two in the order shown.

    None when a pairs event is given an odd number of players (one would have no partner).
    """
    if individual:
        return [(name, []) for name in names]
    if len(names) % 2:
        return None
    return [(f"{a} & {b}", [a, b]) for a, b in zip(names[::2], names[1::2], strict=True)]


def entrant_lines(text: str) -> list[tuple[str, list[str]]]:
    """Returns the entrants of the textarea: one a line, "Name: Player, Player" (players optional)."""
    found = []
    for line in text.splitlines():
        name, _sep, players = line.partition(":")
        if name.strip():
            found.append((name.strip(), [p.strip() for p in players.split(",") if p.strip()]))
    return found


def _whole(text: str, low: int, high: int) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and low <= int(text) <= high else None


def _check_name_and_movement(v: Mapping[str, str], errors: dict[str, str]) -> None:
    """Adds a message for a name that is empty or too long, and for no known movement."""
    if not 0 < len(v["name"]) <= MAX_EVENT_NAME:
        errors["name"] = _("Give the event a name of 1 to %(most)s letters.", most=MAX_EVENT_NAME)
    if v["movement"] not in MOVEMENTS:
        errors["movement"] = _("Choose a movement.")


def _counts(v: Mapping[str, str], errors: dict[str, str]) -> tuple[int | None, int | None]:
    """Returns the rounds and the deals a round, None (with its message) where out of range."""
    rounds, deals = _whole(v["rounds"], 1, MAX_ROUNDS), _whole(v["deals_per_round"], 1, MAX_DEALS)
    if rounds is None:
        errors["rounds"] = _("Give 1 to %(most)s rounds.", most=MAX_ROUNDS)
    if deals is None:
        errors["deals_per_round"] = _("Give 1 to %(most)s deals a round.", most=MAX_DEALS)
    return rounds, deals


def _named_twice(entrants: Sequence[tuple[str, list[str]]]) -> str | None:
    """Returns the first entrant's name given again (any case), as typed the second time."""
    seen: set[str] = set()
    for name, _players in entrants:
        if name.casefold() in seen:
            return name
        seen.add(name.casefold())
    return None


def _entrants(
    v: Mapping[str, str], picked: Sequence[str], errors: dict[str, str]
) -> list[tuple[str, list[str]]]:
    """Returns the typed entrants then the picked ones, adding a message if they do not do."""
    from_group = picked_entrants(picked, v["movement"] == "individual")
    entrants = entrant_lines(v["entrants"]) + (from_group or [])
    twice = _named_twice(entrants)
    if from_group is None:
        errors["entrants"] = _("Pick an even number of players: they pair up in the order shown.")
    elif not 2 <= len(entrants) <= MAX_ENTRANTS:
        errors["entrants"] = _(
            "Give 2 to %(most)s entrants, one a line, each with a name of its own.",
            most=MAX_ENTRANTS,
        )
    elif twice:
        errors["entrants"] = _(
            "“%(name)s” is given twice: each entrant needs a name of its own.", name=twice
        )
    elif any(
        len(n) > MAX_ENTRANT_NAME or any(len(p) > MAX_ENTRANT_NAME for p in ps)
        for n, ps in entrants
    ):
        errors["entrants"] = _("Names are 1 to %(most)s letters.", most=MAX_ENTRANT_NAME)
    return entrants


def _night(v: Mapping[str, str], errors: dict[str, str]) -> int | None:
    """Checks the seating and ranking chosen; returns the round's minutes (blank: no timer)."""
    if v["seating"] not in SEATINGS:
        errors["seating"] = _("Choose how the players left over sit.")
    if v["ranking"] not in RANKINGS:
        errors["ranking"] = _("Choose how the standings rank.")
    minutes = _whole(v["round_minutes"] or "0", 0, MAX_ROUND_MINUTES)
    if minutes is None:
        errors["round_minutes"] = _("Give 0 to %(most)s minutes a round.", most=MAX_ROUND_MINUTES)
    return minutes


def read(form: Mapping[str, str], picked: Sequence[str] = ()) -> tuple[NewEvent | None, Typed]:
    """Returns the new event, or None with the typed values and a message beside each field.

    `picked` are the names of the group's players ticked; they join the typed entrants.
    """
    keys = (*FIELDS, "confirm", "handicap", "balance", *event_bands.names())
    typed = Typed({k: form.get(k, "").strip()[:4000] for k in keys})
    v, errors = typed.values, typed.errors
    # A form from before these fields (a page left open) means the defaults.
    v["seating"], v["ranking"] = v["seating"] or "sit_out", v["ranking"] or "total"
    _check_name_and_movement(v, errors)
    rounds, deals = _counts(v, errors)
    table = None
    if v["victory_points"] not in TEMPLATES:
        errors["victory_points"] = _("Choose how a table's result scores.")
    else:
        table = event_bands.read(v, errors)
    bye = event_bands.bye(v, errors)
    entrants = _entrants(v, picked, errors)
    minutes = _night(v, errors)
    if errors or rounds is None or deals is None or minutes is None or table is None or bye is None:
        return None, typed
    new = NewEvent(
        name=v["name"],
        format=v["format"],
        entrants=entrants,
        movement=v["movement"],
        rounds=rounds,
        deals_per_round=deals,
        table=table,
        bye=bye,
        confirm=v["confirm"] == "on",
        group=v["group"] or None,
        seating=v["seating"],
        ranking=v["ranking"],
        round_minutes=minutes,
        handicap=v["handicap"] == "on",
        balance=v["balance"] == "on",
    )
    return new, typed

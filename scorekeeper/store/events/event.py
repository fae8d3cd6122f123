"""Club nights in the database: events, their entrants, director and screen tokens."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from scorekeeper.basics.days import real_day
from scorekeeper.events import MOVEMENTS, ByeAward, VictoryTable, max_rounds
from scorekeeper.events.bounds import MAX_EVENT_NAME, MAX_ROUNDS, event_name_problems
from scorekeeper.events.seating import seating_problems
from scorekeeper.events.victory import Band
from scorekeeper.rules.documents import FormatError, rules_of
from scorekeeper.rules.model import Rules
from scorekeeper.store import cache
from scorekeeper.store.connection import read, rows, write
from scorekeeper.store.events.errors import EventClosed as EventClosed
from scorekeeper.store.events.errors import EventNotFound as EventNotFound
from scorekeeper.store.events.errors import EventProblem as EventProblem
from scorekeeper.store.events.errors import InvalidEvent as InvalidEvent
from scorekeeper.store.events.names import entrant_problems
from scorekeeper.store.formats.house import HouseFormatNotFound, rules_source
from scorekeeper.store.stamps import new_token, now


@dataclass(frozen=True)
class Entrant:
    """A pair (or, in an individual event, a player) of the event."""

    position: int  # its id everywhere, from the store through the standings to every edge
    name: str
    players: tuple[str, ...]
    from_round: int = 1
    withdrawn_after: int | None = None

    def plays(self, round_number: int) -> bool:
        """Tells whether the entrant is in the event for this round."""
        gone = self.withdrawn_after is not None and round_number > self.withdrawn_after
        return self.from_round <= round_number and not gone


@dataclass(frozen=True)
class Event:
    """A club night: its rules, movement, scoring and entrants."""

    id: str
    name: str
    day: str
    format: str
    options: tuple[str, ...]
    document: Mapping[str, Any]  # each table game's frozen rules, with the deal limit
    movement: str
    rounds: int
    deals_per_round: int
    table: VictoryTable
    bye: ByeAward
    confirm: bool
    group: str | None
    director_token: str
    view_token: str
    closed: bool
    entrants: tuple[Entrant, ...]
    started: int  # rounds started so far
    version: int = 0  # moved by SQL triggers with anything the standings show (0009)
    seating: str = "sit_out"  # an individual event's rest: "sit_out" or "five_six" (seating.py)
    ranking: str = "total"  # "total" VP, or "average" VP per table played
    round_minutes: int = 0  # the big screen's round timer; 0: none
    round_started_at: str | None = None  # when the last round started (UTC, ISO)
    handicap: bool = False  # a handicap ranking beside the scratch one (docs/ratings.md)
    balance: bool = False  # an individual event's partnerships balanced by rating

    @property
    def individual(self) -> bool:
        """Tells whether entrants are single players whose partners rotate."""
        return self.movement == "individual"


@dataclass(frozen=True)
class NewEvent:
    """A new event as read from a form or the API, before the store checks it."""

    name: str
    format: str
    entrants: Sequence[tuple[str, Sequence[str]]]
    movement: str
    rounds: int
    deals_per_round: int
    table: VictoryTable
    options: Sequence[str] = ()
    day: str = ""
    bye: ByeAward = ByeAward(14, 355)
    confirm: bool = False
    group: str | None = None
    seating: str = "sit_out"
    ranking: str = "total"
    round_minutes: int = 0
    handicap: bool = False
    balance: bool = False


def table_document(
    db: Database, format_id: str, options: Sequence[str], deals: int
) -> dict[str, Any]:
    """Returns the format's document with its end set to `deals` deals: each table's rules."""
    try:
        document = dict(rules_source(db, format_id, tuple(options), None).document)
    except FormatError as error:
        found = error.problems[0]
        field = "options" if found.field == "options" else "format"  # which one to change
        raise InvalidEvent([EventProblem(field, "bad_format", {"problem": found})]) from error
    except HouseFormatNotFound as error:
        raise InvalidEvent([EventProblem("format", "no_house_format")]) from error
    ending = {k: v for k, v in dict(document.get("ending", {})).items() if k != "target"}
    document["ending"] = {**ending, "deals": deals}
    return document


def _check(new: NewEvent, rules: Rules) -> list[EventProblem]:
    """Returns every problem of a new event the store can see (the format's table, counts)."""
    if len(rules.table.players_per_side) != 2 or rules.table.partnership != "fixed":
        return [EventProblem("format", "two_sides")]
    return [
        *[EventProblem("name", c, p) for c, p in event_name_problems(new.name, MAX_EVENT_NAME)],
        *_movement_problems(new, rules),
        *_entrants_problems(new, rules),
        *_rounds_problems(new),
        *_deals_problems(new, rules),
        *_day_problems(new),
    ]


def _day_problems(new: NewEvent) -> list[EventProblem]:
    """Returns the problem of a date the calendar does not have: every page and paper prints it."""
    return [] if not new.day or real_day(new.day) else [EventProblem("date", "event_date")]


def _movement_problems(new: NewEvent, rules: Rules) -> list[EventProblem]:
    """Returns the problem of an individual event not played in pairs, or seated as it cannot."""
    if new.movement == "individual" and rules.table.players_per_side[0] != 2:
        return [EventProblem("movement", "individual_pairs")]
    found = seating_problems(new.movement, new.seating, new.entrants)
    return [EventProblem("seating", code, params) for code, params in found]


def _entrants_problems(new: NewEvent, rules: Rules) -> list[EventProblem]:
    """Returns the problems of the entrants' names and players (the judge of store.events.names)."""
    individual = new.movement == "individual"
    wanted = 1 if individual else rules.table.players_per_side[0]
    return entrant_problems(new.entrants, wanted, individual)


def _rounds_problems(new: NewEvent) -> list[EventProblem]:
    """Returns the problem of more rounds than the movement can draw for these entrants."""
    count = len(new.entrants)
    if not 1 <= new.rounds <= MAX_ROUNDS:  # the one bound, whichever edge sent it
        return [EventProblem("rounds", "too_many_rounds", {"most": MAX_ROUNDS})]
    if new.movement not in MOVEMENTS or count < 2 or new.movement == "danish":
        return []
    most = max_rounds(new.movement, count)
    return [EventProblem("rounds", "too_many_rounds", {"most": most})] if new.rounds > most else []


def _deals_problems(new: NewEvent, rules: Rules) -> list[EventProblem]:
    """Returns the problem of more deals a round than a format opening by deal has tiers for."""
    if rules.opening.by == "deal" and len(rules.opening.tiers) < new.deals_per_round:
        most = len(rules.opening.tiers)
        return [EventProblem("deals_per_round", "too_many_deals", {"most": most})]
    return []


def create_event(db: Database, new: NewEvent) -> Event:
    """Saves a new event with its entrants and tokens, in one transaction; InvalidEvent if wrong."""
    document = table_document(db, new.format, new.options, new.deals_per_round)
    try:
        rules = rules_of(document, new.options)
    except FormatError as error:
        raise InvalidEvent(
            [EventProblem("deals_per_round", "bad_format", {"problem": error.problems[0]})]
        ) from error
    problems = _check(new, rules)
    if problems:
        raise InvalidEvent(problems)
    event_id, stamp = new_token(), now()
    with write(db):
        db.table("events").insert(
            {
                "id": event_id,
                "name": new.name,
                "day": new.day or stamp[:10],
                "format": new.format,
                "options": json.dumps(list(new.options)),
                "document": json.dumps(document),
                "movement": new.movement,
                "rounds": new.rounds,
                "deals_per_round": new.deals_per_round,
                "bands": json.dumps([vars(b) for b in new.table.bands]),
                "bye_vp": new.bye.victory_points,
                "bye_margin": new.bye.margin,
                "confirm": int(new.confirm),
                "group_id": new.group,
                "seating": new.seating,
                "ranking": new.ranking,
                "round_minutes": new.round_minutes,
                "handicap": int(new.handicap),
                "balance": int(new.balance),
                "director_token": new_token(),
                "view_token": new_token(),
                "created_at": stamp,
            }
        )
        db.table("event_entrants").insert_all(
            {
                "event_id": event_id,
                "position": i,
                "name": name,
                "players": json.dumps(list(players or [name])),
            }
            for i, (name, players) in enumerate(new.entrants)
        )
        return get_event(db, event_id)


def get_event(db: Database, event_id: str) -> Event:
    """Returns the event with its entrants; EventNotFound when unknown."""
    found = db.execute(
        "SELECT version, shape_version FROM events WHERE id = ?", [event_id]
    ).fetchone()
    if found is None:
        raise EventNotFound()
    key = cache.key(db, event_id)
    if key is None:
        return _load(db, event_id)
    # Kept by its shape (store/cache.py): hands played leave it; its `version` is today's.
    kept: Event = cache.events.through((*key, "event", found[1]), lambda: _load(db, event_id))
    return kept if kept.version == found[0] else dataclasses.replace(kept, version=found[0])


def _load(db: Database, event_id: str) -> Event:
    with read(db):
        found = rows(db, "SELECT * FROM events WHERE id = ?", [event_id])
        if not found:
            raise EventNotFound()
        row = found[0]
        entrants = tuple(
            Entrant(
                e["position"],
                e["name"],
                tuple(json.loads(e["players"])),
                e["from_round"],
                e["withdrawn_after"],
            )
            for e in db.query(
                "SELECT * FROM event_entrants WHERE event_id = ? ORDER BY position", [event_id]
            )
        )
        started, byes = db.execute(
            "SELECT (SELECT max(round) FROM event_tables WHERE event_id = ?1), "
            "(SELECT max(round) FROM event_byes WHERE event_id = ?1)",
            [event_id],
        ).fetchone()
    return Event(
        id=row["id"],
        name=row["name"],
        day=row["day"],
        format=row["format"],
        options=tuple(json.loads(row["options"])),
        document=json.loads(row["document"]),
        movement=row["movement"],
        rounds=row["rounds"],
        deals_per_round=row["deals_per_round"],
        table=VictoryTable(tuple(Band(**b) for b in json.loads(row["bands"]))),
        bye=ByeAward(row["bye_vp"], row["bye_margin"]),
        confirm=bool(row["confirm"]),
        group=row["group_id"],
        director_token=row["director_token"],
        view_token=row["view_token"],
        closed=row["closed_at"] is not None,
        entrants=entrants,
        started=max(started or 0, byes or 0),
        version=row["version"],
        seating=row["seating"],
        ranking=row["ranking"],
        round_minutes=row["round_minutes"],
        round_started_at=row["round_started_at"],
        handicap=bool(row["handicap"]),
        balance=bool(row["balance"]),
    )


def version(db: Database, event_id: str) -> int:
    """Returns the event's version: it moves with any change its standings or tables show."""
    found = db.execute("SELECT version FROM events WHERE id = ?", [event_id]).fetchone()
    if found is None:
        raise EventNotFound()
    return int(found[0])


def token_role(db: Database, event_id: str, token: str) -> str:
    """Returns "director" or "view" for one of the event's tokens; EventNotFound otherwise."""
    found = db.execute(
        "SELECT CASE ?2 WHEN director_token THEN 'director' ELSE 'view' END FROM events "
        "WHERE id = ?1 AND (director_token = ?2 OR view_token = ?2)",
        [event_id, token],
    ).fetchone()
    if found is None:
        raise EventNotFound()
    return str(found[0])


def close_event(db: Database, event_id: str) -> None:
    """Closes the event: no more rounds start; the standings stay as they are."""
    with write(db):
        db.execute(
            "UPDATE events SET closed_at = coalesce(closed_at, ?) WHERE id = ?", [now(), event_id]
        )


def reopen_event(db: Database, event_id: str) -> None:
    """Reopens a closed event: its tables, hands and rounds may change again."""
    with write(db):
        db.execute("UPDATE events SET closed_at = NULL WHERE id = ?", [event_id])


def by_token(db: Database, token: str, role: str) -> Event:
    """Returns the event whose director (role "director") or screen token this is."""
    column = "director_token" if role == "director" else "view_token"
    found = db.execute(f"SELECT id FROM events WHERE {column} = ?", [token]).fetchone()
    if found is None:
        raise EventNotFound()
    return get_event(db, found[0])

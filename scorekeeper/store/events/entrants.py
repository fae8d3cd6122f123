"""An event's entrants on the night: a late arrival, a withdrawal."""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlite_utils import Database

from scorekeeper.rules.documents import rules_of
from scorekeeper.store.connection import write
from scorekeeper.store.events.event import Entrant, Event, EventProblem, InvalidEvent, get_event
from scorekeeper.store.events.names import entrant_problems


def late_problems(event: Event, name: str, players: Sequence[str]) -> list[EventProblem]:
    """Returns what is wrong with a late arrival, by the judge a new event's entrants pass.

    Its fields are the late entrant's own (`name`, `players[1]`), not the event's list.
    """
    wanted = (
        1 if event.individual else rules_of(event.document, event.options).table.players_per_side[0]
    )
    entrants = [*((e.name, e.players) for e in event.entrants), (name, players)]
    prefix = f"entrants[{len(event.entrants)}]."
    return [
        EventProblem(p.field.removeprefix(prefix), p.code, p.params)
        for p in entrant_problems(entrants, wanted, event.individual, len(event.entrants))
    ]


def add_entrant(db: Database, event_id: str, name: str, players: Sequence[str]) -> Entrant:
    """Adds a late arrival, who plays from the next round on; InvalidEvent naming each bad field."""
    event = get_event(db, event_id)
    problems = late_problems(event, name, players)
    if problems:
        raise InvalidEvent(problems)
    position = len(event.entrants)
    with write(db):
        db.table("event_entrants").insert(
            {
                "event_id": event_id,
                "position": position,
                "name": name,
                "players": json.dumps(list(players or [name])),
                "from_round": event.started + 1,
            }
        )
    return get_event(db, event_id).entrants[position]


def withdraw(db: Database, event_id: str, position: int) -> None:
    """Withdraws an entrant after the rounds started so far; what they played still counts."""
    event = get_event(db, event_id)
    with write(db):
        db.execute(
            "UPDATE event_entrants SET withdrawn_after = ? WHERE event_id = ? AND position = ? AND withdrawn_after IS NULL",
            [event.started, event_id, position],
        )

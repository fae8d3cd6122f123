"""An event's entrants on the night: a late arrival, a withdrawal."""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlite_utils import Database

from scorekeeper.events.bounds import MAX_ENTRANT_NAME
from scorekeeper.store.connection import write
from scorekeeper.store.events.event import Entrant, EventProblem, InvalidEvent, get_event


def add_entrant(db: Database, event_id: str, name: str, players: Sequence[str]) -> Entrant:
    """Adds a late arrival, who plays from the next round on."""
    event = get_event(db, event_id)
    taken = {p.casefold() for e in event.entrants for p in e.players} | {
        e.name.casefold() for e in event.entrants
    }
    if (
        not name.strip()
        or len(name) > MAX_ENTRANT_NAME
        or name.casefold() in taken
        or any(p.casefold() in taken for p in players)
    ):
        raise InvalidEvent([EventProblem("name", "entrant_taken")])
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

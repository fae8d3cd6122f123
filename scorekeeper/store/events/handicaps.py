"""An event's handicap ranking: its tables recounted with each entrant's frozen handicap."""

from __future__ import annotations

from sqlite_utils import Database

from scorekeeper.ratings.handicap import HandicapLine, handicap_ranking
from scorekeeper.store import cache
from scorekeeper.store.connection import read
from scorekeeper.store.events.event import get_event
from scorekeeper.store.events.ratings import frozen_handicaps
from scorekeeper.store.events.rounds import results


def ranking(db: Database, event_id: str) -> tuple[HandicapLine, ...]:
    """Returns the event's handicap ranking, first place first, from its tables as they are
    now and the handicaps frozen when each entrant's first round started."""
    event = get_event(db, event_id)

    def count() -> tuple[HandicapLine, ...]:
        with read(db):
            found = results(db, event)
            kept = frozen_handicaps(db, event.id)
        keys = [e.position for e in event.entrants]
        return handicap_ranking(event.id, keys, found, event.table, event.bye, event.ranking, kept)

    key = cache.key(db, event.id)
    return cache.events.through((*key, "handicaps", event.version), count) if key else count()

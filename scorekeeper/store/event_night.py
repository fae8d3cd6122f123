"""The director's settings on the night: the round timer (and what the big screen shows of it)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlite_utils import Database

from scorekeeper.store.connection import write
from scorekeeper.store.events import MAX_ROUND_MINUTES, Event, EventProblem, InvalidEvent


def set_round_minutes(db: Database, event_id: str, minutes: int) -> None:
    """Sets the minutes a round lasts on the big screen's timer (0: no timer)."""
    if not 0 <= minutes <= MAX_ROUND_MINUTES:
        raise InvalidEvent(
            [EventProblem("round_minutes", "round_minutes", {"most": MAX_ROUND_MINUTES})]
        )
    with write(db):
        db.execute("UPDATE events SET round_minutes = ? WHERE id = ?", [minutes, event_id])


def round_ends(event: Event) -> datetime | None:
    """Returns when the current round's time is up (UTC), or None without a timer."""
    if event.closed or not event.round_minutes or not event.round_started_at:
        return None
    started = datetime.fromisoformat(event.round_started_at)
    if started.tzinfo is None:
        started = started.replace(tzinfo=UTC)
    return started + timedelta(minutes=event.round_minutes)

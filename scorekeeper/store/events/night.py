"""The director's night: the round timer (and its end), and adjusted scores for rounds not played."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlite_utils import Database

from scorekeeper.events.bounds import MAX_ROUND_MINUTES, table_score_ok
from scorekeeper.events.standings import ADJUSTMENTS, Bye, Played
from scorekeeper.events.victory import MAX_VP
from scorekeeper.store.connection import write
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import (
    Event,
    EventClosed,
    EventNotFound,
    EventProblem,
    InvalidEvent,
    get_event,
)


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


def adjust(
    db: Database,
    event_id: str,
    round_number: int,
    position: int,
    kind: str,
    award: tuple[int, int] = (0, 0),
) -> None:
    """Gives an entrant the director's award for a round it did not play (or, "clear", none).

    `kind`: "average", "fixed" (`award` is its VP and margin), "bye", or "clear" to remove it.
    A round the entrant played at a table that counts, or sat out with a bye, is refused.
    """
    event = get_event(db, event_id)
    if event.closed:
        raise EventClosed()
    _check_adjustment(db, event, round_number, position, kind, award)
    with write(db):
        db.execute(
            "DELETE FROM event_adjustments WHERE event_id = ? AND round = ? AND entrant = ?",
            [event_id, round_number, position],
        )
        if kind != "clear":
            db.table("event_adjustments").insert(
                {
                    "event_id": event_id,
                    "round": round_number,
                    "entrant": position,
                    "kind": kind,
                    "victory_points": award[0] if kind == "fixed" else 0,
                    "margin": award[1] if kind == "fixed" else 0,
                }
            )


def _check_adjustment(
    db: Database, event: Event, round_number: int, position: int, kind: str, award: tuple[int, int]
) -> None:
    """Raises InvalidEvent naming the field of an adjustment the event cannot take."""
    if kind not in (*ADJUSTMENTS, "clear"):
        raise InvalidEvent([EventProblem("kind", "adjust_kind")])
    if not 1 <= round_number <= event.started:
        raise InvalidEvent([EventProblem("round", "adjust_round", {"most": event.started})])
    if not 0 <= position < len(event.entrants):
        raise EventNotFound()
    counted = [
        r
        for r in event_rounds.results(db, event)
        if r.round == round_number
        and (
            (isinstance(r, Played) and any(position in side for side in r.sides))
            or (isinstance(r, Bye) and r.entrant == position)
        )
    ]
    if counted and kind != "clear":
        raise InvalidEvent([EventProblem("entrant", "adjust_played")])
    vp, margin = award
    if kind == "fixed" and not (0 <= vp <= MAX_VP and table_score_ok(margin)):
        raise InvalidEvent([EventProblem("victory_points", "adjust_award", {"most": MAX_VP})])

"""Closed nights of a group made straight through the store, for the season tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlite_utils import Database

from scorekeeper.events import ByeAward, template
from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.events import event as store_events
from scorekeeper.store.events import rounds as event_rounds

Scores = Callable[[int, int], tuple[int, int]]  # (round, table) -> the table's two totals


def night(
    db: Database,
    group: str,
    day: str,
    pairs: Sequence[tuple[str, Sequence[str]]],
    scores: Scores,
    rounds: int = 1,
    *,
    close: bool = True,
    ranking: str = "total",
    handicap: bool = False,
) -> str:
    """Makes an event of the group, plays its rounds by the director's results, closes it."""
    event = store_events.create_event(
        db,
        store_events.NewEvent(
            name=f"Night {day}",
            format="classic",
            entrants=[(name, list(players)) for name, players in pairs],
            movement="round_robin",
            rounds=rounds,
            deals_per_round=2,
            table=template("canasta_4"),
            day=day,
            bye=ByeAward(14, 355),
            group=group,
            ranking=ranking,
            handicap=handicap,
        ),
    )
    for _ in range(rounds):
        number = event_rounds.start_round(db, event.id)
        for table in event_rounds.tables(db, store_events.get_event(db, event.id), number):
            event_rounds.correct(db, event.id, number, table.number, scores(number, table.number))
    if close:
        store_events.close_event(db, event.id)
        store_seasons.night_changed(db, event.id)
    return event.id

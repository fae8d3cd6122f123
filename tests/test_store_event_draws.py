"""Club night draws through the store: tables of five and six, arrivals, withdrawals, ranking."""

from __future__ import annotations

import itertools

import pytest

from scorekeeper import store
from scorekeeper.events import NoPlay, Played, standings, template
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.entrants import add_entrant, withdraw
from scorekeeper.store.events.event import (
    InvalidEvent,
    NewEvent,
    create_event,
    get_event,
)

PLAYERS = ["Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


def pairs(count: int) -> list[tuple[str, list[str]]]:
    return [(f"Pair {i}", [f"N{i}", f"S{i}"]) for i in range(count)]


def new_event(**changes) -> NewEvent:  # type: ignore[no-untyped-def]
    base = dict(
        name="Thursday",
        format="classic",
        entrants=pairs(6),
        movement="round_robin",
        rounds=5,
        deals_per_round=2,
        table=template("canasta_3"),
    )
    return NewEvent(**(base | changes))


def meetings(db, event_id: str) -> list[frozenset[int]]:  # type: ignore[no-untyped-def]
    event = get_event(db, event_id)
    return [frozenset((*t.north_south, *t.east_west)) for t in event_rounds.tables(db, event)]


def test_ten_players_three_rounds_at_tables_of_six_and_four_nobody_idle(store_db) -> None:
    event = create_event(
        store_db,
        new_event(
            entrants=[(p, []) for p in PLAYERS], movement="individual", rounds=3, seating="five_six"
        ),
    )
    for number in (1, 2, 3):
        assert event_rounds.start_round(store_db, event.id) == number
        found = event_rounds.tables(store_db, get_event(store_db, event.id), number)
        seated = sorted(p for t in found for p in (*t.north_south, *t.east_west))
        assert seated == list(range(10))  # everyone at a table, nobody sits out
        formats = sorted(store.get_game(store_db, t.game_id).format for t in found if t.game_id)
        assert formats == ["classic", "six_hand_two_teams"]
    byes = store_db.execute("SELECT count(*) FROM event_byes WHERE event_id = ?", [event.id])
    assert byes.fetchone()[0] == 0


def test_sit_outs_rotate_after_an_arrival(store_db) -> None:
    """Nine players then a tenth: those who sat out least sit out next, never twice running."""
    event = create_event(
        store_db,
        new_event(entrants=[(p, []) for p in PLAYERS[:9]], movement="individual", rounds=8),
    )
    event_rounds.start_round(store_db, event.id)
    add_entrant(store_db, event.id, "Jo", [])
    for _ in range(4):
        event_rounds.start_round(store_db, event.id)
    rows = store_db.execute(
        "SELECT round, entrant FROM event_byes WHERE event_id = ? ORDER BY round", [event.id]
    ).fetchall()
    by_round = {r: {e for _, e in group} for r, group in itertools.groupby(rows, lambda x: x[0])}
    assert len(by_round[1]) == 1 and all(len(by_round[r]) == 2 for r in (2, 3, 4, 5))
    counts = [sum(e in out for out in by_round.values()) for e in range(10)]
    assert max(counts) - min(counts) <= 1  # 9 sit-outs over 10 players: once each, one none
    for r in range(2, 6):
        assert not by_round[r] & by_round[r - 1]


def test_round_robin_after_an_arrival_and_a_withdrawal_repeats_no_avoidable_meeting(
    store_db,
) -> None:
    """The issue's 7-pair night: a late pair and a withdrawal; round 4 replayed round 3 before."""
    event = create_event(store_db, new_event(entrants=pairs(7), rounds=6))
    for _ in range(2):
        event_rounds.start_round(store_db, event.id)
    add_entrant(store_db, event.id, "Late", ["L1", "L2"])
    event_rounds.start_round(store_db, event.id)
    withdraw(store_db, event.id, 2)
    event_rounds.start_round(store_db, event.id)
    met = meetings(store_db, event.id)
    assert len(met) == len(set(met))  # four rounds, no meeting twice


def test_the_store_refuses_two_entrants_of_one_name(store_db) -> None:
    with pytest.raises(InvalidEvent) as refused:
        create_event(store_db, new_event(entrants=[*pairs(3), ("pair 0", ["X", "Y"])]))
    found = refused.value.problems[0]
    assert (found.field, found.code) == ("entrants[3].name", "entrant_taken")


def test_ranking_by_average_sets_two_tables_fairly_against_three(store_db) -> None:
    """A pair that won two tables 15-5 (its third not played) outranks three 11-9 wins."""
    event = create_event(store_db, new_event(entrants=pairs(5), rounds=3, ranking="average"))
    assert get_event(store_db, event.id).ranking == "average"
    results = [
        Played(1, ("0",), ("2",), (2000, 200)),
        Played(2, ("0",), ("3",), (2000, 200)),
        NoPlay(3, ("0", "4")),
        Played(1, ("1",), ("3",), (900, 570)),
        Played(2, ("1",), ("4",), (900, 570)),
        Played(3, ("1",), ("2",), (900, 570)),
    ]
    keys = ["0", "1", "2", "3", "4"]
    total = standings("e", keys, results, event.table, event.bye)
    average = standings("e", keys, results, event.table, event.bye, event.ranking)
    assert [(ln.entrant, ln.victory_points) for ln in total.lines[:2]] == [("1", 33), ("0", 30)]
    assert [(ln.entrant, ln.average) for ln in average.lines[:2]] == [("0", 15), ("1", 11)]


@pytest.mark.parametrize("rounds", [0, 41])
def test_the_store_judges_the_rounds_bound_whichever_edge_sent_it(store_db, rounds) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidEvent) as refused:
        create_event(store_db, new_event(movement="danish", rounds=rounds))
    found = refused.value.problems[0]
    assert (found.field, found.code, found.params) == ("rounds", "too_many_rounds", {"most": 40})

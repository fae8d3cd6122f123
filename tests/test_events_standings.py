"""Standings: victory points, margins, byes and the tie-break order, reproducible lot."""

from __future__ import annotations

from scorekeeper.events import Bye, ByeAward, NoPlay, Played, VictoryTable, standings, template
from scorekeeper.events.standings import lot

BURRACO = template("burraco_3")
AWARD = ByeAward(14, 355)


def order(
    event_id: str, entrants: list[str], results: list, table: VictoryTable = BURRACO
) -> list[str]:
    return [line.entrant for line in standings(event_id, entrants, results, table, AWARD).lines]


def test_victory_points_rank_first() -> None:
    results = [Played(1, ("a",), ("b",), (1_000, 0)), Played(1, ("c",), ("d",), (300, 0))]
    lines = standings("ev", ["a", "b", "c", "d"], results, BURRACO, AWARD).lines
    assert [(ln.entrant, ln.rank, ln.victory_points, ln.margin, ln.played) for ln in lines] == [
        ("a", 1, 17, 1_000, 1),
        ("c", 2, 13, 300, 1),
        ("d", 3, 7, -300, 1),
        ("b", 4, 3, -1_000, 1),
    ]


def test_head_to_head_breaks_a_tie_before_margin() -> None:
    results = [
        Played(1, ("a",), ("b",), (100, 0)),  # a 11 (+100), b 9 (-100)
        Played(2, ("a",), ("c",), (0, 0)),  # a 10 (0): a 21, +100
        Played(2, ("b",), ("d",), (250, 0)),  # b 12 (+250): b 21, +150
    ]
    lines = standings("ev", ["a", "b", "c", "d"], results, BURRACO, AWARD).lines
    assert [(ln.entrant, ln.victory_points, ln.margin) for ln in lines[:2]] == [
        ("a", 21, 100),  # a won their meeting, though b's margin is larger
        ("b", 21, 150),
    ]


def test_margin_breaks_a_tie_without_a_meeting() -> None:
    results = [Played(1, ("a",), ("c",), (100, 0)), Played(1, ("b",), ("d",), (150, 0))]
    assert order("ev", ["a", "b", "c", "d"], results)[:2] == ["b", "a"]


def test_vp_won_at_tables_breaks_before_lot() -> None:
    # b: a bye (14, +355); a: one table 14-6 at +355 exactly, then the same margin overall.
    results = [Bye(1, "b"), Played(1, ("a",), ("c",), (355, 0))]
    lines = standings("ev", ["a", "b", "c"], results, BURRACO, AWARD).lines
    assert [(ln.entrant, ln.victory_points, ln.margin) for ln in lines[:2]] == [
        ("a", 14, 355),
        ("b", 14, 355),
    ]


def test_lot_is_deterministic_from_the_event_id() -> None:
    entrants = [f"e{i}" for i in range(6)]
    first = order("event-1", entrants, [])
    assert first == order("event-1", list(reversed(entrants)), [])
    assert first == sorted(entrants, key=lambda e: lot("event-1", e))
    others = {tuple(order(f"event-{n}", entrants, [])) for n in range(2, 12)}
    assert len(others) > 1  # another event draws another order


def test_bye_credits_its_award_but_no_game() -> None:
    lines = standings("ev", ["a"], [Bye(1, "a")], BURRACO, AWARD).lines
    assert (lines[0].victory_points, lines[0].margin, lines[0].played) == (14, 355, 0)


def test_no_play_credits_nothing() -> None:
    lines = standings("ev", ["a", "b"], [NoPlay(1, ("a", "b"))], BURRACO, AWARD).lines
    assert all((ln.victory_points, ln.played) == (0, 0) for ln in lines)


def test_plain_points_rank_by_score() -> None:
    results = [Played(1, ("a",), ("b",), (2_500, 3_100))]
    lines = standings("ev", ["a", "b"], results, VictoryTable(), AWARD).lines
    assert [(ln.entrant, ln.victory_points) for ln in lines] == [("b", 3_100), ("a", 2_500)]


def test_individual_players_each_get_their_sides_points() -> None:
    results = [Played(1, ("n", "s"), ("e", "w"), (1_600, 0))]
    lines = standings("ev", ["n", "e", "s", "w"], results, BURRACO, AWARD).lines
    vp = {ln.entrant: ln.victory_points for ln in lines}
    assert vp == {"n": 20, "s": 20, "e": 0, "w": 0}

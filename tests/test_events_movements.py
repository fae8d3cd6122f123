"""Movements: round robin, Mitchell, Danish and individual rotation, with byes."""

from __future__ import annotations

from itertools import combinations

import pytest

from scorekeeper.events import Round, danish, individual, max_rounds, mitchell, round_robin


def meetings(rounds: list[Round]) -> list[frozenset[str]]:
    return [frozenset((*s.north_south, *s.east_west)) for r in rounds for s in r.seats]


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7, 8, 9, 12])
def test_round_robin_meets_everyone_once(count: int) -> None:
    pairs = names(count)
    rounds = [round_robin(pairs, r) for r in range(1, max_rounds("round_robin", count) + 1)]
    met = meetings(rounds)
    assert sorted(met, key=sorted) == sorted(
        (frozenset(c) for c in combinations(pairs, 2)), key=sorted
    )
    for r in rounds:  # each entrant once a round: at a table or sitting out
        seated = [e for s in r.seats for e in (*s.north_south, *s.east_west)]
        assert sorted(seated + list(r.byes)) == sorted(pairs)
        assert [s.table for s in r.seats] == list(range(1, len(r.seats) + 1))


@pytest.mark.parametrize("count", [3, 5, 7, 9])
def test_round_robin_byes_rotate(count: int) -> None:
    pairs = names(count)
    byes = [round_robin(pairs, r).byes for r in range(1, count + 1)]
    assert all(len(b) == 1 for b in byes)
    assert sorted(b[0] for b in byes) == sorted(pairs)  # everyone sits out exactly once


@pytest.mark.parametrize("count", [4, 6, 7, 8, 10, 13])
def test_mitchell_never_repeats_within_its_rounds(count: int) -> None:
    pairs = names(count)
    rounds = [mitchell(pairs, r) for r in range(1, max_rounds("mitchell", count) + 1)]
    met = meetings(rounds)
    assert len(met) == len(set(met))
    tables = (count + 1) // 2
    north = pairs[:tables]
    for r in rounds:  # N-S stay at their table; E-W move up one, the last back to table 1
        for seat in r.seats:
            assert seat.north_south == (north[seat.table - 1],)
    first, second = mitchell(pairs, 1), mitchell(pairs, 2)
    ew_first = {s.east_west: s.table for s in first.seats}
    for s in second.seats:
        if s.east_west in ew_first:
            assert s.table == ew_first[s.east_west] % tables + 1


def test_mitchell_odd_count_gives_rotating_bye() -> None:
    pairs = names(7)
    byes = [mitchell(pairs, r).byes for r in range(1, 5)]
    assert all(len(b) == 1 for b in byes)
    assert len({b[0] for b in byes}) == 4


def test_danish_pairs_by_rank_first_against_second() -> None:
    ranked = ["a", "b", "c", "d", "e", "f"]
    r = danish(ranked, met=(), had_bye=(), number=2)
    assert [(s.north_south, s.east_west) for s in r.seats] == [
        (("a",), ("b",)),
        (("c",), ("d",)),
        (("e",), ("f",)),
    ]


def test_danish_avoids_a_repeat_by_stepping_down() -> None:
    ranked = ["a", "b", "c", "d"]
    r = danish(ranked, met={frozenset("ab")}, had_bye=(), number=2)
    assert [(s.north_south[0], s.east_west[0]) for s in r.seats] == [("a", "c"), ("b", "d")]


def test_danish_backtracks_when_the_greedy_pairing_strands_a_repeat() -> None:
    ranked = ["a", "b", "c", "d"]
    met = {frozenset("ab"), frozenset("cd"), frozenset("ac")}
    r = danish(ranked, met=met, had_bye=(), number=3)
    assert [(s.north_south[0], s.east_west[0]) for s in r.seats] == [("a", "d"), ("b", "c")]


def test_danish_repeats_only_when_forced() -> None:
    ranked = ["a", "b"]
    r = danish(ranked, met={frozenset("ab")}, had_bye=(), number=2)
    assert len(r.seats) == 1


def test_danish_bye_goes_to_the_lowest_who_has_not_had_one() -> None:
    ranked = ["a", "b", "c", "d", "e"]
    assert danish(ranked, (), had_bye=(), number=2).byes == ("e",)
    assert danish(ranked, (), had_bye={"e"}, number=3).byes == ("d",)


def test_danish_over_many_rounds_has_no_repeat_while_one_is_avoidable() -> None:
    ranked = names(8)
    met: set[frozenset[str]] = set()
    for number in range(1, 8):
        # rotate the ranking so the pairing is not the round robin's by accident
        order = ranked[number % 8 :] + ranked[: number % 8]
        r = danish(order, met, (), number)
        found = meetings([r])
        assert not met & set(found)
        met |= set(found)
    assert len(met) == 28


def test_individual_four_players_rotate_partners_like_german_clubs() -> None:
    players = ["N", "E", "S", "W"]
    partners = []
    for number in (1, 2, 3):
        r = individual(players, number)
        assert len(r.seats) == 1 and not r.byes
        seat = r.seats[0]
        partners.append({frozenset(seat.north_south), frozenset(seat.east_west)})
    everyone = [frozenset(c) for c in combinations(players, 2)]
    assert sorted({p for ps in partners for p in ps}, key=sorted) == sorted(everyone, key=sorted)


@pytest.mark.parametrize("count", [8, 12])
def test_individual_partners_never_repeat(count: int) -> None:
    players = names(count)
    seen: list[frozenset[str]] = []
    for number in range(1, count):
        r = individual(players, number)
        for seat in r.seats:
            seen += [frozenset(seat.north_south), frozenset(seat.east_west)]
        seated = [p for s in r.seats for p in (*s.north_south, *s.east_west)]
        assert sorted(seated + list(r.byes)) == sorted(players)
    assert len(seen) == len(set(seen))


def test_individual_odd_partnership_sits_out_in_turn() -> None:
    players = names(6)  # three partnerships: one sits out each round
    outs = [frozenset(individual(players, n).byes) for n in range(1, 6)]
    assert all(len(o) == 2 for o in outs)
    assert len(set(outs)) == 5

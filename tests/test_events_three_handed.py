"""Tables of three, pure: who sits there, and what each seat of a table takes."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.events import ByeAward, Meeting, Played, standings, template
from scorekeeper.events.seating import seated, seating_problems, table_sizes
from scorekeeper.events.standings import seat_awards
from scorekeeper.events.victory import VictoryTable

BANDS = template("canasta_3")


@pytest.mark.parametrize(
    ("count", "sizes"),
    [
        pytest.param(3, [3], id="three"),
        pytest.param(6, [3, 3], id="six"),
        pytest.param(7, [3, 4], id="seven"),
        pytest.param(8, [4, 4], id="eight-no-three"),
        pytest.param(9, [3, 3, 3], id="nine"),
        pytest.param(10, [3, 3, 4], id="ten"),
        pytest.param(11, [3, 4, 4], id="eleven"),
        pytest.param(13, [3, 3, 3, 4], id="thirteen"),
        pytest.param(5, [], id="five-cannot"),
        pytest.param(2, [], id="two-cannot"),
    ],
)
def test_table_sizes_seat_the_rest_at_tables_of_three(count: int, sizes: list[int]) -> None:
    assert table_sizes(count, "cutthroat") == sizes
    refused = seating_problems("individual", "cutthroat", range(count))
    assert refused == ([] if sizes else [("three_handed_count", {"count": count})])


def test_five_players_sit_one_out_rather_than_sit_at_tables_of_three() -> None:
    drawn = seated([str(i) for i in range(5)], 1, "cutthroat")
    assert len(drawn.byes) == 1 and [len(s.sides) for s in drawn.seats] == [2]


@pytest.mark.parametrize(
    ("scores", "awards"),
    [
        # Ann beats Bea by 750 (12) and Cy by 1,000 (13): 12.5 rounds up to 13
        pytest.param((2150, 1400, 1150), [(13, 875), (10, -250), (8, -625)], id="rounded-half-up"),
        pytest.param((1600, 1700, 1650), [(10, -75), (10, 75), (10, 0)], id="all-within-a-band"),
        pytest.param((1500, 1500, 2100), [(9, -300), (9, -300), (12, 600)], id="two-tie"),
        pytest.param((2000, 2000, 2000), [(10, 0), (10, 0), (10, 0)], id="level"),
    ],
)
def test_a_table_of_three_averages_each_pairing(scores, awards) -> None:  # type: ignore[no-untyped-def]
    result = Played(1, ("a",), ("b",), scores, 1, ("c",))
    got = seat_awards(result, BANDS)
    assert [(got[k].victory_points, got[k].margin) for k in "abc"] == awards
    assert got["a"].opponents == ("b", "c") and got["b"].theirs == (scores[0], scores[2])


def test_plain_points_at_a_table_of_three_are_each_players_own_total() -> None:
    got = seat_awards(Played(1, ("a",), ("b",), (905, 120, -40), 1, ("c",)), VictoryTable())
    assert [got[k].victory_points for k in "abc"] == [905, 120, -40]


def test_a_table_of_four_is_judged_as_before() -> None:
    got = seat_awards(Played(1, ("a", "b"), ("c", "d"), (2300, 1500)), BANDS)
    assert {k: (g.victory_points, g.margin) for k, g in got.items()} == {
        "a": (13, 800),
        "b": (13, 800),
        "c": (7, -800),
        "d": (7, -800),
    }
    assert got["a"].partners == ("b",) and got["c"].opponents == ("a", "b")


@settings(max_examples=30, deadline=None)
@given(st.integers(9, 15), st.integers(2, 5), st.data())
def test_everyone_is_seated_every_round_and_the_tables_of_three_rotate(
    count: int, rounds: int, data: st.DataObject
) -> None:
    """9 to 15 players: tables of three and four seat all, every round; standings recount."""
    players = [str(i) for i in range(count)]
    threes: Counter[str] = Counter()
    met: Counter[Meeting] = Counter()
    results: list[Played] = []
    for number in range(1, rounds + 1):
        drawn = seated(players, number, "cutthroat", {}, threes, met)
        assert drawn.byes == ()
        everyone = [p for s in drawn.seats for side in s.sides for p in side]
        assert sorted(everyone) == sorted(players)  # each once
        assert [len(s.sides) for s in drawn.seats if s.third] == [3] * (-count % 4)
        assert all(len(side) == (1 if s.third else 2) for s in drawn.seats for side in s.sides)
        for seat in drawn.seats:
            met[frozenset(everyone_at(seat))] += 1
            if seat.third:
                threes.update(everyone_at(seat))
            totals = data.draw(st.lists(st.integers(-200, 1200), min_size=3, max_size=3))
            scores = tuple(5 * t for t in totals[: len(seat.sides)])
            results.append(
                Played(number, seat.north_south, seat.east_west, scores, seat.table, seat.third)
            )
        seated_three = [threes[p] for p in players]
        assert max(seated_three) - min(seated_three) <= 1  # nobody twice before all once
    lines = standings("e", players, results, BANDS, ByeAward(14, 355)).lines
    recount: Counter[str] = Counter()
    for result in results:  # by hand: each seat's award, added up
        for entrant, got in seat_awards(result, BANDS).items():
            recount[entrant] += got.victory_points
    assert {ln.entrant: ln.victory_points for ln in lines} == dict(recount)
    assert all(ln.played == rounds for ln in lines)


def everyone_at(seat) -> list[str]:  # type: ignore[no-untyped-def]
    return [p for side in seat.sides for p in side]

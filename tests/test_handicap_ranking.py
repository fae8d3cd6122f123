"""The handicap ranking, pure: frozen handicaps, missing ratings, ties; balanced individual draws."""

from __future__ import annotations

import itertools
import random
import statistics

import pytest

from scorekeeper.events.movements import individual
from scorekeeper.events.standings import Bye, Played, standings
from scorekeeper.events.victory import ByeAward, template
from scorekeeper.ratings import handicap
from scorekeeper.ratings.model import Rating, win_chances
from scorekeeper.ratings.partners import balanced_round

TABLE, BYE = template("canasta_3"), ByeAward(14, 355)


def test_an_entrant_without_a_rating_gets_0_and_stays_out_of_the_fields_mean() -> None:
    ratings = {p: Rating(32.0, 2.0, 40) for p in "ab"} | {p: Rating(20.0, 2.0, 40) for p in "cd"}
    entrants = {"1": ("a", "b"), "2": ("c", "d"), "3": ("e", "f"), "4": ("a2", "c")}
    found = handicap.frozen(ratings, entrants)
    # Only 1 and 2 are rated: strengths 52 and 28, mean 40, so -240 and +240.
    assert found["1"] == handicap.Frozen(-240, True)
    assert found["2"] == handicap.Frozen(240, True)
    # No player rated, or one player of the pair not rated: "no rating yet", 0.
    assert found["3"] == handicap.Frozen(0, False)
    assert found["4"] == handicap.Frozen(0, False)
    # Had the unrated pair counted as new players (strength near 0), the mean would fall.
    counted = handicap.handicaps(ratings, {k: v for k, v in entrants.items() if k != "4"})
    assert counted["1"] != found["1"].per_round


def test_no_ratings_at_all_gives_everyone_0_and_the_scratch_order() -> None:
    entrants = {"1": ("a",), "2": ("b",)}
    found = handicap.frozen({}, entrants)
    assert set(found.values()) == {handicap.Frozen(0, False)}
    results = [Played(1, ("1",), ("2",), (900, 1300))]
    ranked = handicap.handicap_ranking("e", ["1", "2"], results, TABLE, BYE, "total", found)
    scratch = standings("e", ["1", "2"], results, TABLE, BYE)
    assert [ln.entrant for ln in ranked] == [ln.entrant for ln in scratch.lines]
    assert [(ln.handicap, ln.rated) for ln in ranked] == [(0, False), (0, False)]


def test_the_handicap_ranking_turns_a_narrow_scratch_win() -> None:
    frozen = {"s": handicap.Frozen(-150, True), "w": handicap.Frozen(150, True)}
    results = [Played(1, ("s",), ("w",), (2000, 1800)), Bye(1, "x")]
    keys = ["s", "w", "x"]
    scratch = standings("e", keys, results, TABLE, BYE)
    ranked = handicap.handicap_ranking("e", keys, results, TABLE, BYE, "total", frozen)
    assert [ln.entrant for ln in scratch.lines].index("s") < [
        ln.entrant for ln in scratch.lines
    ].index("w")
    by = {ln.entrant: ln for ln in ranked}
    # 2,000 - 150 against 1,800 + 150: the weaker side wins by 100 once handicapped.
    assert by["w"].place < by["s"].place
    assert by["w"].points == 1950 and by["s"].points == 1850
    assert by["x"].handicap == 0 and not by["x"].rated  # never frozen: 0, no rating yet
    assert by["x"].victory_points == BYE.victory_points  # a bye keeps its award


def test_ties_in_the_handicap_ranking_break_like_the_standings_and_never_share_a_place() -> None:
    # Two tables that end level once handicapped: every line is tied on VP.
    frozen = {k: handicap.Frozen(h, True) for k, h in (("a", -100), ("b", 100), ("c", 0))}
    frozen["d"] = handicap.Frozen(0, True)
    results = [
        Played(1, ("a",), ("b",), (1200, 1000)),  # 1,100 v 1,100 handicapped
        Played(1, ("c",), ("d",), (1500, 1500)),
    ]
    keys = list("abcd")
    ranked = handicap.handicap_ranking("night", keys, results, TABLE, BYE, "total", frozen)
    assert sorted(ln.place for ln in ranked) == [1, 2, 3, 4]
    assert len({ln.victory_points for ln in ranked}) == 1
    # The same as the event's own standings over the handicapped tables: one order, one lot.
    again = standings(
        "night", keys, handicap.handicapped(results, {"a": -100, "b": 100}), TABLE, BYE
    )
    assert [ln.entrant for ln in ranked] == [ln.entrant for ln in again.lines]


def _distance(ratings: dict[str, Rating], seats) -> list[float]:
    """Returns each table's distance of the North-South chance from 50%."""
    return [abs(win_chances(ratings, [s.north_south, s.east_west])[0] - 0.5) for s in seats]


@pytest.mark.parametrize("seed", range(12))
def test_balanced_individual_draws_beat_random_ones_and_never_repeat_a_partnership(
    seed: int,
) -> None:
    rng = random.Random(seed)
    players = [f"p{n}" for n in range(rng.choice((8, 12, 16, 20)))]
    ratings = {p: Rating(rng.uniform(15, 35), rng.uniform(1, 8), 10) for p in players}
    played: set[frozenset[str]] = set()
    balanced, drawn_at_random = [], []
    for number in range(1, 5):
        drawn = individual(players, number)
        seated = balanced_round(drawn, ratings, played)
        assert sorted(p for s in seated.seats for p in (*s.north_south, *s.east_west)) == sorted(
            p for s in drawn.seats for p in (*s.north_south, *s.east_west)
        )
        for seat in seated.seats:
            for pair in (seat.north_south, seat.east_west):
                assert frozenset(pair) not in played, f"round {number} repeats {pair}"
                played.add(frozenset(pair))
        balanced += _distance(ratings, seated.seats)
        shuffled = list(players)
        rng.shuffle(shuffled)
        drawn_at_random += _distance(ratings, individual(shuffled, 1).seats)
    assert statistics.mean(balanced) < statistics.mean(drawn_at_random)


def test_a_balanced_round_falls_back_to_the_rotation_without_ratings_or_a_way_out() -> None:
    drawn = individual(list("abcd"), 1)
    assert balanced_round(drawn, {}, set()) == drawn
    every = {frozenset(pair) for pair in itertools.combinations("abcd", 2)}
    ratings = {p: Rating(25.0, 3.0, 10) for p in "abcd"}
    assert balanced_round(drawn, ratings, every) == drawn

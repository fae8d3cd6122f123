"""A season's rule, pure: night scores, best N after K dropped, the minimum, ranks and ties."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.seasons import (
    NightLine,
    SeasonRule,
    figure,
    night_score,
    rule_problems,
    season_standings,
    shown_name,
)


def nights_of(*scores: dict[str, int]) -> list[list[NightLine]]:
    """Returns nights whose lines carry these victory points (rank by VP, one table each)."""
    found = []
    for night in scores:
        order = sorted(night, key=lambda n: -night[n])
        found.append([NightLine((n,), order.index(n) + 1, vp, 1) for n, vp in night.items()])
    return found


def test_best_n_with_fewer_nights_than_n_counts_every_night() -> None:
    (line,) = season_standings(SeasonRule(best=5), nights_of({"A": 10}, {"A": 20}))
    assert line.counted == (1000, 2000) and line.dropped == () and line.score == 3000


def test_best_n_keeps_the_highest_in_night_order() -> None:
    (line,) = season_standings(SeasonRule(best=2), nights_of({"A": 5}, {"A": 20}, {"A": 10}))
    assert line.counted == (2000, 1000) and line.dropped == (500,)


def test_drop_worst_with_fewer_nights_than_k_keeps_one_night() -> None:
    (line,) = season_standings(SeasonRule(drop_worst=3), nights_of({"A": 7}, {"A": 9}))
    assert line.counted == (900,) and line.dropped == (700,)


def test_drop_worst_goes_first_then_best() -> None:
    rule = SeasonRule(best=2, drop_worst=1)
    nights = nights_of({"A": 1}, {"A": 4}, {"A": 3}, {"A": 2})
    (line,) = season_standings(rule, nights)
    assert line.counted == (400, 300) and line.dropped == (100, 200)


def test_below_the_minimum_comes_after_every_qualified_line() -> None:
    nights = nights_of({"A": 5, "B": 30}, {"A": 5})
    lines = season_standings(SeasonRule(minimum=2), nights)
    assert [(ln.name, ln.qualified, ln.rank) for ln in lines] == [("A", True, 1), ("B", False, 2)]


def test_a_tie_shares_its_rank_and_is_listed_by_name() -> None:
    lines = season_standings(SeasonRule(), nights_of({"b": 10, "A": 10, "C": 12}))
    assert [(ln.name, ln.rank) for ln in lines] == [("C", 1), ("A", 2), ("b", 2)]


def test_night_scores() -> None:
    line = NightLine(("A",), 3, 25, 3)
    assert night_score(SeasonRule(), line) == 2500
    assert night_score(SeasonRule(score="average_victory_points"), line) == 833  # 8.33
    assert night_score(SeasonRule(score="place_points", place_points=(10, 8, 6)), line) == 600
    assert night_score(SeasonRule(score="place_points", place_points=(10, 8)), line) == 0
    assert figure(833) == 8.33 and figure(1200) == 12


def test_by_player_each_player_of_a_pair_gets_the_night() -> None:
    nights = [[NightLine(("Ann", "Bob"), 1, 20, 1)], [NightLine(("Ann", "Cy"), 1, 15, 1)]]
    lines = season_standings(SeasonRule(by="player"), nights)
    assert {ln.name: ln.score for ln in lines} == {"Ann": 3500, "Bob": 2000, "Cy": 1500}


@pytest.mark.parametrize(
    ("rule", "fields"),
    [
        (SeasonRule(score="goals"), ["score"]),
        (SeasonRule(score="place_points"), ["place_points"]),
        (SeasonRule(best=0, minimum=-1, drop_worst=401), ["best", "minimum", "drop_worst"]),
        (SeasonRule(by="team"), ["by"]),
    ],
)
def test_rule_problems_name_each_field(rule, fields) -> None:
    assert [field for field, _code, _params in rule_problems(rule)] == fields


@pytest.mark.parametrize(
    ("name", "naming", "shown"),
    [
        ("Ann Smith", "full", "Ann Smith"),
        ("Ann Smith", "initial", "Ann S."),
        ("Ann Smith & Bob de Vries", "initial", "Ann S. & Bob d. V."),
        ("Aces", "initial", "Aces"),
        ("Ann Smith", "hidden", "Entrant 1"),
    ],
)
def test_names_as_a_public_page_shows_them(name, naming, shown) -> None:
    assert shown_name(name, naming, "Entrant 1") == shown


NAMES = st.sampled_from(["Ann", "Bob", "Cy", "Di", "Ed", "Flo"])
NIGHT = st.dictionaries(NAMES, st.integers(0, 40), min_size=1, max_size=6)
RULES = st.builds(
    SeasonRule,
    score=st.sampled_from(["victory_points", "average_victory_points", "place_points"]),
    place_points=st.lists(st.integers(0, 12), min_size=1, max_size=5).map(tuple),
    best=st.none() | st.integers(1, 6),
    minimum=st.integers(0, 5),
    drop_worst=st.integers(0, 4),
)


def recount(rule: SeasonRule, nights: list[list[NightLine]]) -> dict[str, tuple]:
    """Counts a season the long way: every night's score, dropped and best by hand."""
    played: dict[str, list[int]] = {}
    for night in nights:
        for line in night:
            played.setdefault(line.names[0], []).append(night_score(rule, line))
    found = {}
    for name, scores in played.items():
        remaining = list(scores)
        for _ in range(min(rule.drop_worst, len(scores) - 1)):
            remaining.remove(min(remaining))
        if rule.best is not None:
            while len(remaining) > rule.best:
                remaining.remove(min(remaining))
        found[name] = (sum(remaining), len(scores), len(scores) >= rule.minimum)
    return found


@settings(max_examples=40)  # the edit loop's share; CI replays the same 40 (tests/conftest.py)
@given(RULES, st.lists(NIGHT, max_size=8))
def test_season_standings_equal_a_recount(rule, scores) -> None:
    nights = nights_of(*scores)
    lines = season_standings(rule, nights)
    assert {ln.name: (ln.score, ln.nights, ln.qualified) for ln in lines} == recount(rule, nights)
    keys = [(not ln.qualified, -ln.score, ln.name.casefold()) for ln in lines]
    assert keys == sorted(keys)
    for before, after in itertools.pairwise(lines):
        same = (before.qualified, before.score) == (after.qualified, after.score)
        assert (after.rank == before.rank) == same
    for line in lines:
        assert sorted(line.counted + line.dropped) == sorted(
            night_score(rule, nl) for night in nights for nl in night if nl.names[0] == line.name
        )

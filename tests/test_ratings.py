"""The pure ratings: ranks from totals, the model's numbers, balanced partners and handicaps."""

from __future__ import annotations

import random
import statistics

import pytest
from openskill.models import PlackettLuce

from scorekeeper.ratings import families, handicap, model, partners
from scorekeeper.ratings.model import Match, Rating
from scorekeeper.ratings.partners import balanced_partnerships, table_chances


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        pytest.param((5100, 3000), [1, 2], id="higher-first"),
        pytest.param((2000, 5050), [2, 1], id="second-wins"),
        pytest.param((5000, 5000), [1, 1], id="draw-ties"),
        pytest.param((7600, 3000, 7600), [1, 3, 1], id="cutthroat-tie-for-first"),
    ],
)
def test_ranks_come_from_the_final_totals(totals, expected) -> None:
    assert model.ranks(totals) == expected


def test_a_three_way_game_rates_as_openskill_does() -> None:
    match = Match("g", (("a",), ("b",), ("c",)), (7600, 3000, 4000))
    after = model.rate({}, match)
    direct = PlackettLuce().rate([[PlackettLuce().rating()] for _ in range(3)], ranks=[1, 3, 2])
    assert [(after[p].mu, after[p].sigma) for p in "abc"] == [(t[0].mu, t[0].sigma) for t in direct]
    assert after["a"].mu > after["c"].mu > after["b"].mu


@pytest.mark.parametrize("seed", range(40))
def test_rate_skills_gives_openskills_floats_bit_for_bit(seed) -> None:
    """Random games of 2 to 5 sides of 1 to 3 players, ties included, at random skills."""
    rng = random.Random(seed)
    direct = PlackettLuce()
    for _ in range(50):
        sides = rng.randint(2, 5)
        teams = [
            [(rng.uniform(5, 45), rng.uniform(0.3, 9)) for _ in range(rng.randint(1, 3))]
            for _ in range(sides)
        ]
        team_ranks = [rng.randint(1, sides) for _ in range(sides)]
        objects = [[direct.create_rating([mu, sigma]) for mu, sigma in t] for t in teams]
        expected = direct.rate(objects, ranks=[float(r) for r in team_ranks])
        got = model.rate_skills(teams, team_ranks)
        assert got == [[(p.mu, p.sigma) for p in t] for t in expected]


def test_a_win_over_stronger_players_counts_more() -> None:
    strong = {p: Rating(30.0, 4.0, 20) for p in ("c", "d")}
    weak = {p: Rating(20.0, 4.0, 20) for p in ("c", "d")}
    game = Match("g", (("a", "b"), ("c", "d")), (5100, 3000))
    over_strong = model.rate(strong, game)["a"].mu
    over_weak = model.rate(weak, game)["a"].mu
    assert over_strong > over_weak > model.NEW.mu


def test_provisional_until_five_games_and_a_narrow_sigma() -> None:
    assert Rating(30.0, 2.0, 4).provisional
    assert Rating(30.0, model.PROVISIONAL_SIGMA + 0.1, 40).provisional
    assert not Rating(30.0, model.PROVISIONAL_SIGMA, 5).provisional
    assert Rating(25.0, 2.0, 9).ordinal == pytest.approx(19.0)


def test_unrateable_games_are_left_out_whole() -> None:
    twice = Match("g", (("a", "b"), ("a", "c")), (5000, 100))
    empty = Match("h", (("a", "b"), ()), (5000, 100))
    assert list(model.replay([twice, empty])) == []


def test_every_preset_family_is_documented_and_presets_are_in_one_family_at_most() -> None:
    listed = [p for presets in families.FAMILIES.values() for p in presets]
    assert len(listed) == len(set(listed))
    assert set(families.LABELS) == set(families.FAMILIES)
    assert families.family_of("classic") == "partnership"
    assert families.family_of("cutthroat") == "one_a_side"
    assert families.family_of("no-such-preset") is None


def _club(rng: random.Random, size: int) -> dict[str, Rating]:
    return {f"p{n}": Rating(rng.gauss(25, 4), rng.uniform(2, 7), 12) for n in range(size)}


def _random_draw(rng: random.Random, players: list[str]) -> list[tuple[str, str]]:
    shuffled = rng.sample(players, len(players))
    return [(shuffled[k], shuffled[k + 1]) for k in range(0, len(shuffled), 2)]


@pytest.mark.slow  # two blossom matchings a round, four rounds, up to 20 players
@pytest.mark.parametrize("seed", range(30))
def test_balanced_partners_beat_a_random_draw_and_never_repeat_in_a_night(seed) -> None:
    rng = random.Random(seed)
    ratings = _club(rng, rng.choice([8, 12, 16, 20]))
    players = list(ratings)
    played: set[frozenset[str]] = set()
    balanced, drawn = [], []
    for _round in range(4):
        pairs = balanced_partnerships(players, ratings, played)
        assert pairs is not None
        assert not any(frozenset(p) in played for p in pairs)
        assert sorted(p for pair in pairs for p in pair) == sorted(players)
        played |= {frozenset(p) for p in pairs}
        balanced += [abs(c - 0.5) for c in table_chances(ratings, pairs)]
        drawn += [abs(c - 0.5) for c in table_chances(ratings, _random_draw(rng, players))]
    assert statistics.mean(balanced) < statistics.mean(drawn)


def test_a_table_of_four_takes_the_split_left_then_none() -> None:
    ratings = {p: Rating(25.0 + n, 5.0, 9) for n, p in enumerate("abcd")}
    played = {frozenset(p) for p in (("a", "b"), ("c", "d"), ("a", "c"), ("b", "d"))}
    pairs = balanced_partnerships(list("abcd"), ratings, played)
    assert pairs is not None
    assert {frozenset(p) for p in pairs} == {frozenset("ad"), frozenset("bc")}  # the one left
    played |= {frozenset(("a", "d")), frozenset(("b", "c"))}
    assert balanced_partnerships(list("abcd"), ratings, played) is None
    with pytest.raises(ValueError, match="four to a table"):
        balanced_partnerships(list("abc"), ratings)


def test_handicap_formula() -> None:
    ratings = {"a": Rating(30.0, 3.0, 20), "b": Rating(28.0, 3.0, 20), "c": Rating(20.0, 3.0, 20)}
    ratings |= {"d": Rating(22.0, 3.0, 20)}
    per_round = handicap.handicaps(ratings, {"ab": ("a", "b"), "cd": ("c", "d")})
    # strengths: ab = 21 + 19 = 40, cd = 11 + 13 = 24; mean 32; 20 points a unit, capped at 300
    assert per_round == {"ab": -160, "cd": 160}
    assert handicap.per_round(0.0, [0.0, 100.0]) == handicap.CAP
    assert handicap.adjusted(4200, 160, 3) == 4680


def test_the_handicap_ranking_is_the_standings_over_handicapped_totals() -> None:
    from scorekeeper.events.standings import Bye, Played, standings
    from scorekeeper.events.victory import TEMPLATES, ByeAward, template

    # Two strong pairs and two weak ones; the strong win both rounds by 200 points.
    ratings = {p: Rating(32.0, 2.0, 40) for p in "abcd"} | {
        p: Rating(20.0, 2.0, 40) for p in "wxyz"
    }
    entrants = {"ab": "ab", "cd": "cd", "wx": "wx", "yz": "yz"}
    per_round = handicap.handicaps(ratings, entrants)
    assert per_round["ab"] == per_round["cd"] < 0 < per_round["wx"] == per_round["yz"]
    results = [
        Played(1, ("ab",), ("wx",), (1200, 1000)),
        Played(1, ("cd",), ("yz",), (1200, 1000)),
        Played(2, ("ab",), ("yz",), (1200, 1000)),
        Played(2, ("cd",), ("wx",), (1200, 1000)),
    ]
    adjusted = handicap.handicapped(results, per_round)
    first = adjusted[0]
    assert isinstance(first, Played)
    assert first.scores == (1200 + per_round["ab"], 1000 + per_round["wx"])
    assert handicap.handicapped([Bye(3, "ab")], per_round) == [Bye(3, "ab")]
    table = template(next(iter(TEMPLATES)))
    bye = ByeAward(14, 355)
    scratch = standings("e", list(entrants), results, table, bye)
    with_handicap = standings("e", list(entrants), adjusted, table, bye)
    assert {line.entrant for line in scratch.lines[:2]} == {"ab", "cd"}
    # 200 points ahead at scratch, 280 behind with the handicaps (240 a side): the weak lead.
    assert {line.entrant for line in with_handicap.lines[:2]} == {"wx", "yz"}


def _matchings(players: list[str]):
    """Yields every way to pair the players (a brute force of its own, for the check)."""
    if not players:
        yield []
        return
    first = players[0]
    for k in range(1, len(players)):
        rest = players[1:k] + players[k + 1 :]
        for matching in _matchings(rest):
            yield [(first, players[k]), *matching]


def _spread(ratings: dict[str, Rating], pairs: list[tuple[str, str]]) -> float:
    return sum((c - 0.5) ** 2 for c in table_chances(ratings, pairs))


@pytest.mark.slow  # 105 matchings times 3 seatings a round, brute force
@pytest.mark.parametrize("seed", range(8))
def test_eight_players_get_the_most_even_seating_without_a_repeat(seed) -> None:
    """Round after round, no seating that repeats nothing of tonight is more even (issue 38)."""
    rng = random.Random(seed)
    ratings = _club(rng, 8)
    players = sorted(ratings)
    played: set[frozenset[str]] = set()
    for _round in range(3):
        pairs = balanced_partnerships(players, ratings, played)
        assert pairs is not None
        best = min(
            _spread(ratings, [m[i], m[j], m[k], m[n]])
            for m in _matchings(players)
            if not any(frozenset(p) in played for p in m)
            for (i, j), (k, n) in (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))
        )
        assert _spread(ratings, pairs) == pytest.approx(best, abs=1e-12)
        played |= {frozenset(p) for p in pairs}


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_past_twelve_players_the_swaps_improve_on_the_two_matchings(seed) -> None:
    rng = random.Random(seed)
    ratings = _club(rng, 16)
    players = sorted(ratings)
    played: set[frozenset[str]] = set()
    for _round in range(3):
        pairs = balanced_partnerships(players, ratings, played)
        assert pairs is not None and not any(frozenset(p) in played for p in pairs)
        start = partners._partnerships(players, ratings, played)
        assert start is not None
        assert _spread(ratings, pairs) <= _spread(ratings, partners._tables(start, ratings)) + 1e-12
        played |= {frozenset(p) for p in pairs}

"""OpenSkill's Plackett-Luce model at its default parameters, applied to finished games in order.

A game is a `Match`: its sides as teams of player ids and their counted totals; the ranks come
from the totals (a higher total ranks first; equal totals tie). Nothing here reads a database:
the store hands in the matches in the order the games ended and keeps what comes back.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from openskill.models import PlackettLuce, PlackettLuceRating

MODEL = PlackettLuce()  # default parameters on purpose: the numbers are the package's own
Z = 3.0  # the ordinal shown is mu - 3 sigma: a skill the player is very likely above
PROVISIONAL_GAMES = 5  # fewer rated games than this: the number is marked provisional
PROVISIONAL_SIGMA = 7.5  # and while sigma is above this (it starts at 25/3, about 8.33)
PLACES = 3  # numbers are shown and served rounded to this many decimals

TAU_SQUARED = MODEL.tau * MODEL.tau
BETA_SQUARED = MODEL.beta**2
KAPPA = MODEL.kappa
Skill = tuple[float, float]  # a player's (mu, sigma)


def rate_skills(teams: Sequence[Sequence[Skill]], team_ranks: Sequence[int]) -> list[list[Skill]]:
    """Returns each player's new (mu, sigma): openskill's PlackettLuce.rate at its defaults,
    the same floats operation for operation, without its rating objects (a deep copy and a
    uuid each: most of its cost). Teams with a tie share a rank; lower ranks won."""
    order = sorted(range(len(teams)), key=team_ranks.__getitem__)  # the model's stable sort
    players = [
        [(mu, math.sqrt(sigma * sigma + TAU_SQUARED)) for mu, sigma in teams[t]] for t in order
    ]
    rank = [team_ranks[t] for t in order]
    sums = []
    for team in players:  # summed in the model's order: highest ordinal first
        mu_sum = sigma_sum = 0.0
        for mu, sigma in sorted(team, key=lambda p: p[0] - 3.0 * p[1], reverse=True):
            mu_sum += mu
            sigma_sum += sigma**2
        sums.append((mu_sum, sigma_sum))
    collective = 0.0
    for _mu, sigma_sq in sums:
        collective += sigma_sq + BETA_SQUARED
    c = math.sqrt(collective)
    exps = [math.exp(mu / c) for mu, _s in sums]
    sum_q = [0.0] * len(sums)
    for i, e in enumerate(exps):
        for q in range(len(sums)):
            if rank[i] >= rank[q]:
                sum_q[q] += e
    a = [rank.count(r) for r in rank]
    rated: list[list[Skill]] = [[] for _ in teams]
    for i, (_mu, sigma_sq) in enumerate(sums):
        omega = delta = 0.0
        for q in range(len(sums)):
            if rank[q] <= rank[i]:
                share = exps[i] / sum_q[q]
                delta += share * (1 - share) / a[q]
                omega += (1 - share) / a[q] if q == i else -(share / a[q])
        omega *= sigma_sq / c
        delta *= sigma_sq / c**2
        delta *= math.sqrt(sigma_sq) / c
        for mu, sigma in players[i]:
            part = sigma**2 / sigma_sq
            rated[order[i]].append(
                (mu + part * omega, sigma * math.sqrt(max(1 - part * delta, KAPPA)))
            )
    return rated


@dataclass(frozen=True)
class Rating:
    """One player's rating in one family: the model's mu and sigma and the games rated."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def ordinal(self) -> float:
        """Returns mu - 3 sigma, the number a ratings table is ordered by."""
        return self.mu - Z * self.sigma

    @property
    def provisional(self) -> bool:
        """Returns whether too few games are rated, or sigma is still too wide, to trust it."""
        return self.games < PROVISIONAL_GAMES or self.sigma > PROVISIONAL_SIGMA


NEW = Rating()


@dataclass(frozen=True)
class Match:
    """One finished game as the model sees it: its id, each side's players and total."""

    key: str
    teams: tuple[tuple[str, ...], ...]
    totals: tuple[int, ...]

    def rateable(self) -> bool:
        """Returns whether the model can rate it: two sides or more, none empty, nobody twice."""
        players = [p for team in self.teams for p in team]
        return (
            len(self.teams) >= 2
            and all(self.teams)
            and len(players) == len(set(players))
            and len(self.totals) == len(self.teams)
        )


def ranks(totals: Sequence[int]) -> list[int]:
    """Returns each side's rank from its total: 1 for the highest, equal totals share a rank."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]


def _model_rating(rating: Rating) -> PlackettLuceRating:
    return MODEL.create_rating([rating.mu, rating.sigma])


def rate(ratings: Mapping[str, Rating], match: Match) -> dict[str, Rating]:
    """Returns the new rating of each player of a match, from their ratings before it."""
    ((_match, after),) = replay([match], {p: ratings.get(p, NEW) for t in match.teams for p in t})
    return after


def replay(
    matches: Iterable[Match], start: Mapping[str, Rating] | None = None
) -> Iterator[tuple[Match, dict[str, Rating]]]:
    """Rates matches in order from `start`; yields each rateable match and its players' ratings.

    Each game is rated by `rate_skills`: openskill's own numbers, bit for bit (a test replays
    a club through the package itself), at a fifth of its cost.
    """
    kept = {player: (r.mu, r.sigma) for player, r in (start or {}).items()}
    games = {player: rating.games for player, rating in (start or {}).items()}
    fresh = (NEW.mu, NEW.sigma)
    for match in matches:
        if not match.rateable():
            continue  # said on the ratings page: such a game is not rated, never half rated
        teams = [[kept.get(p, fresh) for p in team] for team in match.teams]
        rated = rate_skills(teams, ranks(match.totals))
        after = {}
        for team, new_team in zip(match.teams, rated, strict=True):
            for player, new in zip(team, new_team, strict=True):
                kept[player] = new
                games[player] = count = games.get(player, 0) + 1
                after[player] = Rating(new[0], new[1], count)
        yield match, after


def current(matches: Iterable[Match]) -> dict[str, Rating]:
    """Returns every player's rating after all the matches, in the order given."""
    ratings: dict[str, Rating] = {}
    for _match, after in replay(matches):
        ratings.update(after)
    return ratings


Key = TypeVar(
    "Key", bound=Hashable
)  # a player id, or an event's entrant id (its balanced partners)


def win_chances(ratings: Mapping[Key, Rating], teams: Sequence[Sequence[Key]]) -> list[float]:
    """Returns the model's chance that each team wins, from its players' ratings."""
    return MODEL.predict_win([[_model_rating(ratings.get(p, NEW)) for p in t] for t in teams])


def rounded(value: float) -> float:
    """Returns a model number as shown and served: rounded to PLACES decimals."""
    return round(value, PLACES)

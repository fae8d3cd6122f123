"""Handicaps: a per-entrant adjustment from the ratings, for an event's or a season's ranking.

The formula (docs/ratings.md): an entrant's strength is the sum of its players' ordinals
(a player without a rating counts as new); its handicap per round is POINTS_PER_UNIT points
for each unit its strength lies below the field's mean strength (negative above it), rounded
to the nearest multiple of 5, at most CAP either way. The handicap total is the scratch
total plus the handicap per round times the rounds the entrant played. At an event, whose
standings rank by victory points, each table's totals are raised by the handicaps of the
entrants seated at each side before the bands judge them (`handicapped`): the handicap
ranking is the event's own standings over those totals, beside the scratch ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from scorekeeper.events.standings import Played, Result
from scorekeeper.ratings.model import NEW, Rating

POINTS_PER_UNIT = 20  # points a round per unit of summed ordinal below the field's mean
CAP = 300  # at most this many points a round either way: a handicap never decides alone


def strength(ratings: Mapping[str, Rating], players: Sequence[str]) -> float:
    """Returns an entrant's strength: its players' ordinals added up."""
    return sum(ratings.get(p, NEW).ordinal for p in players)


def per_round(entrant: float, field: Sequence[float]) -> int:
    """Returns an entrant's handicap a round from its strength and the field's strengths."""
    if not field:
        return 0
    points = POINTS_PER_UNIT * (sum(field) / len(field) - entrant)
    return max(-CAP, min(CAP, 5 * round(points / 5)))


def handicaps(
    ratings: Mapping[str, Rating], entrants: Mapping[str, Sequence[str]]
) -> dict[str, int]:
    """Returns each entrant's handicap a round (entrant -> its players), by the one formula."""
    strengths = {key: strength(ratings, players) for key, players in entrants.items()}
    field = list(strengths.values())
    return {key: per_round(s, field) for key, s in strengths.items()}


def adjusted(scratch: int, per_round_points: int, rounds: int) -> int:
    """Returns the handicap total: the scratch total plus the handicap for each round played."""
    return scratch + per_round_points * rounds


def handicapped(results: Iterable[Result], per_round_points: Mapping[str, int]) -> list[Result]:
    """Returns an event's results with each table's totals raised by its sides' handicaps.

    A side's handicap is the sum of its entrants' (an individual event seats two entrants a
    side); byes, no-plays and the director's awards are kept as they are.
    """
    found: list[Result] = []
    for result in results:
        if isinstance(result, Played):
            raised = tuple(
                score + sum(per_round_points.get(e, 0) for e in side)
                for side, score in zip(result.sides, result.scores, strict=True)
            )
            result = replace(result, scores=raised)
        found.append(result)
    return found

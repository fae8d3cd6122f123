"""Handicaps: a per-entrant adjustment from the ratings, for an event's or a season's ranking.

The formula (docs/ratings.md): an entrant's strength is the sum of its players' ordinals
(a player without a rating counts as new); its handicap per round is POINTS_PER_UNIT points
for each unit its strength lies below the field's mean strength (negative above it), rounded
to the nearest multiple of 5, at most CAP either way. The handicap total is the scratch
total plus the handicap per round times the rounds the entrant played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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

"""Handicaps: a per-entrant adjustment from the ratings, for an event's or a season's ranking.

The formula (docs/ratings.md): an entrant's strength is the sum of its players' ordinals
(a player without a rating counts as new); its handicap per round is POINTS_PER_UNIT points
for each unit its strength lies below the field's mean strength (negative above it), rounded
to the nearest multiple of 5, at most CAP either way. The handicap total is the scratch
total plus the handicap per round times the rounds the entrant played. At an event, whose
standings rank by victory points, each table's totals are raised by the handicaps of the
entrants seated at each side before the bands judge them (`handicapped`): the handicap
ranking is the event's own standings over those totals, beside the scratch ones
(`handicap_ranking`, the one function every page, paper and file reads).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from scorekeeper.events.standings import Played, Result, standings
from scorekeeper.events.victory import ByeAward, VictoryTable
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
    ratings: Mapping[str, Rating], entrants: Mapping[int, Sequence[str]]
) -> dict[int, int]:
    """Returns each entrant's handicap a round (entrant -> its players), by the one formula."""
    strengths = {key: strength(ratings, players) for key, players in entrants.items()}
    field = list(strengths.values())
    return {key: per_round(s, field) for key, s in strengths.items()}


def adjusted(scratch: int, per_round_points: int, rounds: int) -> int:
    """Returns the handicap total: the scratch total plus the handicap for each round played."""
    return scratch + per_round_points * rounds


def handicapped(results: Iterable[Result], per_round_points: Mapping[int, int]) -> list[Result]:
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


@dataclass(frozen=True)
class Frozen:
    """An entrant's handicap a round as frozen when its first round started."""

    per_round: int
    rated: bool  # False: "no rating yet", a handicap of 0


def frozen(
    ratings: Mapping[str, Rating], entrants: Mapping[int, Sequence[str]]
) -> dict[int, Frozen]:
    """Returns each entrant's handicap: the formula over the rated entrants, 0 for the others.

    An entrant is rated when each of its players has a rating; one who has none yet is
    left out of the field's mean (its strength near 0 would lower everyone's handicap).
    """
    rated = {k: ps for k, ps in entrants.items() if ps and all(p in ratings for p in ps)}
    found = handicaps(ratings, rated)
    return {k: Frozen(found.get(k, 0), k in found) for k in entrants}


@dataclass(frozen=True)
class HandicapLine:
    """One entrant's line of the handicap ranking."""

    entrant: int
    place: int
    handicap: int  # points a round; 0 without a rating
    rated: bool
    victory_points: int  # the handicapped total the ranking orders by
    points: int  # the game totals its sides scored, handicaps added
    average: Fraction  # handicapped VP per round counted
    margin: int  # the handicapped margin, which breaks a tie on handicapped VP


def handicap_ranking(
    event_id: str,
    entrants: Sequence[int],
    results: Iterable[Result],
    table: VictoryTable,
    bye: ByeAward,
    ranking: str,
    frozen_handicaps: Mapping[int, Frozen],
) -> tuple[HandicapLine, ...]:
    """Returns the handicap ranking, first place first: the event's standings over each
    table's totals raised by its sides' frozen handicaps (an entrant not frozen counts 0)."""
    per = {k: f.per_round for k, f in frozen_handicaps.items()}
    ranked = standings(event_id, entrants, handicapped(results, per), table, bye, ranking)
    return tuple(
        HandicapLine(
            ln.entrant,
            ln.rank,
            per.get(ln.entrant, 0),
            ln.entrant in frozen_handicaps and frozen_handicaps[ln.entrant].rated,
            ln.victory_points,
            ln.points,
            ln.average,
            ln.margin,
        )
        for ln in ranked.lines
    )

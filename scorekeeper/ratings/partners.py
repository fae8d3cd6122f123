"""Balanced partners: seat a night's players in partnerships so each table is close to even.

The players are matched into partnerships, and the partnerships into tables of two, by one
search over a perfect matching: start from the strongest-with-weakest seating, then swap any
two players whenever the swap lowers the tables' summed squared distance of the model's win
chance from 50% (a local optimum, exact for a single table of four). A partnership already
played tonight is forbidden, not merely discouraged: when no seating avoids every one, the
answer is None and the caller draws as it would without balancing.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from scorekeeper.ratings.model import NEW, Rating, win_chances

Pair = frozenset[str]
MAX_PASSES = 50  # each pass tries every swap; a club night settles in a handful


def _table_cost(ratings: Mapping[str, Rating], seats: Sequence[str], table: int) -> float:
    a, b, c, d = seats[4 * table : 4 * table + 4]
    chance = win_chances(ratings, [(a, b), (c, d)])[0]
    return (chance - 0.5) ** 2


def _repeats(seats: Sequence[str], played: Collection[Pair], table: int) -> int:
    a, b, c, d = seats[4 * table : 4 * table + 4]
    return int(frozenset((a, b)) in played) + int(frozenset((c, d)) in played)


def _start(players: Sequence[str], ratings: Mapping[str, Rating]) -> list[str]:
    """Returns a first seating: per table of four by strength, strongest with weakest."""
    ordered = sorted(players, key=lambda p: (-ratings.get(p, NEW).mu, p))
    seats: list[str] = []
    for t in range(len(ordered) // 4):
        a, b, c, d = ordered[4 * t : 4 * t + 4]
        seats += [a, d, b, c]
    return seats


def _cost(
    ratings: Mapping[str, Rating], seats: Sequence[str], played: Collection[Pair], table: int
) -> tuple[int, float]:
    return _repeats(seats, played, table), _table_cost(ratings, seats, table)


def _improve(ratings: Mapping[str, Rating], seats: list[str], played: Collection[Pair]) -> bool:
    """Makes every improving swap of two players once; returns whether any was made."""
    tables = len(seats) // 4
    costs = [_cost(ratings, seats, played, t) for t in range(tables)]
    moved = False
    for i in range(len(seats)):
        for j in range(i + 1, len(seats)):
            ti, tj = i // 4, j // 4
            if ti == tj and (i % 4 < 2) == (j % 4 < 2):
                continue  # partners swapping seats change nothing
            seats[i], seats[j] = seats[j], seats[i]
            touched = {ti, tj}
            new = {t: _cost(ratings, seats, played, t) for t in touched}
            before = sum_cost([costs[t] for t in touched])
            if sum_cost(list(new.values())) < before:
                for t, c in new.items():
                    costs[t] = c
                moved = True
            else:
                seats[i], seats[j] = seats[j], seats[i]
    return moved


def sum_cost(costs: Sequence[tuple[int, float]]) -> tuple[int, float]:
    """Returns summed (repeated partnerships, squared distance from 50%), compared in order."""
    return sum(c[0] for c in costs), sum(c[1] for c in costs)


def balanced_partnerships(
    players: Sequence[str],
    ratings: Mapping[str, Rating],
    played_tonight: Collection[Pair] = (),
) -> list[tuple[str, str]] | None:
    """Returns partnerships, table by table (the first two face each other, then the next two),
    as close to even as the model predicts, none played tonight; None when that cannot be."""
    if len(players) % 4 or len(set(players)) != len(players):
        raise ValueError("balanced partners seat distinct players, four to a table")
    seats = _start(players, ratings)
    for _ in range(MAX_PASSES):
        if not _improve(ratings, seats, played_tonight):
            break
    pairs = [(seats[k], seats[k + 1]) for k in range(0, len(seats), 2)]
    if any(frozenset(p) in played_tonight for p in pairs):
        return None
    return pairs


def table_chances(
    ratings: Mapping[str, Rating], partnerships: Sequence[tuple[str, str]]
) -> list[float]:
    """Returns the first partnership's predicted chance at each table of a seating."""
    return [
        win_chances(ratings, [partnerships[k], partnerships[k + 1]])[0]
        for k in range(0, len(partnerships) - 1, 2)
    ]

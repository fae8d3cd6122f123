"""Balanced partners: seat a night's players in partnerships so each table is close to even.

The measure is each table's predicted chance: the seating whose tables' chances lie nearest
50% (least summed squared distance), no partnership of tonight played again.

- Up to twelve players every seating is tried (5,775 ways to seat twelve at three tables,
  each table's best split of the three kept), so the answer is the best there is.
- Beyond that, two minimum-weight perfect matchings (Edmonds' blossom algorithm, networkx's
  `min_weight_matching`) give a first seating: partnerships nearest the mean partnership's
  summed skill (a played partnership is no edge, so a repeat is impossible), then tables
  nearest 50%. Swapping two players of two tables while that makes them more even then
  mends what the two steps miss when the no-repeat rule pushes partnerships off the mean.

When no seating avoids a repeat the answer is None, and the caller draws as it would
without balancing.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from typing import Generic, TypeVar

import networkx as nx

from scorekeeper.events.movements import Round, Seat
from scorekeeper.ratings.model import NEW, Rating, win_chances

# Whom it seats: a group's player ids (a game's form) or an event's entrant ids (a night).
Player = TypeVar("Player", bound=Hashable)
Pair = frozenset[Player]
Partnerships = tuple[tuple[Player, Player], tuple[Player, Player]]
Table = tuple[Player, ...]
EXHAUSTIVE_UP_TO = 12  # every seating tried up to here; a search from the matchings beyond
MAX_PASSES = 20  # rounds of swaps at most; each ends the search when it finds nothing better
# The three ways four players make two partnerships (positions at the table).
SPLITS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))
UNSEATABLE = float("inf")


def _partnerships(
    players: Sequence[Player], ratings: Mapping[Player, Rating], played: Collection[Pair[Player]]
) -> list[tuple[Player, Player]] | None:
    """Returns the partnerships nearest the mean partnership's skill, none played tonight."""
    skill = {p: ratings.get(p, NEW).mu for p in players}
    middle = 2 * sum(skill.values()) / len(players)
    graph: nx.Graph[Player] = nx.Graph()
    graph.add_nodes_from(players)
    for a, b in itertools.combinations(players, 2):
        if frozenset((a, b)) not in played:
            graph.add_edge(a, b, weight=(skill[a] + skill[b] - middle) ** 2)
    matching = nx.min_weight_matching(graph)
    if 2 * len(matching) != len(players):
        return None  # no seating avoids every partnership of tonight
    order = {p: k for k, p in enumerate(players)}
    pairs = [tuple(sorted(edge, key=order.__getitem__)) for edge in matching]
    return sorted(((a, b) for a, b in pairs), key=lambda pair: order[pair[0]])


def _tables(
    pairs: list[tuple[Player, Player]], ratings: Mapping[Player, Rating]
) -> list[tuple[Player, Player]]:
    """Returns the partnerships, two by two, met so each table's chance is nearest 50%."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(len(pairs)))
    for i, j in itertools.combinations(range(len(pairs)), 2):
        chance = win_chances(ratings, [pairs[i], pairs[j]])[0]
        graph.add_edge(i, j, weight=(chance - 0.5) ** 2)
    seated: list[tuple[Player, Player]] = []
    for i, j in sorted(tuple(sorted(edge)) for edge in nx.min_weight_matching(graph)):
        seated += [pairs[i], pairs[j]]
    return seated


class _Splits(Generic[Player]):
    """Each table's most even split into two partnerships none played tonight, kept once found."""

    def __init__(self, ratings: Mapping[Player, Rating], played: Collection[Pair[Player]]) -> None:
        self.ratings: Mapping[Player, Rating] = ratings
        self.played: Collection[Pair[Player]] = played
        self.found: dict[Table[Player], tuple[float, Partnerships[Player] | None]] = {}

    def best(self, table: Table[Player]) -> tuple[float, Partnerships[Player] | None]:
        """Returns the table's least squared distance from 50% and its split (None: none allowed)."""
        if table not in self.found:
            best: tuple[float, Partnerships[Player] | None] = (UNSEATABLE, None)
            for a, b, c, d in SPLITS:
                north, east = (table[a], table[b]), (table[c], table[d])
                if frozenset(north) in self.played or frozenset(east) in self.played:
                    continue
                chance = win_chances(self.ratings, [north, east])[0]
                if (chance - 0.5) ** 2 < best[0]:
                    best = ((chance - 0.5) ** 2, (north, east))
            self.found[table] = best
        return self.found[table]

    def cost(self, tables: Sequence[Table[Player]]) -> float:
        """Returns a seating's summed squared distance from 50%."""
        return sum(self.best(table)[0] for table in tables)


def _seatings(players: Sequence[Player]) -> Iterator[list[Table[Player]]]:
    """Yields every way to seat the players four to a table (the first player's table first)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for others in itertools.combinations(rest, 3):
        left = [p for p in rest if p not in others]
        for tables in _seatings(left):
            yield [(first, *others), *tables]


def _swapped(tables: list[Table[Player]], splits: _Splits[Player]) -> list[Table[Player]]:
    """Returns the tables after swapping players of two tables while that makes them more even."""
    for _ in range(MAX_PASSES):
        better = False
        for i, j in itertools.combinations(range(len(tables)), 2):
            for x, y in itertools.product(range(4), repeat=2):
                first, second = list(tables[i]), list(tables[j])
                first[x], second[y] = second[y], first[x]
                now = splits.cost([tables[i], tables[j]])
                if splits.cost([tuple(first), tuple(second)]) < now - 1e-12:
                    tables[i], tables[j], better = tuple(first), tuple(second), True
        if not better:
            break
    return tables


def balanced_partnerships(
    players: Sequence[Player],
    ratings: Mapping[Player, Rating],
    played_tonight: Collection[Pair[Player]] = (),
) -> list[tuple[Player, Player]] | None:
    """Returns partnerships, table by table (the first two face each other, then the next two),
    as close to even as the model predicts, none played tonight; None when that cannot be."""
    if len(players) % 4 or len(set(players)) != len(players):
        raise ValueError("balanced partners seat distinct players, four to a table")
    # The same seating whatever order the players came in; ordered by their text, as when an
    # event's entrant ids were text, so that a tie is broken as it always was.
    ordered = sorted(players, key=str)
    splits = _Splits(ratings, played_tonight)
    if len(ordered) <= EXHAUSTIVE_UP_TO:
        tables = min(_seatings(ordered), key=splits.cost)
    else:
        pairs = _partnerships(ordered, ratings, played_tonight)
        if pairs is None:
            return None
        seated = _tables(pairs, ratings)
        first: list[Table[Player]] = [
            (*seated[k], *seated[k + 1]) for k in range(0, len(seated), 2)
        ]
        tables = _swapped(first, splits)
    chosen = [splits.best(table)[1] for table in tables]
    if any(split is None for split in chosen):
        return None  # no seating avoids every partnership of tonight
    return [pair for split in chosen if split is not None for pair in split]


def table_chances(
    ratings: Mapping[Player, Rating], partnerships: Sequence[tuple[Player, Player]]
) -> list[float]:
    """Returns the first partnership's predicted chance at each table of a seating."""
    return [
        win_chances(ratings, [partnerships[k], partnerships[k + 1]])[0]
        for k in range(0, len(partnerships) - 1, 2)
    ]


def balanced_round(
    drawn: Round, ratings: Mapping[int, Rating], played_tonight: Collection[Pair[int]]
) -> Round:
    """Returns an individual event's round with its tables of four re-seated by
    `balanced_partnerships`, the same players at them and the same byes; the round as drawn
    when a table is not of four, no player has a rating, or no seating avoids a repeat."""
    fours = all(len(s.north_south) == 2 == len(s.east_west) for s in drawn.seats)
    players = [p for s in drawn.seats for p in (*s.north_south, *s.east_west)]
    if not drawn.seats or not fours or not any(p in ratings for p in players):
        return drawn
    seated = balanced_partnerships(players, ratings, played_tonight)
    if seated is None:
        return drawn
    seats = tuple(Seat(k // 2 + 1, seated[k], seated[k + 1]) for k in range(0, len(seated), 2))
    return Round(drawn.number, seats, drawn.byes)

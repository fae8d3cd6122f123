"""Balanced partners: seat a night's players in partnerships so each table is close to even.

Two minimum-weight perfect matchings (Edmonds' blossom algorithm, networkx's
`min_weight_matching`), one after the other:

1. Partnerships. The players are the nodes; two players are joined only when they have not
   partnered each other tonight, weighted by the squared distance of their summed skill (mu)
   from the mean partnership's. The matching makes every partnership as near the middle as
   the players allow, and a repeat is impossible, not merely discouraged: when no perfect
   matching is left the answer is None, and the caller draws as it would without balancing.
2. Tables. The partnerships are the nodes, every two joined, weighted by the squared distance
   of the model's predicted win chance from 50% when they meet; the matching seats them.

Each step is exact for what it weighs; with one table of four the first already picks the
split whose partnerships are nearest in summed skill, the most even table.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Mapping, Sequence

import networkx as nx

from scorekeeper.events.movements import Round, Seat
from scorekeeper.ratings.model import NEW, Rating, win_chances

Pair = frozenset[str]


def _partnerships(
    players: Sequence[str], ratings: Mapping[str, Rating], played: Collection[Pair]
) -> list[tuple[str, str]] | None:
    """Returns the partnerships nearest the mean partnership's skill, none played tonight."""
    skill = {p: ratings.get(p, NEW).mu for p in players}
    middle = 2 * sum(skill.values()) / len(players)
    graph: nx.Graph[str] = nx.Graph()
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


def _tables(pairs: list[tuple[str, str]], ratings: Mapping[str, Rating]) -> list[tuple[str, str]]:
    """Returns the partnerships, two by two, met so each table's chance is nearest 50%."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(len(pairs)))
    for i, j in itertools.combinations(range(len(pairs)), 2):
        chance = win_chances(ratings, [pairs[i], pairs[j]])[0]
        graph.add_edge(i, j, weight=(chance - 0.5) ** 2)
    seated: list[tuple[str, str]] = []
    for i, j in sorted(tuple(sorted(edge)) for edge in nx.min_weight_matching(graph)):
        seated += [pairs[i], pairs[j]]
    return seated


def balanced_partnerships(
    players: Sequence[str],
    ratings: Mapping[str, Rating],
    played_tonight: Collection[Pair] = (),
) -> list[tuple[str, str]] | None:
    """Returns partnerships, table by table (the first two face each other, then the next two),
    as close to even as the model predicts, none played tonight; None when that cannot be."""
    if len(players) % 4 or len(set(players)) != len(players):
        raise ValueError("balanced partners seat distinct players, four to a table")
    ordered = sorted(players)  # the same seating whatever order the players came in
    pairs = _partnerships(ordered, ratings, played_tonight)
    return None if pairs is None else _tables(pairs, ratings)


def table_chances(
    ratings: Mapping[str, Rating], partnerships: Sequence[tuple[str, str]]
) -> list[float]:
    """Returns the first partnership's predicted chance at each table of a seating."""
    return [
        win_chances(ratings, [partnerships[k], partnerships[k + 1]])[0]
        for k in range(0, len(partnerships) - 1, 2)
    ]


def balanced_round(
    drawn: Round, ratings: Mapping[str, Rating], played_tonight: Collection[Pair]
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

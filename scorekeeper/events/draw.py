"""Draws that never repeat a meeting they can avoid: a minimum-cost matching over who is present."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence

import networkx as nx

from scorekeeper.events import movements
from scorekeeper.events.movements import Meeting, Round, Seat

# The phantom entrant of an odd field, whoever it meets sits out: no entrant's id (a position,
# 0 on). Entrant 0 is an id like any other, so a bye is tested against None, never for truth.
_BYE = -1

Cost = Callable[[int, int], int]


def meetings(met: Collection[Meeting] | Mapping[Meeting, int]) -> Counter[Meeting]:
    """Returns how many times each meeting was played, from a set (once each) or a count."""
    return Counter(met) if not isinstance(met, Mapping) else Counter(dict(met))


def fewest_byes(present: Sequence[int], byes: Mapping[int, int]) -> list[int]:
    """Returns who may sit out: the present entrants with the fewest byes so far."""
    least = min(byes.get(e, 0) for e in present)
    return [e for e in present if byes.get(e, 0) == least]


def repeats(pairs: Sequence[tuple[int, int]], met: Mapping[Meeting, int]) -> int:
    """Returns how many of these pairs already met (each earlier meeting counted once)."""
    return sum(met.get(frozenset(p), 0) for p in pairs)


def matching(
    present: Sequence[int],
    met: Mapping[Meeting, int],
    byes: Mapping[int, int],
    cost: Cost,
    bye_cost: Callable[[int], int],
) -> tuple[list[tuple[int, int]], int | None]:
    """Returns the pairs and the bye with the fewest repeated meetings, then the least cost.

    Among pairings with the fewest repeats the bye goes to one of those with the fewest byes
    so far (byes rotate), then the sum of `cost` (and `bye_cost`) decides; networkx's
    `max_weight_matching` finds the best, exactly, in polynomial time.
    """
    nodes = list(present)
    sitters = nodes if len(nodes) % 2 else []
    least = min((byes.get(e, 0) for e in nodes), default=0)
    edges = [(a, b, cost(a, b)) for i, a in enumerate(nodes) for b in nodes[i + 1 :]]
    edges += [(e, _BYE, bye_cost(e)) for e in sitters]
    # Each rule weighs more than every later one together: a repeat more than any unfair bye,
    # a bye beyond the fewest more than any sum of costs. Weights stay positive integers
    # (exact arithmetic, no float ties).
    largest = max((c for _, _, c in edges), default=0) + 1
    unfair = largest * (len(nodes) + 2)
    spread = max((byes.get(e, 0) for e in sitters), default=least) - least
    repeat = unfair * (spread + 1)
    top = repeat * (max(met.values(), default=0) + 1) + unfair * (spread + 1) + largest
    graph: nx.Graph[int] = nx.Graph()
    for a, b, c in edges:
        if b == _BYE:
            graph.add_edge(a, b, weight=top - unfair * (byes.get(a, 0) - least) - c)
        else:
            graph.add_edge(a, b, weight=top - repeat * met.get(frozenset((a, b)), 0) - c)
    chosen = nx.max_weight_matching(graph, maxcardinality=True, weight="weight")
    order = {e: i for i, e in enumerate(nodes)}
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for a, b in chosen:
        if _BYE in (a, b):
            bye = a if b == _BYE else b
        else:
            pairs.append((a, b) if order[a] < order[b] else (b, a))
    pairs.sort(key=lambda p: order[p[0]])
    return pairs, bye


def as_round(number: int, pairs: Sequence[tuple[int, int]], bye: int | None) -> Round:
    """Returns the round of these pairs, tables numbered in order, with the bye if any."""
    seats = tuple(Seat(i, (a,), (b,)) for i, (a, b) in enumerate(pairs, 1))
    return Round(number, seats, (bye,) if bye is not None else ())


def danish(
    ranked: Sequence[int], met: Mapping[Meeting, int], byes: Mapping[int, int], number: int
) -> Round:
    """Returns a Danish round: fewest repeats, then the least rank distance (1st v 2nd ...)."""
    rank = {e: i for i, e in enumerate(ranked)}
    last = len(ranked) - 1
    pairs, bye = matching(
        ranked,
        met,
        byes,
        lambda a, b: abs(rank[a] - rank[b]),
        lambda e: last - rank[e],  # the lowest-ranked of those who may sit out
    )
    pairs.sort(key=lambda p: min(rank[p[0]], rank[p[1]]))
    return as_round(number, [(a, b) if rank[a] < rank[b] else (b, a) for a, b in pairs], bye)


def keep_or_match(
    planned: Round,
    present: Sequence[int],
    met: Mapping[Meeting, int],
    byes: Mapping[int, int],
    cost: Cost | None = None,
) -> Round:
    """Returns the planned round when it repeats nothing and its bye may sit out; else a matching.

    The matching keeps as many of the planned meetings as it can (each other one costs 1).
    """
    planned_pairs = [(s.north_south[0], s.east_west[0]) for s in planned.seats]
    may_sit = set(fewest_byes(present, byes)) if len(present) % 2 else set()
    if repeats(planned_pairs, met) == 0 and all(b in may_sit for b in planned.byes):
        return planned
    wanted = {frozenset(p) for p in planned_pairs}
    pairs, bye = matching(
        present,
        met,
        byes,
        cost or (lambda a, b: 0 if frozenset((a, b)) in wanted else 1),
        lambda e: 0 if e in planned.byes else 1,
    )
    return as_round(planned.number, pairs, bye)


def mitchell(
    north: Sequence[int],
    east: Sequence[int],
    number: int,
    met: Mapping[Meeting, int],
    byes: Mapping[int, int],
    homes: Mapping[int, int] | None = None,
) -> Round:
    """Returns a Mitchell round over each line's present pairs: N-S stay, E-W move up a table.

    Each pair keeps its line. With the lines as at the start (or one apart) the round is the
    movement's own when it repeats nothing; otherwise a matching repeats the fewest meetings,
    then meets within a line the fewest times, then keeps the most of the movement's tables.
    """
    present = [*north, *east]
    line = {**dict.fromkeys(north, "ns"), **dict.fromkeys(east, "ew")}
    planned = movements.mitchell(present, number) if len(north) - len(east) in (0, 1) else None
    wanted = (
        {frozenset((s.north_south[0], s.east_west[0])) for s in planned.seats} if planned else set()
    )
    within = len(present) + 1  # one meeting inside a line outweighs every other departure

    def cost(a: int, b: int) -> int:
        if line[a] == line[b]:
            return within
        return 0 if frozenset((a, b)) in wanted else 1

    if planned is not None:
        kept = keep_or_match(planned, present, met, byes, cost)
        if kept is planned:
            return planned
    pairs, bye = matching(present, met, byes, cost, lambda e: 0)
    home = {e: (homes or {}).get(e, i) for i, e in enumerate(north, 1)}
    seats: list[tuple[int | None, int, int]] = []
    for a, b in pairs:
        ns, ew = (a, b) if a in home and (b not in home or home[a] < home[b]) else (b, a)
        seats.append((home.get(ns), ns, ew))
    return Round(number, numbered(seats), (bye,) if bye is not None else ())


def numbered(seats: Sequence[tuple[int | None, int, int]]) -> tuple[Seat, ...]:
    """Returns the tables numbered 1..n with no gap: each N-S pair at its own table if in range.

    A table whose N-S pair has no home (a pair of the East-West line there), or whose home is
    past the round's last table, takes the free numbers in order.
    """
    count = len(seats)
    kept = {home for home, _, _ in seats if home is not None and home <= count}
    free = iter(n for n in range(1, count + 1) if n not in kept)
    made = [
        Seat(home if home is not None and home <= count else next(free), (ns,), (ew,))
        for home, ns, ew in sorted(seats, key=lambda s: (s[0] is None, s[0] or 0))
    ]
    return tuple(sorted(made, key=lambda s: s.table))

"""Who sits with whom in an individual round: fresh partners, and opponents met the fewest times.

The circle method rotates partners (never the same partner twice), but seats its
partnerships side by side, so the same players would face each other round after round.
Here the round's partnerships are paired into tables by a minimum-cost perfect matching
(`draw.matching`, networkx's blossom algorithm) whose cost is how many times the players
of two partnerships have sat at one table before, as partners or opponents; on a tie the
circle's own pairing wins, so a first round (nobody has met) is the circle's. When the
circle runs over a field that changes (sit-outs, tables of three, arrivals), its partnerships
are checked against the night's, and re-drawn by a matching when one would repeat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import combinations, product

from scorekeeper.events import draw
from scorekeeper.events.movements import Meeting

Team = tuple[int, ...]


def together(met: Mapping[Meeting, int]) -> Counter[Meeting]:
    """Returns how many times each two players sat at one table, from the tables played."""
    found: Counter[Meeting] = Counter()
    for table, times in met.items():
        for two in combinations(sorted(table), 2):
            found[frozenset(two)] += times
    return found


def fresh_partners(teams: Sequence[Team], partnered: Mapping[Meeting, int]) -> list[Team]:
    """Returns the teams as drawn when no two of them have partnered before; otherwise the same
    players partnered by a matching that repeats the fewest partnerships, keeping the most of
    the drawn ones (the circle over a field that changes, by sit-outs or tables of three, can
    hand two players each other again)."""
    pairs = [t for t in teams if len(t) == 2]
    if not any(partnered.get(frozenset(t), 0) for t in pairs):
        return list(teams)
    drawn = {frozenset(t) for t in pairs}
    players = [p for t in pairs for p in t]
    again, _bye = draw.matching(
        players, partnered, {}, lambda a, b: 0 if frozenset((a, b)) in drawn else 1, lambda _: 0
    )
    return [*(t for t in teams if len(t) != 2), *again]


def scale(times: Mapping[Meeting, int]) -> int:
    """Returns a weight above every sum of earlier meetings a round's tables can seat again."""
    return 1 + sum(times.values())


def met_cost(twos: Iterable[tuple[int, int]], times: Mapping[Meeting, int], above: int) -> int:
    """Returns what seating these twos together costs: first how many of them have met before
    (each `above`), then how many times they have (so a third meeting weighs more)."""
    return sum(above + c for c in (times.get(frozenset(two), 0) for two in twos) if c)


def paired(teams: Sequence[Team], times: Mapping[Meeting, int]) -> list[tuple[Team, Team]]:
    """Returns the teams two to a table, the fewest meetings played between tablemates; with
    none to avoid (or on a tie) the teams as they came, first with second, third with fourth.
    """
    if not any(times.values()) or len(teams) < 4:
        return [(teams[k], teams[k + 1]) for k in range(0, len(teams) - 1, 2)]
    nodes = list(range(len(teams)))
    above = scale(times)
    between = {
        frozenset((a, b)): met_cost(product(teams[a], teams[b]), times, above)
        for a, b in combinations(nodes, 2)
    }

    def departs(a: int, b: int) -> int:
        """Returns 0 for the circle's own pairing (0 with 1, 2 with 3 ...), 1 for another."""
        low, high = sorted((a, b))
        return 0 if low % 2 == 0 and high == low + 1 else 1

    pairs, _bye = draw.matching(nodes, between, {}, departs, lambda _: 0)
    return [(teams[a], teams[b]) for a, b in pairs]


# How many pairings of the rest a table of five's or six's choice may cost (each a matching):
# nights of 8 to 16 players draw as they would without a bound; a large field's round stays quick.
TRIED = 100


def big_tables(
    teams: list[Team], lone: Team, sizes: Sequence[int], times: Mapping[Meeting, int]
) -> list[list[Team]]:
    """Takes from `teams` those of the tables of five (with `lone`) and of six, in `sizes`'
    order: the choice whose tables, with the rest paired by `paired`, repeat the fewest
    meetings; on a tie the first, the circle's own (the first teams of the list)."""
    wanted = [2 if size == 5 else 3 for size in sizes if size in (5, 6)]
    best: tuple[int, list[list[int]]] | None = None
    tried, above = 0, scale(times)
    for choice in _choices(list(range(len(teams))), wanted):
        big = sum(
            met_cost(
                combinations(
                    [*(lone if len(ks) == 2 else ()), *(p for k in ks for p in teams[k])], 2
                ),
                times,
                above,
            )
            for ks in choice
        )
        if best is not None and big >= best[0]:
            continue  # the rest cannot make it better
        chosen = {k for ks in choice for k in ks}
        rest = [t for k, t in enumerate(teams) if k not in chosen]
        total = big + sum(met_cost(product(a, b), times, above) for a, b in paired(rest, times))
        if best is None or total < best[0]:
            best = (total, choice)
        tried += 1
        if best[0] == 0 or tried >= TRIED:
            break
    assert best is not None  # there are always enough teams for the tables asked
    taken = [[teams[k] for k in ks] for ks in best[1]]
    for team in (t for ks in taken for t in ks):
        teams.remove(team)
    return taken


def _choices(left: list[int], wanted: Sequence[int]) -> Iterator[list[list[int]]]:
    """Yields every way to take `wanted[0]` of `left`, then `wanted[1]` of the rest, in order."""
    if not wanted:
        yield []
        return
    for first in combinations(left, wanted[0]):
        rest = [k for k in left if k not in first]
        for tail in _choices(rest, wanted[1:]):
            yield [list(first), *tail]

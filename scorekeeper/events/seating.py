"""Everyone seated: an individual event's tables of three, four, five and six, partners rotating."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence, Sized
from itertools import combinations, islice
from typing import Any

from scorekeeper.events.movements import Meeting, Round, Seat, _circle, _padded, individual
from scorekeeper.events.opponents import (
    Team,
    big_tables,
    fresh_partners,
    met_cost,
    paired,
    scale,
    together,
)

SEATINGS = ("sit_out", "five_six", "cutthroat")
"""How an individual event whose count is not a multiple of four seats the rest: idle for a
round ("sit_out", partners' tables of four only), at tables of five and six ("five_six":
the Five-hand format, two against three, and Six-hand, three against three), or at
three-handed tables ("cutthroat": the Cutthroat format, each player on their own)."""


def table_sizes(count: int, seating: str = "five_six") -> list[int]:
    """Returns the tables' sizes that seat `count` players: fours and fives and sixes, or threes."""
    if seating == "cutthroat":
        # 4k + 3: one table of three, 4k + 2: two, 4k + 1: three (so 5 players cannot be seated)
        threes = (4 - count % 4) % 4
        if 3 * threes > count:
            return []
        return [*([3] * threes), *([4] * ((count - 3 * threes) // 4))]
    extra = {0: [], 1: [5], 2: [6], 3: [5, 6]}[count % 4]
    fours = (count - sum(extra)) // 4
    if fours < 0:  # 3 or 7 players: four, five and six cannot seat them all
        return []
    return [*extra, *([4] * fours)]


def seating_problems(
    movement: str, seating: str, players: Sized
) -> list[tuple[str, dict[str, Any]]]:
    """Returns (code, params) when tables of three are chosen for a count they cannot seat."""
    count = len(players)
    if movement == "individual" and seating == "cutthroat" and not table_sizes(count, seating):
        return [("three_handed_count", {"count": count})]
    return []


def seated(
    players: Sequence[int],
    number: int,
    seating: str = "sit_out",
    byes: Mapping[int, int] | None = None,
    threes: Mapping[int, int] | None = None,
    met: Mapping[Meeting, int] | None = None,
    partnered: Mapping[Meeting, int] | None = None,
) -> Round:
    """Returns round `number` of an individual event, everyone seated when `seating` says so.

    `byes` and `threes`: the rounds each player sat out, and sat at a table of three, so far;
    `met`: the tables played so far (each a set of players), which every table avoids;
    `partnered`: the partnerships played so far, which the partners avoid.
    """
    sizes = table_sizes(len(players), seating) if seating != "sit_out" else []
    times, partners = together(met or {}), partnered or {}
    if not sizes or sizes == [4] * len(sizes):
        return _sitting_out(players, number, byes or {}, times, partners)
    if seating == "cutthroat":
        return _three_handed(players, number, sizes.count(3), threes or {}, met or {}, partners)
    # The circle method's partnerships change every round; a lone player (odd count) is a
    # partnership of one. Turning the list by the round moves who plays at the big tables.
    teams = [
        tuple(p for p in pair if p is not None) for pair in _circle(_padded(players), number - 1)
    ]
    shift = (number - 1) % len(teams)
    teams = fresh_partners(teams[shift:] + teams[:shift], partners)
    lone = [t for t in teams if len(t) == 1]  # an odd count: it joins the table of five
    # Last first, the order the circle's tables take them in.
    pairs: list[Team] = [t for t in reversed(teams) if len(t) == 2]
    seats: list[Seat] = []
    for table in big_tables(pairs, lone[0] if lone else (), sizes, times):
        if len(table) == 2:  # a table of five: a pair against a pair and the lone player
            seats.append(Seat(len(seats) + 1, table[0], (*table[1], *lone[0])))
        else:  # a table of six: three pairs, the third split one to each side
            first, second, split = table
            seats.append(Seat(len(seats) + 1, (*first, split[0]), (*second, split[1])))
    for ns, ew in paired(pairs, times):
        seats.append(Seat(len(seats) + 1, ns, ew))
    return Round(number, tuple(seats), ())


def _spread(drawn: Round, times: Mapping[Meeting, int], partnered: Mapping[Meeting, int]) -> Round:
    """Returns a round of partners' tables of four, its partners fresh and its tables paired
    by `paired`."""
    teams = [side for seat in drawn.seats for side in (seat.north_south, seat.east_west)]
    tables = paired(fresh_partners(teams, partnered), times)
    seats = tuple(Seat(k, ns, ew) for k, (ns, ew) in enumerate(tables, 1))
    return Round(drawn.number, seats, drawn.byes)


# How many choices of who sits out, or sits at the tables of three, among those tied on the
# rounds they have done so, a round tries (the turn's own first): every one for nights of up
# to 16 players is far fewer, and a large field's round stays quick.
CHOICES = 60


def _choices(order: Sequence[int], count: int, done: Mapping[int, int]) -> Iterator[list[int]]:
    """Yields who may take the `count` seats: those who have taken them the fewest rounds,
    all of them, with each choice among those tied at the cut (first the turn's own)."""
    ranked = sorted(order, key=lambda p: done.get(p, 0))
    cut = done.get(ranked[count - 1], 0) if count else 0
    sure = [p for p in ranked if done.get(p, 0) < cut]
    tied = [p for p in ranked if done.get(p, 0) == cut]
    for extra in islice(combinations(tied, count - len(sure)), CHOICES):
        yield [*sure, *extra]


def _cost(
    seats: Sequence[Seat], times: Mapping[Meeting, int], partnered: Mapping[Meeting, int]
) -> tuple[int, int]:
    """Returns what a round's tables repeat: partnerships first, then meetings (`met_cost`)."""
    again = sum(partnered.get(frozenset(side), 0) > 0 for s in seats for side in s.sides)
    above = scale(times)
    twos = (two for s in seats for two in combinations([p for side in s.sides for p in side], 2))
    return again, met_cost(twos, times, above)


def _sitting_out(
    players: Sequence[int],
    number: int,
    byes: Mapping[int, int],
    times: Mapping[Meeting, int],
    partnered: Mapping[Meeting, int],
) -> Round:
    """Returns a round of tables of four: those who sat out least sit out, in turn."""
    idle = len(players) % 4
    if not idle:
        return _spread(individual(players, number), times, partnered)
    # Whoever has sat out the fewest rounds sits out next (an arrival has sat out none, so
    # does not sit out again and again); ties go round the list as the rounds go by, the
    # choice among them whose tables repeat the fewest partnerships, then meetings, first.
    turn = (number - 1) * idle % len(players)
    order = [*players[turn:], *players[:turn]]
    best: tuple[tuple[int, int], Round] | None = None
    for out in _choices(order, idle, byes):
        rest = individual([p for p in players if p not in out], number)
        played = Round(number, _spread(rest, times, partnered).seats, tuple(out))
        cost = _cost(played.seats, times, partnered)
        if best is None or cost < best[0]:
            best = (cost, played)
        if cost == (0, 0):
            break
    assert best is not None  # there is always a first choice
    return best[1]


def _three_handed(
    players: Sequence[int],
    number: int,
    tables: int,
    threes: Mapping[int, int],
    met: Mapping[Meeting, int],
    partnered: Mapping[Meeting, int],
) -> Round:
    """Returns a round of `tables` tables of three first, then partners' tables of four."""
    # As sit-outs rotate: whoever has sat at a table of three the fewest rounds sits there
    # next (an arrival none), ties going round the list as the rounds go by, the choice
    # among them whose tables repeat the fewest partnerships, then meetings, first.
    wanted = 3 * tables
    turn = (number - 1) * wanted % len(players)
    order = [*players[turn:], *players[:turn]]
    times = together(met)
    best: tuple[tuple[int, int], list[Seat]] | None = None
    for alone in _choices(order, wanted, threes):
        trios = _trios(alone, times)
        seats = [Seat(i + 1, (a,), (b,), (c,)) for i, (a, b, c) in enumerate(trios)]
        rest = individual([p for p in players if p not in alone], number)
        fours = _spread(rest, times, partnered).seats
        seats += [Seat(tables + s.table, s.north_south, s.east_west) for s in fours]
        cost = _cost(seats, times, partnered)
        if best is None or cost < best[0]:
            best = (cost, seats)
        if cost == (0, 0):
            break
    assert best is not None  # there is always a first choice
    return Round(number, tuple(best[1]), ())


def _trios(players: list[int], times: Mapping[Meeting, int]) -> list[tuple[int, int, int]]:
    """Splits players into tables of three, as few of each table having met before as can be."""
    # At most three tables of three (nine players, 280 ways): every split is tried, and the
    # first of the fewest repeats kept, so the draw is the same on every read.
    above = scale(times)

    def repeats(trios: list[tuple[int, int, int]]) -> int:
        return sum(met_cost(combinations(trio, 2), times, above) for trio in trios)

    return min(_splits(players), key=repeats)


def _splits(players: list[int]) -> Iterator[list[tuple[int, int, int]]]:
    """Yields every way to split the players (a multiple of three) into threes, in order."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for b, c in combinations(rest, 2):
        for tail in _splits([p for p in rest if p not in (b, c)]):
            yield [(first, b, c), *tail]

"""Everyone seated: an individual event's tables of three, four, five and six, partners rotating."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence, Sized
from itertools import combinations
from typing import Any

from scorekeeper.events.movements import Meeting, Round, Seat, _circle, _padded, individual

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
    players: Sequence[str],
    number: int,
    seating: str = "sit_out",
    byes: Mapping[str, int] | None = None,
    threes: Mapping[str, int] | None = None,
    met: Mapping[Meeting, int] | None = None,
) -> Round:
    """Returns round `number` of an individual event, everyone seated when `seating` says so.

    `byes` and `threes`: the rounds each player sat out, and sat at a table of three, so far;
    `met`: the tables played so far (each a set of players), which tables of three avoid.
    """
    sizes = table_sizes(len(players), seating) if seating != "sit_out" else []
    if not sizes or sizes == [4] * len(sizes):
        return _sitting_out(players, number, byes or {})
    if seating == "cutthroat":
        return _three_handed(players, number, sizes.count(3), threes or {}, met or {})
    # The circle method's partnerships change every round; a lone player (odd count) is a
    # partnership of one. Turning the list by the round moves who plays at the big tables.
    teams = [
        tuple(p for p in pair if p is not None) for pair in _circle(_padded(players), number - 1)
    ]
    shift = (number - 1) % len(teams)
    teams = teams[shift:] + teams[:shift]
    teams.sort(key=len)  # the lone player first: it joins the table of five
    seats: list[Seat] = []
    for size in sizes:
        if size == 4:
            ns, ew = teams.pop(), teams.pop()
        elif size == 5:
            ns, ew = _five(teams)
        else:
            first, second, split = teams.pop(), teams.pop(), teams.pop()
            ns, ew = (*first, split[0]), (*second, split[1])
        seats.append(Seat(len(seats) + 1, ns, ew))
    return Round(number, tuple(seats), ())


def _sitting_out(players: Sequence[str], number: int, byes: Mapping[str, int]) -> Round:
    """Returns a round of tables of four: those who sat out least sit out, in turn."""
    idle = len(players) % 4
    if not idle:
        return individual(players, number)
    # Whoever has sat out the fewest rounds sits out next (an arrival has sat out none, so
    # does not sit out again and again); ties go round the list as the rounds go by.
    turn = (number - 1) * idle % len(players)
    order = [*players[turn:], *players[:turn]]
    out = sorted(order, key=lambda p: byes.get(p, 0))[:idle]
    played = individual([p for p in players if p not in out], number)
    return Round(number, played.seats, tuple(out))


def _five(teams: list[tuple[str, ...]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Takes a table of five from the teams: a pair against a pair and the lone player."""
    # A table of five comes only with an odd count (4k + 1, 4k + 3), so the lone one is first.
    lone = teams.pop(0)
    return teams.pop(), (*teams.pop(), *lone)


def _three_handed(
    players: Sequence[str],
    number: int,
    tables: int,
    threes: Mapping[str, int],
    met: Mapping[Meeting, int],
) -> Round:
    """Returns a round of `tables` tables of three first, then partners' tables of four."""
    # As sit-outs rotate: whoever has sat at a table of three the fewest rounds sits there
    # next (an arrival none), ties going round the list as the rounds go by.
    wanted = 3 * tables
    turn = (number - 1) * wanted % len(players)
    order = [*players[turn:], *players[:turn]]
    alone = sorted(order, key=lambda p: threes.get(p, 0))[:wanted]
    seats = [Seat(i + 1, (a,), (b,), (c,)) for i, (a, b, c) in enumerate(_trios(alone, met))]
    fours = individual([p for p in players if p not in alone], number)
    seats += [Seat(tables + s.table, s.north_south, s.east_west) for s in fours.seats]
    return Round(number, tuple(seats), ())


def _trios(players: list[str], met: Mapping[Meeting, int]) -> list[tuple[str, str, str]]:
    """Splits players into tables of three, as few of each table having met before as can be."""
    # At most three tables of three (nine players, 280 ways): every split is tried, and the
    # first of the fewest repeats kept, so the draw is the same on every read.
    together: Counter[Meeting] = Counter()
    for meeting, times in met.items():
        for two in combinations(sorted(meeting), 2):
            together[frozenset(two)] += times

    def repeats(trios: list[tuple[str, str, str]]) -> int:
        return sum(together[frozenset(two)] for trio in trios for two in combinations(trio, 2))

    return min(_splits(players), key=repeats)


def _splits(players: list[str]) -> Iterator[list[tuple[str, str, str]]]:
    """Yields every way to split the players (a multiple of three) into threes, in order."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for b, c in combinations(rest, 2):
        for tail in _splits([p for p in rest if p not in (b, c)]):
            yield [(first, b, c), *tail]

"""Movements: who meets whom at which table each round (round robin, Mitchell, Danish, individual)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

MOVEMENTS = ("round_robin", "mitchell", "danish", "individual")


def table_sides(
    north_south: tuple[int, ...], east_west: tuple[int, ...], third: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """Returns a table's sides in the game's order: two, or three at a table of three."""
    both = (north_south, east_west)
    return (*both, third) if third else both


@dataclass(frozen=True)
class Seat:
    """One table of a round: who sits North-South and who East-West (entrant ids: positions)."""

    table: int  # 1-based
    north_south: tuple[int, ...]  # one pair, or two players in an individual event
    east_west: tuple[int, ...]
    third: tuple[int, ...] = ()  # a three-handed (Cutthroat) table's third player

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Returns the table's sides in the game's order: two, or three at a table of three."""
        return table_sides(self.north_south, self.east_west, self.third)


@dataclass(frozen=True)
class Round:
    """One round's tables, and the entrants who sit out (a bye)."""

    number: int
    seats: tuple[Seat, ...]
    byes: tuple[int, ...] = ()


Meeting = frozenset[int]  # two pairs who have played each other (entrant ids)


def _circle(entrants: Sequence[int | None], index: int) -> list[tuple[int | None, int | None]]:
    """Returns round `index` (0-based) of the circle method: the first entrant stays put."""
    n = len(entrants)
    rest = list(entrants[1:])
    shift = index % (n - 1)
    turned = [entrants[0], *rest[-shift:], *rest[:-shift]] if shift else list(entrants)
    return [(turned[i], turned[n - 1 - i]) for i in range(n // 2)]


def _padded(entrants: Sequence[int]) -> list[int | None]:
    """Returns the entrants with a None (the bye) added when their number is odd."""
    return [*entrants, None] if len(entrants) % 2 else list(entrants)


def _round(
    number: int, pairs: Sequence[tuple[int | None, int | None]], *, fixed: bool = False
) -> Round:
    """Returns a round of pairs-of-pairs, a None opposite meaning that entrant's bye.

    `fixed`: each pair's place is its table's number, so a table sits idle for the bye.
    """
    seats: list[Seat] = []
    byes: list[int] = []
    for place, (a, b) in enumerate(pairs, 1):
        if a is None or b is None:
            byes += [x for x in (a, b) if x is not None]
        else:
            seats.append(Seat(place if fixed else len(seats) + 1, (a,), (b,)))
    return Round(number, tuple(seats), tuple(byes))


def round_robin(entrants: Sequence[int], number: int) -> Round:
    """Returns round `number` (1-based) of a round robin: everyone meets everyone once."""
    # With an odd count the bye is a phantom entrant: each real one meets it once, so the
    # bye moves round by round and nobody sits out twice before everyone has once.
    return _round(number, _circle(_padded(entrants), number - 1))


def mitchell(entrants: Sequence[int], number: int) -> Round:
    """Returns round `number` of a Mitchell: N-S stay; E-W move up one table, the last to 1."""
    padded = _padded(entrants)
    tables = len(padded) // 2
    north, east = padded[:tables], padded[tables:]
    # E-W pair j sits at table j + round - 1 (mod tables): a new N-S pair every round
    # until every table has been visited, so no meeting repeats within `tables` rounds.
    moved = [east[(i - (number - 1)) % tables] for i in range(tables)]
    return _round(number, list(zip(north, moved, strict=True)), fixed=True)


def max_rounds(movement: str, count: int) -> int:
    """Returns how many rounds a movement can play with `count` entrants before repeating."""
    even = count + count % 2
    if movement == "mitchell":
        return even // 2
    return even - 1  # round robin; Danish may go on, repeating meetings when it must


def danish(
    ranked: Sequence[int], met: Collection[Meeting], had_bye: Collection[int], number: int
) -> Round:
    """Returns a Danish (Swiss) round: first plays second by current rank, avoiding repeats."""
    order = list(ranked)
    byes: list[int] = []
    if len(order) % 2:  # the lowest-ranked entrant who has not yet sat out
        sitter = next((e for e in reversed(order) if e not in had_bye), order[-1])
        order.remove(sitter)
        byes.append(sitter)
    pairs = _pair_down(order, met) or _pair_down(order, ())  # repeats only when forced
    assert pairs is not None  # without meetings to avoid, the first pairing always fits
    seats = tuple(Seat(i + 1, (a,), (b,)) for i, (a, b) in enumerate(pairs))
    return Round(number, seats, tuple(byes))


def _pair_down(order: Sequence[int], met: Collection[Meeting]) -> list[tuple[int, int]] | None:
    """Returns the top-down pairing that avoids every meeting in `met`, or None when none does."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) in met:
            continue
        tail = _pair_down([*rest[:i], *rest[i + 1 :]], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def individual(players: Sequence[int], number: int) -> Round:
    """Returns round `number` of an individual event: partners rotate, two partnerships a table."""
    # The circle method's pairs are partnerships: a new partner each round. With four
    # players it gives the German club rotation (N-S v E-W, N-E v S-W, N-W v S-E).
    partnerships = [
        (a, b) for a, b in _circle(_padded(players), number - 1) if a is not None and b is not None
    ]
    byes = [p for p in players if not any(p in pair for pair in partnerships)]
    if len(partnerships) % 2:  # an odd partnership out sits this round out
        sitting = partnerships.pop((number - 1) % len(partnerships))
        byes += list(sitting)
    seats = tuple(
        Seat(i // 2 + 1, partnerships[i], partnerships[i + 1])
        for i in range(0, len(partnerships), 2)
    )
    return Round(number, seats, tuple(byes))


Drawer = Callable[[Sequence[int], int], Round]
FIXED: dict[str, Drawer] = {
    "round_robin": round_robin,
    "mitchell": mitchell,
    "individual": individual,
}

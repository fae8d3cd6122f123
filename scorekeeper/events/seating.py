"""Everyone seated: an individual event's tables of four, five and six, partners rotating."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.events.movements import Round, Seat, _circle, _padded, individual

SEATINGS = ("sit_out", "five_six")
"""How an individual event whose count is not a multiple of four seats the rest: idle for a
round ("sit_out", partners' tables of four only), or at tables of five and six ("five_six":
the Five-hand format, two against three, and Six-hand, three against three)."""


def table_sizes(count: int) -> list[int]:
    """Returns the tables' sizes that seat `count` players with fours, one five and one six."""
    extra = {0: [], 1: [5], 2: [6], 3: [5, 6]}[count % 4]
    fours = (count - sum(extra)) // 4
    if fours < 0:  # 3 or 7 players: four, five and six cannot seat them all
        return []
    return [*extra, *([4] * fours)]


def seated(
    players: Sequence[str],
    number: int,
    seating: str = "sit_out",
    byes: Mapping[str, int] | None = None,
) -> Round:
    """Returns round `number` of an individual event, everyone seated when `seating` says so."""
    sizes = table_sizes(len(players)) if seating == "five_six" else []
    if not sizes or sizes == [4] * len(sizes):
        return _sitting_out(players, number, byes or {})
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

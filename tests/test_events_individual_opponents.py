"""Individual nights: partners never repeat, and tables repeat no more meetings than the circle's.

Every night of 8 to 16 players, with each seating, is drawn round by round as the store draws
it (with the meetings, partnerships, sit-outs and tables of three so far), and again as the
circle alone seats it (its partnerships side by side, the turn's own sit-outs and tables of
three). After each round the first must repeat no more meetings than the second, counted as
the pairs' draw counts them (`draw.repeats`): each time two players sit at one table again,
every earlier time counts once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest

from scorekeeper.events import Meeting, Round, Seat, max_rounds, opponents, seating
from scorekeeper.events.seating import SEATINGS, seated, table_sizes
from scorekeeper.events.victory import template
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.entrants import withdraw
from scorekeeper.store.events.event import NewEvent, create_event, get_event


@contextmanager
def circle_alone() -> Iterator[None]:
    """Seats as before the matchings: the circle's tables and partners, the turn's choices."""
    with mock.patch.multiple(
        seating,
        paired=lambda teams, times: opponents.paired(teams, {}),
        big_tables=lambda teams, lone, sizes, times: opponents.big_tables(teams, lone, sizes, {}),
        fresh_partners=lambda teams, partnered: list(teams),
        CHOICES=1,
    ):
        yield


class Night:
    """A night's history as the store keeps it: tables, partnerships, sit-outs, threes."""

    def __init__(self) -> None:
        self.met: Counter[Meeting] = Counter()
        self.partnered: Counter[Meeting] = Counter()
        self.byes: Counter[str] = Counter()
        self.threes: Counter[str] = Counter()

    def play(self, drawn: Round) -> None:
        """Records a round's tables as played."""
        for seat in drawn.seats:
            self.met[frozenset(p for side in seat.sides for p in side)] += 1
            self.partnered.update(frozenset(side) for side in seat.sides if len(side) == 2)
            if seat.third:
                self.threes.update(p for side in seat.sides for p in side)
        self.byes.update(drawn.byes)

    def repeats(self) -> int:
        """Returns the meetings repeated so far, each earlier meeting counted once."""
        return sum(c * (c - 1) // 2 for c in opponents.together(self.met).values())


def draw(keys: list[str], number: int, how: str, night: Night) -> Round:
    return seated(keys, number, how, night.byes, night.threes, night.met, night.partnered)


def everyone(seats: tuple[Seat, ...]) -> list[str]:
    return [p for seat in seats for side in seat.sides for p in side]


# The long nights of sit-outs and tables of three take a second or so each: CI runs them.
NIGHTS = [
    pytest.param(count, how, marks=[pytest.mark.slow] if count > 12 and how != "five_six" else [])
    for count in range(8, 17)
    for how in SEATINGS
    if how == "sit_out" or table_sizes(count, how)
]


@pytest.mark.parametrize(("count", "how"), NIGHTS)
def test_fewer_meetings_repeat_and_no_partnership(count: int, how: str) -> None:
    keys = [f"p{k:02d}" for k in range(count)]
    spread, circle = Night(), Night()
    rounds = max_rounds("individual", count)
    for number in range(1, rounds + 1):
        drawn = draw(keys, number, how, spread)
        with circle_alone():
            plain = draw(keys, number, how, circle)
        if number == 1:  # nobody has met: the circle's own round
            assert drawn == plain
        assert sorted(everyone(drawn.seats) + list(drawn.byes)) == sorted(keys)
        # the same tables, sizes and sides, only who sits where differs
        assert [[len(s) for s in seat.sides] for seat in drawn.seats] == [
            [len(s) for s in seat.sides] for seat in plain.seats
        ]
        spread.play(drawn)
        circle.play(plain)
        assert spread.repeats() <= circle.repeats(), (number, spread.repeats(), circle.repeats())
        # no partnership twice; only the last round of a full circle of 11 with sit-outs
        # cannot find fresh partners for everyone (the matching repeats one, the fewest)
        if (count, how, number) != (11, "sit_out", 11):
            assert max(spread.partnered.values(), default=1) == 1, number


@pytest.mark.parametrize("how", ["sit_out", "cutthroat"])
def test_ten_players_over_three_rounds_meet_again_less_often(how: str) -> None:
    keys = [f"p{k:02d}" for k in range(10)]
    spread, circle = Night(), Night()
    for number in (1, 2, 3):
        spread.play(draw(keys, number, how, spread))
        with circle_alone():
            circle.play(draw(keys, number, how, circle))
    assert spread.repeats() < circle.repeats()
    if how == "cutthroat":  # the night: two players at one table all three rounds
        assert max(opponents.together(circle.met).values()) == 3
        assert max(opponents.together(spread.met).values()) == 2


def test_the_store_draws_fresh_partners_after_a_withdrawal(store_db) -> None:
    """Eleven players sitting out by turns, one withdrawn after round 3: no partner twice."""
    names = [f"Player {k}" for k in range(11)]
    event = create_event(
        store_db,
        NewEvent(
            name="Thursday",
            format="classic",
            entrants=[(name, []) for name in names],
            movement="individual",
            rounds=7,
            deals_per_round=2,
            table=template("canasta_3"),
        ),
    )
    sides: Counter[frozenset[int]] = Counter()
    for number in range(1, 8):
        if number == 4:
            withdraw(store_db, event.id, 5)
        assert event_rounds.start_round(store_db, event.id) == number
        for table in event_rounds.tables(store_db, get_event(store_db, event.id), number):
            sides.update(frozenset(side) for side in (table.north_south, table.east_west))
    assert len(sides) == 7 * 2 * 2 and max(sides.values()) == 1

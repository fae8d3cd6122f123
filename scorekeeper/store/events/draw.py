"""An event's next round: which movement draws it over whom, and each table's format."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlite_utils import Database

from scorekeeper import events
from scorekeeper.events import Meeting, Round, Seat
from scorekeeper.events import draw as drawing
from scorekeeper.events.seating import seated
from scorekeeper.store.events.event import Event, table_document


def pick(
    event: Event,
    met: Mapping[Meeting, int],
    byes: Mapping[int, int],
    ranked: Sequence[int] | None,
    threes: Mapping[int, int] | None = None,
    partnered: Mapping[Meeting, int] | None = None,
) -> Round:
    """Returns the next round by the event's movement over those in play (Danish: `ranked`).

    `threes`: the rounds each player has sat at a table of three, so that seat rotates;
    `partnered`: an individual event's partnerships so far, which its partners avoid.
    """
    number = event.started + 1
    keys = [e.position for e in event.entrants if e.plays(number)]
    if event.movement == "individual":
        return seated(keys, number, event.seating, byes, threes, met, partnered)
    if event.movement == "danish" and ranked is not None:
        return drawing.danish([k for k in ranked if k in keys], met, byes, number)
    if event.movement == "mitchell":
        north, east = mitchell_lines(event)
        homes = {k: i for i, k in enumerate(north, 1)}  # each N-S pair's table in round 1
        return drawing.mitchell(
            [k for k in north if k in keys],
            [k for k in east if k in keys],
            number,
            met,
            byes,
            homes,
        )
    return drawing.keep_or_match(events.round_robin(keys, number), keys, met, byes)


def mitchell_lines(event: Event) -> tuple[list[int], list[int]]:
    """Returns a Mitchell's lines, N-S first: as drawn in round 1, each late pair the shorter's."""
    first = [e.position for e in event.entrants if e.from_round <= 1]
    tables = (len(first) + 1) // 2
    north, east = first[:tables], first[tables:]
    for late in (e for e in event.entrants if e.from_round > 1):
        # the line with fewer pairs playing the round it arrives in; East-West on a tie
        present = [e.position for e in event.entrants if e.plays(late.from_round)]
        if sum(k in present for k in north) < sum(k in present for k in east):
            north.append(late.position)
        else:
            east.append(late.position)
    return north, east


# The format of an individual event's table of five (two against three), of six, and of
# three (each player a side of one), by its sides' sizes.
BIG_TABLES = {(2, 3): "five_hand", (3, 3): "six_hand_two_teams", (1, 1, 1): "cutthroat"}


def table_format(
    db: Database, event: Event, seat: Seat
) -> tuple[str, tuple[str, ...], Mapping[str, Any]]:
    """Returns a table's format, options and rules: the event's, or its BIG_TABLES format's."""
    big = BIG_TABLES.get(tuple(len(side) for side in seat.sides))
    if big is None:
        return event.format, event.options, event.document
    return big, (), table_document(db, big, (), event.deals_per_round)

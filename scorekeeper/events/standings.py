"""Standings: each entrant's victory points, margin and games, ranked with the tie-break order."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.events.movements import table_sides
from scorekeeper.events.victory import ByeAward, VictoryTable


@dataclass(frozen=True)
class Played:
    """A finished table: each side's entrants and game total."""

    round: int
    north_south: tuple[int, ...]
    east_west: tuple[int, ...]
    scores: tuple[int, ...]  # north-south's total, east-west's (and the third player's)
    table: int = 0  # the table's number in its round (for scorecards; standings ignore it)
    third: tuple[int, ...] = ()  # a three-handed (Cutthroat) table's third player

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Returns the table's sides in the game's order: two, or three at a table of three."""
        return table_sides(self.north_south, self.east_west, self.third)


@dataclass(frozen=True)
class SeatAward:
    """What one entrant takes from a finished table: VP, margin, its side's total, the others'."""

    victory_points: int
    margin: int
    own: int
    theirs: tuple[int, ...]  # each other side's total (one, or two at a table of three)
    partners: tuple[int, ...]
    opponents: tuple[int, ...]
    versus: tuple[tuple[int, int], ...]  # (opponent, the VP won against it), for head to head


@dataclass(frozen=True)
class Bye:
    """An entrant who sat a round out, credited the event's bye award."""

    round: int
    entrant: int


@dataclass(frozen=True)
class NoPlay:
    """A table the director marked as not played: nobody is credited anything."""

    round: int
    entrants: tuple[int, ...]
    table: int = 0


@dataclass(frozen=True)
class Adjusted:
    """The director's award to an entrant for a round it could not play (no-play, late arrival).

    `kind`: "average" (its own average VP and margin of the tables it played), "fixed" (the
    `victory_points` and `margin` given) or "bye" (the event's bye award).
    """

    round: int
    entrant: int
    kind: str
    victory_points: int = 0
    margin: int = 0


Result = Played | Bye | NoPlay | Adjusted
ADJUSTMENTS = ("average", "fixed", "bye")

RANKINGS = ("total", "average")
"""By the total victory points, or by their average per round counted (a table or a bye)."""


@dataclass(frozen=True)
class Line:
    """One entrant's line of the standings."""

    entrant: int
    rank: int
    victory_points: int
    margin: int
    played: int  # tables played, byes not counted
    points: int  # the game totals the entrant's sides scored
    table_vp: int  # victory points won at a table, byes not counted
    byes: int = 0  # rounds sat out, credited the bye award

    @property
    def average(self) -> Fraction:
        """Returns the VP per round counted (tables played and byes), 0 before any."""
        counted = self.played + self.byes
        return Fraction(self.victory_points, counted) if counted else Fraction(0)


@dataclass(frozen=True)
class Standings:
    """The ranked lines of an event, first place first."""

    lines: tuple[Line, ...]


def lot(event_id: str, entrant: int) -> str:
    """Returns an entrant's lot: a hash of the event and entrant ids, the same on every read."""
    # The id is hashed as it is written in decimal: the same lots as when ids were text.
    return hashlib.sha256(f"{event_id}\x00{entrant}".encode()).hexdigest()


@dataclass
class _Tally:
    vp: int = 0
    margin: int = 0
    played: int = 0
    points: int = 0
    table_vp: int = 0
    byes: int = 0
    margin_played: int = 0  # the margin of the tables played, byes and awards left out

    @property
    def average(self) -> Fraction:
        counted = self.played + self.byes
        return Fraction(self.vp, counted) if counted else Fraction(0)


def standings(
    event_id: str,
    entrants: Sequence[int],
    results: Iterable[Result],
    table: VictoryTable,
    bye: ByeAward,
    ranking: str = "total",
) -> Standings:
    """Returns the standings: by VP (total or average), head to head, margin, table VP, lot."""
    tally = {e: _Tally() for e in entrants}
    # Each meeting's VP, for head to head: (winner of the VP, against) -> VP.
    versus: dict[tuple[int, int], int] = {}
    found = list(results)
    for result in found:
        if isinstance(result, Bye) and result.entrant in tally:
            tally[result.entrant].vp += bye.victory_points
            tally[result.entrant].margin += bye.margin
            tally[result.entrant].byes += 1
        elif isinstance(result, Played):
            _add(tally, versus, result, table)
    # After every table: an average award is the average of the tables the entrant played.
    for result in found:
        if isinstance(result, Adjusted) and result.entrant in tally:
            line = tally[result.entrant]
            vp, margin = award(result, bye, line.table_vp, line.margin_played, line.played)
            line.vp += vp
            line.margin += margin
            line.byes += 1  # counted as a round, as a bye is, for the average ranking
    scores = {e: (t.average if ranking == "average" else Fraction(t.vp)) for e, t in tally.items()}
    order: list[int] = []
    for score in sorted(set(scores.values()), reverse=True):
        tied = [e for e in entrants if scores[e] == score]
        head = _head_to_head(set(tied), versus)
        order += sorted(tied, key=lambda e: _breaks(event_id, e, head, tally))
    return Standings(
        tuple(
            Line(
                e,
                i,
                tally[e].vp,
                tally[e].margin,
                tally[e].played,
                tally[e].points,
                tally[e].table_vp,
                tally[e].byes,
            )
            for i, e in enumerate(order, 1)
        )
    )


def seat_awards(result: Played, table: VictoryTable) -> dict[int, SeatAward]:
    """Returns what each entrant of a finished table takes: the one rule every output reads.

    Two sides: each side the VP its margin earns, every player of it alike. Three sides
    (Cutthroat): each player, against each of the other two, the VP the bands give the margin
    between their two totals, and the average of the two (and of the two margins), rounded
    half up (docs/events.md, Everyone seated).
    """
    judged = scaled(result)
    found: dict[int, SeatAward] = {}
    for index, side in enumerate(result.sides):
        others = [i for i in range(len(result.sides)) if i != index]
        vps = [table.award(judged[index], judged[i])[0] for i in others]
        margins = [result.scores[index] - result.scores[i] for i in others]
        opponents = tuple(e for i in others for e in result.sides[i])
        versus = tuple((e, vp) for i, vp in zip(others, vps, strict=True) for e in result.sides[i])
        for entrant in side:
            found[entrant] = SeatAward(
                _half_up(sum(vps), len(others)),
                _half_up(sum(margins), len(others)),
                result.scores[index],
                tuple(result.scores[i] for i in others),
                tuple(e for e in side if e != entrant),
                opponents,
                versus,
            )
    return found


def _half_up(total: int, count: int) -> int:
    """Returns total / count rounded half up (count 1: total itself)."""
    return (2 * total + count) // (2 * count)


def _add(
    tally: dict[int, _Tally],
    versus: dict[tuple[int, int], int],
    result: Played,
    table: VictoryTable,
) -> None:
    """Credits every side of a finished table (an individual event: each player of a side)."""
    for entrant, got in seat_awards(result, table).items():
        if entrant not in tally:  # withdrawn and removed: their tables count for the others
            continue
        line = tally[entrant]
        line.vp += got.victory_points
        line.table_vp += got.victory_points
        line.margin += got.margin
        line.margin_played += got.margin
        line.points += got.own
        line.played += 1
        for rival, vp in got.versus:
            versus[entrant, rival] = versus.get((entrant, rival), 0) + vp


def award(
    adjusted: Adjusted, bye: ByeAward, table_vp: int, margin: int, played: int
) -> tuple[int, int]:
    """Returns an adjusted round's VP and margin: its own average (rounded), fixed, or the bye's."""
    if adjusted.kind == "bye":
        return bye.victory_points, bye.margin
    if adjusted.kind == "average":
        if not played:
            return 0, 0
        # Rounded half up, in whole numbers: 31 VP over 2 tables is 16 (15.5 rounds up).
        return (2 * table_vp + played) // (2 * played), (2 * margin + played) // (2 * played)
    return adjusted.victory_points, adjusted.margin


def scaled(result: Played) -> tuple[int, ...]:
    """Returns the scores the bands judge: a table of six's scaled by 2/3, others as played."""
    # Six-hand deals 162 cards to the four-hand game's 108: its margins run 1.5 times as
    # large, so the pairs' bands judge two thirds of them (docs/events.md, Everyone seated).
    if len(result.north_south) == len(result.east_west) == 3:
        return (result.scores[0] * 2 // 3, result.scores[1] * 2 // 3)
    return result.scores


def _head_to_head(tied: set[int], versus: dict[tuple[int, int], int]) -> dict[int, int]:
    """Returns the VP each tied entrant won in meetings with the others of the tie."""
    head = dict.fromkeys(tied, 0)
    for (entrant, rival), vp in versus.items():
        if entrant in tied and rival in tied and rival != entrant:
            head[entrant] += vp
    return head


def _breaks(
    event_id: str, entrant: int, head: dict[int, int], tally: dict[int, _Tally]
) -> tuple[int, int, int, str]:
    """Returns the sort key inside a tie: the larger figure first, the lot last."""
    line = tally[entrant]
    return (-head[entrant], -line.margin, -line.table_vp, lot(event_id, entrant))

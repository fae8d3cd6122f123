"""A personal scorecard: every round of one entrant, its table, partners, opponents, score and VP."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from scorekeeper.events.standings import (
    Adjusted,
    Bye,
    NoPlay,
    Played,
    Result,
    SeatAward,
    award,
    seat_awards,
)
from scorekeeper.events.victory import ByeAward, VictoryTable

Kind = Literal["played", "playing", "bye", "no_play", "adjusted"]


@dataclass(frozen=True)
class CardLine:
    """One round of an entrant's card; `victory_points` is None while the table still plays."""

    round: int
    kind: Kind
    table: int = 0  # 0 for a bye
    partners: tuple[int, ...] = ()  # an individual event: who sat on the entrant's side
    opponents: tuple[int, ...] = ()
    own: int = 0  # the entrant's side's total (a bye: nothing)
    theirs: int = 0
    victory_points: int | None = None
    margin: int = 0
    rivals: tuple[int, ...] = ()  # each other side's total: two at a table of three

    @property
    def three_handed(self) -> bool:
        """Tells whether the entrant sat at a table of three (two other totals)."""
        return len(self.rivals) > 1


def scorecard(
    entrant: int,
    results: Iterable[Result],
    table: VictoryTable,
    bye: ByeAward,
    playing: Iterable[Played] = (),
) -> tuple[CardLine, ...]:
    """Returns the entrant's rounds, first round first, scored as the standings score them."""
    lines: list[CardLine] = []
    results_list = list(results)
    for result in results_list:
        if isinstance(result, Bye) and result.entrant == entrant:
            lines.append(
                CardLine(result.round, "bye", victory_points=bye.victory_points, margin=bye.margin)
            )
        elif isinstance(result, NoPlay) and entrant in result.entrants:
            lines.append(
                CardLine(
                    result.round,
                    "no_play",
                    result.table,
                    opponents=tuple(e for e in result.entrants if e != entrant),
                )
            )
        elif isinstance(result, Played) and (got := seat_awards(result, table).get(entrant)):
            lines.append(_line(result, got, "played", got.victory_points))
    played = [ln for ln in lines if ln.kind == "played"]
    table_vp = sum(ln.victory_points or 0 for ln in played)
    for result in results_list:
        if isinstance(result, Adjusted) and result.entrant == entrant:
            vp, margin = award(result, bye, table_vp, sum(ln.margin for ln in played), len(played))
            lines.append(CardLine(result.round, "adjusted", victory_points=vp, margin=margin))
    for table_now in playing:  # still playing: its score so far, no VP yet
        if got := seat_awards(table_now, table).get(entrant):
            lines.append(_line(table_now, got, "playing", None))
    return tuple(sorted(lines, key=lambda ln: (ln.round, ln.table)))


def _line(result: Played, got: SeatAward, kind: Kind, vp: int | None) -> CardLine:
    """Returns a card line of a table the entrant sat at, as the standings score it."""
    return CardLine(
        result.round,
        kind,
        result.table,
        got.partners,
        got.opponents,
        got.own,
        got.theirs[0],
        vp,
        got.margin,
        got.theirs,
    )

"""A personal scorecard: every round of one entrant, its table, partners, opponents, score and VP."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from scorekeeper.events.standings import Adjusted, Bye, NoPlay, Played, Result, award, scaled
from scorekeeper.events.victory import ByeAward, VictoryTable

Kind = Literal["played", "playing", "bye", "no_play", "adjusted"]


@dataclass(frozen=True)
class CardLine:
    """One round of an entrant's card; `victory_points` is None while the table still plays."""

    round: int
    kind: Kind
    table: int = 0  # 0 for a bye
    partners: tuple[str, ...] = ()  # an individual event: who sat on the entrant's side
    opponents: tuple[str, ...] = ()
    own: int = 0  # the entrant's side's total (a bye: nothing)
    theirs: int = 0
    victory_points: int | None = None
    margin: int = 0


def scorecard(
    entrant: str,
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
        elif isinstance(result, Played) and (found := _seat(entrant, result)):
            side, other, own, theirs = found
            vps = table.award(*scaled(result))  # as the standings judge it (a table of six)
            vp = vps[0] if entrant in result.north_south else vps[1]
            lines.append(
                CardLine(
                    result.round, "played", result.table, side, other, own, theirs, vp, own - theirs
                )
            )
    played = [ln for ln in lines if ln.kind == "played"]
    table_vp = sum(ln.victory_points or 0 for ln in played)
    for result in results_list:
        if isinstance(result, Adjusted) and result.entrant == entrant:
            vp, margin = award(result, bye, table_vp, sum(ln.margin for ln in played), len(played))
            lines.append(CardLine(result.round, "adjusted", victory_points=vp, margin=margin))
    for table_now in playing:  # still playing: its score so far, no VP yet
        if found := _seat(entrant, table_now):
            side, other, own, theirs = found
            lines.append(
                CardLine(
                    table_now.round,
                    "playing",
                    table_now.table,
                    side,
                    other,
                    own,
                    theirs,
                    None,
                    own - theirs,
                )
            )
    return tuple(sorted(lines, key=lambda ln: (ln.round, ln.table)))


def _seat(entrant: str, result: Played) -> tuple[tuple[str, ...], tuple[str, ...], int, int] | None:
    """Returns (partners, opponents, own score, theirs) when the entrant sat at this table."""
    ns, ew = result.scores
    if entrant in result.north_south:
        partners = tuple(e for e in result.north_south if e != entrant)
        return partners, result.east_west, ns, ew
    if entrant in result.east_west:
        partners = tuple(e for e in result.east_west if e != entrant)
        return partners, result.north_south, ew, ns
    return None

"""How a game swung: each side's running totals hand by hand, and where the lead changed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.engine import GameState, Setup


@dataclass(frozen=True)
class Course:
    """A game's course: the sides, their totals and hand scores per counted hand, lead changes."""

    names: tuple[str, ...]
    totals: tuple[tuple[int, ...], ...]  # per side, after each counted hand
    scores: tuple[tuple[int, ...], ...]  # per side, each counted hand's score
    lead_changes: tuple[int, ...]  # hand numbers where a new side took the lead alone
    target: int | None
    start: tuple[int, ...] = ()  # per side, carried over from paper; empty when all are 0

    @property
    def started(self) -> bool:
        """Tells whether the game began from totals carried over from paper."""
        return any(self.start)

    def lines(self) -> tuple[tuple[int, ...], ...]:
        """Returns each side's points to draw: its total from paper first, when there is one."""
        if not self.started:
            return self.totals
        return tuple((start, *side) for start, side in zip(self.start, self.totals, strict=True))

    @property
    def hands(self) -> int:
        """Returns the number of counted hands."""
        return len(self.totals[0]) if self.totals else 0


def leader(totals: Mapping[str, int]) -> str | None:
    """Returns the side ahead alone, or None when the lead is shared."""
    if not totals:
        return None
    top = max(totals.values())
    ahead = [key for key, total in totals.items() if total == top]
    return ahead[0] if len(ahead) == 1 else None


def lead_changes(rows: Sequence[Mapping[str, int]], start: Mapping[str, int]) -> list[int]:
    """Returns the hands (1-based) after which another side led alone than the last to lead.

    Taking the lead for the first time is no change; a tie leaves the lead where it was.
    """
    changes, last = [], leader(start)
    for number, totals in enumerate(rows, 1):
        now = leader(totals)
        if now is not None and last is not None and now != last:
            changes.append(number)
        last = now or last
    return changes


def course(setup: Setup, state: GameState, target: int | None) -> Course:
    """Returns the course of a game over the hands that counted."""
    counted = state.rows[: state.ended_at] if state.ended_at is not None else state.rows
    keys = [side.key for side in setup.sides]
    return Course(
        names=tuple(side.name for side in setup.sides),
        totals=tuple(tuple(row.totals[k] for row in counted) for k in keys),
        scores=tuple(tuple(row.scores[k].score for row in counted) for k in keys),
        lead_changes=tuple(lead_changes([row.totals for row in counted], state.start_totals)),
        target=target,
        start=tuple(state.start_totals.get(k, 0) for k in keys),
    )

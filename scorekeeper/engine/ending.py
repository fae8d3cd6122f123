"""Where a game ends, and playing on: raising the target of a finished game, checked."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.engine.game import GameState
from scorekeeper.rules import problem_codes
from scorekeeper.rules.model import Rules

MAX_TARGET = 1_000_000  # far above any game; keeps a mistyped target out of the arithmetic


@dataclass(frozen=True)
class EndProblem:
    """Something about a game's end that the app never produces, as a code and its values."""

    code: str  # start_at_target, hands_after_end, no_target, not_over, target_too_low, ...
    field: str
    # `dataclasses.field`: the bare name is this class's `field` attribute for a type checker.
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        problem_codes.check(self.code, self.params)


@dataclass(frozen=True)
class TargetRaise:
    """The table chose to play on: after hand `after_hand` the target went up to `to_target`."""

    after_hand: int
    from_target: int
    to_target: int


def with_target(rules: Rules, target: int | None) -> Rules:
    """Returns the rules with the game's target replaced (None keeps the preset's)."""
    if target is None or rules.ending.target is None:
        return rules
    return replace(rules, ending=replace(rules.ending, target=target))


def with_raises(rules: Rules, raises: tuple[TargetRaise, ...]) -> Rules:
    """Returns the rules with the latest raise of the target applied."""
    return with_target(rules, raises[-1].to_target) if raises else rules


def start_problems(rules: Rules, start_totals: Mapping[str, int]) -> list[EndProblem]:
    """Returns a problem for each starting total that would end the game before any hand."""
    target = rules.ending.target
    if target is None or rules.ending.deals is not None:
        return []
    return [
        EndProblem("start_at_target", "start_totals", {"side": k, "total": t, "target": target})
        for k, t in start_totals.items()
        if t >= target
    ]


def after_end_problems(state: GameState) -> list[EndProblem]:
    """Returns a problem when hands were entered after the hand that ended the game."""
    if not state.after_end:
        return []
    first, last = state.after_end[0].number, state.after_end[-1].number
    params = {"ended_at": state.ended_at, "first": first, "last": last}
    code = "hand_after_end" if first == last else "hands_after_end"
    return [EndProblem(code, f"hands[{first - 1}]", params)]


def next_target(rules: Rules, state: GameState, raises: tuple[TargetRaise, ...] = ()) -> int | None:
    """Returns the target a table would name to play on: the next half-target step past the lead.

    The step is half the game's first target (5,000: 7,500, then 10,000), however often raised.
    """
    target = rules.ending.target
    if target is None or rules.ending.deals is not None:
        return None
    step = max(500, (raises[0].from_target if raises else target) // 2)
    lead = max(state.totals.values(), default=0)
    new = target + step
    while new <= lead:
        new += step
    return new if new <= MAX_TARGET else None


def raise_problems(rules: Rules, state: GameState, target: int) -> list[EndProblem]:
    """Returns why the target cannot go up to `target` now, or nothing when it can."""
    current = rules.ending.target
    if current is None or rules.ending.deals is not None:
        return [EndProblem("no_target", "target", {})]
    if not state.status.over:
        return [EndProblem("not_over", "target", {})]
    lead = max(state.totals.values(), default=0)
    if target > MAX_TARGET:
        return [EndProblem("target_too_high", "target", {"most": MAX_TARGET})]
    if target <= max(current, lead) or target % 5:
        least = max(current, lead) + 5 - max(current, lead) % 5
        return [EndProblem("target_too_low", "target", {"least": least, "lead": lead})]
    return []


def raise_target(rules: Rules, state: GameState, target: int) -> TargetRaise:
    """Returns the raise that plays on to `target`; call after raise_problems found nothing."""
    current = rules.ending.target
    assert current is not None and state.ended_at is not None
    return TargetRaise(after_hand=state.ended_at, from_target=current, to_target=target)

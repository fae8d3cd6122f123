"""The JSON contract of `scorekeeper score`: one hand document in, one result document out.

The engine reads and scores the hand; its problems, warnings and status are codes, worded
here in English from the one table (`problem_texts`), as the contract has always printed them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.engine.document import read_document
from scorekeeper.engine.game import Status, game_status
from scorekeeper.engine.hand import Hand, Problem
from scorekeeper.engine.opening import OpeningNeed, opening_minimum
from scorekeeper.engine.score import SideScore, preview
from scorekeeper.engine.validate import warnings_for
from scorekeeper.rules.model import Rules
from scorekeeper.sentences.problem_texts import english, need_code

TOP_LEVEL_KEYS = {"sides", "game_over", "winner", "tied", "message", "warnings", "deal"}


def problem_dict(problem: Problem) -> dict[str, Any]:
    """Returns a problem as the JSON object the command line prints, its sentence in English."""
    return {
        "side": problem.side,
        "field": problem.field,
        "message": english(problem.code, problem.params),
    }


def status_words(status: Status) -> str:
    """Returns a game's status in English, e.g. "First to 5,000 after a hand."."""
    return english(status.code, status.params)


def opening_dict(need: OpeningNeed | None) -> dict[str, Any] | None:
    """Returns an opening requirement as JSON: points, any canasta it needs, and words."""
    if need is None:
        return None
    return {"points": need.points, "needs": need.needs or None, "label": english(*need_code(need))}


def side_result(score: SideScore, total: int, need: OpeningNeed | None) -> dict[str, Any]:
    """Returns one side's scored hand as the JSON object of the contract."""
    return {
        "score": score.score,
        "breakdown": [item.as_dict() for item in score.items],
        "total": total,
        "next_minimum": need.points if need else None,
        "next_opening": opening_dict(need),
    }


def result_document(
    rules: Rules, hand: Hand, totals: Mapping[str, int], deal: int
) -> dict[str, Any]:
    """Scores a valid hand and returns the result document of the contract."""
    scored = preview(rules, hand, totals)
    scores, after = scored.scores, scored.totals
    # With a fixed number of deals the game ends after the last one; otherwise on the totals.
    status = game_status(rules, after, deal if rules.ending.deals else 0)
    sides = {
        k: side_result(scores[k], after[k], opening_minimum(rules, after[k], deal + 1))
        for k in scores
    }
    result: dict[str, Any] = {k: v for k, v in sides.items() if k not in TOP_LEVEL_KEYS}
    result.update(
        sides=sides,
        game_over=status.over,
        winner=status.winner,
        tied=status.tied,
        message=status_words(status),
        warnings=[problem_dict(w) for w in warnings_for(rules, hand)],
    )
    return result


def score_document(data: Any) -> tuple[dict[str, Any], bool]:
    """Scores one hand document; returns (result, True) or ({"errors": [...]}, False)."""
    rules, hand, totals, deal, problems = read_document(data)
    if problems or rules is None or hand is None:
        return {"errors": [problem_dict(p) for p in problems]}, False
    return result_document(rules, hand, totals, deal), True

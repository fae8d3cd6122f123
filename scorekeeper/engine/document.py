"""The JSON contract of `scorekeeper score`: one hand document in, one result document out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.engine.game import game_status
from scorekeeper.engine.hand import Hand, Problem, parse_hand
from scorekeeper.engine.names import MAX_NAME, name_problem
from scorekeeper.engine.opening import OpeningNeed, opening_minimum
from scorekeeper.engine.score import SideScore, preview
from scorekeeper.engine.validate import validate_hand, warnings_for
from scorekeeper.format_documents import FormatError, inline_document, rules_of
from scorekeeper.presets import FormatChoiceError, Rules, rules_for

TOP_LEVEL_KEYS = {"sides", "game_over", "winner", "tied", "message", "warnings", "deal"}
MAX_SIDE_NAME = MAX_NAME


def opening_dict(need: OpeningNeed | None) -> dict[str, Any] | None:
    """Returns an opening requirement as JSON: points, any canasta it needs, and words."""
    if need is None:
        return None
    return {"points": need.points, "needs": need.needs or None, "label": need.label}


def side_result(score: SideScore, total: int, need: OpeningNeed | None) -> dict[str, Any]:
    """Returns one side's scored hand as the JSON object of the contract."""
    return {
        "score": score.score,
        "breakdown": [item.as_dict() for item in score.items],
        "total": total,
        "next_minimum": need.points if need else None,
        "next_opening": opening_dict(need),
    }


def _inline_rules(value: Mapping[str, Any], problems: list[Problem]) -> Rules | None:
    """Returns the rules of an inline format document, {"base": ..., "set": {...}}."""
    try:
        document, options = inline_document(value)
        return rules_of(document, options)
    except FormatError as error:
        problems.extend(Problem(None, p.field, p.message, p.code, p.params) for p in error.problems)
        return None


def _rules(data: Mapping[str, Any], problems: list[Problem]) -> Rules | None:
    format_id, options = data.get("format"), data.get("options") or {}
    if isinstance(format_id, Mapping):
        if "options" in data:
            message = 'Put options inside the format: {"base": ..., "options": [...]}.'
            problems.append(Problem(None, "options", message, "options_outside_format"))
            return None
        return _inline_rules(format_id, problems)
    if not isinstance(options, Mapping | list):
        problems.append(
            Problem(None, "options", "Options must map option names to true/false.", "not_object")
        )
        return None
    chosen = [k for k, on in options.items() if on] if isinstance(options, Mapping) else options
    try:
        return rules_for(str(format_id), chosen)
    except FormatChoiceError as error:
        field = "format" if error.code == "unknown_format" else "options"
        problems.append(Problem(None, field, error.message, f"unknown_{field}"))
        return None


def _sides(rules: Rules, data: Mapping[str, Any], problems: list[Problem]) -> list[str]:
    hand = data.get("hand")
    sides = [str(k) for k in hand] if isinstance(hand, Mapping) else []
    table = rules.table
    if sides and not table.min_sides <= len(sides) <= table.max_sides:
        wanted = (
            str(table.min_sides)
            if table.min_sides == table.max_sides
            else f"{table.min_sides} to {table.max_sides}"
        )
        problems.append(
            Problem(
                None,
                "hand",
                f"{rules.name} has {wanted} sides; the hand gives {len(sides)}.",
                "side_count",
                {"min": table.min_sides, "max": table.max_sides, "given": len(sides)},
            )
        )
    for side in sides:
        problem = name_problem(side, "side")
        if problem is not None and problem.code in ("name-blank", "name-too-long"):
            problems.append(
                Problem(
                    side, "hand", f"Side names are 1 to {MAX_SIDE_NAME} characters.", problem.code
                )
            )
        elif problem is not None and problem.code != "name-spaces":
            problems.append(Problem(side, "hand", problem.message, problem.code))
    return sides


def _totals(data: Mapping[str, Any], sides: list[str], problems: list[Problem]) -> dict[str, int]:
    raw = data.get("totals_before") or {}
    if not isinstance(raw, Mapping):
        problems.append(
            Problem(None, "totals_before", "Totals must map each side to a number.", "not_object")
        )
        return dict.fromkeys(sides, 0)
    totals = {}
    for side in sides:
        value = raw.get(side, 0)
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 1_000_000:
            problems.append(
                Problem(
                    side, "totals_before", "A running total must be a whole number.", "not_whole"
                )
            )
            value = 0
        totals[side] = value
    for side in raw:
        if side not in sides:
            problems.append(
                Problem(
                    str(side),
                    "totals_before",
                    f"{side!r} is not a side of this hand.",
                    "unknown_side",
                    {"side": str(side)},
                )
            )
    return totals


def _deal(rules: Rules, data: Mapping[str, Any], problems: list[Problem]) -> int:
    deal = data.get("deal", 1)
    limit = rules.ending.deals
    if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1 or (limit and deal > limit):
        span = f"1 to {limit}" if limit else "1 or more"
        problems.append(
            Problem(None, "deal", f"The deal number must be {span}.", "bad_deal", {"max": limit})
        )
        return 1
    return deal


def read_document(
    data: Any,
) -> tuple[Rules | None, Hand | None, dict[str, int], int, list[Problem]]:
    """Reads a hand document into rules, hand, totals and deal, with every problem found."""
    problems: list[Problem] = []
    if not isinstance(data, Mapping):
        return (
            None,
            None,
            {},
            1,
            [Problem(None, "document", "Expected one JSON object.", "not_object")],
        )
    rules = _rules(data, problems)
    if rules is None:
        return None, None, {}, 1, problems
    sides = _sides(rules, data, problems)
    totals = _totals(data, sides, problems)
    deal = _deal(rules, data, problems)
    hand = parse_hand(rules, data, sides, problems)
    if not problems:
        problems += validate_hand(rules, hand, totals)
    return rules, hand, totals, deal, problems


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
        message=status.message,
        warnings=[w.as_dict() for w in warnings_for(rules, hand)],
    )
    return result


def score_document(data: Any) -> tuple[dict[str, Any], bool]:
    """Scores one hand document; returns (result, True) or ({"errors": [...]}, False)."""
    rules, hand, totals, deal, problems = read_document(data)
    if problems or rules is None or hand is None:
        return {"errors": [p.as_dict() for p in problems]}, False
    return result_document(rules, hand, totals, deal), True

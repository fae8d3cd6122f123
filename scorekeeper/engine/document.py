"""Reads the hand document of `scorekeeper score` into rules, a hand, totals and a deal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.engine.hand import Hand, Problem, parse_hand
from scorekeeper.engine.names import MAX_NAME, name_problem
from scorekeeper.engine.validate import validate_hand
from scorekeeper.rules.documents import FormatError, inline_document, rules_of
from scorekeeper.rules.model import FormatChoiceError, Rules
from scorekeeper.rules.presets import rules_for

MAX_SIDE_NAME = MAX_NAME


def _inline_rules(value: Mapping[str, Any], problems: list[Problem]) -> Rules | None:
    """Returns the rules of an inline format document, {"base": ..., "set": {...}}."""
    try:
        document, options = inline_document(value)
        return rules_of(document, options)
    except FormatError as error:
        problems.extend(
            Problem(None, p.field, "format_problem", {"problem": p}) for p in error.problems
        )
        return None


def _rules(data: Mapping[str, Any], problems: list[Problem]) -> Rules | None:
    format_id, options = data.get("format"), data.get("options") or {}
    if isinstance(format_id, Mapping):
        if "options" in data:
            problems.append(Problem(None, "options", "options_outside_format"))
            return None
        return _inline_rules(format_id, problems)
    if not isinstance(options, Mapping | list):
        problems.append(Problem(None, "options", "options_not_object"))
        return None
    chosen = [k for k, on in options.items() if on] if isinstance(options, Mapping) else options
    try:
        return rules_for(str(format_id), chosen)
    except FormatChoiceError as error:
        field = "format" if error.code == "unknown_format" else "options"
        problems.append(Problem(None, field, error.code, error.params))
        return None


def _sides(rules: Rules, data: Mapping[str, Any], problems: list[Problem]) -> list[str]:
    hand = data.get("hand")
    sides = [str(k) for k in hand] if isinstance(hand, Mapping) else []
    table = rules.table
    if sides and not table.min_sides <= len(sides) <= table.max_sides:
        code = "hand_side_count" if table.min_sides == table.max_sides else "hand_side_range"
        params: dict[str, Any] = {"least": table.min_sides, "most": table.max_sides}
        params["sides"] = table.min_sides
        params |= {"given": len(sides), "format": rules.name}
        problems.append(Problem(None, "hand", code, params))
    for side in sides:
        problem = name_problem(side)
        if problem in ("name_blank", "name_too_long"):
            problems.append(Problem(side, "hand", "side_name_length", {"most": MAX_SIDE_NAME}))
        elif problem is not None and problem != "name_spaces":
            problems.append(Problem(side, "hand", problem, {"most": MAX_SIDE_NAME}))
    return sides


def _totals(data: Mapping[str, Any], sides: list[str], problems: list[Problem]) -> dict[str, int]:
    raw = data.get("totals_before") or {}
    if not isinstance(raw, Mapping):
        problems.append(Problem(None, "totals_before", "totals_not_object"))
        return dict.fromkeys(sides, 0)
    totals = {}
    for side in sides:
        value = raw.get(side, 0)
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 1_000_000:
            problems.append(Problem(side, "totals_before", "total_not_whole"))
            value = 0
        totals[side] = value
    for side in raw:
        if side not in sides:
            problems.append(
                Problem(str(side), "totals_before", "unknown_total_side", {"side": str(side)})
            )
    return totals


def _deal(rules: Rules, data: Mapping[str, Any], problems: list[Problem]) -> int:
    deal = data.get("deal", 1)
    limit = rules.ending.deals
    if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1 or (limit and deal > limit):
        code, params = ("bad_deal", {"most": limit}) if limit else ("bad_deal_open", {})
        problems.append(Problem(None, "deal", code, params))
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
            [Problem(None, "document", "document_not_object")],
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

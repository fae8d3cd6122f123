"""Words for the engine's codes that are not errors: warnings and why an item counts minus."""

from __future__ import annotations

from scorekeeper.engine import Item, Problem

# Why a side's red threes count minus, by the preset's sign rule (the item's reason code).
MINUS_REASONS = {
    "no_meld": "no meld",
    "no_canasta": "no canasta",
    "under_two_canastas": "fewer than two canastas",
}


def minus_reason(code: str) -> str:
    """Returns why an item counts minus, in a player's words, e.g. "no meld"."""
    return MINUS_REASONS.get(code, code.replace("_", " "))


def warning(problem: Problem) -> str:
    """Returns a warning in a player's words, from its code and parameters where known."""
    params = problem.params
    if problem.code == "opening_short":
        needed = f"{params['needed']:,}"
        needed = f"more than {needed}" if params.get("must_exceed") else needed
        return f"{problem.side} needed {needed} to open; {params['melded']:,} melded — check?"
    return problem.message


def item(entry: Item) -> dict[str, object]:
    """Returns a breakdown item as the preview's JSON, with why it counts minus in words."""
    data = entry.as_dict()
    if entry.reason:
        data["why"] = minus_reason(entry.reason)
    return data

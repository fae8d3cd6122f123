"""Words for the engine's codes that are not errors: warnings and why an item counts minus."""

from __future__ import annotations

from scorekeeper.engine import Item, Problem
from scorekeeper.words import minus_reason

__all__ = ["item", "minus_reason", "warning"]


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

"""Words for the engine's codes that are not errors: warnings and why an item counts minus."""

from __future__ import annotations

from scorekeeper.engine import Item, Problem
from scorekeeper.language import problem_words, words
from scorekeeper.language.words import minus_reason, reason_note

__all__ = ["item", "minus_reason", "reason_note", "warning"]


def warning(problem: Problem) -> str:
    """Returns a warning in a player's words, from its code and parameters."""
    return problem_words.problem(problem)


def item(entry: Item) -> dict[str, str | int]:
    """Returns a breakdown item as the preview's JSON, with why it counts minus in words."""
    data = entry.as_dict()
    data["label"] = words.item_label(entry)
    if entry.reason:
        data["why"] = minus_reason(entry.reason)
        data["note"] = words.reason_note(
            entry
        )  # the whole aside: "minus: no meld", "counts 0: ..."
    return data

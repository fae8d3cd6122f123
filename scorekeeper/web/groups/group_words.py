"""The words of the group store's refusals, by code, in the reader's language."""

from __future__ import annotations

from scorekeeper.language import problem_words
from scorekeeper.store.groups.group import InvalidGroup


def explain(error: InvalidGroup) -> str:
    """Returns what went wrong, in words, from the one table of sentences."""
    return problem_words.words(error.code, error.params)

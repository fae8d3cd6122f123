"""One judge per bound of a club night: a table's score and the rounds, written once for every edge."""

from __future__ import annotations

from collections.abc import Sequence

MAX_TABLE_SCORE = 100_000  # a director's correction or a bye's margin: far above any night's
MAX_ROUNDS = 40  # an event's rounds: a Danish night may go on, but not for ever


def table_score_ok(value: object) -> bool:
    """Tells whether a value is a whole number a table can score (either sign, within bounds)."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_TABLE_SCORE


def table_scores_ok(values: Sequence[object]) -> bool:
    """Tells whether these are both sides' scores of a table: two whole numbers within bounds."""
    return len(values) == 2 and all(table_score_ok(v) for v in values)

"""One judge per bound of a club night: a table's score, the rounds, an event's name, an
entrant's id typed as text; for every edge."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from scorekeeper.engine.names import MAX_NAME, name_problem

MAX_TABLE_SCORE = 100_000  # a director's correction or a bye's margin: far above any night's
MAX_ROUNDS = 40  # an event's rounds: a Danish night may go on, but not for ever
MAX_ENTRANTS = 80  # 40 tables: far above a club night
MAX_DEALS = 20  # deals a round
MAX_EVENT_NAME = 80
MAX_ENTRANT_NAME = MAX_NAME  # an entrant's or a player's name: the engine's rule for names
MAX_FORMAT_ID = 80  # a preset's or a house format's id, as an event names its tables' format
MAX_ROUND_MINUTES = 240  # the big screen's round timer: four hours at most
ID_DIGITS = 6  # an entrant id as text: far above any night's count, short of int()'s limits


def entrant_id(text: str) -> int | None:
    """Returns the entrant id a URL or a form writes ("3": its position), or None: ASCII digits
    only, no sign, space or leading zero, so each id has one spelling."""
    if not (0 < len(text) <= ID_DIGITS and text.isascii() and text.isdigit()):
        return None
    return int(text) if text == "0" or not text.startswith("0") else None


def table_score_ok(value: object) -> bool:
    """Tells whether a value is a whole number a table can score (either sign, within bounds)."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_TABLE_SCORE


def table_scores_ok(values: Sequence[object]) -> bool:
    """Tells whether these are a table's scores: two (three at a table of three) whole numbers."""
    return len(values) in (2, 3) and all(table_score_ok(v) for v in values)


def event_name_problems(name: str, most: int) -> list[tuple[str, dict[str, Any]]]:
    """Returns (code, params) for what is wrong with an event's name, by the one rule for names
    (`engine.names`): a name of only tabs or odd spaces is named by what it holds; an empty
    one the edges word in their own sentence."""
    found = name_problem(name, most)
    if found == "name_blank":
        found = (
            "name_control" if any(unicodedata.category(c) == "Cc" for c in name) else "name_spaces"
        )
    if found is None or not name:
        return []
    return [(found, {"most": most} if found == "name_too_long" else {})]

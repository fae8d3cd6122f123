"""A day as YYYY-MM-DD: the one judge every edge asks, and a reader that never trusts a stored one."""

from __future__ import annotations

import re
from datetime import date

# [0-9], not \d, which counts other scripts' digits in Python.
DAY_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def day_of(text: str) -> date | None:
    """Returns the calendar day a YYYY-MM-DD text names, or None (2026-13-45, 30 Feb, "soon")."""
    if not DAY_TEXT.fullmatch(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def real_day(text: str) -> bool:
    """Tells whether the text is a day of the calendar written YYYY-MM-DD."""
    return day_of(text) is not None

"""Numbers in API bodies, read as the web form reads typed ones: through `scorekeeper.language.i18n`.

A JSON number and a string both pass through `i18n.parse_whole`, so "too large", a Unicode
digit or a fraction get the web form's message whichever way a script sends them.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.language import i18n

POINTS = ("melded_points", "hand_points")  # points; every other number of a hand is a count


def read_number(value: Any, *, label: str, limit: int, negative: bool = False) -> int:
    """Returns the whole number sent (JSON number or text), or raises i18n.NumberProblem."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise i18n.NumberProblem("not_a_number", "Enter a whole number, like 2.")
    if type(value) is int and (-limit if negative else 0) <= value <= limit:
        return value  # what a script usually sends: nothing to read, nothing to refuse
    text = value if isinstance(value, str) else repr(value)
    return i18n.parse_whole(text, label=label, limit=limit, negative=negative)

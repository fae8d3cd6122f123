"""The one rule for names typed by people: sides, players and dealers, from forms, API or import."""

from __future__ import annotations

import re
import unicodedata

MAX_NAME = 40
# Bidirectional controls can make a name display as something else ("evil" shown as "live").
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


SPACES = re.compile(" {2,}")


def tidy(name: str) -> str:
    """Returns a typed name with its ends trimmed of spaces and each run of spaces made one.

    Only the space itself is tidied: a tab or a line break stays, for the rule to refuse.
    """
    return SPACES.sub(" ", name.strip(" "))


def name_problem(name: object, most: int = MAX_NAME) -> str | None:
    """Returns the code of what is wrong with a name the app stores, or None when it is good.

    The one rule for every stored name (sides, players, groups, house formats and their
    kinds): `most` is the longest the name may be, and every character of it is checked. A
    blank name's code is `name_blank`; the callers say whose name it is (`side_name_blank`).
    """
    if not isinstance(name, str) or not name.strip():
        return "name_blank"
    if len(name) > most:
        return "name_too_long"
    for ch in name:  # checked in order, so a NUL first is named as what it is
        if "\ud800" <= ch <= "\udfff":
            return "name_surrogate"
        if ch in BIDI_CONTROLS:
            return "name_bidi"
        if unicodedata.category(ch) == "Cc":
            return "name_control"
    if name != name.strip():
        return "name_spaces"
    return None

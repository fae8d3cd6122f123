"""The one rule for names typed by people: sides, players and dealers, from forms, API or import."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

MAX_NAME = 40
# Bidirectional controls can make a name display as something else ("evil" shown as "live").
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


@dataclass(frozen=True)
class NameProblem:
    """Why a name cannot be used: a code for machines and a message for the reader."""

    code: str
    message: str


def name_problem(name: object, what: str = "name") -> NameProblem | None:
    """Returns what is wrong with a side or player name, or None when it is a good name."""
    if not isinstance(name, str) or not name.strip():
        return NameProblem("name-blank", f"Enter the {what}'s name.")
    if len(name) > MAX_NAME:
        return NameProblem("name-too-long", f"Names are at most {MAX_NAME} characters.")
    for ch in name:  # checked in order, so a NUL first is named as what it is
        if "\ud800" <= ch <= "\udfff":
            return NameProblem(
                "name-surrogate", "This name holds a broken character; type it again."
            )
        if ch in BIDI_CONTROLS:
            return NameProblem(
                "name-bidi", "Names cannot hold invisible text-direction characters."
            )
        if unicodedata.category(ch) == "Cc":
            return NameProblem(
                "name-control", "Names cannot hold control characters (like tabs or line breaks)."
            )
    if name != name.strip():
        return NameProblem("name-spaces", "Names cannot start or end with spaces.")
    return None

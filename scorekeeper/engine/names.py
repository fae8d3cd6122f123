"""The one rule for names typed by people: sides, players and dealers, from forms, API or import."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

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


@dataclass(frozen=True)
class NameProblem:
    """Why a name cannot be used: a code for machines and a message for the reader."""

    code: str
    message: str


def name_problem(name: object, what: str = "name", most: int = MAX_NAME) -> NameProblem | None:
    """Returns what is wrong with a name the app stores, or None when it is a good name.

    The one rule for every stored name (sides, players, groups, house formats and their
    kinds): `most` is the longest the name may be, and every character of it is checked.
    """
    if not isinstance(name, str) or not name.strip():
        return NameProblem("name-blank", f"Enter the {what}'s name.")
    if len(name) > most:
        return NameProblem("name-too-long", f"Names are at most {most} characters.")
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

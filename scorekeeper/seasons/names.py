"""How a public page names an entrant: in full, by first name and initial, or not at all."""

from __future__ import annotations

import re

NAMINGS = ("full", "initial", "hidden")
# A pair's name joins its players ("Ann Smith & Bob Jones"): each part is shortened alone.
_JOINS = re.compile(r"(\s*(?:&|/|\+|,| and | y | e | und )\s*)")


def _initialled(part: str) -> str:
    """Returns a person's first name and the initials of the rest: Ann Smith -> Ann S."""
    words = part.split()
    if len(words) < 2:
        return part
    return " ".join([words[0], *(f"{w[0]}." for w in words[1:])])


def shown_name(name: str, naming: str, label: str) -> str:
    """Returns the name a public page shows: itself, initialled, or `label` when hidden."""
    if naming == "hidden":
        return label
    if naming == "initial":
        return "".join(p if _JOINS.fullmatch(p) else _initialled(p) for p in _JOINS.split(name))
    return name

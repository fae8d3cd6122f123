"""Families of formats: games rated together because skill at one carries over to the others."""

from __future__ import annotations

from scorekeeper.sentences.marked import N_

# Family -> the presets in it. A house format belongs to its base preset's family; an event
# table to its event's format's. A preset not listed rates in no family (said on the page).
FAMILIES: dict[str, tuple[str, ...]] = {
    "partnership": (
        "classic",
        "bolivia",
        "brazilian",
        "cuban",
        "mexicana",
        "samba",
        "five_hand",
        "six_hand_two_teams",
        "six_hand_three_teams",
    ),
    "modern_american": ("modern_american",),
    "one_a_side": ("two_hand", "cutthroat", "oklahoma"),
    "hand_and_foot": ("hand_and_foot",),
}

LABELS: dict[str, str] = {
    "partnership": N_("Partnership Canasta"),
    "modern_american": N_("Modern American"),
    "one_a_side": N_("One player a side"),
    "hand_and_foot": N_("Hand and Foot"),
}

_OF = {preset: family for family, presets in FAMILIES.items() for preset in presets}


def family_of(preset: str | None) -> str | None:
    """Returns the family of a preset id, or None for a preset in no family."""
    return _OF.get(preset or "")


def is_family(name: str) -> bool:
    """Returns whether `name` is one of the families."""
    return name in FAMILIES

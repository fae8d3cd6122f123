"""The engine's codes in the reader's words, shared by the pages and the PDF sheet.

The engine speaks no language: its statuses, opening needs and item reasons carry codes and
numbers, and these functions word them through the catalogues (docs/translating.md).
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine import Item, OpeningNeed, Status
from scorekeeper.language import gettext, lazy_gettext, problem_words
from scorekeeper.sentences import problem_texts

# Why a side's red threes count minus, by the preset's sign rule (the item's reason code).
MINUS_REASONS = {
    "no_meld": lazy_gettext("no meld"),
    "no_canasta": lazy_gettext("no canasta"),
    "under_two_canastas": lazy_gettext("fewer than two canastas"),
    "special_hand": lazy_gettext("special hand"),
}


def minus_reason(code: str) -> str:
    """Returns why an item counts minus, in a player's words, e.g. "no meld"."""
    return str(MINUS_REASONS.get(code, code.replace("_", " ")))


def reason_note(entry: Item) -> str:
    """Returns why an item counts minus or nothing, e.g. "minus: no meld", "0: one canasta"."""
    why = minus_reason(entry.reason)
    if entry.reason == "special_hand":
        return gettext("replaced by the special hand")
    if entry.points == 0:
        return gettext("counts 0: %(why)s", why=why)
    return gettext("minus: %(why)s", why=why)


# The same, short enough for a narrow column of the printed sheet.
SHORT_MINUS_REASONS = {
    "under_two_canastas": lazy_gettext("< 2 canastas"),
    "special_hand": lazy_gettext("special hand"),
}


def short_minus_reason(code: str) -> str:
    """Returns why an item counts minus in few characters, e.g. "< 2 canastas"."""
    return str(SHORT_MINUS_REASONS.get(code) or minus_reason(code))


def versus(names: Any) -> str:
    """Returns the sides' names as a game's title says them: "We v They", "We contra They"."""
    return gettext(" v ").join(str(name) for name in names)


def text(message: Any) -> str:
    """Returns a preset's own words (a name, label or help) in the reader's language.

    Never formats: a house format's texts are the table's own and may hold any character.
    """
    return gettext(message) if message else ""


def need(requirement: OpeningNeed | None) -> str:
    """Returns an opening requirement in words, e.g. "90", "more than 50", "a natural canasta"."""
    if requirement is None:
        return ""
    return problem_words.words(*problem_texts.need_code(requirement))


def status(state: Status) -> str:
    """Returns a game's status in words, e.g. "First to 5,000 after a hand."."""
    return problem_words.words(state.code, state.params)


# Words a preset takes by default when its file says nothing (rules/presets.py), so the extraction
# lists them with the presets' own words.
PRESET_DEFAULTS = (
    lazy_gettext("Points left in hands"),
    lazy_gettext("Red threes"),
    lazy_gettext("Black threes"),
)
# The engine's own breakdown items, by key (score.py); the others carry a preset's label.
ITEM_LABELS = {
    "melded": lazy_gettext("Melded cards"),
    "hand": lazy_gettext("Cards left in hand"),
}
GOING_OUT = {
    "Went out": lazy_gettext("Went out"),
    "Went out concealed": lazy_gettext("Went out concealed"),
}


def item_label(entry: Item) -> str:
    """Returns a breakdown item's label in words, e.g. "Melded cards" or "Natural canasta"."""
    if entry.key in ITEM_LABELS:
        return str(ITEM_LABELS[entry.key])
    if entry.key == "going_out":
        return str(GOING_OUT.get(entry.label, entry.label))
    return text(entry.label)

"""The engine's item codes in a player's words, shared by the pages and the PDF sheet."""

from __future__ import annotations

# Why a side's red threes count minus, by the preset's sign rule (the item's reason code).
MINUS_REASONS = {
    "no_meld": "no meld",
    "no_canasta": "no canasta",
    "under_two_canastas": "fewer than two canastas",
}


def minus_reason(code: str) -> str:
    """Returns why an item counts minus, in a player's words, e.g. "no meld"."""
    return MINUS_REASONS.get(code, code.replace("_", " "))


# The same, short enough for a narrow column of the printed sheet.
SHORT_MINUS_REASONS = {"under_two_canastas": "< 2 canastas"}


def short_minus_reason(code: str) -> str:
    """Returns why an item counts minus in few characters, e.g. "< 2 canastas"."""
    return SHORT_MINUS_REASONS.get(code) or minus_reason(code)

"""Numbers in API bodies, read as the web form reads typed ones: through `scorekeeper.language.i18n`.

A JSON number and a string both pass through `i18n.parse_whole`, so "too large", a Unicode
digit or a fraction get the web form's message whichever way a script sends them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.api.problems import field_error
from scorekeeper.engine.hand import MAX_ENTRY
from scorekeeper.language import i18n

POINTS = ("melded_points", "hand_points")  # points; every other number of a hand is a count
NOT_NUMBERS = ("went_out", "canastas", "special_hand")  # the engine reads these itself


def _label(key: str) -> str:
    """Returns a field's words from its key: "red_threes" -> "Red threes"."""
    return key.replace("_", " ").capitalize()


def read_number(value: Any, *, label: str, limit: int, negative: bool = False) -> int:
    """Returns the whole number sent (JSON number or text), or raises i18n.NumberProblem."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise i18n.NumberProblem("not_a_number", "Enter a whole number, like 2.")
    if type(value) is int and (-limit if negative else 0) <= value <= limit:
        return value  # what a script usually sends: nothing to read, nothing to refuse
    text = value if isinstance(value, str) else repr(value)
    return i18n.parse_whole(text, label=label, limit=limit, negative=negative)


def _entry(side: str, entry: Mapping[str, Any], errors: list[dict[str, Any]]) -> dict[str, Any]:
    """Returns one side's entry with every number read; a bad one is an error on its field."""
    numbers = {k: v for k, v in entry.items() if k not in NOT_NUMBERS}
    fields = [
        (key, key, value, MAX_ENTRY if key in POINTS else i18n.MAX_COUNT)
        for key, value in numbers.items()
    ]
    canastas = entry.get("canastas")
    if isinstance(canastas, Mapping):
        fields += [
            (f"canastas.{kind}", f"{kind}_canastas", value, i18n.MAX_COUNT)
            for kind, value in canastas.items()
        ]
    read = dict(entry)
    for field, words, value, limit in fields:
        if value is None or value == "":
            continue  # left out: the engine counts it as 0
        try:
            number = read_number(value, label=_label(words), limit=limit)
        except i18n.NumberProblem as problem:
            errors.append(field_error(field, problem.message, side))
            continue
        if field.startswith("canastas."):
            read["canastas"] = {**read["canastas"], field.partition(".")[2]: number}
        else:
            read[field] = number
    return read


def hand_numbers(hand: Any) -> tuple[Any, list[dict[str, Any]]]:
    """Returns the body's `hand` with each side's numbers read, and an error per bad number."""
    if not isinstance(hand, Mapping):
        return hand, []  # the engine names the wrong shape
    errors: list[dict[str, Any]] = []
    read = {
        side: _entry(str(side), entry, errors) if isinstance(entry, Mapping) else entry
        for side, entry in hand.items()
    }
    return read, errors

"""JSON from strangers: size, depth, key and number limits checked in linear time before parsing."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

# A JSON string, or an unterminated one running to the end: every quote that starts a match
# ends it at its closing quote or the end of the text, so the scan never restarts inside it
# (a plain '"..."' pattern re-scans to the end from every quote of '"\\"\\"\\"...': quadratic).
STRING = re.compile(r'"[^"\\]*(?:\\[\s\S]?[^"\\]*)*(?:"|\Z)')
INNERMOST = re.compile(r"\[\]|\{\}")
NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")
LONG_NUMBER = re.compile(r"[0-9]{31}")  # no score, total or version needs 31 digits


@dataclass(frozen=True)
class Limits:
    """How much JSON one request may send: bytes, nesting depth and object keys in all."""

    max_bytes: int
    max_depth: int
    max_keys: int


class JsonRefused(ValueError):
    """A JSON text refused before or while parsing: a code and a message for the reader."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


class Counter:
    """Counts how often keys are compared for duplicates: the guard test's measure of work."""

    comparisons = 0


def structure(text: str, deepest: int = 64) -> tuple[int, int, str]:
    """Returns nesting depth (up to deepest + 1), keys and the text without strings, linearly."""
    outside = STRING.sub('""', text)  # brackets and colons inside strings do not count
    keys = outside.count(":")
    brackets = NOT_A_BRACKET.sub("", outside)
    depth = 0
    # Each pass strips the innermost pairs: one pass a level, and never more than deepest + 1.
    while brackets and depth <= deepest:
        brackets, removed = INNERMOST.subn("", brackets)
        if not removed:
            break  # unbalanced: json.loads names the error
        depth += 1
    return depth, keys, outside


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Builds an object, refusing a key that appears twice (a set: one lookup per key)."""
    seen: dict[str, Any] = {}
    for key, value in pairs:
        Counter.comparisons += 1
        if key in seen:
            raise JsonRefused("duplicate-key", f"The key {key[:40]!r} appears twice in one object.")
        seen[key] = value
    return seen


def _constant(name: str) -> None:
    raise JsonRefused("not-a-number", f"{name} is not a number a score sheet can hold.")


def check_text(text: str, limits: Limits) -> None:
    """Refuses a JSON text whose size, depth, key count or numbers are out of bounds."""
    if len(text) > limits.max_bytes:
        raise JsonRefused("too-large", f"The JSON is larger than {limits.max_bytes:,} bytes.")
    depth, keys, outside = structure(text, limits.max_depth)
    if depth > limits.max_depth:
        raise JsonRefused("too-deep", f"The JSON nests deeper than {limits.max_depth} levels.")
    if keys > limits.max_keys:
        raise JsonRefused("too-many-keys", f"The JSON holds more than {limits.max_keys:,} keys.")
    if LONG_NUMBER.search(outside):
        raise JsonRefused("number-too-long", "The JSON holds a number far too long to be a score.")


def loads(data: bytes | str, limits: Limits) -> Any:
    """Parses JSON within the limits; JsonRefused names what is wrong."""
    if len(data) > limits.max_bytes:
        raise JsonRefused("too-large", f"The JSON is larger than {limits.max_bytes:,} bytes.")
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError as error:
        raise JsonRefused("not-utf8", "The file is not UTF-8 text.") from error
    check_text(text, limits)
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise JsonRefused(
            "not-json",
            f"This is not JSON (line {error.lineno}, column {error.colno}: {error.msg}).",
        ) from error
    except JsonRefused:
        raise
    except (RecursionError, ValueError) as error:  # unbalanced nesting, or 5,000 digits
        message = "The JSON nests too deeply or holds an impossible number."
        raise JsonRefused("impossible", message) from error

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
# Keeps only brackets, objects and arrays alike: "{[]}" becomes b"[[]]".
BRACKETS_ONLY = bytes.maketrans(b"{}", b"[]")
NOT_BRACKETS = bytes(set(range(128)) - set(b"[]{}"))
LONG_NUMBER = re.compile(r"[0-9]{31}")  # no score, total or version needs 31 digits


@dataclass(frozen=True)
class Limits:
    """How much JSON one request may send: bytes, nesting depth and object keys in all."""

    max_bytes: int
    max_depth: int
    max_keys: int


class JsonRefused(ValueError):
    """A JSON text refused before or while parsing: a code and a message for the reader."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code, self.message = code, message
        self.params = params  # what the code's own sentence needs, e.g. line and column


class Counter:
    """Counts how often keys are compared for duplicates: the guard test's measure of work."""

    comparisons = 0


def structure(text: str, deepest: int = 64) -> tuple[int, int, str]:
    """Returns nesting depth (up to deepest + 1), keys and the text without strings, linearly."""
    outside = STRING.sub('""', text)  # brackets and colons inside strings do not count
    keys = outside.count(":")
    raw = outside.encode("ascii", "ignore")  # outside strings JSON is ASCII
    brackets = raw.translate(BRACKETS_ONLY, NOT_BRACKETS)
    depth = 0
    # Each pass strips the innermost pairs: one pass a level, and never more than deepest + 1;
    # bytes.replace runs at memory speed, so even 8 MB of "[[[[" costs a few milliseconds.
    while brackets and depth <= deepest:
        shorter = brackets.replace(b"[]", b"")
        if len(shorter) == len(brackets):  # unbalanced: each unclosed "[" would nest once more
            depth += min(brackets.count(b"["), deepest + 1)
            break
        brackets, depth = shorter, depth + 1
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


def check_text(text: str, limits: Limits, what: str = "The body") -> None:
    """Refuses a JSON text whose size, depth, key count or numbers are out of bounds."""
    if len(text) > limits.max_bytes:
        raise JsonRefused("too-large", f"{what} is larger than {limits.max_bytes:,} bytes.")
    depth, keys, outside = structure(text, limits.max_depth)
    if depth > limits.max_depth:
        raise JsonRefused("too-deep", f"{what} nests deeper than {limits.max_depth} levels.")
    if keys > limits.max_keys:
        raise JsonRefused("too-many-keys", f"{what} holds more than {limits.max_keys:,} keys.")
    if LONG_NUMBER.search(outside):
        raise JsonRefused("number-too-long", f"{what} holds an impossible number (too long).")


def loads(data: bytes | str, limits: Limits, what: str = "The body") -> Any:
    """Parses JSON within the limits; JsonRefused names what is wrong with `what` (the file)."""
    if len(data) > limits.max_bytes:
        raise JsonRefused("too-large", f"{what} is larger than {limits.max_bytes:,} bytes.")
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError as error:
        raise JsonRefused("not-utf8", f"{what} is not UTF-8 text.") from error
    check_text(text, limits, what)
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise JsonRefused(
            "not-json",
            f"{what} is not JSON (line {error.lineno}, column {error.colno}: {error.msg}).",
            line=error.lineno,
            column=error.colno,
        ) from error
    except JsonRefused:
        raise
    except (RecursionError, ValueError) as error:  # unbalanced nesting, or 5,000 digits
        message = f"{what} nests too deeply or holds an impossible number."
        raise JsonRefused("impossible", message) from error

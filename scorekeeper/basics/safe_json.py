"""JSON from strangers: size, depth, key and number limits checked in linear time before parsing."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from scorekeeper.sentences.marked import N_

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

    def __init__(self, code: str, message: str, template: str = "", **params: Any) -> None:
        super().__init__(message)
        self.code, self.message = code, message
        # The sentence as a catalogue template (N_-marked) and what it needs, e.g. line and
        # column: a reader in another language gets it worded from these (api/access.py).
        self.template = template
        self.params = params


GROUPED = ("max", "keys")  # sizes, written 65,536; a line or column stays 1234
TOO_LARGE = N_("%(what)s is larger than %(max)s bytes.")


def _refused(code: str, template: str, **params: Any) -> JsonRefused:
    """Returns the refusal with its English sentence made from its template."""
    english = {k: f"{v:,}" if k in GROUPED else v for k, v in params.items()}
    return JsonRefused(code, template % english, template, **params)


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
    built = dict(pairs)
    if len(built) == len(pairs):  # no key twice (nearly every object): built in one C call
        Counter.comparisons += len(pairs)
        return built
    seen: dict[str, Any] = {}  # which key came twice, and where: counted as ever
    for key, value in pairs:
        Counter.comparisons += 1
        if key in seen:
            raise duplicate_key(key)
        seen[key] = value
    return seen


def duplicate_key(key: str) -> JsonRefused:
    """Returns the refusal of an object that has this key twice."""
    template = N_("The key %(key)r appears twice in one object.")
    return _refused("duplicate_key", template, key=key[:40])


def _constant(name: str) -> None:
    raise _refused(
        "not_a_number", N_("%(name)s is not a number a score sheet can hold."), name=name
    )


def check_text(text: str, limits: Limits, what: str = "The body") -> None:
    """Refuses a JSON text whose size, depth, key count or numbers are out of bounds."""
    if len(text) > limits.max_bytes:
        raise _refused("too_large", TOO_LARGE, what=what, max=limits.max_bytes)
    depth, keys, outside = structure(text, limits.max_depth)
    if depth > limits.max_depth:
        template = N_("%(what)s nests deeper than %(depth)s levels.")
        raise _refused("too_deep", template, what=what, depth=limits.max_depth)
    if keys > limits.max_keys:
        template = N_("%(what)s holds more than %(keys)s keys.")
        raise _refused("too_many_keys", template, what=what, keys=limits.max_keys)
    if LONG_NUMBER.search(outside):
        template = N_("%(what)s holds an impossible number (too long).")
        raise _refused("number_too_long", template, what=what)


def check_part(text: str, limits: Limits, what: str, depth_above: int, keys_before: int) -> int:
    """Checks one value of a text read in parts (its place: depth_above levels down).

    Returns the keys counted so far, this value's with the keys_before it.
    """
    depth, keys, outside = structure(text, limits.max_depth - depth_above)
    if depth + depth_above > limits.max_depth:
        template = N_("%(what)s nests deeper than %(depth)s levels.")
        raise _refused("too_deep", template, what=what, depth=limits.max_depth)
    if keys + keys_before > limits.max_keys:
        template = N_("%(what)s holds more than %(keys)s keys.")
        raise _refused("too_many_keys", template, what=what, keys=limits.max_keys)
    if LONG_NUMBER.search(outside):
        template = N_("%(what)s holds an impossible number (too long).")
        raise _refused("number_too_long", template, what=what)
    return keys + keys_before


def decoder() -> json.JSONDecoder:
    """Returns the decoder loads uses: a key twice, NaN and Infinity refused."""
    return json.JSONDecoder(object_pairs_hook=_pairs, parse_constant=_constant)


def not_json(what: str, line: int, column: int, reason: str) -> JsonRefused:
    """Returns the refusal of a text that is not JSON at this line and column."""
    template = N_("%(what)s is not JSON (line %(line)s, column %(column)s: %(reason)s).")
    return _refused("not_json", template, what=what, line=line, column=column, reason=reason)


def not_utf8(what: str) -> JsonRefused:
    """Returns the refusal of bytes that are not UTF-8."""
    return _refused("not_utf8", N_("%(what)s is not UTF-8 text."), what=what)


def impossible(what: str) -> JsonRefused:
    """Returns the refusal of nesting Python cannot parse, or a number too long to read."""
    template = N_("%(what)s nests too deeply or holds an impossible number.")
    return _refused("impossible", template, what=what)


def too_large(what: str, most: int) -> JsonRefused:
    """Returns the refusal of a text over its limit of bytes."""
    return _refused("too_large", TOO_LARGE, what=what, max=most)


def loads(data: bytes | str, limits: Limits, what: str = "The body") -> Any:
    """Parses JSON within the limits; JsonRefused names what is wrong with `what` (the file)."""
    if len(data) > limits.max_bytes:
        raise _refused("too_large", TOO_LARGE, what=what, max=limits.max_bytes)
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError as error:
        raise _refused("not_utf8", N_("%(what)s is not UTF-8 text."), what=what) from error
    check_text(text, limits, what)
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except json.JSONDecodeError as error:
        template = N_("%(what)s is not JSON (line %(line)s, column %(column)s: %(reason)s).")
        raise _refused(
            "not_json",
            template,
            what=what,
            line=error.lineno,
            column=error.colno,
            reason=error.msg,  # the parser's own English words
        ) from error
    except JsonRefused:
        raise
    except (RecursionError, ValueError) as error:  # unbalanced nesting, or 5,000 digits
        template = N_("%(what)s nests too deeply or holds an impossible number.")
        raise _refused("impossible", template, what=what) from error

"""An export file read a value at a time: its top-level fields, then each game as it comes.

A 48 MB file parsed whole costs about ten times its size in memory; read this way only one
game (or one top-level field) and about a megabyte of text are held at once. Each value is
parsed by safe_json's decoder and checked by its limits, the file's keys counted in all.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, Any

from scorekeeper.basics import safe_json
from scorekeeper.store.portable.check import check_bounds, file_id, hand_count
from scorekeeper.store.portable.read import (
    InvalidImport,
    check_top,
    limits_for,
    not_an_export,
    parse,
    refusal,
    too_large,
)

Source = bytes | str | IO[bytes]  # a file in memory, or open to be read a game at a time

CHUNK = 1 << 20  # characters read at a time: a game exports as 5 to 200 KB
SPACE = re.compile(r"[ \t\n\r]*")
WHAT = "The file"
GAME = object()  # the name an item of the "games" list comes under
LISTED = object()  # the value "games" comes with when it is a list, its games following


def _trailing_comma(closing: str) -> str | None:
    """Returns this Python's words for a comma just before closing, when it blames the comma."""
    sample = "[1,]" if closing == "]" else '{"a":1,}'
    try:
        json.loads(sample)
    except json.JSONDecodeError as error:
        # Python 3.13 says "Illegal trailing comma..." at the comma; 3.11 "Expecting..." after it.
        return error.msg if error.pos == sample.index(",") else None
    return None


TRAILING = {closing: _trailing_comma(closing) for closing in "]}"}


class Reader:
    """The file's text from where the reading is, decoded as it is read; what is read goes."""

    def __init__(self, stream: IO[bytes], limits: safe_json.Limits) -> None:
        self.stream, self.limits = stream, limits
        self.decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self.json = safe_json.decoder()
        self.text, self.at, self.ended = "", 0, False
        self.line, self.column = 1, 1  # where text[0] is in the file, for a refusal's words
        self.keys = 0  # the file's keys so far, against the limit for the whole file

    def _more(self) -> bool:
        """Reads more of the file after what is still unread; False at its end."""
        if self.ended:
            return False
        raw = self.stream.read(max(CHUNK, len(self.text) - self.at))  # grows for a long value
        try:
            more = self.decoder.decode(raw, final=not raw)
        except UnicodeDecodeError:
            raise refusal(safe_json.not_utf8(WHAT), self.limits.max_bytes) from None
        self._forget_read()
        self.text += more
        self.ended = not raw
        return True

    def _forget_read(self) -> None:
        """Lets the text already read go, keeping count of its lines for the refusals."""
        read, self.text, self.at = self.text[: self.at], self.text[self.at :], 0
        lines = read.count("\n")
        if lines:
            self.line, self.column = self.line + lines, len(read) - read.rfind("\n")
        else:
            self.column += len(read)

    def _where(self, at: int) -> tuple[int, int]:
        """Returns the line and column of text[at] in the file."""
        before = self.text[:at]
        lines = before.count("\n")
        if not lines:
            return self.line, self.column + at
        return self.line + lines, at - before.rfind("\n")

    def refused(self, at: int, reason: str) -> InvalidImport:
        """Returns the refusal of text that is not JSON at text[at]."""
        line, column = self._where(at)
        return refusal(safe_json.not_json(WHAT, line, column, reason), self.limits.max_bytes)

    def peek(self) -> str | None:
        """Skips white space; returns the next character, None at the end of the file."""
        while True:
            found = SPACE.match(self.text, self.at)
            self.at = found.end() if found else self.at
            if self.at < len(self.text):
                return self.text[self.at]
            if not self._more():
                return None

    def take(self) -> None:
        """Moves past the character peek returned."""
        self.at += 1

    def value(self, depth_above: int) -> Any:
        """Parses the JSON value next, depth_above levels down, within the file's limits."""
        if self.peek() is None:
            raise self.refused(self.at, "Expecting value")
        while True:
            try:
                value, end = self.json.raw_decode(self.text, self.at)
            except json.JSONDecodeError as error:
                if self._more():  # the value may go on past what was read
                    continue
                raise self.refused(error.pos, error.msg) from None
            except RecursionError:
                raise refusal(safe_json.impossible(WHAT), self.limits.max_bytes) from None
            except safe_json.JsonRefused as refused:  # a key twice, NaN
                raise refusal(refused, self.limits.max_bytes) from None
            except ValueError:  # a number of thousands of digits
                raise refusal(safe_json.impossible(WHAT), self.limits.max_bytes) from None
            if end < len(self.text) or self.ended or not self._more():
                break  # a number that ends where the text read so far ends may go on
        part = self.text[self.at : end]
        try:
            self.keys = safe_json.check_part(part, self.limits, WHAT, depth_above, self.keys)
        except safe_json.JsonRefused as refused:
            raise refusal(refused, self.limits.max_bytes) from None
        self.at = end
        return value

    def after(self, closing: str) -> bool:
        """Moves past a comma (True: more follows) or the closing bracket (False)."""
        found = self.peek()
        self.take()
        if found == ",":
            trailing = TRAILING[closing]
            if trailing and self.peek() == closing:  # refused as the whole file's parser does
                raise self.refused(self.at - 1, trailing)
            return True
        if found == closing:
            return False
        expected = "delimiter" if found is not None else "delimiter, not the end"
        raise self.refused(self.at - 1, f"Expecting ',' {expected}")


def _size(stream: IO[bytes], max_bytes: int) -> None:
    """Refuses a file over max_bytes before a byte of it is parsed."""
    start = stream.tell()
    size = stream.seek(0, 2) - start
    stream.seek(start)
    if size > max_bytes:
        raise too_large(max_bytes)


def items(stream: IO[bytes], max_bytes: int) -> Iterator[tuple[object, Any]]:
    """Yields an export's top-level fields as (name, value), and (GAME, game) for each game.

    "games", when it is a list, comes as ("games", LISTED) followed by its games.
    """
    _size(stream, max_bytes)
    reader = Reader(stream, limits_for(max_bytes))
    if reader.peek() != "{":
        reader.value(0)  # what it is, or why it is no JSON
        _end(reader)
        raise not_an_export()
    reader.take()
    names: set[str] = set()
    more = reader.peek() != "}"
    if not more:
        reader.take()
    while more:
        name = _name(reader, names)
        if name == "games" and reader.peek() == "[":
            reader.take()
            yield name, LISTED
            yield from _games(reader)
        else:
            yield name, reader.value(1)
        more = reader.after("}")
    _end(reader)


def _name(reader: Reader, names: set[str]) -> str:
    """Reads a top-level field's name and its colon; a name twice is refused."""
    if reader.peek() != '"':
        raise reader.refused(reader.at, "Expecting property name enclosed in double quotes")
    name = reader.value(1)
    if name in names:
        raise refusal(safe_json.duplicate_key(name), reader.limits.max_bytes)
    names.add(name)
    reader.keys += 1
    if reader.peek() != ":":
        raise reader.refused(reader.at, "Expecting ':' delimiter")
    reader.take()
    return str(name)


def _games(reader: Reader) -> Iterator[tuple[object, Any]]:
    """Yields each game of the "games" list, the reader just inside its bracket."""
    if reader.peek() == "]":
        reader.take()
        return
    more = True
    while more:
        yield GAME, reader.value(2)
        more = reader.after("]")


def _end(reader: Reader) -> None:
    """Refuses anything but white space after the file's value."""
    if reader.peek() is not None:
        raise reader.refused(reader.at, "Extra data")


def reading(data: Source, max_bytes: int) -> Callable[[], Iterator[tuple[object, Any]]]:
    """Returns how to read the file from its start, as many times as asked, item by item."""
    if isinstance(data, bytes | str):  # in memory already: parsed once, whole
        document = parse(data, max_bytes)

        def parsed() -> Iterator[tuple[object, Any]]:
            for name, value in document.items():
                if name == "games" and isinstance(value, list):
                    yield name, LISTED
                    yield from ((GAME, game) for game in value)
                else:
                    yield name, value

        return parsed
    start = data.tell()

    def streamed() -> Iterator[tuple[object, Any]]:
        data.seek(start)
        return items(data, max_bytes)

    return streamed


def games_of(read: Iterator[tuple[object, Any]]) -> Iterator[Any]:
    """Returns the file's games, one at a time."""
    return (value for name, value in read if name is GAME)


@dataclass
class Survey:
    """What a first reading keeps of a file: its top-level fields and each game's id and shape."""

    top: dict[str, Any]
    file_ids: list[str | None]
    shapes: dict[str, list[int]]  # a game's players per side, by its id in the file
    hands: int = 0


def _shape(raw: Any) -> list[int] | None:
    """Returns a game's players per side as the file gives them, None if they are not there."""
    sides = raw.get("sides") if isinstance(raw, dict) else None
    if not isinstance(sides, list) or not all(isinstance(side, dict) for side in sides):
        return None  # the game's own check says what is wrong, before any group's
    players = [side.get("players") for side in sides]
    return [len(p) for p in players] if all(isinstance(p, list) for p in players) else None


def survey(read: Iterator[tuple[object, Any]], max_hands: int | None) -> Survey:
    """Reads the file once, checks what parse and check check of the whole, keeps the rest."""
    found = Survey({}, [], {})
    for name, value in read:
        if name is not GAME:
            found.top[str(name)] = value
            continue
        found.file_ids.append(file_id(value))
        found.hands += hand_count(value)
        shape = _shape(value) if found.file_ids[-1] is not None else None
        if shape is not None:
            found.shapes[str(found.file_ids[-1])] = shape
    listed = found.top.get("games") is LISTED
    check_top(found.top, len(found.file_ids) if listed else None)
    check_bounds(found.file_ids, found.hands, max_hands)
    return found

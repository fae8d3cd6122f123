"""The one room for speed: all this process keeps between requests, and the one switch.

Scores are stored, so no game is ever kept here: a page reads its rows. What is kept is
what costs more than a read and is fully named by its key, so it can never go stale or
reach a reader it was not made for:

- `rules`: a frozen format document built into rules, by digest and options (a document's
  digest names its content). Building costs about 1 ms; every request of a game needs it.
- `pdfs`: a game's PDF, by (database file, game id, version, paper, language). Every change
  to a game's hands, rules or names bumps its version, so a key names one PDF exactly;
  rebuilding one costs 80-200 ms against about 2 ms kept.
- `stats`: a group's statistics, by (database file, group id, the group's `stats_version`).
  SQL triggers (migration 0007) bump the version when any of its games, seats or players
  change, so a view checks one number instead of adding up every game again.
- `events`: an event's standings and tables, by (database file, event id, what, the event's
  `version`). SQL triggers (migration 0009_event_version) bump the version with any change to
  its tables' games, hand checks, tables, byes, entrants or own row, so 40 phones and a big
  screen polling a club night add up its 20 tables once per change instead of once per poll.
  The event itself (settings, entrants) is kept by its `shape_version`, which hands leave
  alone. `tables`: each table's result, by (database file, the table's row, its game's
  version, its hand checks): while every hand moves the event's version, a read redoes only
  the tables that moved since the one before.
- `settle_collector()`: once a process, after its first request, the garbage collector
  freezes what lives as long as the process (app, templates, presets) and collects the young
  generation every GC_YOUNG allocations instead of 700. Measured with bench/gc_pauses.py
  (800 requests): 400 collections and 2.6 s of them without, 4 and 0.1 s with; the sheet's
  p99.9 989 ms against 270 ms on a loaded machine.

No rendered page is kept: the sheet and a group's statistics are rendered from stored rows
(and the figures above) on every request that is not a 304.

The switch: `SCOREKEEPER_CACHE=off` in the
environment (or `configure(False)`) keeps nothing and computes everything on each request;
CI runs the fast suite both ways (.ci/run).
"""

from __future__ import annotations

import gc
import os
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar, cast

from sqlite_utils import Database

from scorekeeper.basics import settings

T = TypeVar("T")
U = TypeVar("U")


def enabled_by_environment() -> bool:
    """Tells whether SCOREKEEPER_CACHE leaves the room on (anything but off, 0, no, false)."""
    return bool(settings.from_environment().get("CACHE", True))


class Kept(Generic[T]):
    """Values by key, least recently used out first, bounded by a total size."""

    def __init__(self, bound: int, size: Callable[[Any], int] = lambda _value: 1) -> None:
        self.bound = bound
        self._size_of = size
        self._kept: OrderedDict[Hashable, T] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    @property
    def size(self) -> int:
        """Returns the sum of the kept values' sizes."""
        return self._size

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: Hashable) -> T | None:
        """Returns a kept value, or None (always None while the switch is off)."""
        if not on:
            return None
        with self._lock:
            value = self._kept.get(key)
            if value is not None:
                self._kept.move_to_end(key)
            return value

    def put(self, key: Hashable, value: T) -> None:
        """Keeps a value, dropping the least recently used to fit; nothing while off."""
        size = self._size_of(value)
        if not on or size > self.bound:
            return
        with self._lock:
            if key in self._kept:
                self._size -= self._size_of(self._kept.pop(key))
            self._kept[key] = value
            self._size += size
            while self._size > self.bound:
                self._size -= self._size_of(self._kept.popitem(last=False)[1])

    def clear(self) -> None:
        """Drops every value."""
        with self._lock:
            self._kept.clear()
            self._size = 0

    def through(self, key: Hashable, make: Callable[[], U]) -> U:
        """Returns the value kept under `key`, making and keeping it first if there is none.

        The value is of the type `make` returns: one kind of value is kept in each room.
        """
        found = self.get(key)
        if found is None:
            made = make()
            self.put(key, cast(T, made))
            return made
        return cast(U, found)


on = enabled_by_environment()
rules: Kept[Any] = Kept(256)  # built rules by digest and options: a few per instance
pdfs: Kept[bytes] = Kept(4 * 1024 * 1024, size=len)  # about 100 sheets of 40 hands
stats: Kept[Any] = Kept(16)  # the groups read most recently
events: Kept[Any] = Kept(64)  # a few events' settings, standings and rounds' tables
tables: Kept[Any] = Kept(1024)  # each table's result by its game's version: 20 nights of 50


def clear() -> None:
    """Drops everything kept, as a new process starts."""
    for room in (rules, pdfs, stats, events, tables):
        room.clear()


def configure(enabled: bool) -> None:
    """Turns the room on or off for this process; off drops everything kept."""
    global on
    on = enabled
    if not enabled:
        clear()


_files: weakref.WeakKeyDictionary[Database, str] = weakref.WeakKeyDictionary()


def key(db: Database, name: str) -> tuple[str, str] | None:
    """Returns (database file, name) for keys, or None for a database without a file."""
    path = _files.get(db)
    if path is None:  # asked once per connection
        path = _files[db] = next(
            (row[2] for row in db.execute("PRAGMA database_list") if row[1] == "main"), ""
        )
    return (path, name) if path else None


GC_YOUNG = 5_000  # the young generation's size (Python's own: 700)
_settled_in: int | None = None  # the process that settled last; a forked worker differs


def settle_collector() -> None:
    """Once a process, while the room is on: collect, freeze what is alive, collect less often."""
    # What lives now (the app, Flask, Jinja, the presets) lives as long as the worker: frozen,
    # a full collection walks only what requests made since. Call after the first request.
    global _settled_in
    if not on or _settled_in == os.getpid():
        return
    _settled_in = os.getpid()
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])

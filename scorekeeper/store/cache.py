"""The process-wide cache of replayed games: kept as bytes, bounded by bytes, and switchable off.

Invariants (the only place they are written down; tests/test_store_cache.py checks them):

1. An entry is what a game's hands replay to at one version: (version, setup, hands, sheet).
   Every change to a game's hands, its rules or its target bumps its version, so an entry is
   right for exactly the version it names. The rules themselves (the game's rule book, and
   the raises of its target) are not in the entry: they are read with the row every time. Links, the reopened flag and `updated_at` change without a new version;
   they are never cached and always read from the game's row.
2. A reader uses an entry only at the row's version, or to catch up by scoring the hands
   added since when the row's `rewritten` (the last version that edited or deleted a hand)
   is not later than the entry's version; otherwise it replays from the database.
3. An entry never replaces one of a later version for the same game.
4. Entries are pickled bytes, never live objects: nothing a request holds can change them,
   the garbage collector has nothing of theirs to walk, and their size is known exactly.
   An entry is pickled in parts: a head (setup, totals, result) and the hands with their
   rows in runs of `RUN` hands. A new version that keeps the runs of the one before it
   (a hand added) pickles only its head and its last run, so a record costs the same at
   hand 10 and at hand 1,000.
5. The accounted size (the sum of the entries' byte lengths) never exceeds `max_bytes`:
   least recently used entries are dropped first, and an entry larger than the bound is not
   kept at all. `max_bytes = 0` turns the cache off: nothing is kept, every read replays.
6. A game's rendered PDFs (`pdfs`) follow rule 1 too: kept by (database, game id, version,
   paper), so a download is built once per version, bounded by an eighth of `max_bytes`.
   So do its rendered sheet pages (`pages`), kept by (database, game id, version, and what
   else the page shows: role, paper, language, ...), bounded by a sixteenth of `max_bytes`.
7. Besides the bytes, the most recently used entries are also kept decoded, up to
   `max_bytes // HOT_SHARE` counted as their bytes, so the games being played are not
   unpickled for every request; they are the same entries, dropped with them.

The cache is per process (each gunicorn worker has its own) and keyed by (database file, game
id), so workers and databases never share an entry.
"""

from __future__ import annotations

import pickle
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from sqlite_utils import Database

from scorekeeper.engine import GameState, Hand, Problem, Row, Setup

DEFAULT_MAX_BYTES = 32 * 1024 * 1024  # about 320 games of 200 hands, or 2,000 of 30
RUN = 8  # hands pickled together; measured: loads as fast as one pickle, re-pickled cheaply
# Decoded games are objects the garbage collector walks: 1/128 (256 KiB by default, about 17
# games of 30 hands) kept young collections short, where 1/16 made them ten times longer
# (bench/gc_pauses.py, figures in docs/performance.md).
HOT_SHARE = 128

Key = tuple[str, str]
T = TypeVar("T")


@dataclass(frozen=True)
class Replayed:
    """What the hands of a game replay to at one version: the part of a game worth keeping."""

    version: int
    setup: Setup
    hands: tuple[Hand, ...]
    state: GameState
    unreadable: tuple[tuple[int, Problem], ...] = ()  # stored hands its rules cannot read


@dataclass(frozen=True)
class Pickled:
    """An entry as bytes: its head, and its hands with their rows in runs of `RUN`."""

    version: int
    head: bytes
    runs: tuple[bytes, ...]
    size: int  # the head's and the runs' lengths, added once


def _dumps(value: object) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def pickled(replayed: Replayed, before: tuple[Replayed, Pickled] | None = None) -> Pickled:
    """Returns an entry as bytes, reusing the runs it shares with `before` (decoded, as bytes)."""
    hands, rows = replayed.hands, replayed.state.rows
    runs: tuple[bytes, ...] = ()
    if before is not None:  # leading runs of the same objects as before are the same bytes
        old, old_bytes = before
        while len(runs) < len(old_bytes.runs) and _same_run(old, replayed, len(runs) * RUN):
            runs += (old_bytes.runs[len(runs)],)
    runs += tuple(
        _dumps((hands[i : i + RUN], rows[i : i + RUN]))
        for i in range(len(runs) * RUN, max(len(hands), len(rows)), RUN)
    )
    head = _dumps((replayed.setup, replace(replayed.state, rows=()), replayed.unreadable))
    return Pickled(replayed.version, head, runs, len(head) + sum(map(len, runs)))


def _same_run(old: Replayed, new: Replayed, start: int) -> bool:
    """Tells whether hands and rows start to start + RUN are whole in both and the same objects."""
    stop = start + RUN
    pairs = (old.hands, new.hands), (old.state.rows, new.state.rows)
    return all(
        len(a) >= stop
        and len(b) >= stop
        and all(x is y for x, y in zip(a[start:stop], b[start:stop], strict=True))
        for a, b in pairs
    )


def unpickled(entry: Pickled) -> Replayed:
    """Returns the entry decoded."""
    setup, state, unreadable = pickle.loads(entry.head)
    hands: list[Hand] = []
    rows: list[Row] = []
    for run in entry.runs:
        some_hands, some_rows = pickle.loads(run)
        hands += some_hands
        rows += some_rows
    return Replayed(
        entry.version, setup, tuple(hands), replace(state, rows=tuple(rows)), unreadable
    )


class GameCache:
    """Replayed games by (database, game id), least recently used first out, bounded by bytes."""

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self._entries: OrderedDict[Key, Pickled] = OrderedDict()
        self._hot: OrderedDict[Key, Replayed] = OrderedDict()  # decoded, most recent last
        self._hot_size = 0
        self._size = 0
        self._lock = threading.Lock()

    @property
    def size(self) -> int:
        """Returns the accounted size: the sum of the kept entries' byte lengths."""
        return self._size

    @property
    def hot_bytes(self) -> int:
        """Returns how many of the accounted bytes are also kept decoded."""
        return max(self.max_bytes, 0) // HOT_SHARE

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Key) -> Replayed | None:
        """Returns the kept entry of a game, or None."""
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                return None
            self._entries.move_to_end(key)
            hot = self._hot.get(key)
            if hot is not None:
                self._hot.move_to_end(key)
                return hot
        replayed = unpickled(found)  # outside the lock: other threads go on
        with self._lock:
            if self._entries.get(key) is found:
                self._keep_hot(key, replayed)
        return replayed

    def put(self, key: Key, replayed: Replayed) -> None:
        """Keeps a game's replay, unless a later version is kept or it is larger than the bound."""
        if self.max_bytes <= 0:
            return
        with self._lock:
            known, hot = self._entries.get(key), self._hot.get(key)
        before = (hot, known) if hot is not None and known is not None else None
        entry = pickled(replayed, before)
        with self._lock:
            known = self._entries.get(key)
            if known is not None and known.version > replayed.version:
                return
            self._drop(key)
            if entry.size > self.max_bytes:
                return
            self._entries[key] = entry
            self._size += entry.size
            self._keep_hot(key, replayed)
            while self._size > self.max_bytes:
                self._drop(next(iter(self._entries)))

    def resize(self, max_bytes: int) -> None:
        """Sets the bound, dropping the least recently used entries that no longer fit."""
        with self._lock:
            self.max_bytes = max_bytes
            while self._entries and self._size > max(max_bytes, 0):
                self._drop(next(iter(self._entries)))
            self._trim_hot()

    def clear(self) -> None:
        """Drops every entry."""
        with self._lock:
            for key in list(self._entries):
                self._drop(key)

    def sizes(self) -> Mapping[Key, int]:
        """Returns each kept entry's size in bytes, least recently used first."""
        with self._lock:
            return {key: entry.size for key, entry in self._entries.items()}

    def decoded(self) -> Mapping[Key, int]:
        """Returns the size in bytes of each entry also kept decoded, least recently used first."""
        with self._lock:
            return {key: self._entries[key].size for key in self._hot}

    def _keep_hot(self, key: Key, replayed: Replayed) -> None:
        size = self._entries[key].size
        if size > self.hot_bytes:
            return
        if self._hot.pop(key, None) is not None:
            self._hot_size -= size
        self._hot[key] = replayed
        self._hot_size += size
        self._trim_hot()

    def _trim_hot(self) -> None:
        while self._hot and self._hot_size > self.hot_bytes:
            oldest, _ = self._hot.popitem(last=False)
            self._hot_size -= self._entries[oldest].size

    def _drop(self, key: Key) -> None:
        known = self._entries.pop(key, None)
        if known is None:
            return
        self._size -= known.size
        if self._hot.pop(key, None) is not None:
            self._hot_size -= known.size


class Rendered(Generic[T]):
    """Documents rendered from a game at one version (PDFs, pages), least recently used out by bytes."""

    # Keyed by (database, game id, version, variant): a new version is a new key, so a game's
    # PDF is built once per version and paper, and earlier versions simply age out.
    def __init__(self, max_bytes: int, size: Callable[[Any], int] = len) -> None:
        self.max_bytes = max_bytes
        self._size_of = size
        self._kept: OrderedDict[tuple, T] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    @property
    def size(self) -> int:
        """Returns the sum of the kept documents' lengths."""
        return self._size

    def get(self, key: tuple) -> T | None:
        """Returns a kept document, or None."""
        with self._lock:
            data = self._kept.get(key)
            if data is not None:
                self._kept.move_to_end(key)
            return data

    def put(self, key: tuple, data: T) -> None:
        """Keeps a document unless it is larger than the bound, dropping the oldest to fit."""
        size = self._size_of(data)
        with self._lock:
            if key in self._kept:
                self._size -= self._size_of(self._kept.pop(key))
            if size > self.max_bytes:
                return
            self._kept[key] = data
            self._size += size
            self._trim()

    def resize(self, max_bytes: int) -> None:
        """Sets the bound, dropping the oldest documents that no longer fit."""
        with self._lock:
            self.max_bytes = max_bytes
            self._trim()

    def _trim(self) -> None:
        while self._kept and self._size > max(self.max_bytes, 0):
            self._size -= self._size_of(self._kept.popitem(last=False)[1])


_files: weakref.WeakKeyDictionary[Database, str] = weakref.WeakKeyDictionary()


def key(db: Database, game_id: str) -> Key | None:
    """Returns the cache key of a game in this database, or None for a database without a file."""
    path = _files.get(db)
    if path is None:  # asked once per connection, so nothing needs adding to the connection
        path = _files[db] = next(
            (row[2] for row in db.execute("PRAGMA database_list") if row[1] == "main"), ""
        )
    return (path, game_id) if path else None


shared = GameCache()  # this process's cache; the app sets its bound from GAME_CACHE_BYTES
pdfs: Rendered[bytes] = Rendered(DEFAULT_MAX_BYTES // 8)  # by version and paper; an eighth
# Rendered pages as (UTF-8 body, what rendering noted for the headers), by version and what
# else they show (web/kept_pages.py); the notes have a size() of their own.
pages: Rendered[tuple[bytes, Any]] = Rendered(
    DEFAULT_MAX_BYTES // 16, size=lambda kept: len(kept[0]) + kept[1].size()
)


def configure(max_bytes: int) -> None:
    """Bounds this process's caches: games to `max_bytes`, PDFs to an eighth, sheet pages to a
    sixteenth; 0 turns them all off."""
    shared.resize(max_bytes)
    pdfs.resize(max_bytes // 8)
    pages.resize(max_bytes // 16)

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
5. The accounted size (the sum of the entries' byte lengths) never exceeds `max_bytes`:
   least recently used entries are dropped first, and an entry larger than the bound is not
   kept at all. `max_bytes = 0` turns the cache off: nothing is kept, every read replays.
6. A game's rendered PDFs (`pdfs`) follow rule 1 too: kept by (database, game id, version,
   paper), so a download is built once per version, bounded by an eighth of `max_bytes`.
   So do its rendered sheet pages (`pages`), kept by (database, game id, version, and what
   else the page shows: role, paper, language, ...), bounded by a sixteenth of `max_bytes`.
7. Besides the bytes, the last few small entries are also kept decoded (at most `HOT_GAMES`,
   each at most `HOT_BYTES` as bytes), so the game a table is playing is not unpickled for
   every request; they are the same entries, dropped with them.

The cache is per process (each gunicorn worker has its own) and keyed by (database file, game
id), so workers and databases never share an entry.
"""

from __future__ import annotations

import pickle
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sqlite_utils import Database

from scorekeeper.engine import GameState, Hand, Problem, Setup

DEFAULT_MAX_BYTES = 32 * 1024 * 1024  # about 320 games of 200 hands, or 2,000 of 30
HOT_GAMES = 8
HOT_BYTES = 64 * 1024  # about 110 hands as bytes, roughly five times that decoded

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


class GameCache:
    """Replayed games by (database, game id), least recently used first out, bounded by bytes."""

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self._blobs: OrderedDict[Key, tuple[int, bytes]] = OrderedDict()
        self._hot: OrderedDict[Key, Replayed] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    @property
    def size(self) -> int:
        """Returns the accounted size: the sum of the kept entries' byte lengths."""
        return self._size

    def __len__(self) -> int:
        return len(self._blobs)

    def get(self, key: Key) -> Replayed | None:
        """Returns the kept entry of a game, or None."""
        with self._lock:
            found = self._blobs.get(key)
            if found is None:
                return None
            self._blobs.move_to_end(key)
            hot = self._hot.get(key)
            if hot is not None:
                self._hot.move_to_end(key)
                return hot
        replayed: Replayed = pickle.loads(found[1])  # outside the lock: other threads go on
        with self._lock:
            if self._blobs.get(key) is found:
                self._keep_hot(key, replayed, len(found[1]))
        return replayed

    def put(self, key: Key, replayed: Replayed) -> None:
        """Keeps a game's replay, unless a later version is kept or it is larger than the bound."""
        if self.max_bytes <= 0:
            return
        blob = pickle.dumps(replayed, protocol=pickle.HIGHEST_PROTOCOL)
        with self._lock:
            known = self._blobs.get(key)
            if known is not None and known[0] > replayed.version:
                return
            self._drop(key)
            if len(blob) > self.max_bytes:
                return
            self._blobs[key] = (replayed.version, blob)
            self._size += len(blob)
            self._keep_hot(key, replayed, len(blob))
            while self._size > self.max_bytes:
                self._drop(next(iter(self._blobs)))

    def resize(self, max_bytes: int) -> None:
        """Sets the bound, dropping the least recently used entries that no longer fit."""
        with self._lock:
            self.max_bytes = max_bytes
            while self._blobs and self._size > max(max_bytes, 0):
                self._drop(next(iter(self._blobs)))

    def clear(self) -> None:
        """Drops every entry."""
        with self._lock:
            for key in list(self._blobs):
                self._drop(key)

    def sizes(self) -> Mapping[Key, int]:
        """Returns each kept entry's size in bytes, least recently used first."""
        with self._lock:
            return {key: len(blob) for key, (_, blob) in self._blobs.items()}

    def _keep_hot(self, key: Key, replayed: Replayed, size: int) -> None:
        if size > HOT_BYTES:
            return
        self._hot[key] = replayed
        self._hot.move_to_end(key)
        while len(self._hot) > HOT_GAMES:
            self._hot.popitem(last=False)

    def _drop(self, key: Key) -> None:
        known = self._blobs.pop(key, None)
        if known is not None:
            self._size -= len(known[1])
        self._hot.pop(key, None)


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

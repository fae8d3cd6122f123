"""Opens, migrates and transacts on the SQLite database, with no Flask: scripts and tests use it."""

from __future__ import annotations

import atexit
import random
import sqlite3
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from scorekeeper.store.errors import EventIsClosed, RoundMovedOn
from scorekeeper.store.migrations import migrations


def connect(path: str | Path) -> Database:
    """Opens the database file with the settings every connection needs."""
    # isolation_level=None: the sqlite3 module never opens a transaction on its own;
    # read() and write() below say exactly where each one begins and ends.
    conn = sqlite3.connect(str(path), timeout=5, check_same_thread=False, isolation_level=None)
    # execute_plugins=False: no installed sqlite-utils plugin gets to run code on our database.
    db = Database(conn, execute_plugins=False)
    # In WAL mode NORMAL is crash-safe: a process crash loses nothing, and a power cut can
    # lose only the last commits, never corrupt the file; it keeps writes fast under load.
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    return db


def migrate(path: str | Path) -> None:
    """Creates the database if needed and applies pending migrations in one locked step."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = connect(path)
    try:
        db.execute("PRAGMA journal_mode=WAL")  # persists in the file; set once here
        with write(db):  # two servers starting together take turns instead of colliding
            migrations.apply(db)
    finally:
        db.close()


class _Kept:
    """One thread's open connections by file, closed when the thread ends or the app exits."""

    def __init__(self) -> None:
        self.by_path: OrderedDict[str, Database] = OrderedDict()

    def close_all(self) -> None:
        """Closes every kept connection, so none is left for the garbage collector."""
        while self.by_path:
            self.by_path.popitem()[1].close()

    def __del__(self) -> None:  # the thread-local is dropped when its thread ends
        self.close_all()


# A connection stays open in its thread between requests: closing the last one makes SQLite
# checkpoint the WAL (about 4 ms a request), and a new one starts with a cold page cache.
_threads = threading.local()
_pools: weakref.WeakSet[_Kept] = weakref.WeakSet()  # every thread's, for closing at exit
KEPT_PER_THREAD = 4  # tests open many databases in one thread; keep only the latest few


def thread_connection(path: str) -> Database:
    """Returns this thread's kept connection to the file, opening it on first use."""
    kept: _Kept | None = getattr(_threads, "kept", None)
    if kept is None:
        kept = _threads.kept = _Kept()
        _pools.add(kept)
    db = kept.by_path.get(path)
    if db is None:
        db = kept.by_path[path] = connect(path)
        while len(kept.by_path) > KEPT_PER_THREAD:
            kept.by_path.popitem(last=False)[1].close()  # evicted: closed now, not by the GC
    kept.by_path.move_to_end(path)
    return db


@atexit.register
def close_kept() -> None:
    """Closes every thread's kept connections (at exit; tests call it too)."""
    for kept in list(_pools):
        kept.close_all()


LOCK_WAIT_SECONDS = 5.0
# Connections whose busy timeout is already 0: set once a connection, not twice a write.
_unwaiting: weakref.WeakSet[Database] = weakref.WeakSet()


def _begin_immediate(db: Database) -> None:
    """Takes the write lock, retrying every fraction of a millisecond until it is free."""
    # SQLite's own busy handler sleeps 1, 2, 5, 10... ms between tries, far longer than a
    # write here holds the lock; short, jittered retries keep a busy table's waits short.
    # The timeout stays 0 once set: every write here starts with this loop, and a WAL reader
    # never waits for a writer, so setting it again around each BEGIN (two statements a
    # write) bought nothing.
    if db not in _unwaiting:
        db.execute("PRAGMA busy_timeout = 0")
        _unwaiting.add(db)
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    pause = 0.0001
    while True:
        try:
            db.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
        time.sleep(pause * (0.5 + random.random()))
        pause = min(pause * 2, 0.004)


@contextmanager
def write(db: Database) -> Iterator[Database]:
    """Runs the block as one BEGIN IMMEDIATE transaction: all of it is saved, or none."""
    # A deferred BEGIN (as db.atomic() issues) fails with "database is locked" when two
    # writers upgrade at once; IMMEDIATE takes the write lock first and waits its turn.
    _begin_immediate(db)
    try:
        yield db
        db.execute("COMMIT")
    except BaseException as error:
        if db.conn.in_transaction:
            db.execute("ROLLBACK")
        # A closed event's triggers refuse the change (migration 0010): every writer gets the
        # same named error, whichever path (sheet, API, side, director) made it.
        if isinstance(error, sqlite3.IntegrityError) and str(error) == "event_closed":
            raise EventIsClosed() from error
        if isinstance(error, sqlite3.IntegrityError) and str(error) == "round_moved_on":
            raise RoundMovedOn() from error  # an earlier round's table (migration 0011)
        raise


def insert_many(db: Database, table: str, records: Sequence[Mapping[str, Any]]) -> None:
    """Inserts rows of one shape (the first row's columns) with one executemany; call in write()."""
    # sqlite-utils' insert reads the table's columns on every call: a bulk import of 3,000
    # hands paid more for that than for the writes, all while holding the write lock.
    if not records:
        return
    columns = list(records[0])
    names, marks = ", ".join(columns), ", ".join("?" * len(columns))
    db.conn.executemany(
        f"INSERT INTO {table} ({names}) VALUES ({marks})",
        ([record[c] for c in columns] for record in records),
    )


def rows(db: Database, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
    """Returns a SELECT's rows as dicts, as `db.query` does, without its savepoint."""
    # sqlite-utils 4 wraps every query() in SAVEPOINT and RELEASE, to roll back a statement
    # that writes; the SELECTs every request runs (its role, the game's row and rules) need no
    # guard, and two statements fewer each is a tenth of a record's SQL.
    cursor = db.execute(sql, params)
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor]


@contextmanager
def read(db: Database) -> Iterator[Database]:
    """Runs the block's queries on one snapshot, unless a transaction is already open."""
    if db.conn.in_transaction:
        yield db
        return
    db.execute("BEGIN")
    try:
        yield db
    finally:
        db.execute("COMMIT")

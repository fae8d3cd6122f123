"""Owns the SQLite connection: one per request on `g`, migrated once at start-up."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database

from scorekeeper.migrations import migrations


def connect(path: str | Path) -> Database:
    """Opens the database file with the settings every connection needs."""
    # isolation_level=None: the sqlite3 module never opens a transaction on its own;
    # read() and write() below say exactly where each one begins and ends.
    conn = sqlite3.connect(str(path), timeout=5, check_same_thread=False, isolation_level=None)
    db = Database(conn)
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


def get_db() -> Database:
    """Returns this request's database connection, opening it on first use."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_error: BaseException | None = None) -> None:
    """Closes this request's connection, if one was opened."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


@contextmanager
def write(db: Database) -> Iterator[Database]:
    """Runs the block as one BEGIN IMMEDIATE transaction: all of it is saved, or none."""
    # A deferred BEGIN (as db.atomic() issues) fails with "database is locked" when two
    # writers upgrade at once; IMMEDIATE takes the write lock first and waits its turn.
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.execute("COMMIT")
    except BaseException:
        if db.conn.in_transaction:
            db.execute("ROLLBACK")
        raise


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


def init_app(app: Flask) -> None:
    """Migrates the app's database now and closes each request's connection after it."""
    migrate(app.config["DATABASE"])
    app.teardown_appcontext(close_db)

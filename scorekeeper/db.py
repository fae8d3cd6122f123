"""The request lifecycle: each request borrows its thread's connection on `g`, released on teardown."""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlite_utils import Database

from scorekeeper.store import cache
from scorekeeper.store.connection import thread_connection
from scorekeeper.store.schema import ready


def get_db() -> Database:
    """Returns this request's database connection: the thread's own, opened on first use."""
    db: Database | None = g.get("db")  # one look through Flask's proxy, not three
    if db is None:
        db = g.db = thread_connection(current_app.config["DATABASE"])
    return db


def close_db(_error: BaseException | None = None) -> None:
    """Ends this request's use of its connection, rolling back anything left open."""
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.execute("ROLLBACK")
    cache.settle_collector()  # once a process, after its first request (store/cache.py)


def init_app(app: Flask) -> None:
    """Migrates the app's database now, sets the cache switch and closes each request's connection."""
    ready(app.config["DATABASE"])
    cache.configure(bool(app.config["CACHE"]))
    app.teardown_appcontext(close_db)

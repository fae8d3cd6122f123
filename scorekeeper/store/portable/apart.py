"""A large import run in a process of its own: the server's threads keep the interpreter, and
what the import holds leaves with the process instead of staying in the worker.

The file goes to the child by its path, never through a pipe: the child reads it a game at
a time (store/portable/stream.py)."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from scorekeeper.store.portable.read import InvalidImport

Outcome = tuple[list[str], str | None, dict[str, Any]]  # new ids, or a refusal and its params


def _import_here(
    database: str, path: str, owner: str | None, max_bytes: int, max_hands: int
) -> Outcome:
    """In the child: imports the file on a connection of its own; a refusal comes back as data."""
    from scorekeeper.store.connection import connect
    from scorekeeper.store.portable.importing import import_games

    db = connect(database)
    try:
        with open(path, "rb") as data:
            ids = import_games(db, data, owner=owner, max_bytes=max_bytes, max_hands=max_hands)
        return ids, None, {}
    except InvalidImport as error:  # sent back as its template and params, worded by the edge
        return [], error.message, error.params
    finally:
        db.close()


def child() -> ProcessPoolExecutor:
    """Returns the one-process pool a large import runs in, at the server's own priority."""
    # Not niced: a niced import that loses its core while it holds the write lock keeps the
    # lock until a busier machine lets it run again, and a save waits all that time (at
    # nice 10 the longest save beside an 11 MB import was 115-319 ms in four runs, at nice 0
    # 24-114 ms; docs/performance.md). Its pauses between transactions leave the saves room.
    # spawn, not fork: the server has threads (and SQLite connections) a fork would copy.
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(max_workers=1, mp_context=context)


def import_apart(
    database: str, path: str, *, owner: str | None, max_bytes: int, max_hands: int
) -> list[str]:
    """Imports the file at path as import_games does, in a child process; refuses the same."""
    with child() as apart:
        ids, refused, params = apart.submit(
            _import_here, database, path, owner, max_bytes, max_hands
        ).result()
    if refused is not None:
        raise InvalidImport(refused, **params)
    return ids

"""Whether the database can be read: the health check's one query, on a connection of its own."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote


def schema_version(path: str | Path) -> str:
    """Returns the last migration applied to the database at path; raises sqlite3.Error if unreadable."""
    # Read-only and never created: a missing or replaced file is reported, not made anew empty.
    # A fresh connection, not the thread's kept one, so a disk gone bad shows on the next probe.
    uri = f"file:{quote(str(path))}?mode=ro"
    conn = sqlite3.connect(uri, uri=True, timeout=2, check_same_thread=False)
    try:
        row = conn.execute(
            "SELECT name FROM _sqlite_migrations ORDER BY id DESC LIMIT 1"
        ).fetchone()
    finally:
        conn.close()
    if row is None:
        raise sqlite3.DatabaseError("no migration applied")
    return str(row[0])

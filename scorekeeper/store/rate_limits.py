"""Per-address uses counted in a small SQLite file beside the database, so that every worker
process of one instance (gunicorn -w 2, serve's threads) counts the same uses.

One short transaction per check: forget the kind's uses older than the window, count the
address's, add this one if it is allowed. The file holds one window of uses at most, whatever
the number of addresses; it keeps no game, no token, only an address and a time.
"""

from __future__ import annotations

import contextlib
import math
import os
import sqlite3
import time
from pathlib import Path

FILE = "rate-limits.db"  # in the instance folder, beside the import lock
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS uses (kind TEXT NOT NULL, address TEXT NOT NULL, at REAL NOT NULL)",
    "CREATE INDEX IF NOT EXISTS uses_by_address ON uses (kind, address, at)",
    "CREATE INDEX IF NOT EXISTS uses_by_time ON uses (kind, at)",
)


WAL_TRIES, WAL_PAUSE = 100, 0.02  # up to about two seconds for the other process's switch


def _in_wal(conn: sqlite3.Connection) -> None:
    """Puts the file in WAL mode once (readers never wait; it is kept in the file)."""
    # Two processes' first uses race to switch the new file: SQLite answers the loser "database
    # is locked" at once, without its busy timeout, so the switch is tried again, bounded.
    for attempt in range(WAL_TRIES):
        try:
            if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == WAL_TRIES - 1:
                raise
            time.sleep(WAL_PAUSE)


def _open(folder: str | Path) -> sqlite3.Connection:
    """Opens the instance's rate-limit file (0600: it names addresses), made on first use."""
    path = Path(folder) / FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    conn = sqlite3.connect(str(path), timeout=5, isolation_level=None)
    try:
        _in_wal(conn)
        conn.execute("PRAGMA synchronous=NORMAL")  # a crash may forget a use, never corrupt
        for statement in SCHEMA:
            conn.execute(statement)
    except BaseException:
        conn.close()
        raise
    return conn


def take(
    folder: str | Path,
    kind: str,
    address: str,
    *,
    most: int,
    seconds: float,
    now: float | None = None,
) -> int | None:
    """Counts one use of kind by address; None when allowed, else whole seconds to wait.

    At most `most` uses per address in any `seconds` (a sliding window), across processes.
    """
    now = time.time() if now is None else now
    conn = _open(folder)
    try:
        conn.execute("BEGIN IMMEDIATE")  # one writer at a time: two workers never both pass
        try:
            conn.execute("DELETE FROM uses WHERE kind = ? AND at <= ?", [kind, now - seconds])
            count, oldest = conn.execute(
                "SELECT count(*), min(at) FROM uses WHERE kind = ? AND address = ?",
                [kind, address],
            ).fetchone()
            if count >= most:
                conn.execute("COMMIT")
                start = now if oldest is None else float(oldest)  # most = 0: never allowed
                return max(1, math.ceil(start + seconds - now))
            conn.execute(
                "INSERT INTO uses (kind, address, at) VALUES (?, ?, ?)", [kind, address, now]
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return None
    finally:
        conn.close()


def kept(folder: str | Path) -> int:
    """Returns how many uses the file holds (every kind, every address)."""
    conn = _open(folder)
    try:
        return int(conn.execute("SELECT count(*) FROM uses").fetchone()[0])
    finally:
        conn.close()


def forget(folder: str | Path) -> None:
    """Forgets every use (tests start from nothing)."""
    conn = _open(folder)
    try:
        conn.execute("DELETE FROM uses")
    finally:
        conn.close()

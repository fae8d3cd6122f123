"""Online backups: a consistent copy of the live database, safe while the app serves."""

from __future__ import annotations

import os
import secrets
import sqlite3
from pathlib import Path


class BackupError(Exception):
    """The backup could not be made; the message says why."""


def _same_file(target: Path, source: Path) -> bool:
    live = {source, Path(f"{source}-wal"), Path(f"{source}-shm"), Path(f"{source}-journal")}
    return target in live or (target.exists() and source.exists() and target.samefile(source))


def backup(source: str | Path, target: str | Path, *, overwrite: bool = False) -> int:
    """Copies the database to `target` with SQLite's online backup and returns its size."""
    source, target = Path(source).resolve(), Path(target).resolve()
    if _same_file(target, source):
        raise BackupError(f"{target} is the live database; choose another file.")
    if target.is_dir():
        raise BackupError(
            f"{target} is a folder; name the backup file, e.g. {target / 'scorekeeper.db'}."
        )
    if target.exists() and not overwrite:
        raise BackupError(f"{target} already exists; pass --force to replace it.")
    if not target.parent.is_dir():
        raise BackupError(f"the folder {target.parent} does not exist.")
    draft = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        os.close(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))  # holds every link
    except OSError as error:  # /proc, a read-only disk, a folder we may not write in
        reason = error.strerror or str(error)
        raise BackupError(f"cannot write in {target.parent}: {reason}.") from error
    live = sqlite3.connect(source, timeout=5)
    copy = sqlite3.connect(draft)
    try:
        live.backup(copy)  # one step: a single read snapshot, while writers carry on (WAL)
        copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
        status = copy.execute("PRAGMA integrity_check").fetchone()[0]
        if status != "ok":
            raise BackupError(f"the copy failed its integrity check: {status}")
    except sqlite3.Error as error:
        raise BackupError(f"SQLite could not copy the database: {error}") from error
    finally:
        copy.close()
        live.close()
    try:
        os.replace(draft, target)  # atomic: the old backup stays whole until the new one is
    except OSError as error:
        raise BackupError(f"cannot write {target}: {error.strerror or error}.") from error
    finally:
        draft.unlink(missing_ok=True)
    return target.stat().st_size

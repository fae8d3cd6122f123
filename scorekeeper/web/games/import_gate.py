"""One import at a time in the whole instance, across threads and worker processes alike."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from pathlib import Path

RETRY_SECONDS = 30  # a 48 MB import's CPU, with room: what Retry-After tells the others
_THREADS = threading.Lock()  # where no file lock exists (Windows): this process at least


@contextlib.contextmanager
def only_import(instance: str | Path) -> Iterator[bool]:
    """Yields True holding the instance's import lock, or False when another import holds it."""
    try:
        import fcntl
    except ImportError:  # Windows: `scorekeeper serve` is one process there
        got = _THREADS.acquire(blocking=False)
        try:
            yield got
        finally:
            if got:
                _THREADS.release()
        return
    # flock, not a lock in memory: gunicorn's workers are processes, and each open of the file
    # is its own lock holder, so two threads of one worker exclude each other too.
    path = Path(instance) / "import.lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True  # closing the file below releases the lock, even if the import raised
    finally:
        os.close(fd)

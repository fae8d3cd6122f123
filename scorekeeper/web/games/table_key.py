"""The host's table key: the secret in the QR code that admits a phone at the table as a scorer.

A fixed `/table` on a shared Wi-Fi would let any device on it score any game in progress, so
the QR code (terminal and home page) leads to `/table/<key>`. The key is made once per
instance and kept in its folder. The browsers at the table (the host's own, on this computer,
and each that came in with the key) are kept there too: only their games are offered.
"""

from __future__ import annotations

import contextlib
import hmac
import os
import secrets
from pathlib import Path

KEY_FILE = "table-key"
BROWSERS_FILE = "table-browsers"
MOST_BROWSERS = 200  # a household's phones over years; the oldest go first


def table_key(instance: Path) -> str:
    """Returns this instance's table key, making it the first time (readable by its owner only)."""
    path = instance / KEY_FILE
    with contextlib.suppress(FileNotFoundError):
        kept = path.read_text(encoding="ascii").strip()
        if kept:
            return kept
    instance.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(12)
    try:  # two processes starting at once: the first one's key stands
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="ascii").strip()
    with os.fdopen(handle, "w", encoding="ascii") as out:
        out.write(key + "\n")
    return key


def admits(instance: Path, given: str) -> bool:
    """Tells whether `given` is this instance's table key (compared in constant time)."""
    return hmac.compare_digest(given.encode(), table_key(instance).encode())


def table_browsers(instance: Path) -> list[str]:
    """Returns the browsers at the table: the host's and those that came in with the key."""
    with contextlib.suppress(FileNotFoundError):
        return (instance / BROWSERS_FILE).read_text(encoding="ascii").split()
    return []


def seat_browser(instance: Path, browser: str) -> None:
    """Counts a browser as at the table (its games are offered to the next phone that scans)."""
    kept = table_browsers(instance)
    if browser in kept:
        return
    instance.mkdir(parents=True, exist_ok=True)
    kept = [*kept, browser][-MOST_BROWSERS:]
    (instance / BROWSERS_FILE).write_text("\n".join(kept) + "\n", encoding="ascii")

"""The times and random tokens every store module writes: one definition of each."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime


def now() -> str:
    """Returns the current UTC time as ISO text, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def new_token() -> str:
    """Returns a fresh URL-safe token of 128 random bits that starts with a letter or digit."""
    # A leading "-" would read as an option on the command line (`scorekeeper export-pdf ID`).
    while (token := secrets.token_urlsafe(16))[0] in "-_":
        pass
    return token

"""Helpers the migrations use, copied frozen from the store: a migration never calls live code.

Copied from `store/stamps.py` when the sharing steps shipped. Do not follow later changes to
that module here: an old step must leave the same database whatever the store does today.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime


def now() -> str:
    """Returns the current UTC time as ISO text, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def new_token() -> str:
    """Returns a fresh URL-safe token of 128 random bits that starts with a letter or digit."""
    while (token := secrets.token_urlsafe(16))[0] in "-_":
        pass
    return token

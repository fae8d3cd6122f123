"""Opt-in public results pages: each at an address of its own, with the group's naming."""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from scorekeeper.sentences.marked import N_
from scorekeeper.store.connection import write
from scorekeeper.store.errors import StoreError
from scorekeeper.store.stamps import new_token


class PublicNotFound(StoreError):
    """No public results page has this address (never made, or made private again)."""

    def __init__(self) -> None:
        super().__init__(N_("There are no such results."))


@dataclass(frozen=True)
class Public:
    """A public page: its address, what it shows (an event or a season) and how it names."""

    slug: str
    kind: str  # "event" or "season"
    subject: str  # the event's or the season's id
    names: str  # "full", "initial" or "hidden"


def set_public(db: Database, kind: str, subject: str, public: bool, names: str) -> Public | None:
    """Opens (keeping its address) or closes the public page of an event or a season."""
    with write(db):
        if not public:
            db.execute("DELETE FROM public_results WHERE kind = ? AND subject = ?", [kind, subject])
            return None
        db.execute(
            "INSERT INTO public_results (slug, kind, subject, names) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (kind, subject) DO UPDATE SET names = excluded.names",
            [new_token(), kind, subject, names],
        )
        found = public_of(db, kind, subject)
    assert found is not None  # just written, in this transaction
    return found


def public_of(db: Database, kind: str, subject: str) -> Public | None:
    """Returns the public page of an event or a season, or None when it has none."""
    row = db.execute(
        "SELECT slug, kind, subject, names FROM public_results WHERE kind = ? AND subject = ?",
        [kind, subject],
    ).fetchone()
    return Public(*row) if row else None


def public_page(db: Database, slug: str) -> Public:
    """Returns the public page at this address; PublicNotFound otherwise."""
    row = db.execute(
        "SELECT slug, kind, subject, names FROM public_results WHERE slug = ?", [slug]
    ).fetchone()
    if row is None:
        raise PublicNotFound()
    return Public(*row)

"""Archiving and deleting games: hidden from the home list, undoable, then gone for good."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlite_utils import Database

from scorekeeper.sentences.marked import N_
from scorekeeper.store.connection import read, write
from scorekeeper.store.errors import AlreadySaved, GameNotFound, StoreError
from scorekeeper.store.games.game import Game, load
from scorekeeper.store.stamps import now

UNDO_MINUTES = 30  # a deleted game can be brought back this long; then it is deleted for good
SHELVES = ("archived", "deleted")


class NotOwner(StoreError):
    """Only the browser that started a game may archive, delete or restore it."""

    message = N_("Only the phone that started this game can archive or delete it.")


@dataclass(frozen=True)
class Shelved:
    """A game taken off the home list: when it was archived or deleted, and until when undone."""

    game: Game
    archived_at: str | None
    deleted_at: str | None

    @property
    def undo_until(self) -> str | None:
        """Returns when a deleted game stops being restorable (ISO UTC), or None if archived."""
        if self.deleted_at is None:
            return None
        return _shift(self.deleted_at, UNDO_MINUTES)


def _shift(stamp: str, minutes: int) -> str:
    moved = datetime.fromisoformat(stamp) + timedelta(minutes=minutes)
    return moved.isoformat(timespec="seconds")


def undo_cutoff(at: datetime | None = None) -> str:
    """Returns the time before which a deletion can no longer be undone (ISO UTC)."""
    at = at or datetime.now(UTC)
    return (at - timedelta(minutes=UNDO_MINUTES)).isoformat(timespec="seconds")


def _owned(db: Database, browser_id: str, game_id: str) -> None:
    """Raises NotOwner unless this browser owns the game; GameNotFound when it is gone."""
    row = db.execute("SELECT 1 FROM games WHERE id = ?", [game_id]).fetchone()
    if row is None:
        raise GameNotFound()
    owner = db.execute(
        "SELECT 1 FROM browser_games WHERE browser_id = ? AND game_id = ? AND role = 'owner'",
        [browser_id, game_id],
    ).fetchone()
    if owner is None:
        raise NotOwner()


def _spend(db: Database, game_id: str, form_token: str, stamp: str) -> None:
    """Marks the form's one-time token used; AlreadySaved when the same form came twice."""
    try:
        db.execute(
            "INSERT INTO used_form_tokens (token, game_id, used_at) VALUES (?, ?, ?)",
            [form_token, game_id, stamp],
        )
    except sqlite3.IntegrityError as error:
        raise AlreadySaved(N_("That was already done.")) from error


def shelve(db: Database, game_id: str, browser_id: str, shelf: str, *, form_token: str) -> str:
    """Archives or deletes (`shelf`) an owned game, hiding it from the home list; returns when."""
    if shelf not in SHELVES:
        raise ValueError(shelf)
    with write(db):
        _owned(db, browser_id, game_id)
        stamp = now()
        _spend(db, game_id, form_token, stamp)
        column = f"{shelf}_at"  # one of two fixed names, never user input
        db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", [stamp, game_id])
        return stamp


def restore(db: Database, game_id: str, browser_id: str, *, form_token: str) -> None:
    """Puts an archived or deleted (still restorable) game back on the home list."""
    with write(db):
        _owned(db, browser_id, game_id)
        _spend(db, game_id, form_token, now())
        db.execute("UPDATE games SET archived_at = NULL, deleted_at = NULL WHERE id = ?", [game_id])


def delete_for_good(db: Database, game_id: str, browser_id: str) -> None:
    """Deletes an archived or deleted game with its hands and links, at once, when asked."""
    with write(db):
        _owned(db, browser_id, game_id)
        shelved = db.execute(
            "SELECT 1 FROM games WHERE id = ? AND (archived_at IS NOT NULL OR deleted_at "
            "IS NOT NULL)",
            [game_id],
        ).fetchone()
        if shelved is None:  # a game on the home list is archived or deleted first
            raise StoreError(N_("Archive or delete the game first; then it can go for good."))
        db.execute("DELETE FROM games WHERE id = ?", [game_id])  # cascades to every row


def purge_expired(db: Database, cutoff: str | None = None) -> int:
    """Deletes for good the games deleted before `cutoff` (default: the undo window); a count."""
    cutoff = cutoff or undo_cutoff()
    query = "FROM games WHERE deleted_at IS NOT NULL AND deleted_at < ?"
    # Most calls find nothing; looking first keeps them from taking the write lock.
    if db.execute(f"SELECT 1 {query} LIMIT 1", [cutoff]).fetchone() is None:
        return 0
    with write(db):
        return db.execute(f"DELETE {query}", [cutoff]).rowcount


def shelved_for_browser(
    db: Database, browser_id: str, *, since: str | None = None
) -> list[Shelved]:
    """Returns the games this browser archived or deleted (those since `since` if given)."""
    since = since or ""
    with read(db):
        rows = list(
            db.query(
                "SELECT g.id, g.archived_at, g.deleted_at FROM browser_games b "
                "JOIN games g ON g.id = b.game_id WHERE b.browser_id = ? AND b.role = 'owner' "
                "AND (g.archived_at >= ? OR g.deleted_at >= ?) "
                "ORDER BY coalesce(g.deleted_at, g.archived_at) DESC",
                [browser_id, since, max(since, undo_cutoff())],
            )
        )
        return [Shelved(load(db, r["id"]), r["archived_at"], r["deleted_at"]) for r in rows]

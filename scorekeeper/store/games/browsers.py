"""Which browser may do what with which game: owner, edit or view, found by link token."""

from __future__ import annotations

from sqlite_utils import Database

from scorekeeper.sentences.marked import N_
from scorekeeper.store.connection import write
from scorekeeper.store.errors import GameNotFound
from scorekeeper.store.groups.group import sees_game
from scorekeeper.store.stamps import now

RANK = {"view": 0, "edit": 1, "owner": 2}


def role_of(db: Database, browser_id: str, game_id: str, *, deleted: bool = False) -> str | None:
    """Returns this browser's role in the game, or None when it has none or it was deleted.

    With `deleted`, a deleted game still in its undo window answers too (to restore it).
    """
    shown = "" if deleted else " AND g.deleted_at IS NULL"
    found = db.execute(
        "SELECT b.role FROM browser_games b JOIN games g ON g.id = b.game_id "
        f"WHERE b.browser_id = ? AND b.game_id = ?{shown}",
        [browser_id, game_id],
    ).fetchone()
    if found:
        return str(found[0])
    # A member of the game's group reads it, as the group's shared history.
    return "view" if not deleted and sees_game(db, browser_id, game_id) else None


def find_link(db: Database, token: str) -> tuple[str, str]:
    """Returns (game id, role) for a link token; GameNotFound when no game has it."""
    # One statement: each token column is indexed, and SQLite looks the token up in all three.
    found = db.execute(
        "SELECT id, CASE ?1 WHEN owner_token THEN 'owner' WHEN edit_token THEN 'edit' "
        "ELSE 'view' END FROM games "
        "WHERE (owner_token = ?1 OR edit_token = ?1 OR view_token = ?1) AND deleted_at IS NULL",
        [token],
    ).fetchone()
    if found is None:
        raise GameNotFound(N_("That link does not open any game."))
    return found[0], found[1]


def join(db: Database, browser_id: str, token: str) -> tuple[str, str]:
    """Gives this browser the role a link grants (never lowering one it has); returns both."""
    with write(db):
        game_id, role = find_link(db, token)
        held = role_of(db, browser_id, game_id)
        if held is not None and RANK[held] >= RANK[role]:
            db.execute(
                "UPDATE browser_games SET last_opened = ? WHERE browser_id = ? AND game_id = ?",
                [now(), browser_id, game_id],
            )
            return game_id, held
        db.execute(
            "INSERT OR REPLACE INTO browser_games "
            "(browser_id, game_id, role, token, last_opened) VALUES (?, ?, ?, ?, ?)",
            [browser_id, game_id, role, token, now()],
        )
        return game_id, role

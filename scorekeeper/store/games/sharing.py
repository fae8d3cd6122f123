"""Sharing a game: the cheap version check for live followers, and replacing a link."""

from __future__ import annotations

from sqlite_utils import Database

from scorekeeper.store.connection import write
from scorekeeper.store.errors import GameNotFound
from scorekeeper.store.stamps import new_token

REPLACEABLE = ("edit", "view")  # the owner link is never handed out, so never replaced


def version_of(db: Database, game_id: str) -> int:
    """Returns the game's version without loading it; GameNotFound when unknown."""
    row = db.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()
    if row is None:
        raise GameNotFound()
    return int(row[0])


def replace_link(db: Database, game_id: str, role: str) -> str:
    """Gives the game a new edit or view link and revokes the old one; returns the new token."""
    if role not in REPLACEABLE:
        raise ValueError(f"only the {' and '.join(REPLACEABLE)} links can be replaced")
    token = new_token()
    with write(db):
        row = db.execute(f"SELECT {role}_token FROM games WHERE id = ?", [game_id]).fetchone()
        if row is None:
            raise GameNotFound()
        # Browsers that came in through the old link lose the game; owners and browsers
        # that joined through the other link keep their role.
        db.execute(
            "DELETE FROM browser_games WHERE game_id = ? AND role = ? AND token = ?",
            [game_id, role, row[0]],
        )
        db.execute(f"UPDATE games SET {role}_token = ? WHERE id = ?", [token, game_id])
    return token

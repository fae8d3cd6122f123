"""The games a home table is playing: what a phone that scanned the host's QR code may follow."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlite_utils import Database

from scorekeeper.store.connection import read
from scorekeeper.store.games import Game, load

RECENT = timedelta(hours=12)  # a game touched today is at the table; last week's is not
MOST = 12  # a table plays one or two games at once; the list stays short whatever is kept


def games_in_progress(db: Database, now: datetime | None = None) -> list[Game]:
    """Returns the unfinished games changed in the last 12 hours, the latest first."""
    since = ((now or datetime.now(UTC)) - RECENT).isoformat(timespec="seconds")
    with read(db):
        ids = [
            row["id"]
            for row in db.query(
                "SELECT id FROM games WHERE archived_at IS NULL AND deleted_at IS NULL "
                "AND updated_at >= ? ORDER BY updated_at DESC, created_at DESC LIMIT ?",
                [since, MOST * 4],
            )
        ]
        games = [load(db, game_id) for game_id in ids]
    return [game for game in games if not game.state.status.over][:MOST]

"""The games a home table is playing: what a phone that scanned the host's QR code may follow."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from sqlite_utils import Database

from scorekeeper.store.connection import read
from scorekeeper.store.games.game import Game, load

RECENT = timedelta(hours=12)  # a game touched today is at the table; last week's is not
MOST = 12  # a table plays one or two games at once; the list stays short whatever is kept


def games_in_progress(
    db: Database, owners: Sequence[str], now: datetime | None = None
) -> list[Game]:
    """Returns the unfinished games these browsers own, changed in the last 12 hours, latest first.

    A club night's table games are never among them: they have their own cards and tokens.
    """
    since = ((now or datetime.now(UTC)) - RECENT).isoformat(timespec="seconds")
    marks = ", ".join("?" for _ in owners) or "NULL"
    with read(db):
        ids = [
            row["id"]
            for row in db.query(
                "SELECT id FROM games WHERE archived_at IS NULL AND deleted_at IS NULL "
                "AND updated_at >= ? AND id IN (SELECT game_id FROM browser_games "
                f"WHERE role = 'owner' AND browser_id IN ({marks})) "
                "AND id NOT IN (SELECT game_id FROM event_tables WHERE game_id IS NOT NULL) "
                "ORDER BY updated_at DESC, created_at DESC LIMIT ?",
                [since, *owners, MOST * 4],
            )
        ]
        games = [load(db, game_id) for game_id in ids]
    return [game for game in games if not game.state.status.over][:MOST]

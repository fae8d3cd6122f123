"""The database made ready: its migrations (SQL only), then the scores they leave to compute.

A migration never runs today's store code: its result would change whenever that code does.
What a migration leaves to compute (a game whose `head` is NULL: its stored rows and head, and
a group game's figures) is computed here, by the code of the day, once, after migrating.
"""

from __future__ import annotations

import logging
from pathlib import Path

from sqlite_utils import Database

from scorekeeper.store.connection import connect, migrate, write
from scorekeeper.store.games import scores
from scorekeeper.store.games.game import load
from scorekeeper.store.groups import figures

logger = logging.getLogger(__name__)


def ready(path: str | Path) -> None:
    """Migrates the database at `path`, then scores every game a migration left unscored."""
    migrate(path)
    db = connect(path)
    try:
        scored(db)
    finally:
        db.close()


def scored(db: Database) -> int:
    """Stores the rows and head of every game without a head, and a group game's figures."""
    unscored = [row[0] for row in db.execute("SELECT id FROM games WHERE head IS NULL")]
    for game_id in unscored:
        try:
            with write(db):
                scores.rescore(db, game_id)
        except Exception:  # noqa: BLE001 - rules that no longer load, a game without sides:
            # left unscored; `scorekeeper check` names it, and the next start tries again.
            logger.warning("game %s: no stored scores", game_id, exc_info=True)
            continue
        if db.execute("SELECT 1 FROM group_games WHERE game_id = ?", [game_id]).fetchone():
            try:
                figures.keep(db, load(db, game_id))
            except Exception:  # noqa: BLE001 - figures are computed again when the group is read
                logger.warning("game %s: no stored figures", game_id, exc_info=True)
    return len(unscored)

"""Each group game's figures, kept per version so a group's statistics add rows, not replays.

A row of `game_figures` is right for exactly the game version it names (every change to a
game's hands, names or rules bumps its version, see store/cache.py); a reader that finds none,
or one of another version, computes the figures from the replayed game and keeps them.

A group's statistics are added up from these rows, and kept in the one room (store/cache.py)
by the group's `stats_version`, which SQL triggers move whenever any of its games, seats or
players' names change: a read whose version is kept adds nothing up.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from sqlite_utils import Database

from scorekeeper.stats.figures import Figures, format_key, format_label, game_figures
from scorekeeper.stats.tables import Played, Statistics, statistics
from scorekeeper.store import cache
from scorekeeper.store.connection import read, write
from scorekeeper.store.errors import StoreError
from scorekeeper.store.games.game import Game, load
from scorekeeper.store.groups.players import seat_players

logger = logging.getLogger(__name__)


def figures_of(game: Game) -> Figures:
    """Returns a game's figures, computed afresh from its replayed sheet."""
    current = game.rule_book.current
    return game_figures(
        game.rules,
        game.setup,
        game.hands,
        game.state,
        key=format_key(current.source_id, current.options),
        label=format_label(game.rules),
    )


def keep(db: Database, game: Game) -> Figures:
    """Computes and stores a game's figures at its version (a later version is never replaced)."""
    figures = figures_of(game)
    if db.conn.in_transaction:  # kept in the change's own transaction
        _store(db, game, figures)
    else:
        with write(db):
            _store(db, game, figures)
    return figures


def store_figures(db: Database, game: Game, figures: Figures) -> None:
    """Stores figures computed from `game` at its version; call inside write()."""
    _store(db, game, figures)


def _store(db: Database, game: Game, figures: Figures) -> None:
    db.execute(
        "INSERT INTO game_figures (game_id, version, figures) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
        "figures = excluded.figures WHERE excluded.version >= game_figures.version",
        [game.id, game.version, json.dumps(figures, ensure_ascii=False)],
    )


def kept_for_game(db: Database, game: Game) -> None:
    """Stores the figures of a group game that just changed (no-op outside a group)."""
    if db.execute("SELECT 1 FROM group_games WHERE game_id = ?", [game.id]).fetchone():
        keep(db, game)


def group_figures(db: Database, group_id: str) -> dict[str, tuple[str, Figures]]:
    """Returns when each (undeleted) game of the group ended (in play: last changed), and its
    figures.

    Figures kept at another version than the game's are computed again and kept.
    """
    # A finished game ended when the hand that ended it was recorded: renaming its players
    # or sides later changes the game's row, never when it ended. An imported game's hands
    # are recorded at the import, after the game's own last change: the earlier of the two.
    with read(db):
        rows = db.execute(
            "SELECT g.id, g.updated_at, g.version, f.version, f.figures, "
            "(SELECT h.created_at FROM hands h WHERE h.game_id = g.id "
            "AND h.number = json_extract(f.figures, '$.hands')) FROM group_games gg "
            "JOIN games g ON g.id = gg.game_id LEFT JOIN game_figures f ON f.game_id = g.id "
            "WHERE gg.group_id = ? AND g.deleted_at IS NULL",
            [group_id],
        ).fetchall()
    found: dict[str, tuple[str, Figures]] = {}
    for game_id, changed, version, kept_version, text, last_counted in rows:
        if kept_version == version:
            figures = json.loads(text)
            found[game_id] = _ended(figures, last_counted, changed), figures
            continue
        try:
            figures = keep(db, load(db, game_id))
        except StoreError as error:  # rules that no longer load: left out, and said
            logger.warning("game %s left out of its group's statistics: %s", game_id, error)
            continue
        found[game_id] = _ended(figures, _recorded(db, game_id, figures["hands"]), changed), figures
    return found


def _ended(figures: Figures, last_counted: str | None, changed: str) -> str:
    """Returns when a game ended: its last counted hand's time; in play, its last change."""
    return min(last_counted, changed) if figures["finished"] and last_counted else changed


def _recorded(db: Database, game_id: str, number: int) -> str | None:
    """Returns when hand `number` of a game was recorded, or None when there is none."""
    row = db.execute(
        "SELECT created_at FROM hands WHERE game_id = ? AND number = ?", [game_id, number]
    ).fetchone()
    return row[0] if row else None


def played(db: Database, group_id: str) -> list[Played]:
    """Returns the group's games as the statistics read them: figures and linked seats."""
    figures = group_figures(db, group_id)
    seats = seat_players(db, group_id)
    return [
        Played(game_id, ended, f, seats.get(game_id, {})) for game_id, (ended, f) in figures.items()
    ]


@dataclass(frozen=True)
class Summed:
    """A group's games as read, its players' names, and their statistics, at one version."""

    signature: int  # the group's stats_version: moved by SQL triggers on any change it adds up
    played: tuple[Played, ...]
    names: dict[str, str]
    statistics: Statistics


def stats_version(db: Database, group_id: str) -> int:
    """Returns the group's statistics version (0 for an unknown group)."""
    row = db.execute("SELECT stats_version FROM groups WHERE id = ?", [group_id]).fetchone()
    return row[0] if row else 0


def summed(db: Database, group_id: str) -> Summed:
    """Returns the group's games, names and statistics; kept by version in the one room."""
    # Read first: a change landing while the sums are made moves the version past this one,
    # so the next reader adds up again; a sum is never kept under a later version than it saw.
    version = stats_version(db, group_id)
    where = cache.key(db, group_id)

    def add_up() -> Summed:
        games = tuple(played(db, group_id))
        names = dict(
            db.execute(
                "SELECT id, name FROM group_players WHERE group_id = ? ORDER BY id", [group_id]
            ).fetchall()
        )
        return Summed(version, games, names, statistics(games, names))

    if where is None:
        return add_up()
    return cache.stats.through((*where, version), add_up)

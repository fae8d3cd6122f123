"""Each group game's figures, kept per version so a group's statistics add rows, not replays.

A row of `game_figures` is right for exactly the game version it names (every change to a
game's hands, names or rules bumps its version, see store/cache.py); a reader that finds none,
or one of another version, computes the figures from the replayed game and keeps them.

A group's statistics are also kept in this process, by group, with the signature of all they
were added up from: every game's id, version and last change, every seat's player, every
player's name. A read whose signature differs (any game, seat or name changed) adds them up
again, so what is kept always equals a fresh sum; a read whose signature matches adds nothing.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass

from sqlite_utils import Database

from scorekeeper.stats.figures import Figures, format_key, format_label, game_figures
from scorekeeper.stats.tables import Played, Statistics, statistics
from scorekeeper.store.connection import read, write
from scorekeeper.store.errors import StoreError
from scorekeeper.store.games import Game, load
from scorekeeper.store.players import seat_players

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
    with write(db):
        db.execute(
            "INSERT INTO game_figures (game_id, version, figures) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
            "figures = excluded.figures WHERE excluded.version >= game_figures.version",
            [game.id, game.version, json.dumps(figures, ensure_ascii=False)],
        )
    return figures


def kept_for_game(db: Database, game: Game) -> None:
    """Stores the figures of a group game that just changed (no-op outside a group)."""
    if db.execute("SELECT 1 FROM group_games WHERE game_id = ?", [game.id]).fetchone():
        keep(db, game)


def group_figures(db: Database, group_id: str) -> dict[str, tuple[str, Figures]]:
    """Returns when each (undeleted) game of the group last changed, and its figures.

    Figures kept at another version than the game's are computed again and kept.
    """
    with read(db):
        rows = db.execute(
            "SELECT g.id, g.updated_at, g.version, f.version, f.figures FROM group_games gg "
            "JOIN games g ON g.id = gg.game_id LEFT JOIN game_figures f ON f.game_id = g.id "
            "WHERE gg.group_id = ? AND g.deleted_at IS NULL",
            [group_id],
        ).fetchall()
    found: dict[str, tuple[str, Figures]] = {}
    for game_id, changed, version, kept_version, text in rows:
        if kept_version == version:
            found[game_id] = changed, json.loads(text)
            continue
        try:
            found[game_id] = changed, keep(db, load(db, game_id))
        except StoreError as error:  # rules that no longer load: left out, and said
            logger.warning("game %s left out of its group's statistics: %s", game_id, error)
    return found


def played(db: Database, group_id: str) -> list[Played]:
    """Returns the group's games as the statistics read them: figures and linked seats."""
    figures = group_figures(db, group_id)
    seats = seat_players(db, group_id)
    return [
        Played(game_id, ended, f, seats.get(game_id, {})) for game_id, (ended, f) in figures.items()
    ]


@dataclass(frozen=True)
class Summed:
    """A group's games as read, its players' names, and their statistics, at one signature."""

    signature: int
    played: tuple[Played, ...]
    names: dict[str, str]
    statistics: Statistics


KEPT_GROUPS = 16  # groups whose sums this process keeps; the least recently read go first
_kept: OrderedDict[tuple[str, str], Summed] = OrderedDict()
_lock = threading.Lock()


def _database_file(db: Database) -> str:
    row = db.execute("PRAGMA database_list").fetchone()
    return row[2] if row else ""


def _signature(db: Database, group_id: str) -> tuple[int, dict[str, str]]:
    """Returns a hash of everything a group's statistics depend on, and its players' names."""
    # Joined inside SQLite: thousands of seats become one string, not thousands of rows. The
    # order is the index's; were it ever to differ, the sums would only be made again. Seats
    # are named by their player alone, in the index's (game, side, seat) order: a seat is
    # linked or unlinked only when its game starts or is renamed, both of which move the
    # game's version; a merge changes the players, which the names below also show.
    with read(db):
        games, seats = db.execute(
            "SELECT (SELECT group_concat(g.id || ':' || g.version || ':' || g.updated_at) "
            "FROM group_games gg JOIN games g ON g.id = gg.game_id "
            "WHERE gg.group_id = ?1 AND g.deleted_at IS NULL), "
            "(SELECT group_concat(s.player_id) FROM game_seats s JOIN group_games gg "
            "ON gg.game_id = s.game_id WHERE gg.group_id = ?1)",
            [group_id],
        ).fetchone()
        names = db.execute(
            "SELECT id, name FROM group_players WHERE group_id = ? ORDER BY id", [group_id]
        ).fetchall()
    return hash((games, seats, tuple(names))), dict(names)


def summed(db: Database, group_id: str) -> Summed:
    """Returns the group's games, names and statistics: kept ones when nothing changed."""
    signature, names = _signature(db, group_id)
    key = (_database_file(db), group_id)
    with _lock:
        kept = _kept.get(key)
        if kept is not None and kept.signature == signature:
            _kept.move_to_end(key)
            return kept
    games = tuple(played(db, group_id))
    fresh = Summed(signature, games, names, statistics(games, names))
    with _lock:
        _kept[key] = fresh
        _kept.move_to_end(key)
        while len(_kept) > KEPT_GROUPS:
            _kept.popitem(last=False)
    return fresh

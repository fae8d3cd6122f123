"""Schema steps of club nights: events, rounds, tables and their results."""

from __future__ import annotations

import logging

from sqlite_utils import Database

logger = logging.getLogger(__name__)

EVENTS = [
    """CREATE TABLE events (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
        day TEXT NOT NULL,
        format TEXT NOT NULL,
        options TEXT NOT NULL,
        document TEXT NOT NULL,
        movement TEXT NOT NULL,
        rounds INTEGER NOT NULL,
        deals_per_round INTEGER NOT NULL,
        bands TEXT NOT NULL,
        bye_vp INTEGER NOT NULL,
        bye_margin INTEGER NOT NULL,
        confirm INTEGER NOT NULL DEFAULT 0,
        group_id TEXT REFERENCES groups(id) ON DELETE SET NULL,
        director_token TEXT NOT NULL UNIQUE,
        view_token TEXT NOT NULL UNIQUE,
        closed_at TEXT,
        created_at TEXT NOT NULL
    )""",
    """CREATE TABLE event_entrants (
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        players TEXT NOT NULL,
        from_round INTEGER NOT NULL DEFAULT 1,
        withdrawn_after INTEGER,
        PRIMARY KEY (event_id, position)
    )""",
    """CREATE TABLE event_tables (
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        number INTEGER NOT NULL,
        game_id TEXT REFERENCES games(id) ON DELETE SET NULL,
        north_south TEXT NOT NULL,
        east_west TEXT NOT NULL,
        no_play INTEGER NOT NULL DEFAULT 0,
        corrected TEXT,
        PRIMARY KEY (event_id, round, number)
    )""",
    "CREATE INDEX event_tables_game ON event_tables(game_id)",
    """CREATE TABLE event_byes (
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        entrant INTEGER NOT NULL,
        PRIMARY KEY (event_id, round, entrant)
    )""",
    """CREATE TABLE event_side_tokens (
        token TEXT PRIMARY KEY,
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        side INTEGER NOT NULL
    )""",
    "CREATE INDEX event_side_tokens_game ON event_side_tokens(game_id)",
    """CREATE TABLE event_hand_checks (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'confirmed', 'disputed')),
        side INTEGER NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (game_id, number)
    )""",
]


def events(db: Database) -> None:
    """Adds club nights: events, entrants, each round's tables and byes, and hand checks."""
    # A table's game is an ordinary game; event_tables only points at it, so every game
    # feature (sheet, PDF, export) works on it unchanged. Independent of other migrations.
    for statement in EVENTS:
        db.execute(statement)

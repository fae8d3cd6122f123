"""The seasons' schema: seasons of a group, each night's stored figures, public results."""

from __future__ import annotations

from sqlite_utils import Database

SEASONS = [
    """CREATE TABLE seasons (
        id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
        date_from TEXT NOT NULL,
        date_to TEXT NOT NULL,
        events TEXT,
        format TEXT,
        rule TEXT NOT NULL,
        created_at TEXT NOT NULL
    )""",
    "CREATE INDEX seasons_group ON seasons(group_id)",
    "CREATE INDEX events_group_day ON events(group_id, day)",
    # One row per closed night: the event's version its figures were read at. A night whose
    # event moved since (a correction, a reopen) is read again, once, by the next reader.
    """CREATE TABLE season_nights (
        event_id TEXT PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
        version INTEGER NOT NULL
    )""",
    """CREATE TABLE season_figures (
        event_id TEXT NOT NULL REFERENCES season_nights(event_id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        players TEXT NOT NULL,
        rank INTEGER NOT NULL,
        victory_points INTEGER NOT NULL,
        tables INTEGER NOT NULL,
        PRIMARY KEY (event_id, position)
    )""",
    # An opt-in public page: its own random address, so no capability token is ever shown.
    """CREATE TABLE public_results (
        slug TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('event', 'season')),
        subject TEXT NOT NULL,
        names TEXT NOT NULL CHECK (names IN ('full', 'initial', 'hidden')),
        UNIQUE (kind, subject)
    )""",
]


def seasons(db: Database) -> None:
    """Adds seasons, each closed night's stored figures and the public results pages."""
    for statement in SEASONS:
        db.execute(statement)

"""Schema steps of ratings: each group's rated games per family, in order, and the ratings."""

from __future__ import annotations

from sqlite_utils import Database

RATINGS = [
    # The games rated, per group and family, in the order they ended: `seq` from 0. `teams`
    # and `ranks` are what the model was given (JSON), so a change is found by comparing;
    # `ended` is when the game ended as first rated, kept while it stays finished, so an
    # edit of an old game (which changes its row's time) never moves it in the order.
    """CREATE TABLE rating_games (
        group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        family TEXT NOT NULL,
        seq INTEGER NOT NULL,
        game_id TEXT NOT NULL,
        ended TEXT NOT NULL,
        teams TEXT NOT NULL,
        ranks TEXT NOT NULL,
        PRIMARY KEY (group_id, family, seq)
    )""",
    # Each rated player's rating just after each game: the last row is the current rating,
    # the rows in order are the history chart.
    """CREATE TABLE rating_rows (
        group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        family TEXT NOT NULL,
        seq INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (group_id, family, seq, player_id)
    )""",
    "CREATE INDEX rating_rows_player ON rating_rows(group_id, family, player_id, seq)",
    # The group's stats_version the stored ratings were brought up to.
    """CREATE TABLE rating_marks (
        group_id TEXT PRIMARY KEY REFERENCES groups(id) ON DELETE CASCADE,
        stats_version INTEGER NOT NULL
    )""",
]


def ratings(db: Database) -> None:
    """Adds each group's rated games per family and its players' ratings after each one."""
    # Empty at first: a group's ratings are computed when it is next read or a game ends.
    # Independent of every other migration.
    for statement in RATINGS:
        db.execute(statement)

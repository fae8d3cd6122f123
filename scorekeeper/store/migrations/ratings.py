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


HANDICAPS = [
    # The director's options: a handicap ranking beside the scratch one, and an individual
    # event's partnerships balanced by rating (docs/ratings.md).
    "ALTER TABLE events ADD COLUMN handicap INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE events ADD COLUMN balance INTEGER NOT NULL DEFAULT 0",
    # Each entrant's handicap a round, frozen when its first round starts (NULL before):
    # a rating that moves during the night never moves tonight's handicaps. `rated` 0 is
    # "no rating yet" (handicap 0).
    "ALTER TABLE event_entrants ADD COLUMN handicap INTEGER",
    "ALTER TABLE event_entrants ADD COLUMN rated INTEGER",
    "ALTER TABLE seasons ADD COLUMN handicap INTEGER NOT NULL DEFAULT 0",
    # A night's figures under its handicaps, beside the scratch ones (NULL: as scratch).
    "ALTER TABLE season_figures ADD COLUMN handicap_rank INTEGER",
    "ALTER TABLE season_figures ADD COLUMN handicap_victory_points INTEGER",
]


def handicaps(db: Database) -> None:
    """Adds the handicap and balance options, frozen handicaps and a night's handicap figures."""
    for statement in HANDICAPS:
        db.execute(statement)

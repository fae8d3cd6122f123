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


# An event's `version` moves with anything its standings or tables show (its tables' games,
# their side names and hand checks, its tables, byes, entrants and own row), whoever's code
# makes the change: a reader compares one number before adding up every table again. Its
# `shape_version` moves only with the event itself (row, entrants, tables, byes), not with
# the hands played, so the event's settings are read once between two rounds.
_BUMP_EVENT = "UPDATE events SET version = version + 1 WHERE id"
_BUMP_SHAPE = "UPDATE events SET version = version + 1, shape_version = shape_version + 1 WHERE id"
_EVENT_OF_GAME = "IN (SELECT event_id FROM event_tables WHERE game_id = {row})"
EVENT_VERSION = [
    "ALTER TABLE events ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE events ADD COLUMN shape_version INTEGER NOT NULL DEFAULT 0",
    f"CREATE TRIGGER event_game AFTER UPDATE ON games "
    f"BEGIN {_BUMP_EVENT} {_EVENT_OF_GAME.format(row='NEW.id')}; END",
    f"CREATE TRIGGER event_game_out AFTER DELETE ON games "
    f"BEGIN {_BUMP_EVENT} {_EVENT_OF_GAME.format(row='OLD.id')}; END",
    f"CREATE TRIGGER event_side AFTER UPDATE ON sides "
    f"BEGIN {_BUMP_EVENT} {_EVENT_OF_GAME.format(row='NEW.game_id')}; END",
    *(
        f"CREATE TRIGGER event_check_{when.lower()} AFTER {when} ON event_hand_checks "
        f"BEGIN {_BUMP_EVENT} {_EVENT_OF_GAME.format(row=row + '.game_id')}; END"
        for when, row in (("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD"))
    ),
    *(
        f"CREATE TRIGGER {table}_{when.lower()} AFTER {when} ON {table} "
        f"BEGIN {_BUMP_SHAPE} = {row}.event_id; END"
        for table in ("event_tables", "event_byes", "event_entrants")
        for when, row in (("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD"))
    ),
    # Its own row: a close, a rename. The bump itself changes `version`, so it stops there.
    "CREATE TRIGGER event_self AFTER UPDATE ON events WHEN NEW.version = OLD.version "
    f"BEGIN {_BUMP_SHAPE} = NEW.id; END",
]


def event_version(db: Database) -> None:
    """Adds each event's version, moved by SQL triggers on any change its standings show."""
    for statement in EVENT_VERSION:
        db.execute(statement)


# Opponents confirm, as one side cannot defeat it: who saved a hand is kept apart from who
# checked it, and any change to a hand's entry (a rewrite, a delete, a hand saved again under
# its number) drops its check, so it is pending again, whoever's code makes the change.
# A closed event's tables, hands and checks refuse every change in SQL ('event_closed', which
# store.connection.write turns into EventIsClosed) until the director reopens it. A game
# deleted whole (a group removed) is let through: the join on games no longer finds it.
_CLOSED_GAME = (
    "EXISTS (SELECT 1 FROM event_tables t JOIN events e ON e.id = t.event_id "
    "JOIN games g ON g.id = t.game_id WHERE t.game_id = {row} AND e.closed_at IS NOT NULL)"
)
_CLOSED_EVENT = "EXISTS (SELECT 1 FROM events WHERE id = {row} AND closed_at IS NOT NULL)"
_REFUSE = "BEGIN SELECT RAISE(ABORT, 'event_closed'); END"
ENTRANT_CARDS = [
    "ALTER TABLE event_hand_checks ADD COLUMN saved_by INTEGER NOT NULL DEFAULT -1",
    "UPDATE event_hand_checks SET saved_by = side WHERE state = 'pending'",
    *(
        f"CREATE TRIGGER event_hand_{name} AFTER {when} ON hands BEGIN "
        f"DELETE FROM event_hand_checks WHERE game_id = {row}.game_id "
        f"AND number = {row}.number; END"
        for name, when, row in (
            ("saved", "INSERT", "NEW"),
            ("rewritten", "UPDATE OF entry", "NEW"),
            ("deleted", "DELETE", "OLD"),
        )
    ),
    *(
        f"CREATE TRIGGER event_closed_{table}_{name} BEFORE {when} ON {table} "
        f"WHEN {_CLOSED_GAME.format(row=row + '.game_id')} {_REFUSE}"
        for table in ("hands", "event_hand_checks")
        for name, when, row in (
            ("insert", "INSERT", "NEW"),
            ("update", "UPDATE", "NEW"),
            ("delete", "DELETE", "OLD"),
        )
        if not (table == "hands" and when == "UPDATE")
    ),
    f"CREATE TRIGGER event_closed_hands_update BEFORE UPDATE OF entry ON hands "
    f"WHEN {_CLOSED_GAME.format(row='NEW.game_id')} {_REFUSE}",
    *(
        f"CREATE TRIGGER event_closed_{table}_{name} BEFORE {when} ON {table} "
        f"WHEN {_CLOSED_EVENT.format(row=row + '.event_id')} {_REFUSE}"
        for table, name, when, row in (
            ("event_tables", "insert", "INSERT", "NEW"),
            ("event_tables", "update", "UPDATE OF corrected, no_play", "NEW"),
            ("event_byes", "insert", "INSERT", "NEW"),
            ("event_entrants", "insert", "INSERT", "NEW"),
            ("event_entrants", "update", "UPDATE OF withdrawn_after, from_round", "NEW"),
        )
    ),
    # Each entrant's own card: a token that opens its page and acts for its side only.
    "ALTER TABLE event_entrants ADD COLUMN token TEXT",
    "UPDATE event_entrants SET token = lower(hex(randomblob(16)))",
    "CREATE UNIQUE INDEX event_entrants_token ON event_entrants(token)",
    "CREATE TRIGGER event_entrant_token AFTER INSERT ON event_entrants WHEN NEW.token IS NULL "
    "BEGIN UPDATE event_entrants SET token = lower(hex(randomblob(16))) "
    "WHERE event_id = NEW.event_id AND position = NEW.position; END",
]


def entrant_cards(db: Database) -> None:
    """Adds entrant card tokens, a hand's saver, checks that follow it, and closed refusals."""
    for statement in ENTRANT_CARDS:
        db.execute(statement)


def event_seating_ranking_timer(db: Database) -> None:
    """Adds each event's seating, ranking and round timer (issue 33: club night)."""
    for statement in (
        "ALTER TABLE events ADD COLUMN seating TEXT NOT NULL DEFAULT 'sit_out'",
        "ALTER TABLE events ADD COLUMN ranking TEXT NOT NULL DEFAULT 'total'",
        "ALTER TABLE events ADD COLUMN round_minutes INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE events ADD COLUMN round_started_at TEXT",
    ):
        db.execute(statement)


def event_adjustments(db: Database) -> None:
    """Adds the director's adjusted scores: an entrant's award for a round it did not play."""
    db.execute(
        "CREATE TABLE event_adjustments ("
        " event_id TEXT NOT NULL REFERENCES events(id),"
        " round INTEGER NOT NULL,"
        " entrant INTEGER NOT NULL,"
        " kind TEXT NOT NULL,"  # average, fixed, bye (events/standings.py ADJUSTMENTS)
        " victory_points INTEGER NOT NULL DEFAULT 0,"
        " margin INTEGER NOT NULL DEFAULT 0,"
        " PRIMARY KEY (event_id, round, entrant))"
    )
    for when, row in (("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")):
        db.execute(  # the standings read them: the event's version moves with each
            f"CREATE TRIGGER event_adjustments_{when.lower()} AFTER {when} ON event_adjustments "
            f"BEGIN {_BUMP_SHAPE} = {row}.event_id; END"
        )


# A table of an earlier round refuses hands once the next round is drawn: its players have
# moved on, and a Danish round was paired on its result. A hand saved, rewritten or deleted
# there, by whatever path (the sheet's link, a side's card, the API), is refused in SQL
# ('round_moved_on', which store.connection.write turns into RoundMovedOn). Confirmations,
# disputes and the director's table result (event_tables.corrected) still go through: the
# director settles an old table there. A game deleted whole is let through, as above.
_OLD_TABLE = (
    "EXISTS (SELECT 1 FROM event_tables t JOIN games g ON g.id = t.game_id "
    "WHERE t.game_id = {row} AND t.round < "
    "(SELECT max(later.round) FROM event_tables later WHERE later.event_id = t.event_id))"
)
_MOVED_ON = "BEGIN SELECT RAISE(ABORT, 'round_moved_on'); END"
OLD_TABLES = [
    *(
        f"CREATE TRIGGER event_old_table_hands_{name} BEFORE {when} ON hands "
        f"WHEN {_OLD_TABLE.format(row=row + '.game_id')} {_MOVED_ON}"
        for name, when, row in (
            ("insert", "INSERT", "NEW"),
            ("update", "UPDATE OF entry", "NEW"),
            ("delete", "DELETE", "OLD"),
        )
    ),
]


def event_old_tables(db: Database) -> None:
    """Makes a table of an earlier round refuse hands once the event's next round is drawn."""
    for statement in OLD_TABLES:
        db.execute(statement)


def event_three_handed(db: Database) -> None:
    """Adds a table's third side (a three-handed Cutthroat table); the director's mark moves to 3."""
    # A checked hand's `side` named the director as 2 while tables had sides 0 and 1; a
    # table of three has a side 2, so the director's mark is 3 from now on.
    db.execute("ALTER TABLE event_tables ADD COLUMN third TEXT NOT NULL DEFAULT '[]'")
    db.execute("UPDATE event_hand_checks SET side = 3 WHERE side = 2")

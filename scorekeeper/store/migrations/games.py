"""Schema steps of games, their hands, rules and stored scores."""

from __future__ import annotations

import json
import logging

from sqlite_utils import Database

from scorekeeper.store.migrations.frozen_rules import Unplayable, canonical, digest, preset_document

logger = logging.getLogger(__name__)

INITIAL = [
    """CREATE TABLE games (
        id TEXT PRIMARY KEY,
        format TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '[]',
        first_dealer TEXT NOT NULL,
        seating TEXT NOT NULL DEFAULT '[]',
        start_totals TEXT NOT NULL DEFAULT '{}',
        version INTEGER NOT NULL DEFAULT 1,
        reopened INTEGER NOT NULL DEFAULT 0,
        owner_token TEXT NOT NULL UNIQUE,
        edit_token TEXT NOT NULL UNIQUE,
        view_token TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    )""",
    """CREATE TABLE sides (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
        PRIMARY KEY (game_id, position),
        UNIQUE (game_id, name)
    )""",
    """CREATE TABLE players (
        game_id TEXT NOT NULL,
        side_position INTEGER NOT NULL,
        position INTEGER NOT NULL,
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
        PRIMARY KEY (game_id, side_position, position),
        FOREIGN KEY (game_id, side_position)
            REFERENCES sides(game_id, position) ON DELETE CASCADE
    )""",
    """CREATE TABLE hands (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        number INTEGER NOT NULL CHECK (number >= 1),
        entry TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (game_id, number)
    )""",
    """CREATE TABLE used_form_tokens (
        token TEXT PRIMARY KEY,
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        used_at TEXT NOT NULL
    )""",
    "CREATE INDEX used_form_tokens_game ON used_form_tokens(game_id)",
    "CREATE INDEX used_form_tokens_used_at ON used_form_tokens(used_at)",
    """CREATE TABLE browser_games (
        browser_id TEXT NOT NULL,
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('owner', 'edit', 'view')),
        token TEXT NOT NULL,
        last_opened TEXT NOT NULL,
        PRIMARY KEY (browser_id, game_id)
    )""",
    "CREATE INDEX browser_games_game ON browser_games(game_id)",
]


def initial(db: Database) -> None:
    """Creates games, sides, players, hands, used form tokens and browser roles."""
    # One statement at a time: executescript() would COMMIT the migration's transaction.
    for statement in INITIAL:
        db.execute(statement)


def games_rewritten(db: Database) -> None:
    """Adds the version at which a game's hands last changed other than by a new hand."""
    # A server process that knows the game at a later version can then bring its copy up to
    # date by scoring only the hands added since, instead of replaying the whole game.
    db.execute("ALTER TABLE games ADD COLUMN rewritten INTEGER NOT NULL DEFAULT 0")


GAME_RULES = """CREATE TABLE game_rules (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    from_hand INTEGER NOT NULL CHECK (from_hand >= 1),
    source TEXT NOT NULL CHECK (source IN ('preset', 'house')),
    source_id TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '[]',
    document TEXT NOT NULL,
    digest TEXT NOT NULL,
    frozen_at TEXT NOT NULL,
    PRIMARY KEY (game_id, from_hand)
)"""


def game_rules(db: Database) -> None:
    """Gives every game a frozen copy of its preset's rules, so preset edits pass it by."""
    # The presets as they were when this step was frozen (migrations/frozen_rules.py), not
    # as the seeds are today: an old step leaves the same rules whenever it runs.
    db.execute(GAME_RULES)
    for game in list(db.query("SELECT id, format, options, created_at FROM games")):
        options = json.loads(game["options"])
        try:
            document = preset_document(game["format"], options)
        except Unplayable:
            continue  # a preset that is gone: the game says so when opened, nothing is lost
        db.execute(
            "INSERT INTO game_rules (game_id, from_hand, source, source_id, options, document, "
            "digest, frozen_at) VALUES (?, 1, 'preset', ?, ?, ?, ?, ?)",
            [
                game["id"],
                game["format"],
                json.dumps(options),
                canonical(document),
                digest(document),
                game["created_at"],
            ],
        )


def games_target_raises(db: Database) -> None:
    """Adds the targets a finished game was raised to when its table chose to play on."""
    # A JSON list of {"after_hand", "from_target", "to_target"}; the last one is in force.
    db.execute("ALTER TABLE games ADD COLUMN target_raises TEXT NOT NULL DEFAULT '[]'")


def idempotency_request_digest(db: Database) -> None:
    """Adds the digest of the request an API Idempotency-Key was first used for."""
    # A key sent again with a different request is refused (422) instead of answered as a
    # replay; form tokens keep an empty digest. Independent of every other migration.
    db.execute("ALTER TABLE used_form_tokens ADD COLUMN digest TEXT NOT NULL DEFAULT ''")


def games_archived_deleted(db: Database) -> None:
    """Adds when the owner archived a game and when it deleted one (undoable for a while)."""
    # Both NULL for a game on the home list; independent of every other migration.
    db.execute("ALTER TABLE games ADD COLUMN archived_at TEXT")
    db.execute("ALTER TABLE games ADD COLUMN deleted_at TEXT")


def raises_after_deleted_hands(db: Database) -> None:
    """Drops target raises made after a hand since deleted, which made exports unreadable."""
    # Deleting the hand that ended a game left its raise behind (fixed in store.games.hands): the
    # game kept the raised target and its export named a hand it did not hold.
    for game_id, raised, played in db.execute(
        "SELECT id, target_raises, (SELECT count(*) FROM hands WHERE game_id = games.id) "
        "FROM games WHERE target_raises NOT IN ('', '[]')"
    ).fetchall():
        raises = json.loads(raised)
        kept = [r for r in raises if r["after_hand"] <= played]
        if len(kept) < len(raises):
            db.execute(
                "UPDATE games SET target_raises = ?, version = version + 1, "
                "rewritten = version + 1 WHERE id = ?",
                [json.dumps(kept), game_id],
            )


# A group's statistics add up its games (their versions and when they last changed, or
# whether they are deleted), its seats and its players' names: a change to any of these moves
# the group's `stats_version`, whoever's code makes it, so a reader checks that one number.
_BUMP = "UPDATE groups SET stats_version = stats_version + 1 WHERE id"
_OF_GAME = "IN (SELECT group_id FROM group_games WHERE game_id = {row}.game_id)"
STATS_VERSION_TRIGGERS = [
    "CREATE TRIGGER group_stats_game AFTER UPDATE OF version, updated_at, deleted_at ON games "
    f"BEGIN {_BUMP} IN (SELECT group_id FROM group_games WHERE game_id = NEW.id); END",
    f"CREATE TRIGGER group_stats_game_in AFTER INSERT ON group_games BEGIN {_BUMP} = NEW.group_id; END",
    f"CREATE TRIGGER group_stats_game_out AFTER DELETE ON group_games BEGIN {_BUMP} = OLD.group_id; END",
    f"CREATE TRIGGER group_stats_player_in AFTER INSERT ON group_players BEGIN {_BUMP} = NEW.group_id; END",
    f"CREATE TRIGGER group_stats_player AFTER UPDATE ON group_players BEGIN {_BUMP} = NEW.group_id; END",
    f"CREATE TRIGGER group_stats_player_out AFTER DELETE ON group_players BEGIN {_BUMP} = OLD.group_id; END",
    "CREATE TRIGGER group_stats_seat_in AFTER INSERT ON game_seats "
    f"BEGIN {_BUMP} {_OF_GAME.format(row='NEW')}; END",
    "CREATE TRIGGER group_stats_seat AFTER UPDATE ON game_seats "
    f"BEGIN {_BUMP} {_OF_GAME.format(row='NEW')}; END",
    "CREATE TRIGGER group_stats_seat_out AFTER DELETE ON game_seats "
    f"BEGIN {_BUMP} {_OF_GAME.format(row='OLD')}; END",
]


def stored_scores(db: Database) -> None:
    """Adds the columns of each hand's stored row, each game's head and a group's figures."""
    # SQL only: the rows and heads are computed after migrating, by store/schema.py, for
    # every game whose head is NULL, so this step stays what it was whatever the engine does.
    # A group's `stats_version` moves with anything its statistics add up.
    db.execute("ALTER TABLE hands ADD COLUMN result TEXT")
    db.execute("ALTER TABLE games ADD COLUMN head TEXT")
    db.execute("ALTER TABLE games ADD COLUMN hand_count INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE games ADD COLUMN ended_at INTEGER")
    db.execute("ALTER TABLE groups ADD COLUMN stats_version INTEGER NOT NULL DEFAULT 0")
    for statement in STATS_VERSION_TRIGGERS:
        db.execute(statement)


def unread_hands_marked(db: Database) -> None:
    """Leaves every game to be scored again, so each hand unread under its rules is marked."""
    # The sheet then parses only marked hands to say what is wrong with them. store/schema.py
    # scores every game whose head is NULL after migrating, writing the marks (scores.rescore).
    db.execute("UPDATE games SET head = NULL WHERE head IS NOT NULL")

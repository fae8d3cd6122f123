"""The schema, as named forward-only migrations: append new ones, never edit old ones."""

from __future__ import annotations

import json
import logging

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from scorekeeper.format_documents import FormatError, canonical, digest, preset_document
from scorekeeper.store.stamps import new_token, now

logger = logging.getLogger(__name__)
migrations = Migrations("scorekeeper")

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


@migrations(name="0001_initial")
def initial(db: Database) -> None:
    """Creates games, sides, players, hands, used form tokens and browser roles."""
    # One statement at a time: executescript() would COMMIT the migration's transaction.
    for statement in INITIAL:
        db.execute(statement)


@migrations(name="0002_games_rewritten")
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


@migrations(name="0003_game_rules")
def game_rules(db: Database) -> None:
    """Gives every game a frozen copy of the rules it has today, so preset edits pass it by."""
    db.execute(GAME_RULES)
    for game in list(db.query("SELECT id, format, options, created_at FROM games")):
        options = json.loads(game["options"])
        try:
            document = preset_document(game["format"], options)
        except FormatError:
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


@migrations(name="0003_games_target_raises")
def games_target_raises(db: Database) -> None:
    """Adds the targets a finished game was raised to when its table chose to play on."""
    # A JSON list of {"after_hand", "from_target", "to_target"}; the last one is in force.
    db.execute("ALTER TABLE games ADD COLUMN target_raises TEXT NOT NULL DEFAULT '[]'")


HOUSE_FORMATS = """CREATE TABLE house_formats (
    id TEXT PRIMARY KEY,
    token TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    base TEXT NOT NULL,
    changes TEXT NOT NULL DEFAULT '{}',
    document TEXT NOT NULL,
    digest TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
)"""


@migrations(name="0004_house_formats")
def house_formats(db: Database) -> None:
    """Adds house formats: a name, the preset they start from, their changes and the result."""
    db.execute(HOUSE_FORMATS)


@migrations(name="0003_idempotency_request_digest")
def idempotency_request_digest(db: Database) -> None:
    """Adds the digest of the request an API Idempotency-Key was first used for."""
    # A key sent again with a different request is refused (422) instead of answered as a
    # replay; form tokens keep an empty digest. Independent of every other migration.
    db.execute("ALTER TABLE used_form_tokens ADD COLUMN digest TEXT NOT NULL DEFAULT ''")


@migrations(name="0003_games_archived_deleted")
def games_archived_deleted(db: Database) -> None:
    """Adds when the owner archived a game and when it deleted one (undoable for a while)."""
    # Both NULL for a game on the home list; independent of every other migration.
    db.execute("ALTER TABLE games ADD COLUMN archived_at TEXT")
    db.execute("ALTER TABLE games ADD COLUMN deleted_at TEXT")


GROUPS = [
    """CREATE TABLE groups (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
        token TEXT NOT NULL UNIQUE,
        demo INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL
    )""",
    """CREATE TABLE group_members (
        group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        browser_id TEXT NOT NULL,
        founder INTEGER NOT NULL DEFAULT 0,
        joined_at TEXT NOT NULL,
        PRIMARY KEY (group_id, browser_id)
    )""",
    "CREATE INDEX group_members_browser ON group_members(browser_id)",
    """CREATE TABLE group_players (
        id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
        created_at TEXT NOT NULL,
        UNIQUE (group_id, name COLLATE NOCASE)
    )""",
    """CREATE TABLE group_games (
        game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        added_at TEXT NOT NULL
    )""",
    "CREATE INDEX group_games_group ON group_games(group_id)",
    """CREATE TABLE game_seats (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        side_position INTEGER NOT NULL,
        position INTEGER NOT NULL,
        player_id TEXT NOT NULL REFERENCES group_players(id) ON DELETE CASCADE,
        PRIMARY KEY (game_id, side_position, position)
    )""",
    "CREATE INDEX game_seats_player ON game_seats(player_id)",
    """CREATE TABLE game_figures (
        game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        figures TEXT NOT NULL
    )""",
]


@migrations(name="0005_groups")
def groups(db: Database) -> None:
    """Adds groups, their member browsers and players, their games, and per-game figures."""
    # game_figures keeps each game's statistics at one version, so a group's page adds up
    # rows instead of replaying every game; independent of every other migration.
    for statement in GROUPS:
        db.execute(statement)


@migrations(name="0006_raises_after_deleted_hands")
def raises_after_deleted_hands(db: Database) -> None:
    """Drops target raises made after a hand since deleted, which made exports unreadable."""
    # Deleting the hand that ended a game left its raise behind (fixed in store.hands): the
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


@migrations(name="0007_stored_scores")
def stored_scores(db: Database) -> None:
    """Stores what every hand scored and each game's head, and each group game's figures."""
    # Reads read rows from here on: each hand's `result` (its row of the sheet) and the game's
    # head are computed once by the engine under the game's frozen rules, for every game.
    # A group's `stats_version` moves with anything its statistics add up.
    from scorekeeper.store import figures, scores
    from scorekeeper.store.games import load

    db.execute("ALTER TABLE hands ADD COLUMN result TEXT")
    db.execute("ALTER TABLE games ADD COLUMN head TEXT")
    db.execute("ALTER TABLE games ADD COLUMN hand_count INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE games ADD COLUMN ended_at INTEGER")
    db.execute("ALTER TABLE groups ADD COLUMN stats_version INTEGER NOT NULL DEFAULT 0")
    for statement in STATS_VERSION_TRIGGERS:
        db.execute(statement)
    for (game_id,) in db.execute("SELECT id FROM games").fetchall():
        try:
            scores.rescore(db, game_id)
        except Exception:  # noqa: BLE001 - rules that no longer load, a game without sides:
            # left unscored (head NULL); reads score it in memory and log it, as before.
            logger.warning("game %s: no stored scores", game_id, exc_info=True)
    grouped = db.execute(
        "SELECT gg.game_id FROM group_games gg LEFT JOIN game_figures f ON f.game_id = gg.game_id "
        "JOIN games g ON g.id = gg.game_id WHERE f.version IS NOT g.version"
    ).fetchall()
    for (game_id,) in grouped:
        try:
            figures.keep(db, load(db, game_id))
        except Exception:  # noqa: BLE001 - figures are computed again when the group is read
            logger.warning("game %s: no stored figures", game_id, exc_info=True)


GROUP_ACCESS = [
    # Each member phone holds its own membership, found by its browser and told apart on
    # pages by its own random key; admins run the group; the join link only admits.
    "ALTER TABLE group_members ADD COLUMN admin INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE group_members ADD COLUMN key TEXT",
    # The group's API tokens, apart from the join link: each revocable on its own. `shared`
    # marks the one carried over from before 0008, when the join link's key was the API's.
    """CREATE TABLE group_tokens (
        id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        token TEXT NOT NULL UNIQUE,
        label TEXT NOT NULL,
        made_by TEXT,
        shared INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL
    )""",
    "CREATE INDEX group_tokens_group ON group_tokens(group_id)",
    # Phones removed from a group: no link lets them back in.
    """CREATE TABLE group_removed (
        group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        browser_id TEXT NOT NULL,
        removed_at TEXT NOT NULL,
        PRIMARY KEY (group_id, browser_id)
    )""",
]


@migrations(name="0008_group_access")
def group_access(db: Database) -> None:
    """Adds group admins, a key per member phone, API tokens apart from the join link, bans."""
    for statement in GROUP_ACCESS:
        db.execute(statement)
    for group_id, browser_id in db.execute(
        "SELECT group_id, browser_id FROM group_members"
    ).fetchall():
        db.execute(
            "UPDATE group_members SET key = ? WHERE group_id = ? AND browser_id = ?",
            [new_token(), group_id, browser_id],
        )
    db.execute("CREATE UNIQUE INDEX group_members_key ON group_members(key)")
    # The founder (the phone that made the group) becomes its admin; a group whose founder is
    # not known, or left, makes every current member an admin, so nobody is locked out.
    db.execute("UPDATE group_members SET admin = founder")
    db.execute(
        "UPDATE group_members SET admin = 1 WHERE group_id NOT IN "
        "(SELECT group_id FROM group_members WHERE founder = 1)"
    )
    # Scripts kept the join link's key as their API token: it stays one, marked shared, so an
    # admin can revoke it (removing a member revokes it too, since every member saw it).
    stamp = now()
    for group_id, token in db.execute("SELECT id, token FROM groups").fetchall():
        db.execute(
            "INSERT INTO group_tokens (id, group_id, token, label, made_by, shared, created_at) "
            "VALUES (?, ?, ?, '', NULL, 1, ?)",
            [new_token()[:12], group_id, token, stamp],
        )


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


@migrations(name="0009_events")
def events(db: Database) -> None:
    """Adds club nights: events, entrants, each round's tables and byes, and hand checks."""
    # A table's game is an ordinary game; event_tables only points at it, so every game
    # feature (sheet, PDF, export) works on it unchanged. Independent of other migrations.
    for statement in EVENTS:
        db.execute(statement)


HOUSE_FORMAT_ACCESS = [
    # Who made a house format (a browser; none through the API) and who opened its share
    # link: the lists of formats show a browser only these, never every format of the server.
    "ALTER TABLE house_formats ADD COLUMN made_by TEXT",
    "CREATE INDEX house_formats_made_by ON house_formats(made_by)",
    """CREATE TABLE browser_formats (
        browser_id TEXT NOT NULL,
        format_id TEXT NOT NULL REFERENCES house_formats(id) ON DELETE CASCADE,
        added_at TEXT NOT NULL,
        PRIMARY KEY (browser_id, format_id)
    )""",
]


@migrations(name="0008_house_format_access")
def house_format_access(db: Database) -> None:
    """Adds who made each house format and which browsers opened its share link."""
    for statement in HOUSE_FORMAT_ACCESS:
        db.execute(statement)
    # The maker's browser was never written down (its session holds the format's token, which
    # still lists it); a browser that played a game with a format keeps it in its list.
    db.execute(
        "INSERT OR IGNORE INTO browser_formats (browser_id, format_id, added_at) "
        "SELECT DISTINCT b.browser_id, r.source_id, ? FROM game_rules r "
        "JOIN browser_games b ON b.game_id = r.game_id "
        "WHERE r.source = 'house' AND r.source_id IN (SELECT id FROM house_formats)",
        [now()],
    )


GROUP_FORMATS = [
    # A house format shared with a group: its members list it, whoever of them made or opened
    # it; an admin (or the phone that shared it) stops sharing. Gone with the format or group.
    """CREATE TABLE group_formats (
        group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        format_id TEXT NOT NULL REFERENCES house_formats(id) ON DELETE CASCADE,
        shared_by TEXT NOT NULL,
        shared_at TEXT NOT NULL,
        PRIMARY KEY (group_id, format_id)
    )""",
    "CREATE INDEX group_formats_format ON group_formats(format_id)",
]


@migrations(name="0008_group_formats")
def group_formats(db: Database) -> None:
    """Adds the house formats shared with a group."""
    for statement in GROUP_FORMATS:
        db.execute(statement)


@migrations(name="0007_unread_hands_marked")
def unread_hands_marked(db: Database) -> None:
    """Marks the stored row of every hand whose entry no longer reads cleanly under its rules."""
    # The sheet then parses only marked hands to say what is wrong with them, not every hand
    # on every view. Stored rows written from here on carry the mark (scores.rescore).
    from scorekeeper.store import scores
    from scorekeeper.store.game_rules import rule_book

    for (game_id,) in db.execute("SELECT id FROM games WHERE head IS NOT NULL").fetchall():
        try:
            book = rule_book(db, game_id)
            keys = [s.key for s in scores.setup_of(db, scores.game_row(db, game_id)).sides]
            unread = {n for n, _problem in scores.parsed_hands(db, book, keys, game_id)[1]}
        except Exception:  # noqa: BLE001 - rules that no longer load: read in full, as before
            logger.warning("game %s: hands not checked", game_id, exc_info=True)
            continue
        for number in sorted(unread):
            (text,) = db.execute(
                "SELECT result FROM hands WHERE game_id = ? AND number = ?", [game_id, number]
            ).fetchone()
            if text is not None:
                marked = {scores.UNREAD: True, **json.loads(text)}
                db.execute(
                    "UPDATE hands SET result = ? WHERE game_id = ? AND number = ?",
                    [
                        json.dumps(marked, ensure_ascii=False, separators=(",", ":")),
                        game_id,
                        number,
                    ],
                )

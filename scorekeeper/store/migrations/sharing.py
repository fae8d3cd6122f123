"""Schema steps of what phones share: house formats, groups and who may see them."""

from __future__ import annotations

import logging

from sqlite_utils import Database

from scorekeeper.store.migrations.frozen import new_token, now

logger = logging.getLogger(__name__)

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


def house_formats(db: Database) -> None:
    """Adds house formats: a name, the preset they start from, their changes and the result."""
    db.execute(HOUSE_FORMATS)


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


def groups(db: Database) -> None:
    """Adds groups, their member browsers and players, their games, and per-game figures."""
    # game_figures keeps each game's statistics at one version, so a group's page adds up
    # rows instead of replaying every game; independent of every other migration.
    for statement in GROUPS:
        db.execute(statement)


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


def group_formats(db: Database) -> None:
    """Adds the house formats shared with a group."""
    for statement in GROUP_FORMATS:
        db.execute(statement)


TOKENS_TO_SHOW = [
    # A group API token just made, to be shown once to the phone that made it: the page after
    # the POST finds it by this row's random id and deletes the row as it shows the token, so
    # the token never rides in the session cookie. Gone with the token (revoked) or the group.
    """CREATE TABLE group_tokens_to_show (
        id TEXT PRIMARY KEY,
        token_id TEXT NOT NULL REFERENCES group_tokens(id) ON DELETE CASCADE,
        browser_id TEXT NOT NULL,
        created_at TEXT NOT NULL
    )""",
    "CREATE INDEX group_tokens_to_show_token ON group_tokens_to_show(token_id)",
]


def tokens_to_show(db: Database) -> None:
    """Adds the one-time rows that show a new group API token once."""
    for statement in TOKENS_TO_SHOW:
        db.execute(statement)

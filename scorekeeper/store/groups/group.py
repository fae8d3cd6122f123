"""Groups: a table's shared games and players; phones join by link, admins run the group.

Each member phone holds its own membership (its browser, told apart by its own random key);
the join link only admits a new phone, and the API reads the group with tokens of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from scorekeeper.engine.names import MAX_NAME, name_problem, tidy
from scorekeeper.sentences.marked import N_
from scorekeeper.sentences.problem_texts import english
from scorekeeper.store.connection import read, write
from scorekeeper.store.errors import StoreError
from scorekeeper.store.stamps import new_token, now

MAX_GROUP_NAME = 60


class GroupNotFound(StoreError):
    """No group has this id for this member, or no group has this join token."""

    message = N_("There is no such group, or this phone is not one of its members.")


class InvalidGroup(StoreError):
    """A group's or player's name, or a change, that cannot be made: a code, its params, words."""

    def __init__(self, code: str, **params: object) -> None:
        # English for logs and the command line; the edges word the code (problem_words).
        super().__init__(english(code, {"most": MAX_NAME, **params}))
        self.code, self.params = code, {"most": MAX_NAME, **params}


@dataclass(frozen=True)
class Group:
    """A group: its name, its member token (the join link's key) and whether it is a demo."""

    id: str
    name: str
    token: str
    demo: bool
    created_at: str


class NotAdmin(StoreError):
    """The phone is a member, but only the group's admins may do this."""

    message = N_("Only the group's admins can do that.")


@dataclass(frozen=True)
class Member:
    """One browser in a group: its own key (a tag on pages), founder, admin, since when."""

    browser_id: str
    founder: bool
    joined_at: str
    admin: bool = False
    key: str = ""

    @property
    def tag(self) -> str:
        """Returns the phone's tag on pages: the start of its own random key, never its browser id."""
        return self.key[:8]


@dataclass(frozen=True)
class Removal:
    """What removing a phone did: the new join link's key and how many API tokens went."""

    token: str
    revoked: int


def check_name(name: str) -> str:
    """Returns a group name trimmed; InvalidGroup when it is blank or too long."""
    name = tidy(name) if isinstance(name, str) else ""
    if not name:
        raise InvalidGroup("group_name_blank")
    if len(name) > MAX_GROUP_NAME:
        raise InvalidGroup("group_name_too_long", most=MAX_GROUP_NAME)
    problem = name_problem(name, MAX_GROUP_NAME)  # the one rule, over the whole name
    if problem == "name_blank":  # only a tab or a line break
        raise InvalidGroup("group_name_blank")
    if problem is not None:
        raise InvalidGroup(problem)
    return name


def _group(row: dict[str, Any]) -> Group:
    return Group(row["id"], row["name"], row["token"], bool(row["demo"]), row["created_at"])


def create_group(
    db: Database, name: str, founder: str | None = None, *, demo: bool = False
) -> Group:
    """Makes a group; the founding browser (if any) becomes its first member."""
    name = check_name(name)
    group = Group(new_token(), name, new_token(), demo, now())
    with write(db):
        db.execute(
            "INSERT INTO groups (id, name, token, demo, created_at) VALUES (?, ?, ?, ?, ?)",
            [group.id, group.name, group.token, int(demo), group.created_at],
        )
        if founder:
            add_member(db, group.id, founder, admin=True)
    return group


def add_member(db: Database, group_id: str, browser_id: str, *, admin: bool = False) -> None:
    """Adds a member phone with a key of its own (admin and founder when `admin`); in a write."""
    db.execute(
        "INSERT OR IGNORE INTO group_members (group_id, browser_id, founder, admin, key, "
        "joined_at) VALUES (?, ?, ?, ?, ?, ?)",
        [group_id, browser_id, int(admin), int(admin), new_token(), now()],
    )


def _found(db: Database, sql: str, params: list[str], message: str | None = None) -> dict[str, Any]:
    """Returns the query's first row; GroupNotFound, saying `message` if given, when none."""
    rows = list(db.query(sql, params))
    if not rows:
        raise GroupNotFound(message)
    return rows[0]


def get_group(db: Database, group_id: str) -> Group:
    """Returns the group with this id; GroupNotFound when there is none."""
    return _group(_found(db, "SELECT * FROM groups WHERE id = ?", [group_id]))


def member_group(db: Database, browser_id: str, group_id: str) -> Group:
    """Returns the group when this browser is a member; GroupNotFound otherwise (same answer)."""
    sql = (
        "SELECT g.* FROM groups g JOIN group_members m ON m.group_id = g.id "
        "WHERE g.id = ? AND m.browser_id = ?"
    )
    return _group(_found(db, sql, [group_id, browser_id]))


def is_member(db: Database, browser_id: str, group_id: str) -> bool:
    """Tells whether this browser is a member of the group."""
    row = db.execute(
        "SELECT 1 FROM group_members WHERE group_id = ? AND browser_id = ?", [group_id, browser_id]
    ).fetchone()
    return row is not None


def token_group(db: Database, group_id: str, token: str) -> Group:
    """Returns the group when `token` is one of its API tokens; GroupNotFound otherwise."""
    group = get_group(db, group_id)
    found = db.execute(
        "SELECT 1 FROM group_tokens WHERE group_id = ? AND token = ?", [group_id, token]
    ).fetchone()
    if found is None:
        raise GroupNotFound()
    return group


def group_of_token(db: Database, token: str) -> Group:
    """Returns the group whose join link carries this token; GroupNotFound when none."""
    gone = N_("That link does not open any group; ask for a new one.")
    return _group(_found(db, "SELECT * FROM groups WHERE token = ?", [token], gone))


def groups_for_browser(db: Database, browser_id: str) -> list[Group]:
    """Returns the groups this browser belongs to, by name."""
    return [
        _group(row)
        for row in db.query(
            "SELECT g.* FROM groups g JOIN group_members m ON m.group_id = g.id "
            "WHERE m.browser_id = ? ORDER BY g.name COLLATE NOCASE, g.created_at",
            [browser_id],
        )
    ]


def join_group(db: Database, browser_id: str, token: str) -> Group:
    """Admits this browser to the group the join link opens (again is harmless).

    A phone removed from the group is never admitted again; the first phone to join a group
    that has no admin (one made through the API) becomes its founder and admin.
    """
    with write(db):
        group = group_of_token(db, token)
        barred = db.execute(
            "SELECT 1 FROM group_removed WHERE group_id = ? AND browser_id = ?",
            [group.id, browser_id],
        ).fetchone()
        if barred is not None:
            raise GroupNotFound(
                N_("This phone was removed from that group; no link lets it back in.")
            )
        admins = db.execute(
            "SELECT count(*) FROM group_members WHERE group_id = ? AND admin = 1", [group.id]
        ).fetchone()[0]
        add_member(db, group.id, browser_id, admin=not admins)
    return group


def _member(row: dict[str, Any]) -> Member:
    return Member(
        row["browser_id"], bool(row["founder"]), row["joined_at"], bool(row["admin"]), row["key"]
    )


def members(db: Database, group_id: str) -> list[Member]:
    """Returns the group's member browsers: the founder, the admins, then by when they joined."""
    return [
        _member(r)
        for r in db.query(
            "SELECT browser_id, founder, admin, key, joined_at FROM group_members "
            "WHERE group_id = ? ORDER BY founder DESC, admin DESC, joined_at, browser_id",
            [group_id],
        )
    ]


def member_of(db: Database, browser_id: str, group_id: str) -> Member:
    """Returns this browser's membership of the group; GroupNotFound when it is none."""
    sql = (
        "SELECT browser_id, founder, admin, key, joined_at FROM group_members "
        "WHERE group_id = ? AND browser_id = ?"
    )
    return _member(_found(db, sql, [group_id, browser_id]))


def admin_group(db: Database, browser_id: str, group_id: str) -> Group:
    """Returns the group when this browser is one of its admins; NotAdmin for another member."""
    group = member_group(db, browser_id, group_id)
    if not member_of(db, browser_id, group_id).admin:
        raise NotAdmin()
    return group


def _admins(db: Database, group_id: str) -> int:
    return int(
        db.execute(
            "SELECT count(*) FROM group_members WHERE group_id = ? AND admin = 1", [group_id]
        ).fetchone()[0]
    )


def _tagged(db: Database, group_id: str, tag: str) -> Member:
    found = [m for m in members(db, group_id) if m.tag == tag]
    if not found:
        raise InvalidGroup("no_member")
    return found[0]


def leave_group(db: Database, browser_id: str, group_id: str) -> None:
    """Takes this browser out of the group; the last admin hands the role on first."""
    with write(db):
        member_group(db, browser_id, group_id)
        me = member_of(db, browser_id, group_id)
        others = len(members(db, group_id)) - 1
        if me.admin and others and _admins(db, group_id) == 1:
            raise InvalidGroup("last_admin")
        db.execute(
            "DELETE FROM group_members WHERE group_id = ? AND browser_id = ?",
            [group_id, browser_id],
        )


def remove_member(db: Database, browser_id: str, group_id: str, tag: str) -> Removal:
    """Removes a member phone for good, as an admin asks: it is barred, and what it saw goes.

    The join link it saw is replaced, and the API tokens it made (and the shared one from
    before admins, which every member held) are revoked; the founder cannot be removed.
    """
    with write(db):
        admin_group(db, browser_id, group_id)
        member = _tagged(db, group_id, tag)
        if member.browser_id == browser_id:
            raise InvalidGroup("remove_self")
        if member.founder:
            raise InvalidGroup("founder")
        db.execute(
            "DELETE FROM group_members WHERE group_id = ? AND browser_id = ?",
            [group_id, member.browser_id],
        )
        db.execute(
            "INSERT OR REPLACE INTO group_removed (group_id, browser_id, removed_at) "
            "VALUES (?, ?, ?)",
            [group_id, member.browser_id, now()],
        )
        revoked = db.execute(
            "DELETE FROM group_tokens WHERE group_id = ? AND (made_by = ? OR shared = 1)",
            [group_id, member.browser_id],
        ).rowcount
        token = new_token()
        db.execute("UPDATE groups SET token = ? WHERE id = ?", [token, group_id])
    return Removal(token, revoked)


def name_admin(db: Database, browser_id: str, group_id: str, tag: str) -> Member:
    """Makes another member an admin too, as an admin asks."""
    with write(db):
        admin_group(db, browser_id, group_id)
        member = _tagged(db, group_id, tag)
        db.execute(
            "UPDATE group_members SET admin = 1 WHERE group_id = ? AND browser_id = ?",
            [group_id, member.browser_id],
        )
    return member


def hand_on(db: Database, browser_id: str, group_id: str, tag: str) -> Member:
    """Hands this admin's role (and the founder's place, if it is the founder) to a member."""
    with write(db):
        admin_group(db, browser_id, group_id)
        me, member = member_of(db, browser_id, group_id), _tagged(db, group_id, tag)
        if member.browser_id == browser_id:
            raise InvalidGroup("remove_self")
        db.execute(
            "UPDATE group_members SET admin = 1, founder = max(founder, ?) "
            "WHERE group_id = ? AND browser_id = ?",
            [int(me.founder), group_id, member.browser_id],
        )
        db.execute(
            "UPDATE group_members SET admin = 0, founder = 0 WHERE group_id = ? AND browser_id = ?",
            [group_id, browser_id],
        )
    return member


def replace_token(db: Database, browser_id: str, group_id: str) -> str:
    """Gives the group a new join link, as an admin asks; the old one stops admitting phones."""
    token = new_token()
    with write(db):
        admin_group(db, browser_id, group_id)
        db.execute("UPDATE groups SET token = ? WHERE id = ?", [token, group_id])
    return token


def delete_demo(db: Database, browser_id: str, group_id: str) -> None:
    """Deletes a demo group with all its games and players; real groups are never deleted."""
    with write(db):
        group = admin_group(db, browser_id, group_id)
        if not group.demo:
            raise InvalidGroup("not_demo")
        db.execute(
            "DELETE FROM games WHERE id IN (SELECT game_id FROM group_games WHERE group_id = ?)",
            [group_id],
        )
        db.execute("DELETE FROM groups WHERE id = ?", [group_id])


def group_of_game(db: Database, game_id: str) -> str | None:
    """Returns the id of the group a game belongs to, or None."""
    row = db.execute("SELECT group_id FROM group_games WHERE game_id = ?", [game_id]).fetchone()
    return row[0] if row else None


def sees_game(db: Database, browser_id: str, game_id: str) -> bool:
    """Tells whether this browser is a member of the (undeleted) game's group."""
    with read(db):
        row = db.execute(
            "SELECT 1 FROM group_games gg JOIN group_members m ON m.group_id = gg.group_id "
            "JOIN games g ON g.id = gg.game_id "
            "WHERE gg.game_id = ? AND m.browser_id = ? AND g.deleted_at IS NULL",
            [game_id, browser_id],
        ).fetchone()
    return row is not None


def game_ids(db: Database, group_id: str) -> list[str]:
    """Returns the ids of the group's (undeleted) games, the oldest first."""
    return [
        row[0]
        for row in db.execute(
            "SELECT g.id FROM group_games gg JOIN games g ON g.id = gg.game_id "
            "WHERE gg.group_id = ? AND g.deleted_at IS NULL ORDER BY g.created_at, g.id",
            [group_id],
        ).fetchall()
    ]

"""Groups: a table's shared games and players, joined by a member token instead of accounts."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from scorekeeper.engine.names import name_problem, tidy
from scorekeeper.store.connection import read, write
from scorekeeper.store.errors import StoreError
from scorekeeper.store.stamps import new_token, now

MAX_GROUP_NAME = 60


class GroupNotFound(StoreError):
    """No group has this id for this member, or no group has this join token."""

    message = "There is no such group, or this phone is not one of its members."


class InvalidGroup(StoreError):
    """A group's or player's name, or a change, that cannot be made: a code, its params, words."""

    message = "The group cannot be saved like this."

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code, self.params = code, params


@dataclass(frozen=True)
class Group:
    """A group: its name, its member token (the join link's key) and whether it is a demo."""

    id: str
    name: str
    token: str
    demo: bool
    created_at: str


@dataclass(frozen=True)
class Member:
    """One browser in a group: a short tag to tell phones apart, whether it founded the group."""

    browser_id: str
    founder: bool
    joined_at: str

    @property
    def tag(self) -> str:
        """Returns a short, stable tag for the phone (never its id, which is a session secret)."""
        return hashlib.sha256(self.browser_id.encode()).hexdigest()[:8]


def check_name(name: str) -> str:
    """Returns a group name trimmed; InvalidGroup when it is blank or too long."""
    name = tidy(name) if isinstance(name, str) else ""
    if not name:
        raise InvalidGroup("group-name-blank", "Give the group a name, like “Tuesday table”.")
    if len(name) > MAX_GROUP_NAME:
        message = f"A group name has at most {MAX_GROUP_NAME} characters."
        raise InvalidGroup("group-name-too-long", message, most=MAX_GROUP_NAME)
    problem = name_problem(name, "group", MAX_GROUP_NAME)  # the one rule, over the whole name
    if problem is not None and problem.code == "name-blank":  # only a tab or a line break
        raise InvalidGroup("group-name-blank", "Give the group a name, like “Tuesday table”.")
    if problem is not None:
        raise InvalidGroup(problem.code, problem.message)
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
            db.execute(
                "INSERT INTO group_members (group_id, browser_id, founder, joined_at) "
                "VALUES (?, ?, 1, ?)",
                [group.id, founder, group.created_at],
            )
    return group


def get_group(db: Database, group_id: str) -> Group:
    """Returns the group with this id; GroupNotFound when there is none."""
    rows = list(db.query("SELECT * FROM groups WHERE id = ?", [group_id]))
    if not rows:
        raise GroupNotFound()
    return _group(rows[0])


def member_group(db: Database, browser_id: str, group_id: str) -> Group:
    """Returns the group when this browser is a member; GroupNotFound otherwise (same answer)."""
    rows = list(
        db.query(
            "SELECT g.* FROM groups g JOIN group_members m ON m.group_id = g.id "
            "WHERE g.id = ? AND m.browser_id = ?",
            [group_id, browser_id],
        )
    )
    if not rows:
        raise GroupNotFound()
    return _group(rows[0])


def is_member(db: Database, browser_id: str, group_id: str) -> bool:
    """Tells whether this browser is a member of the group."""
    row = db.execute(
        "SELECT 1 FROM group_members WHERE group_id = ? AND browser_id = ?", [group_id, browser_id]
    ).fetchone()
    return row is not None


def token_group(db: Database, group_id: str, token: str) -> Group:
    """Returns the group when `token` is its member token; GroupNotFound otherwise."""
    group = get_group(db, group_id)
    if group.token != token:
        raise GroupNotFound()
    return group


def group_of_token(db: Database, token: str) -> Group:
    """Returns the group whose join link carries this token; GroupNotFound when none."""
    rows = list(db.query("SELECT * FROM groups WHERE token = ?", [token]))
    if not rows:
        raise GroupNotFound("That link does not open any group; ask for a new one.")
    return _group(rows[0])


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
    """Makes this browser a member of the group the token opens (again is harmless)."""
    with write(db):
        group = group_of_token(db, token)
        db.execute(
            "INSERT OR IGNORE INTO group_members (group_id, browser_id, founder, joined_at) "
            "VALUES (?, ?, 0, ?)",
            [group.id, browser_id, now()],
        )
    return group


def members(db: Database, group_id: str) -> list[Member]:
    """Returns the group's member browsers, the founder first, then by when they joined."""
    return [
        Member(r["browser_id"], bool(r["founder"]), r["joined_at"])
        for r in db.query(
            "SELECT browser_id, founder, joined_at FROM group_members WHERE group_id = ? "
            "ORDER BY founder DESC, joined_at, browser_id",
            [group_id],
        )
    ]


def leave_group(db: Database, browser_id: str, group_id: str) -> None:
    """Takes this browser out of the group; the group's games stay for the others."""
    with write(db):
        member_group(db, browser_id, group_id)
        db.execute(
            "DELETE FROM group_members WHERE group_id = ? AND browser_id = ?",
            [group_id, browser_id],
        )


def remove_member(db: Database, browser_id: str, group_id: str, tag: str) -> None:
    """Removes the member phone with this tag, as asked by another member of the group."""
    with write(db):
        member_group(db, browser_id, group_id)
        found = [m for m in members(db, group_id) if m.tag == tag]
        if not found:
            raise InvalidGroup("no-member", "That phone is no longer a member of this group.")
        for member in found:
            db.execute(
                "DELETE FROM group_members WHERE group_id = ? AND browser_id = ?",
                [group_id, member.browser_id],
            )


def replace_token(db: Database, browser_id: str, group_id: str) -> str:
    """Gives the group a new join link (and API token); the old one stops working."""
    token = new_token()
    with write(db):
        member_group(db, browser_id, group_id)
        db.execute("UPDATE groups SET token = ? WHERE id = ?", [token, group_id])
    return token


def delete_demo(db: Database, browser_id: str, group_id: str) -> None:
    """Deletes a demo group with all its games and players; real groups are never deleted."""
    with write(db):
        group = member_group(db, browser_id, group_id)
        if not group.demo:
            raise InvalidGroup("not-demo", "Only a demo group can be deleted.")
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

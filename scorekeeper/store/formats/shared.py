"""House formats shared with a group: every member lists them; an admin stops sharing."""

from __future__ import annotations

from sqlite_utils import Database

from scorekeeper.store.connection import read, write
from scorekeeper.store.errors import StoreError
from scorekeeper.store.formats.house import HouseFormat, format_row, get_house_format
from scorekeeper.store.groups.group import admin_group, member_group
from scorekeeper.store.stamps import now

MAX_PER_GROUP = 30  # a group's new-game list stays short: its table's variants, never a flood


class TooManyShared(StoreError):
    """The group already shares as many house formats as it may (`most`: the edges word it)."""


class NotShared(StoreError):
    """The house format is not shared with this group."""


def share(db: Database, browser_id: str, group_id: str, format_id: str) -> HouseFormat:
    """Shares a house format with a group this browser belongs to; sharing twice is once.

    GroupNotFound for a group the browser is not in, HouseFormatNotFound for an unknown
    format, TooManyShared past MAX_PER_GROUP.
    """
    with write(db):
        member_group(db, browser_id, group_id)
        house = get_house_format(db, format_id)
        listed = db.execute(
            "SELECT count(*), sum(format_id = ?) FROM group_formats WHERE group_id = ?",
            [format_id, group_id],
        ).fetchone()
        if listed[1]:
            return house
        if listed[0] >= MAX_PER_GROUP:
            raise TooManyShared(most=MAX_PER_GROUP)
        db.execute(
            "INSERT INTO group_formats (group_id, format_id, shared_by, shared_at) "
            "VALUES (?, ?, ?, ?)",
            [group_id, format_id, browser_id, now()],
        )
    return house


def stop_sharing(db: Database, browser_id: str, group_id: str, format_id: str) -> None:
    """Stops sharing a house format with a group; only its admins may.

    GroupNotFound for a non-member, NotAdmin for another member, NotShared when it is not
    shared. The format itself stays, with whoever made it or opened its link.
    """
    with write(db):
        admin_group(db, browser_id, group_id)
        row = db.execute(
            "SELECT 1 FROM group_formats WHERE group_id = ? AND format_id = ?",
            [group_id, format_id],
        ).fetchone()
        if row is None:
            raise NotShared()
        db.execute(
            "DELETE FROM group_formats WHERE group_id = ? AND format_id = ?",
            [group_id, format_id],
        )


def shared_with(db: Database, group_id: str) -> list[HouseFormat]:
    """Returns the house formats shared with the group, by name."""
    with read(db):
        rows = db.query(
            "SELECT h.* FROM house_formats h JOIN group_formats s ON s.format_id = h.id "
            "WHERE s.group_id = ? ORDER BY h.name, h.id",
            [group_id],
        )
        return [format_row(row) for row in rows]


def groups_sharing(db: Database, browser_id: str, format_id: str) -> list[tuple[str, str, bool]]:
    """Returns this browser's groups as (id, name, shares the format), by name."""
    with read(db):
        rows = db.execute(
            "SELECT g.id, g.name, EXISTS (SELECT 1 FROM group_formats s "
            "WHERE s.group_id = g.id AND s.format_id = ?) FROM groups g "
            "JOIN group_members m ON m.group_id = g.id WHERE m.browser_id = ? "
            "ORDER BY g.name COLLATE NOCASE, g.created_at",
            [format_id, browser_id],
        ).fetchall()
    return [(row[0], row[1], bool(row[2])) for row in rows]

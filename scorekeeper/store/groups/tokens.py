"""A group's API tokens: made and revoked by its admins, each its own secret, never the join link."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlite_utils import Database

from scorekeeper.engine.names import MAX_NAME, name_problem, tidy
from scorekeeper.store.connection import write
from scorekeeper.store.groups.group import InvalidGroup, admin_group
from scorekeeper.store.stamps import new_token, now


@dataclass(frozen=True)
class ApiToken:
    """One of the group's API tokens: its id (to revoke it by), label, maker and when made."""

    id: str
    label: str
    made_by: str | None
    shared: bool
    created_at: str

    @property
    def tag(self) -> str:
        """Returns the token's public id: the token itself is shown once, when it is made."""
        return self.id


MAX_TOKENS = 20  # a group's API tokens at once: a few scripts and displays, never a flood


def _insert_token(db: Database, group_id: str, label: str, made_by: str | None) -> str:
    """Adds an API token to the group (in a write) and returns it."""
    count = db.execute(
        "SELECT count(*) FROM group_tokens WHERE group_id = ?", [group_id]
    ).fetchone()[0]
    if count >= MAX_TOKENS:
        raise InvalidGroup("too_many_tokens", most=MAX_TOKENS)
    token = new_token()
    db.execute(
        "INSERT INTO group_tokens (id, group_id, token, label, made_by, shared, created_at) "
        "VALUES (?, ?, ?, ?, ?, 0, ?)",
        [new_token()[:12], group_id, token, label, made_by, now()],
    )
    return token


def check_label(label: str) -> str:
    """Returns an API token's label tidied; InvalidGroup when the name rule refuses it."""
    label = tidy(label) if isinstance(label, str) else ""
    problem = name_problem(label, MAX_NAME)
    if problem == "name_blank":
        raise InvalidGroup("label_blank")
    if problem is not None:
        raise InvalidGroup(problem)
    return label


def make_api_token(db: Database, browser_id: str | None, group_id: str, label: str) -> str:
    """Makes a new API token for the group (an admin asks, or None for a group's first one)."""
    label = check_label(label)
    with write(db):
        if browser_id is not None:
            admin_group(db, browser_id, group_id)
        return _insert_token(db, group_id, label, browser_id)


SHOW_FOR = 600  # seconds a new token waits to be shown: the page after the POST, or a reload


def token_to_show(db: Database, browser_id: str, group_id: str, label: str) -> str:
    """Makes an API token as make_api_token does; returns the random id that shows it once."""
    label = check_label(label)
    shown = new_token()
    with write(db):
        admin_group(db, browser_id, group_id)
        token = _insert_token(db, group_id, label, browser_id)
        db.execute(
            "INSERT INTO group_tokens_to_show (id, token_id, browser_id, created_at) "
            "SELECT ?, id, ?, ? FROM group_tokens WHERE token = ?",
            [shown, browser_id, now(), token],
        )
    return shown


def shown_once(db: Database, browser_id: str, group_id: str, shown: str) -> str | None:
    """Returns the new token the id names, for the phone that made it, and forgets the id;
    None when it was shown already, is another phone's or group's, or waited too long."""
    with write(db):
        row = db.execute(
            "SELECT t.token, s.created_at FROM group_tokens_to_show s "
            "JOIN group_tokens t ON t.id = s.token_id "
            "WHERE s.id = ? AND s.browser_id = ? AND t.group_id = ?",
            [shown, browser_id, group_id],
        ).fetchone()
        db.execute(
            "DELETE FROM group_tokens_to_show WHERE (id = ? AND browser_id = ?) OR created_at < ?",
            [shown, browser_id, _ago(SHOW_FOR)],
        )
    if row is None or row[1] < _ago(SHOW_FOR):
        return None
    return str(row[0])


def _ago(seconds: int) -> str:
    """Returns the stamp of `seconds` ago, as now() writes stamps."""
    return (datetime.fromisoformat(now()) - timedelta(seconds=seconds)).isoformat()


def api_tokens(db: Database, group_id: str) -> list[ApiToken]:
    """Returns the group's API tokens (without the tokens themselves), the oldest first."""
    return [
        ApiToken(r["id"], r["label"], r["made_by"], bool(r["shared"]), r["created_at"])
        for r in db.query(
            "SELECT id, label, made_by, shared, created_at FROM group_tokens WHERE group_id = ? "
            "ORDER BY created_at, id",
            [group_id],
        )
    ]


def revoke_api_token(db: Database, browser_id: str, group_id: str, token_id: str) -> None:
    """Revokes one of the group's API tokens, as an admin asks: it answers 404 at once."""
    with write(db):
        admin_group(db, browser_id, group_id)
        gone = db.execute(
            "DELETE FROM group_tokens WHERE group_id = ? AND id = ?", [group_id, token_id]
        ).rowcount
        if not gone:
            raise InvalidGroup("no_token")


def is_admin_token(db: Database, group_id: str, token: str) -> bool:
    """Tells whether `token` is an API token of one of the group's admins.

    The group's first token (made through the API, before any phone) and each token an admin
    made while that phone is still an admin are; the shared key from before admins (which
    every member held) and the tokens of a phone that handed the role on are not.
    """
    found = db.execute(
        "SELECT 1 FROM group_tokens t LEFT JOIN group_members m "
        "ON m.group_id = t.group_id AND m.browser_id = t.made_by "
        "WHERE t.group_id = ? AND t.token = ? AND t.shared = 0 "
        "AND (t.made_by IS NULL OR m.admin = 1)",
        [group_id, token],
    ).fetchone()
    return found is not None

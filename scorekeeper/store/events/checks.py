"""Opponents confirm: who saved each hand, who checked it, and the director's word on it.

A hand counts once the side that did not save it confirms it, or the director does; a
dispute waits for the director alone. Any change to a hand's entry drops its check (SQL
triggers of migration 0010), so it is pending again whoever changed it; a hand saved
outside the sides' pages (the game's own link, which only the director holds) waits for
the director.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from scorekeeper.store.connection import write
from scorekeeper.store.errors import HandNotFound, StoreError, said
from scorekeeper.store.games.game import Game
from scorekeeper.store.games.hands import add_hand
from scorekeeper.store.stamps import now

STATES = ("confirmed", "disputed")
NOBODY = -1  # saved outside the sides' pages: no side may confirm it, the director does
DIRECTOR = 3  # who checked a hand the director confirmed (sides are 0, 1 and, at three, 2)


class NotYours(StoreError):
    """A side tried to check a hand it saved, or one that is not pending from the other side."""

    def __init__(self, message: str) -> None:
        super().__init__(message)


class SideNotFound(StoreError):
    """No table side has this token."""

    def __init__(self) -> None:
        super().__init__(said("table_token_unknown"))


@dataclass(frozen=True)
class TableSide:
    """A phone's place at a table: its game and side (0 north-south, 1 east-west, 2 a third)."""

    game_id: str
    side: int
    event_id: str
    round: int
    table: int


@dataclass(frozen=True)
class Check:
    """A hand's check: its state, the side that saved it, and who checked it last."""

    state: str  # pending, confirmed or disputed
    saved_by: int  # 0, 1 (2 at a table of three), or NOBODY
    by: int  # the side that saved or checked it, or DIRECTOR


UNCHECKED = Check("pending", NOBODY, NOBODY)


def side_of(db: Database, token: str) -> TableSide:
    """Returns the table side a side token opens, or an entrant's card at its latest table."""
    found = db.execute(
        "SELECT s.game_id, s.side, t.event_id, t.round, t.number FROM event_side_tokens s "
        "JOIN event_tables t ON t.game_id = s.game_id WHERE s.token = ?",
        [token],
    ).fetchone()
    if found is not None:
        return TableSide(*found)
    return _card_side(db, token)


def _card_side(db: Database, token: str) -> TableSide:
    """Returns where an entrant's card sits in the event's latest round; SideNotFound else."""
    card = db.execute(
        "SELECT event_id, position FROM event_entrants WHERE token = ?", [token]
    ).fetchone()
    if card is None or not token:
        raise SideNotFound()
    tables = db.execute(
        "SELECT game_id, north_south, east_west, third, round, number FROM event_tables "
        "WHERE event_id = ? AND game_id IS NOT NULL "
        "AND round = (SELECT max(round) FROM event_tables WHERE event_id = ?)",
        [card[0], card[0]],
    ).fetchall()
    for game_id, north_south, east_west, third, round_number, number in tables:
        for side, positions in enumerate((north_south, east_west, third)):
            if card[1] in json.loads(positions):
                return TableSide(game_id, side, card[0], round_number, number)
    raise SideNotFound()  # a bye this round, or no round started yet


def in_closed_event(db: Database, game_id: str) -> bool:
    """Tells whether the game is a table of a closed event: nothing at it changes until reopened."""
    found = db.execute(
        "SELECT 1 FROM event_tables t JOIN events e ON e.id = t.event_id "
        "WHERE t.game_id = ? AND e.closed_at IS NOT NULL",
        [game_id],
    ).fetchone()
    return found is not None


def side_tokens(db: Database, game_id: str) -> tuple[str, ...]:
    """Returns a table game's side tokens, north-south's first (three at a table of three)."""
    found = dict(
        db.execute(
            "SELECT side, token FROM event_side_tokens WHERE game_id = ?", [game_id]
        ).fetchall()
    )
    return tuple(found.get(side, "") for side in range(max(2, len(found))))


def states(db: Database, game_id: str) -> dict[int, Check]:
    """Returns each checked hand's Check by hand number (a hand not listed is UNCHECKED)."""
    rows = db.execute(
        "SELECT number, state, saved_by, side FROM event_hand_checks WHERE game_id = ?",
        [game_id],
    )
    return {n: Check(state, saved_by, by) for n, state, saved_by, by in rows}


def record_for(
    db: Database, game_id: str, side: int, hand: dict[str, Any], *, version: int, form_token: str
) -> Game:
    """Records the next hand of a side's table, pending until the other side confirms it."""
    game = add_hand(db, game_id, hand, version=version, form_token=form_token)
    with write(db):
        db.execute(
            "INSERT OR REPLACE INTO event_hand_checks (game_id, number, state, side, saved_by, at) "
            "VALUES (?, ?, 'pending', ?, ?, ?)",
            [game_id, game.hand_count, side, side, now()],
        )
    return game


def record_as(
    db: Database, token: str, hand: dict[str, Any], *, version: int, form_token: str
) -> Game:
    """Records the next hand of a side token's table, pending until the other side confirms it."""
    seat = side_of(db, token)
    return record_for(db, seat.game_id, seat.side, hand, version=version, form_token=form_token)


def _saved_check(db: Database, game_id: str, number: int) -> Check:
    """Returns hand `number`'s check, inside the caller's write; HandNotFound without the hand."""
    played = db.execute("SELECT hand_count FROM games WHERE id = ?", [game_id]).fetchone()
    if played is None or not 1 <= number <= played[0]:
        raise HandNotFound(said("hand_not_at_table"))
    found = db.execute(
        "SELECT state, saved_by, side FROM event_hand_checks WHERE game_id = ? AND number = ?",
        [game_id, number],
    ).fetchone()
    return Check(*found) if found else UNCHECKED


def _refusal(check: Check, side: int) -> str | None:
    """Returns why a side may not check this hand, or None when it may."""
    if check.state == "confirmed":
        return said("hand_confirmed")
    if check.state == "disputed":
        return said("hand_disputed")
    if check.saved_by == NOBODY:
        return said("hand_outside_sides")
    if check.saved_by == side:
        return said("hand_other_side")
    return None


def check_as(db: Database, game_id: str, side: int, number: int, state: str) -> None:
    """Confirms or disputes hand `number` for a side: only a pending hand the other side saved."""
    with write(db):  # read and change under one lock: two phones cannot both win
        check = _saved_check(db, game_id, number)
        why = _refusal(check, side)
        if why is not None:
            raise NotYours(why)
        db.execute(
            "UPDATE event_hand_checks SET state = ?, side = ?, at = ? "
            "WHERE game_id = ? AND number = ?",
            [state, side, now(), game_id, number],
        )


def check(db: Database, token: str, number: int, state: str) -> None:
    """Confirms or disputes hand `number` from a side token's phone; never the side that saved it."""
    seat = side_of(db, token)
    try:
        check_as(db, seat.game_id, seat.side, number, state)
    except HandNotFound as error:
        raise NotYours(error.message) from None


def resolve(db: Database, game_id: str, number: int) -> None:
    """Confirms hand `number` as the director: it counts as it stands (kept, or corrected)."""
    with write(db):
        check = _saved_check(db, game_id, number)
        db.execute(
            "INSERT OR REPLACE INTO event_hand_checks (game_id, number, state, side, saved_by, at) "
            "VALUES (?, ?, 'confirmed', ?, ?, ?)",
            [game_id, number, DIRECTOR, check.saved_by, now()],
        )


@dataclass(frozen=True)
class Waiting:
    """A hand only the director can settle: disputed, or saved outside the sides' pages."""

    round: int
    table: int
    game_id: str
    number: int
    disputed: bool


def for_director(db: Database, event_id: str) -> list[Waiting]:
    """Returns the event's hands that wait for the director, in round and table order."""
    found = db.execute(
        "SELECT t.round, t.number, t.game_id, g.hand_count FROM event_tables t "
        "JOIN games g ON g.id = t.game_id WHERE t.event_id = ? AND t.no_play = 0 "
        "AND t.corrected IS NULL ORDER BY t.round, t.number",
        [event_id],
    ).fetchall()
    waiting = []
    for round_number, table, game_id, played in found:
        checks = states(db, game_id)
        for number in range(1, played + 1):
            check = checks.get(number, UNCHECKED)
            if check.state == "disputed" or (check.state == "pending" and check.saved_by == NOBODY):
                disputed = check.state == "disputed"
                waiting.append(Waiting(round_number, table, game_id, number, disputed))
    return waiting

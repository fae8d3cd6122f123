"""Opponents confirm: each side's token, and a hand's pending, confirmed or disputed state."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from scorekeeper.sentences.marked import N_
from scorekeeper.store.connection import read, write
from scorekeeper.store.errors import StoreError
from scorekeeper.store.games import Game, get_game
from scorekeeper.store.hands import add_hand
from scorekeeper.store.stamps import now

STATES = ("confirmed", "disputed")


class NotYours(StoreError):
    """A side tried to confirm its own hand, or a hand that is not pending."""

    def __init__(self, message: str) -> None:
        super().__init__(message)


class SideNotFound(StoreError):
    """No table side has this token."""

    def __init__(self) -> None:
        super().__init__(N_("That token does not open any table."))


@dataclass(frozen=True)
class TableSide:
    """A phone's place at a table: the table's game and its side (0 north-south, 1 east-west)."""

    game_id: str
    side: int
    event_id: str
    round: int
    table: int


def side_of(db: Database, token: str) -> TableSide:
    """Returns the table side a side token opens; SideNotFound otherwise."""
    found = db.execute(
        "SELECT s.game_id, s.side, t.event_id, t.round, t.number FROM event_side_tokens s "
        "JOIN event_tables t ON t.game_id = s.game_id WHERE s.token = ?",
        [token],
    ).fetchone()
    if found is None:
        raise SideNotFound()
    return TableSide(*found)


def side_tokens(db: Database, game_id: str) -> tuple[str, str]:
    """Returns a table game's two side tokens, north-south's first."""
    found = dict(
        db.execute(
            "SELECT side, token FROM event_side_tokens WHERE game_id = ?", [game_id]
        ).fetchall()
    )
    return found.get(0, ""), found.get(1, "")


def states(db: Database, game_id: str) -> dict[int, tuple[str, int]]:
    """Returns each checked hand's (state, side that saved or checked it) by hand number."""
    rows = db.execute(
        "SELECT number, state, side FROM event_hand_checks WHERE game_id = ?", [game_id]
    )
    return {n: (s, side) for n, s, side in rows}


def record_as(
    db: Database, token: str, hand: dict[str, Any], *, version: int, form_token: str
) -> Game:
    """Records the next hand of a side's table, pending until the other side confirms it."""
    seat = side_of(db, token)
    game = add_hand(db, seat.game_id, hand, version=version, form_token=form_token)
    with write(db):
        db.execute(
            "INSERT OR REPLACE INTO event_hand_checks (game_id, number, state, side, at) "
            "VALUES (?, ?, 'pending', ?, ?)",
            [seat.game_id, game.hand_count, seat.side, now()],
        )
    return game


def check(db: Database, token: str, number: int, state: str) -> None:
    """Confirms or disputes hand `number` from a side's phone; never the side that saved it."""
    seat = side_of(db, token)
    with read(db):
        played = get_game(db, seat.game_id).hand_count
    if not 1 <= number <= played:
        raise NotYours(N_("There is no such hand at this table."))
    saved = states(db, seat.game_id).get(number)
    if saved is not None and saved[0] == "pending" and saved[1] == seat.side:
        raise NotYours(N_("The other side confirms a hand; a phone of theirs taps Confirm."))
    with write(db):
        db.execute(
            "INSERT OR REPLACE INTO event_hand_checks (game_id, number, state, side, at) "
            "VALUES (?, ?, ?, ?, ?)",
            [seat.game_id, number, state, seat.side, now()],
        )


@dataclass(frozen=True)
class Place:
    """Where an entrant sits in a round: table, side, its game and its side's token."""

    round: int
    table: int
    side: int  # 0 north-south, 1 east-west
    game_id: str
    token: str
    ours: tuple[int, ...]  # entrant positions
    theirs: tuple[int, ...]


def latest_place(db: Database, token: str) -> tuple[str, tuple[int, ...], Place | None]:
    """Returns the side token's event, its entrants, and where they sit in the latest round.

    A phone keeps the link of its first table; this finds the table of the round now played
    (None: a bye this round).
    """
    seat = side_of(db, token)
    row = db.execute(
        "SELECT north_south, east_west FROM event_tables WHERE game_id = ?", [seat.game_id]
    ).fetchone()
    ours = tuple(json.loads(row[seat.side]))
    latest = db.execute(
        "SELECT max(round) FROM event_tables WHERE event_id = ?", [seat.event_id]
    ).fetchone()[0]
    for t in db.query(
        "SELECT number, game_id, north_south, east_west FROM event_tables "
        "WHERE event_id = ? AND round = ?",
        [seat.event_id, latest],
    ):
        sides = (tuple(json.loads(t["north_south"])), tuple(json.loads(t["east_west"])))
        for index, positions in enumerate(sides):
            if set(ours) & set(positions):
                mine = side_tokens(db, t["game_id"])[index]
                place = Place(
                    latest, t["number"], index, t["game_id"], mine, positions, sides[1 - index]
                )
                return seat.event_id, ours, place
    return seat.event_id, ours, None

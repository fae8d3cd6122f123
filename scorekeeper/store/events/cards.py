"""Each entrant's own card: its token, the tables it sat at, and a table card's read-only link."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlite_utils import Database

from scorekeeper.store.errors import StoreError, said


class CardNotFound(StoreError):
    """No entrant (or, for a table card, no table) has this token."""

    def __init__(self) -> None:
        super().__init__(said("card_unknown"))


@dataclass(frozen=True)
class Seat:
    """Where an entrant sat in one round: table, side, its game, and its and the others' positions."""

    round: int
    table: int
    side: int  # 0 north-south, 1 east-west, 2 a table of three's third
    game_id: str
    ours: tuple[int, ...]
    theirs: tuple[int, ...]  # every other side's (two players at a table of three)
    sides: int = 2  # 3 at a three-handed (Cutthroat) table


def card_of(db: Database, token: str) -> tuple[str, int]:
    """Returns the event and entrant position an entrant's card token opens; CardNotFound else."""
    found = db.execute(
        "SELECT event_id, position FROM event_entrants WHERE token = ?", [token]
    ).fetchone()
    if found is None or not token:
        raise CardNotFound()
    return str(found[0]), int(found[1])


def card_tokens(db: Database, event_id: str) -> dict[int, str]:
    """Returns each entrant's card token by its position."""
    rows = db.execute(
        "SELECT position, token FROM event_entrants WHERE event_id = ?", [event_id]
    ).fetchall()
    return {int(p): str(t) for p, t in rows}


def seats(db: Database, event_id: str, position: int) -> list[Seat]:
    """Returns every table the entrant sat at, by round (a bye round has none)."""
    found = []
    for row in db.execute(
        "SELECT round, number, game_id, north_south, east_west, third FROM event_tables "
        "WHERE event_id = ? AND game_id IS NOT NULL ORDER BY round, number",
        [event_id],
    ):
        sides = [tuple(json.loads(text)) for text in row[3:6] if text != "[]"]
        for index, positions in enumerate(sides):
            if position in positions:
                others = tuple(p for i, side in enumerate(sides) if i != index for p in side)
                seat = Seat(row[0], row[1], index, row[2], positions, others, len(sides))
                found.append(seat)
    return found


def table_of_card(db: Database, token: str) -> tuple[str, int, int, str]:
    """Returns the event, round, table and game a table card's token (the game's view) opens."""
    found = db.execute(
        "SELECT t.event_id, t.round, t.number, t.game_id FROM games g "
        "JOIN event_tables t ON t.game_id = g.id WHERE g.view_token = ?",
        [token],
    ).fetchone()
    if found is None or not token:
        raise CardNotFound()
    return str(found[0]), int(found[1]), int(found[2]), str(found[3])


def card_of_side(db: Database, token: str) -> str:
    """Returns the card token of the (first) entrant a table side's token seats; CardNotFound else."""
    found = db.execute(
        "SELECT t.north_south, t.east_west, t.third, s.side, t.event_id FROM event_side_tokens s "
        "JOIN event_tables t ON t.game_id = s.game_id WHERE s.token = ?",
        [token],
    ).fetchone()
    if found is None:
        raise CardNotFound()
    first = json.loads(found[found[3]])[0]
    return card_tokens(db, found[4])[first]


def table_sides(db: Database, event_id: str, game_id: str) -> list[tuple[tuple[int, ...], ...]]:
    """Returns the entrant positions of a table's sides, north-south first (three at a three)."""
    return [
        tuple(tuple(json.loads(text)) for text in r if text != "[]")
        for r in db.execute(
            "SELECT north_south, east_west, third FROM event_tables "
            "WHERE event_id = ? AND game_id = ?",
            [event_id, game_id],
        )
    ]

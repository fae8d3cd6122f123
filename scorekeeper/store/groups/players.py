"""A group's players: remembered by name, linked to the seats of its games, renamed and merged."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from sqlite_utils import Database

from scorekeeper.engine.names import name_problem, tidy
from scorekeeper.store.connection import read, write
from scorekeeper.store.groups.group import InvalidGroup
from scorekeeper.store.stamps import new_token, now

# Names the new-game form gives a seat left blank ("We 2", "Player 3", "Jugador 3" in the
# starting phone's language): one word and a number are nobody's name.
UNNAMED_PLAYER = re.compile(r"[^\W\d_]+ \d+")


@dataclass(frozen=True)
class Player:
    """One person of a group and how many of its games they sat in."""

    id: str
    name: str
    games: int = 0


def is_unnamed(name: str, side_name: str, position: int) -> bool:
    """Tells whether a seat's name is the form's default rather than a person's name."""
    return name == f"{side_name} {position + 1}" or bool(UNNAMED_PLAYER.fullmatch(name))


def players_of(db: Database, group_id: str) -> list[Player]:
    """Returns the group's players by name, each with the number of games they played."""
    with read(db):
        return [
            Player(r["id"], r["name"], r["games"])
            for r in db.query(
                "SELECT p.id, p.name, count(DISTINCT s.game_id) AS games FROM group_players p "
                "LEFT JOIN game_seats s ON s.player_id = p.id WHERE p.group_id = ? "
                "GROUP BY p.id ORDER BY p.name COLLATE NOCASE",
                [group_id],
            )
        ]


def get_player(db: Database, group_id: str, player_id: str) -> Player:
    """Returns one of the group's players; InvalidGroup when the group has no such player."""
    found = [p for p in players_of(db, group_id) if p.id == player_id]
    if not found:
        raise InvalidGroup("no_player")
    return found[0]


def _match(db: Database, group_id: str, name: str) -> str:
    """Returns the id of the group's player with this name (any case), adding one if new."""
    row = db.execute(
        "SELECT id FROM group_players WHERE group_id = ? AND name = ? COLLATE NOCASE",
        [group_id, name],
    ).fetchone()
    if row is not None:
        return str(row[0])
    player_id = new_token()
    db.execute(
        "INSERT INTO group_players (id, group_id, name, created_at) VALUES (?, ?, ?, ?)",
        [player_id, group_id, name, now()],
    )
    return player_id


def link_seats(
    db: Database, group_id: str, game_id: str, only: Iterable[tuple[int, int]] | None = None
) -> None:
    """Links the game's named seats (all, or `only` these) to the group's players, by name.

    Call inside a write. Seats left unnamed stay unlinked: names are optional for a game.
    """
    wanted = None if only is None else set(only)
    seats = db.execute(
        "SELECT p.side_position, p.position, p.name, s.name FROM players p "
        "JOIN sides s ON s.game_id = p.game_id AND s.position = p.side_position "
        "WHERE p.game_id = ?",
        [game_id],
    ).fetchall()
    for side, position, name, side_name in seats:
        if wanted is not None and (side, position) not in wanted:
            continue
        db.execute(
            "DELETE FROM game_seats WHERE game_id = ? AND side_position = ? AND position = ?",
            [game_id, side, position],
        )
        if is_unnamed(name, side_name, position):
            continue
        db.execute(
            "INSERT INTO game_seats (game_id, side_position, position, player_id) "
            "VALUES (?, ?, ?, ?)",
            [game_id, side, position, _match(db, group_id, name)],
        )


def add_game(db: Database, group_id: str, game_id: str) -> None:
    """Makes the game one of the group's, its named players the group's players (in a write)."""
    db.execute(
        "INSERT INTO group_games (game_id, group_id, added_at) VALUES (?, ?, ?)",
        [game_id, group_id, now()],
    )
    link_seats(db, group_id, game_id)


def _checked(name: str) -> str:
    name = tidy(name) if isinstance(name, str) else ""
    problem = name_problem(name)
    if problem is not None:
        raise InvalidGroup("player_name_blank" if problem == "name_blank" else problem)
    return name


def rename_player(db: Database, group_id: str, player_id: str, name: str) -> None:
    """Gives a player a new name; their games stay theirs. A name in use asks for a merge."""
    name = _checked(name)
    with write(db):
        get_player(db, group_id, player_id)
        other = db.execute(
            "SELECT id FROM group_players WHERE group_id = ? AND name = ? COLLATE NOCASE "
            "AND id != ?",
            [group_id, name, player_id],
        ).fetchone()
        if other is not None:
            raise InvalidGroup("group_player_taken", name=name)
        db.execute("UPDATE group_players SET name = ? WHERE id = ?", [name, player_id])


def merge_players(db: Database, group_id: str, keep_id: str, merged_id: str) -> None:
    """Makes two spellings one player: every game of `merged_id` becomes `keep_id`'s."""
    if keep_id == merged_id:
        raise InvalidGroup("same_player")
    with write(db):
        kept = get_player(db, group_id, keep_id)
        merged = get_player(db, group_id, merged_id)
        # Two seats of one game are two people: merged, that game would count twice for one.
        shared = db.execute(
            "SELECT count(DISTINCT a.game_id) FROM game_seats a JOIN game_seats b "
            "ON b.game_id = a.game_id WHERE a.player_id = ? AND b.player_id = ?",
            [keep_id, merged_id],
        ).fetchone()[0]
        if shared:
            raise InvalidGroup("same_game", name=kept.name, other=merged.name, games=shared)
        db.execute("UPDATE game_seats SET player_id = ? WHERE player_id = ?", [keep_id, merged_id])
        db.execute("DELETE FROM group_players WHERE id = ?", [merged_id])


def seat_players(db: Database, group_id: str) -> dict[str, dict[tuple[int, int], str]]:
    """Returns, per game of the group, the player id in each linked seat."""
    seats: dict[str, dict[tuple[int, int], str]] = {}
    for game_id, side, position, player_id in db.execute(
        "SELECT s.game_id, s.side_position, s.position, s.player_id FROM game_seats s "
        "JOIN group_games gg ON gg.game_id = s.game_id WHERE gg.group_id = ?",
        [group_id],
    ).fetchall():
        seats.setdefault(game_id, {})[(side, position)] = player_id
    return seats


def recent_partnerships(db: Database, group_id: str, limit: int = 6) -> list[tuple[str, ...]]:
    """Returns the names of the sides the group's latest games seated, newest first, once each."""
    found: list[tuple[str, ...]] = []
    rows = db.execute(
        "SELECT s.game_id, s.side_position, p.name FROM game_seats s "
        "JOIN group_players p ON p.id = s.player_id JOIN games g ON g.id = s.game_id "
        "WHERE p.group_id = ? AND g.deleted_at IS NULL "
        "ORDER BY g.created_at DESC, s.game_id, s.side_position, s.position",
        [group_id],
    ).fetchall()
    sides: dict[tuple[str, int], list[str]] = {}
    for game_id, side, name in rows:
        sides.setdefault((game_id, side), []).append(name)
    for names in sides.values():
        key = tuple(names)
        if len(key) > 1 and key not in found:
            found.append(key)
    return found[:limit]

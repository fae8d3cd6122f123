"""Groups in the portable JSON: their players and which player sat where, exported and imported."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from scorekeeper.engine.names import name_problem
from scorekeeper.store.errors import StoreError
from scorekeeper.store.groups import MAX_GROUP_NAME, check_name
from scorekeeper.store.stamps import new_token, now

MAX_GROUPS = 100
MAX_PLAYERS = 1_000
MAX_TEXT = 40


class InvalidGroups(StoreError):
    """The groups of an import file are wrong; nothing was saved."""


@dataclass(frozen=True)
class GroupImport:
    """One checked group of an import file: its name, players and each game's seats."""

    name: str
    players: tuple[tuple[str, str], ...]  # (file id, name)
    games: tuple[tuple[str, tuple[tuple[int, int, str], ...]], ...]  # (game file id, seats)


def group_documents(db: Database, game_ids: Sequence[str]) -> list[dict[str, Any]]:
    """Returns the groups of these games with their players and seats, for an export."""
    wanted = set(game_ids)
    if not wanted:
        return []
    by_group: dict[str, list[str]] = {}
    for game_id, group_id in db.execute("SELECT game_id, group_id FROM group_games").fetchall():
        if game_id in wanted:
            by_group.setdefault(group_id, []).append(game_id)
    documents = []
    for group_id, games in sorted(by_group.items()):
        name = db.execute("SELECT name FROM groups WHERE id = ?", [group_id]).fetchone()[0]
        seats: dict[str, list[list[Any]]] = {game: [] for game in games}
        for game_id, side, position, player in db.execute(
            "SELECT s.game_id, s.side_position, s.position, s.player_id FROM game_seats s "
            "JOIN group_games gg ON gg.game_id = s.game_id WHERE gg.group_id = ? "
            "ORDER BY s.game_id, s.side_position, s.position",
            [group_id],
        ).fetchall():
            if game_id in seats:
                seats[game_id].append([side, position, player])
        # Only the players of these games: a game's export names no one else of its group.
        seated = {seat[2] for game_seats in seats.values() for seat in game_seats}
        players = [
            {"id": pid, "name": pname}
            for pid, pname in db.execute(
                "SELECT id, name FROM group_players WHERE group_id = ? ORDER BY name", [group_id]
            ).fetchall()
            if pid in seated
        ]
        documents.append(
            {
                "id": group_id,
                "name": name,
                "players": players,
                "games": [{"game": g, "seats": seats[g]} for g in games],
            }
        )
    return documents


def _text(where: str, value: Any, name: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= limit:
        raise InvalidGroups(f"{where}: {name} must be text of 1 to {limit} characters.")
    return value


def _players(where: str, raw: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(raw, list) or len(raw) > MAX_PLAYERS:
        raise InvalidGroups(f"{where}: players must be a list of at most {MAX_PLAYERS:,}.")
    players, ids, names = [], set(), set()
    for i, item in enumerate(raw):
        if not isinstance(item, dict) or set(item) != {"id", "name"}:
            raise InvalidGroups(f"{where}: players[{i}] must have exactly an id and a name.")
        player_id = _text(where, item["id"], f"players[{i}].id")
        problem = name_problem(item["name"], "player")
        if problem is not None:
            raise InvalidGroups(f"{where}: players[{i}].name: {problem.message}")
        if player_id in ids or item["name"].casefold() in names:
            raise InvalidGroups(f"{where}: players[{i}] appears twice.")
        ids.add(player_id)
        names.add(item["name"].casefold())
        players.append((player_id, item["name"]))
    return tuple(players)


def _seats(
    where: str, raw: Any, shape: Sequence[int], players: set[str]
) -> tuple[tuple[int, int, str], ...]:
    """Checks a game's seats: each a (side, seat, player) of that game, each seat once."""
    if not isinstance(raw, list):
        raise InvalidGroups(f"{where}: seats must be a list of [side, seat, player id].")
    seats, taken = [], set()
    for i, seat in enumerate(raw):
        if (
            not isinstance(seat, list)
            or len(seat) != 3
            or any(isinstance(n, bool) or not isinstance(n, int) for n in seat[:2])
        ):
            raise InvalidGroups(f"{where}: seats[{i}] must be [side, seat, player id].")
        side, position, player = seat
        if not (0 <= side < len(shape) and 0 <= position < shape[side]):
            raise InvalidGroups(f"{where}: seats[{i}] names no seat of the game.")
        if player not in players or (side, position) in taken:
            raise InvalidGroups(
                f"{where}: seats[{i}] names no player of the group, or a seat twice."
            )
        taken.add((side, position))
        seats.append((side, position, player))
    return tuple(seats)


def check_groups(raw: Any, games: Mapping[str, Sequence[int]]) -> list[GroupImport]:
    """Checks an export's groups against its games (file id -> players per side)."""
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > MAX_GROUPS:
        raise InvalidGroups(f"groups must be a list of at most {MAX_GROUPS}.")
    checked, claimed = [], set()
    for index, group in enumerate(raw):
        where = f"Group {index + 1}"
        keys = {"id", "name", "players", "games"}
        if not isinstance(group, dict) or set(group) - keys or not {"name", "games"} <= set(group):
            raise InvalidGroups(f"{where} must be an object with {', '.join(sorted(keys))}.")
        try:
            name = check_name(group["name"]) if isinstance(group["name"], str) else ""
        except StoreError as error:
            raise InvalidGroups(f"{where}: {error.message}") from None
        if not name or len(name) > MAX_GROUP_NAME:
            raise InvalidGroups(f"{where}: name must be text.")
        players = _players(where, group.get("players", []))
        ids = {pid for pid, _ in players}
        if not isinstance(group["games"], list):
            raise InvalidGroups(f"{where}: games must be a list.")
        entries = []
        for i, entry in enumerate(group["games"]):
            if not isinstance(entry, dict) or set(entry) - {"game", "seats"} or "game" not in entry:
                raise InvalidGroups(f'{where}: games[{i}] must be {{"game": id, "seats": [...]}}.')
            game = entry["game"]
            if game not in games or game in claimed:
                raise InvalidGroups(
                    f"{where}: games[{i}] names no game of the file, or one already in a group."
                )
            claimed.add(game)
            entries.append(
                (game, _seats(f"{where}: games[{i}]", entry.get("seats", []), games[game], ids))
            )
        checked.append(GroupImport(name, players, tuple(entries)))
    return checked


def insert_groups(
    db: Database,
    groups: Iterable[GroupImport],
    new_ids: Mapping[str, str],
    owner: str | None,
    *,
    demo: bool = False,
) -> list[str]:
    """Saves checked groups under new ids and tokens, linking the imported games; call in write()."""
    made = []
    for group in groups:
        group_id, stamp = new_token(), now()
        db.execute(
            "INSERT INTO groups (id, name, token, demo, created_at) VALUES (?, ?, ?, ?, ?)",
            [group_id, group.name, new_token(), int(demo), stamp],
        )
        if owner:
            db.execute(
                "INSERT INTO group_members (group_id, browser_id, founder, joined_at) "
                "VALUES (?, ?, 1, ?)",
                [group_id, owner, stamp],
            )
        players = {file_id: new_token() for file_id, _ in group.players}
        for file_id, name in group.players:
            db.execute(
                "INSERT INTO group_players (id, group_id, name, created_at) VALUES (?, ?, ?, ?)",
                [players[file_id], group_id, name, stamp],
            )
        for game, seats in group.games:
            db.execute(
                "INSERT INTO group_games (game_id, group_id, added_at) VALUES (?, ?, ?)",
                [new_ids[game], group_id, stamp],
            )
            for side, position, player in seats:
                db.execute(
                    "INSERT INTO game_seats (game_id, side_position, position, player_id) "
                    "VALUES (?, ?, ?, ?)",
                    [new_ids[game], side, position, players[player]],
                )
        made.append(group_id)
    return made

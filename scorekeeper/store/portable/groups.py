"""Groups in the portable JSON: their players and which player sat where, exported and imported."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from scorekeeper.engine import Problem
from scorekeeper.engine import check_name as check_player_name
from scorekeeper.sentences.marked import N_
from scorekeeper.store.errors import Grouped, StoreError
from scorekeeper.store.groups.group import MAX_GROUP_NAME, InvalidGroup, add_member, check_name
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


# Every refusal of one group starts "Group %(group)s: ", `group` being its place in the file.
# Field paths (players[0].name, games[1]: seats[2]) are code, so they are params too; a name's
# problem rides as an engine problem and each edge words it, as portable.py does for games.


def _text(group: str, value: Any, name: str, limit: int = MAX_TEXT) -> str:
    """Returns a short text field of a group, refused when it is not 1 to `limit` characters."""
    if not isinstance(value, str) or not 1 <= len(value) <= limit:
        refused = N_("Group %(group)s: %(name)s must be text of 1 to %(limit)s characters.")
        raise InvalidGroups(refused, group=group, name=name, limit=limit)
    return value


def _player(group: str, index: int, item: Any) -> tuple[str, str]:
    """Checks one player of a group: an id, and a name by the one rule for names."""
    name = f"players[{index}]"
    if not isinstance(item, dict) or set(item) != {"id", "name"}:
        refused = N_("Group %(group)s: %(name)s must have exactly an id and a name.")
        raise InvalidGroups(refused, group=group, name=name)
    player_id = _text(group, item["id"], f"{name}.id")
    problem = check_player_name(item["name"], f"{name}.name", "player")
    if problem is not None:
        refused = N_("Group %(group)s: %(name)s: %(problem)s")
        raise InvalidGroups(refused, group=group, name=f"{name}.name", problem=problem)
    return player_id, item["name"]


def _players(group: str, raw: Any) -> tuple[tuple[str, str], ...]:
    """Checks a group's players: each once, by id and by name whatever its case."""
    if not isinstance(raw, list) or len(raw) > MAX_PLAYERS:
        refused = N_("Group %(group)s: %(name)s must be a list of at most %(most)s.")
        raise InvalidGroups(refused, group=group, name="players", most=Grouped(MAX_PLAYERS))
    players, ids, names = [], set(), set()
    for i, item in enumerate(raw):
        player_id, name = _player(group, i, item)
        if player_id in ids or name.casefold() in names:
            refused = N_("Group %(group)s: %(name)s appears twice.")
            raise InvalidGroups(refused, group=group, name=f"players[{i}]")
        ids.add(player_id)
        names.add(name.casefold())
        players.append((player_id, name))
    return tuple(players)


def _seats(
    group: str, at: str, raw: Any, shape: Sequence[int], players: set[str]
) -> tuple[tuple[int, int, str], ...]:
    """Checks a game's seats: each a (side, seat, player) of that game, each seat once."""
    if not isinstance(raw, list):
        refused = N_("Group %(group)s: %(name)s must be a list of [side, seat, player id].")
        raise InvalidGroups(refused, group=group, name=f"{at}: seats")
    seats, taken = [], set()
    for i, seat in enumerate(raw):
        name = f"{at}: seats[{i}]"
        if (
            not isinstance(seat, list)
            or len(seat) != 3
            or any(isinstance(n, bool) or not isinstance(n, int) for n in seat[:2])
        ):
            refused = N_("Group %(group)s: %(name)s must be [side, seat, player id].")
            raise InvalidGroups(refused, group=group, name=name)
        side, position, player = seat
        if not (0 <= side < len(shape) and 0 <= position < shape[side]):
            refused = N_("Group %(group)s: %(name)s names no seat of the game.")
            raise InvalidGroups(refused, group=group, name=name)
        if player not in players or (side, position) in taken:
            refused = N_("Group %(group)s: %(name)s names no player of the group, or a seat twice.")
            raise InvalidGroups(refused, group=group, name=name)
        taken.add((side, position))
        seats.append((side, position, player))
    return tuple(seats)


def _name(group: str, raw: Any) -> str:
    """Returns the group's name as the groups page would keep it, or refuses it."""
    try:
        name = check_name(raw) if isinstance(raw, str) else ""
    except InvalidGroup as error:  # worded by its code, as the groups page words it
        problem = Problem(None, "name", error.code, error.params)
        refused = N_("Group %(group)s: %(problem)s")
        raise InvalidGroups(refused, group=group, problem=problem) from None
    if not name or len(name) > MAX_GROUP_NAME:
        refused = N_("Group %(group)s: %(name)s must be text.")
        raise InvalidGroups(refused, group=group, name="name")
    return name


def _games(
    group: str, raw: Any, games: Mapping[str, Sequence[int]], ids: set[str], claimed: set[str]
) -> tuple[tuple[str, tuple[tuple[int, int, str], ...]], ...]:
    """Checks which games of the file a group holds, each in one group only, and their seats."""
    if not isinstance(raw, list):
        refused = N_("Group %(group)s: %(name)s must be a list.")
        raise InvalidGroups(refused, group=group, name="games")
    entries = []
    for i, entry in enumerate(raw):
        at = f"games[{i}]"
        if not isinstance(entry, dict) or set(entry) - {"game", "seats"} or "game" not in entry:
            refused = N_('Group %(group)s: %(name)s must be {"game": id, "seats": [...]}.')
            raise InvalidGroups(refused, group=group, name=at)
        game = entry["game"]
        if game not in games or game in claimed:
            refused = N_(
                "Group %(group)s: %(name)s names no game of the file, or one already in a group."
            )
            raise InvalidGroups(refused, group=group, name=at)
        claimed.add(game)
        entries.append((game, _seats(group, at, entry.get("seats", []), games[game], ids)))
    return tuple(entries)


def check_groups(raw: Any, games: Mapping[str, Sequence[int]]) -> list[GroupImport]:
    """Checks an export's groups against its games (file id -> players per side)."""
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > MAX_GROUPS:
        refused = N_("%(name)s must be a list of at most %(most)s.")
        raise InvalidGroups(refused, name="groups", most=MAX_GROUPS)
    checked: list[Any] = []
    claimed: set[str] = set()
    for index, item in enumerate(raw):
        group = f"{index + 1}"
        keys = {"id", "name", "players", "games"}
        if not isinstance(item, dict) or set(item) - keys or not {"name", "games"} <= set(item):
            refused = N_("Group %(group)s must be an object with %(fields)s.")
            raise InvalidGroups(refused, group=group, fields=", ".join(sorted(keys)))
        name = _name(group, item["name"])
        players = _players(group, item.get("players", []))
        ids = {pid for pid, _ in players}
        entries = _games(group, item["games"], games, ids, claimed)
        checked.append(GroupImport(name, players, entries))
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
        group_id, players = insert_group(db, group, demo=demo)
        link_games(db, group_id, players, group.games, new_ids)
        if owner:  # the importing phone founds the group again, and is its admin
            add_member(db, group_id, owner, admin=True)
        made.append(group_id)
    return made


def insert_group(
    db: Database, group: GroupImport, *, demo: bool = False
) -> tuple[str, dict[str, str]]:
    """Saves one group and its players, no member yet; returns its id and the players' new ids."""
    group_id, stamp = new_token(), now()
    db.execute(
        "INSERT INTO groups (id, name, token, demo, created_at) VALUES (?, ?, ?, ?, ?)",
        [group_id, group.name, new_token(), int(demo), stamp],
    )
    players = {file_id: new_token() for file_id, _ in group.players}
    for file_id, name in group.players:
        db.execute(
            "INSERT INTO group_players (id, group_id, name, created_at) VALUES (?, ?, ?, ?)",
            [players[file_id], group_id, name, stamp],
        )
    return group_id, players


def link_games(
    db: Database,
    group_id: str,
    players: Mapping[str, str],
    games: Iterable[tuple[str, Any]],
    new_ids: Mapping[str, str],
) -> None:
    """Adds these games (file id and seats) to the group, each seat its player's; call in write()."""
    stamp = now()
    for game, seats in games:
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

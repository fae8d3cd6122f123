"""Reads and creates games: the Game record, the sheet it replays to, and the game list."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from sqlite_utils import Database

from scorekeeper import engine
from scorekeeper.db import read, write
from scorekeeper.engine import GameState, Hand, Problem, Setup, Side
from scorekeeper.presets import Rules, rules_for
from scorekeeper.store import cache
from scorekeeper.store.cache import Replayed
from scorekeeper.store.errors import GameNotFound, InvalidGame

MAX_NAME = 40
MAX_START_TOTAL = 100_000
ROLES = ("owner", "edit", "view")


def now() -> str:
    """Returns the current UTC time as ISO text, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def new_token() -> str:
    """Returns a fresh URL-safe token of 128 random bits that starts with a letter or digit."""
    # A leading "-" would read as an option on the command line (`scorekeeper export-pdf ID`).
    while (token := secrets.token_urlsafe(16))[0] in "-_":
        pass
    return token


@dataclass(frozen=True)
class Tokens:
    """The three links to a game: owner, edit and view."""

    owner: str
    edit: str
    view: str


@dataclass(frozen=True)
class Game:
    """A stored game: its rules, who plays, and the raw hands the sheet replays from."""

    id: str
    format: str
    options: tuple[str, ...]
    rules: Rules
    setup: Setup
    hands: tuple[Hand, ...]
    state: GameState  # the whole sheet, replayed from the raw hands
    version: int
    reopened: bool
    tokens: Tokens
    created_at: str
    updated_at: str

    @property
    def side_keys(self) -> list[str]:
        """Returns the sides' keys (their names) in seating order."""
        return [s.key for s in self.setup.sides]

    @property
    def locked(self) -> bool:
        """Tells whether the game is over and not reopened, so no hand may change."""
        return self.state.status.over and not self.reopened

    def totals_before(self, number: int) -> dict[str, int]:
        """Returns each side's total before hand `number` (1-based)."""
        if number <= 1 or not self.state.rows:
            return {s.key: self.setup.start_totals.get(s.key, 0) for s in self.setup.sides}
        return dict(self.state.rows[min(number, len(self.state.rows) + 1) - 2].totals)

    def check(self, raw: Hand | Mapping[str, Any], number: int) -> tuple[Hand, list[Problem]]:
        """Parses and validates a raw hand as hand `number`, returning every problem."""
        raw = raw.as_dict() if isinstance(raw, Hand) else raw
        problems: list[Problem] = []
        hand = engine.parse_hand(self.rules, raw, self.side_keys, problems)
        if not problems:
            problems = engine.validate_hand(self.rules, hand, self.totals_before(number))
        return hand, problems


def _row(db: Database, game_id: str) -> dict[str, Any]:
    rows = list(db.query("SELECT * FROM games WHERE id = ?", [game_id]))
    if not rows:
        raise GameNotFound()
    return rows[0]


def _setup(db: Database, game: Mapping[str, Any]) -> Setup:
    players: dict[int, list[str]] = {}
    for p in db.query(
        "SELECT side_position, name FROM players WHERE game_id = ? "
        "ORDER BY side_position, position",
        [game["id"]],
    ):
        players.setdefault(p["side_position"], []).append(p["name"])
    sides = tuple(
        Side(key=s["name"], name=s["name"], players=tuple(players.get(s["position"], ())))
        for s in db.query(
            "SELECT position, name FROM sides WHERE game_id = ? ORDER BY position", [game["id"]]
        )
    )
    return Setup(
        sides=sides,
        first_dealer=game["first_dealer"],
        seating=tuple(json.loads(game["seating"])),
        start_totals=json.loads(game["start_totals"]),
    )


def load(db: Database, game_id: str, *, fresh: bool = False) -> Game:
    """Reads one game with its sides, players and hands; GameNotFound when unknown."""
    with read(db):  # the row and the hands from one snapshot (inside a write: the write's)
        return _load(db, game_id, fresh)


def _load(db: Database, game_id: str, fresh: bool) -> Game:
    # How the cache may be used, and why that is safe, is written once in store/cache.py.
    row = _row(db, game_id)
    key = cache.key(db, game_id)
    # Inside a write, before the version moves, the cache cannot tell the change: no cache.
    known = None if fresh or key is None else cache.shared.get(key)
    version = row["version"]
    if known is not None and known.version == version:
        replayed = known
    elif known is not None and row["rewritten"] <= known.version < version:
        replayed = _caught_up(db, _rules(row), known, row)
    else:
        replayed = _replayed(db, _rules(row), row)
    if key is not None and replayed is not known and not fresh:
        cache.shared.put(key, replayed)
    return game_from(row, replayed)


def remember(db: Database, game_id: str, replayed: Replayed) -> None:
    """Keeps a game's replay in this process's cache, unless a later version is kept."""
    key = cache.key(db, game_id)
    if key is not None:
        cache.shared.put(key, replayed)


@lru_cache(maxsize=256)
def _rules_of(format_id: str, options: tuple[str, ...]) -> Rules:
    return rules_for(format_id, options)


def _rules(row: Mapping[str, Any]) -> Rules:
    """Returns the rules a game's row names; frozen, so one copy serves every game."""
    return _rules_of(row["format"], tuple(json.loads(row["options"])))


def _caught_up(db: Database, rules: Rules, known: Replayed, row: Mapping[str, Any]) -> Replayed:
    """Returns the remembered replay with the hands added since, each scored once."""
    keys = [s.key for s in known.setup.sides]
    added = tuple(
        engine.parse_hand(rules, json.loads(h["entry"]), keys, [])
        for h in db.query(
            "SELECT entry FROM hands WHERE game_id = ? AND number > ? ORDER BY number",
            [row["id"], len(known.hands)],
        )
    )
    state = known.state
    for hand in added:
        state = engine.append(rules, known.setup, state, hand)
    return Replayed(row["version"], known.setup, (*known.hands, *added), state)


def _replayed(db: Database, rules: Rules, row: Mapping[str, Any]) -> Replayed:
    """Returns the game's hands read from the database and replayed from the first."""
    setup = _setup(db, row)
    keys = [s.key for s in setup.sides]
    hands = tuple(
        engine.parse_hand(rules, json.loads(h["entry"]), keys, [])
        for h in db.query("SELECT entry FROM hands WHERE game_id = ? ORDER BY number", [row["id"]])
    )
    return Replayed(row["version"], setup, hands, engine.replay(rules, setup, hands))


def _row_fields(row: Mapping[str, Any]) -> dict[str, Any]:
    """Returns the game's fields that may change without a new version."""
    return {
        "reopened": bool(row["reopened"]),
        "tokens": Tokens(row["owner_token"], row["edit_token"], row["view_token"]),
        "updated_at": row["updated_at"],
    }


def game_from(row: Mapping[str, Any], replayed: Replayed) -> Game:
    """Returns the game of a row with its replayed hands."""
    return Game(
        id=row["id"],
        format=row["format"],
        options=tuple(json.loads(row["options"])),
        rules=_rules(row),
        setup=replayed.setup,
        hands=replayed.hands,
        state=replayed.state,
        version=replayed.version,
        created_at=row["created_at"],
        **_row_fields(row),
    )


def get_game(db: Database, game_id: str) -> Game:
    """Returns the game with this id, read on one snapshot; GameNotFound when unknown."""
    with read(db):
        return load(db, game_id)


def games_for_browser(db: Database, browser_id: str) -> list[tuple[str, Game]]:
    """Returns this browser's games with its role in each, the latest played first."""
    with read(db):
        rows = list(
            db.query(
                "SELECT b.game_id, b.role FROM browser_games b JOIN games g ON g.id = b.game_id "
                "WHERE b.browser_id = ? ORDER BY g.updated_at DESC, g.created_at DESC",
                [browser_id],
            )
        )
        return [(r["role"], load(db, r["game_id"])) for r in rows]


def _check_names(sides: Sequence[tuple[str, Sequence[str]]]) -> None:
    names = [name for name, _ in sides]
    players = [p for _, ps in sides for p in ps]
    for what, items in (("side", names), ("player", players)):
        for item in items:
            if not item.strip() or len(item) > MAX_NAME or item != item.strip():
                raise InvalidGame(f"Each {what} name needs 1 to {MAX_NAME} characters.", what)
        if len(set(items)) != len(items):
            raise InvalidGame(f"Two {what}s have the same name.", what)


def _check_setup(
    rules: Rules,
    sides: Sequence[tuple[str, Sequence[str]]],
    first_dealer: str,
    start_totals: Mapping[str, int],
) -> None:
    table = rules.table
    if not table.min_sides <= len(sides) <= table.max_sides:
        raise InvalidGame(f"{rules.name} cannot be played with {len(sides)} sides.", "sides")
    _check_names(sides)
    if first_dealer not in [p for _, ps in sides for p in ps]:
        raise InvalidGame("The first dealer must be one of the players.", "first_dealer")
    for key, total in start_totals.items():
        if key not in [n for n, _ in sides] or not isinstance(total, int) or total % 5:
            raise InvalidGame("Starting totals are multiples of 5, one per side.", "start_totals")
        if abs(total) > MAX_START_TOTAL:
            raise InvalidGame("A starting total that large cannot be right.", "start_totals")


def create_game(
    db: Database,
    *,
    format_id: str,
    options: Sequence[str] = (),
    sides: Sequence[tuple[str, Sequence[str]]],
    first_dealer: str,
    start_totals: Mapping[str, int] | None = None,
    owner: str | None = None,
) -> Game:
    """Saves a new game in one transaction and, given a browser id, makes it the owner."""
    try:
        rules = rules_for(format_id, options)
    except KeyError as error:
        raise InvalidGame(str(error.args[0]), "format") from error
    start = {k: v for k, v in (start_totals or {}).items() if v}
    _check_setup(rules, sides, first_dealer, start)
    setup = Setup(
        sides=tuple(Side(name, name, tuple(players)) for name, players in sides),
        first_dealer=first_dealer,
        start_totals=start,
    )
    game_id, tokens, stamp = new_token(), Tokens(new_token(), new_token(), new_token()), now()
    with write(db):
        db.table("games").insert(
            {
                "id": game_id,
                "format": rules.id,
                "options": json.dumps(list(rules.active_options)),
                "first_dealer": first_dealer,
                "seating": json.dumps(list(setup.seating)),  # empty: partners alternate
                "start_totals": json.dumps(start),
                "version": 1,
                "reopened": 0,
                "owner_token": tokens.owner,
                "edit_token": tokens.edit,
                "view_token": tokens.view,
                "created_at": stamp,
                "updated_at": stamp,
            }
        )
        for position, (name, players) in enumerate(sides):
            db.table("sides").insert({"game_id": game_id, "position": position, "name": name})
            db.table("players").insert_all(
                {"game_id": game_id, "side_position": position, "position": i, "name": p}
                for i, p in enumerate(players)
            )
        if owner:
            db.table("browser_games").insert(
                {
                    "browser_id": owner,
                    "game_id": game_id,
                    "role": "owner",
                    "token": tokens.owner,
                    "last_opened": stamp,
                }
            )
        return load(db, game_id)

"""Stored scores: each hand's scored row and the game's head, as the engine computed them.

A hand's `result` holds its row of the sheet (dealer, minimums, each side's score with its
breakdown, the running totals after it); the game's row holds its head (`hand_count`,
`ended_at`, and `head`: counted totals, running totals, what comes next, the status). Pages,
the API, PDFs and statistics read these; only the engine computes them, always under the
game's frozen rules, and `scorekeeper check` proves they equal a replay from the hands.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from sqlite_utils import Database

from scorekeeper import engine
from scorekeeper.engine import (
    GameState,
    Hand,
    Item,
    OpeningNeed,
    Problem,
    Row,
    Setup,
    Side,
    SideScore,
    Status,
)
from scorekeeper.engine.ending import TargetRaise, with_raises
from scorekeeper.store.errors import GameNotFound
from scorekeeper.store.games.rules import RULE_COLUMNS, RuleBook, rule_book

logger = logging.getLogger(__name__)


# --- rows and heads as JSON -------------------------------------------------------------

UNREAD = "unread"  # in a hand's `result`: its entry has problems under its rules
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
_SPACED = json.JSONEncoder(ensure_ascii=False, check_circular=False)


def entry_json(hand: Hand) -> str:
    """Returns a hand's entry as the JSON kept in its `entry` (`scorekeeper score`'s shape)."""
    return _SPACED.encode(hand.as_dict())


def _need(need: OpeningNeed | None) -> list[Any] | None:
    return None if need is None else [need.points, need.needs, need.must_exceed]


def _need_from(data: list[Any] | None) -> OpeningNeed | None:
    return None if data is None else OpeningNeed(data[0], data[1], data[2])


def row_json(row: Row, unread: bool = False) -> str:
    """Returns a scored row as the compact JSON kept in its hand's `result`.

    `unread`: the hand's entry does not read cleanly under its rules (a rule changed after it
    was played); the sheet parses only such hands again, to say what is wrong with them.
    """
    return _COMPACT.encode(
        {
            **({UNREAD: True} if unread else {}),
            "dealer": row.dealer,
            "sitting_out": row.sitting_out,
            "lone_hand": row.lone_hand,
            "after_end": row.after_end,
            "minimums": {k: _need(n) for k, n in row.minimums.items()},
            "scores": {k: [s.score, [i.as_dict() for i in s.items]] for k, s in row.scores.items()},
            "totals": dict(row.totals),
        }
    )


def _item(data: Mapping[str, Any]) -> Item:
    return Item(
        data["item"], data["label"], data["points"], data.get("count"), data.get("reason", "")
    )


def row_from(number: int, text: str, *, items: bool = True) -> Row:
    """Returns hand `number`'s row from its stored `result`."""
    return row_of(number, orjson.loads(text), items=items)


def row_of(number: int, data: Mapping[str, Any], *, items: bool = True) -> Row:
    """Returns hand `number`'s row from its decoded `result`; `items=False` leaves out every
    side's breakdown (the sheet shows scores and totals only: a third of decoding a row)."""
    return Row(
        number=number,
        dealer=data["dealer"],
        sitting_out=data["sitting_out"],
        minimums={k: _need_from(n) for k, n in data["minimums"].items()},
        scores={
            k: SideScore(score, tuple(_item(i) for i in listed) if items else ())
            for k, (score, listed) in data["scores"].items()
        },
        totals=data["totals"],
        lone_hand=data["lone_hand"],
        after_end=data["after_end"],
    )


def _params(params: Mapping[str, Any]) -> dict[str, Any]:
    # JSON has no tuples: a tie's sides come back as the tuple the engine made.
    return {k: tuple(v) if isinstance(v, list) else v for k, v in params.items()}


def head_json(state: GameState, running: Mapping[str, int]) -> str:
    """Returns a game's head (its state without rows, and the last row's totals) as JSON."""
    status = state.status
    return _COMPACT.encode(
        {
            "totals": dict(state.totals),
            "running": dict(running),
            "start_totals": dict(state.start_totals),
            "next_minimums": {k: _need(n) for k, n in state.next_minimums.items()},
            "next_dealer": state.next_dealer,
            "next_sitting_out": state.next_sitting_out,
            "status": {
                "over": status.over,
                "winner": status.winner,
                "tied": status.tied,
                "margin": status.margin,
                "code": status.code,
                "params": dict(status.params),
            },
        }
    )


def head_from(text: str, ended_at: int | None) -> tuple[GameState, dict[str, int]]:
    """Returns a game's head (a state whose `rows` is empty) and its running totals."""
    data = orjson.loads(text)
    status = data["status"]
    state = GameState(
        rows=(),
        totals=data["totals"],
        next_minimums={k: _need_from(n) for k, n in data["next_minimums"].items()},
        next_dealer=data["next_dealer"],
        next_sitting_out=data["next_sitting_out"],
        # A head stored before statuses lost their English sentence still holds a "message".
        status=Status(
            **{k: v for k, v in status.items() if k not in ("message", "params")},
            params=_params(status["params"]),
        ),
        ended_at=ended_at,
        start_totals=data["start_totals"],
    )
    return state, data["running"]


# --- what a game is played with -----------------------------------------------------------


SEATS = (
    "SELECT s.position, s.name, p.name FROM sides s LEFT JOIN players p "
    "ON p.game_id = s.game_id AND p.side_position = s.position "
    "WHERE s.game_id = ? ORDER BY s.position, p.position"
)


def setup_of(
    db: Database, game: Mapping[str, Any], seats: Sequence[Sequence[Any]] | None = None
) -> Setup:
    """Returns a game's sides, players, seating, first dealer and starting totals.

    `seats`: (side position, side name, player name or None) in seating order, when the
    caller read them already with the game's row (`linked_whole`).
    """
    players: dict[int, list[str]] = {}
    names: dict[int, str] = {}
    for position, name, player in db.execute(SEATS, [game["id"]]) if seats is None else seats:
        names[position] = name
        if player is not None:
            players.setdefault(position, []).append(player)
    sides = tuple(Side(key=n, name=n, players=tuple(players.get(p, ()))) for p, n in names.items())
    return Setup(
        sides=sides,
        first_dealer=game["first_dealer"],
        seating=tuple(json.loads(game["seating"])),
        start_totals=json.loads(game["start_totals"]),
    )


def raises_of(row: Mapping[str, Any]) -> tuple[TargetRaise, ...]:
    """Returns the raises of the target kept in a game's row, oldest first."""
    return tuple(TargetRaise(**r) for r in json.loads(row.get("target_raises") or "[]"))


def parsed_hands(
    db: Database, book: RuleBook, keys: list[str], game_id: str
) -> tuple[list[Hand], list[tuple[int, Problem]]]:
    """Reads a game's hands, each under the rules it was played with, with any problems."""
    hands, unreadable = [], []
    for number, entry in db.execute(
        "SELECT number, entry FROM hands WHERE game_id = ? ORDER BY number", [game_id]
    ):
        problems: list[Problem] = []
        hands.append(engine.parse_hand(book.rules_for(number), json.loads(entry), keys, problems))
        unreadable += [(number, p) for p in problems]
    if unreadable:  # never dropped quietly: the sheet shows it, and the log says it
        logger.warning(
            "game %s: %d stored hand problem(s) under its rules", game_id, len(unreadable)
        )
    return hands, unreadable


@dataclass(frozen=True)
class Replay:
    """A game scored afresh from its hands under its frozen rules."""

    setup: Setup
    hands: tuple[Hand, ...]
    state: GameState
    unreadable: tuple[tuple[int, Problem], ...]


def replay(db: Database, game_id: str) -> Replay:
    """Scores a game from its hands and frozen rules, reading nothing it stored from scores."""
    row = game_row(db, game_id)
    book, raises = rule_book(db, game_id), raises_of(row)
    setup = setup_of(db, row)
    hands, unreadable = parsed_hands(db, book, [s.key for s in setup.sides], game_id)
    state = book.replay(setup, hands, lambda r: with_raises(r, raises))
    return Replay(setup, tuple(hands), state, tuple(unreadable))


def game_row(db: Database, game_id: str) -> dict[str, Any]:
    """Returns a game's row as a dict; GameNotFound when there is none."""
    cursor = db.execute("SELECT * FROM games WHERE id = ?", [game_id])
    found = cursor.fetchone()
    if found is None:
        raise GameNotFound()
    return dict(zip([c[0] for c in cursor.description], found, strict=True))


# One statement for all a record reads: the game's row, its frozen rules' rows and its seats,
# the last two as JSON arrays (sorted here: an aggregate's order is not SQL's promise).
_WHOLE = (
    "SELECT g.*, (SELECT json_group_array(json_array(from_hand, source, source_id, options, "
    "digest)) FROM game_rules WHERE game_id = g.id) AS rule_rows_, "
    "(SELECT json_group_array(json_array(s.position, p.position, s.name, p.name)) FROM sides s "
    "LEFT JOIN players p ON p.game_id = s.game_id AND p.side_position = s.position "
    "WHERE s.game_id = g.id) AS seat_rows_, CASE ?2 WHEN g.owner_token THEN 'owner' "
    "WHEN g.edit_token THEN 'edit' WHEN g.view_token THEN 'view' END AS role_ "
    "FROM games g WHERE g.id = ?1"
)

# A game's row, its `game_rules` rows (for `rule_book`) and its seats (for `setup_of`).
Whole = tuple[dict[str, Any], list[dict[str, Any]], list[tuple[int, str, str | None]]]


def linked_whole(db: Database, game_id: str, token: str) -> tuple[str | None, Whole]:
    """Returns the role a link token has in a live game (None: none, or no token: "") and the
    game's `Whole`, in one statement: an API write checks its token and reads all a record
    needs at once. GameNotFound when there is no such game."""
    cursor = db.execute(_WHOLE, [game_id, token])
    found = cursor.fetchone()
    if found is None:
        raise GameNotFound()
    row = dict(zip([c[0] for c in cursor.description], found, strict=True))
    role = row.pop("role_") if token and row["deleted_at"] is None else None
    row.pop("role_", None)
    rules = sorted(json.loads(row.pop("rule_rows_")), key=lambda r: r[0])
    seats = sorted(  # a side without players has one row whose player position is null
        json.loads(row.pop("seat_rows_")), key=lambda r: (r[0], -1 if r[1] is None else r[1])
    )
    return role, (
        row,
        [dict(zip(RULE_COLUMNS, r, strict=True)) for r in rules],
        [(position, side, player) for position, _seat, side, player in seats],
    )


# --- writing them -------------------------------------------------------------------------


def running_after(state: GameState) -> Mapping[str, int]:
    """Returns each side's total after the last hand entered, counted or not."""
    return state.rows[-1].totals if state.rows else state.totals


def store_head(
    db: Database, game_id: str, head: GameState, count: int, running: Mapping[str, int]
) -> None:
    """Writes a game's head; call inside write()."""
    db.execute(
        "UPDATE games SET head = ?, hand_count = ?, ended_at = ? WHERE id = ?",
        [head_json(head, running), count, head.ended_at, game_id],
    )


def rescore(db: Database, game_id: str, from_hand: int = 1) -> Replay:
    """Scores the game afresh and stores every row from hand `from_hand` on, and the head.

    Call inside write(), after changing a hand, the rules, the target or the names: rows
    before `from_hand` are unchanged by such a change, so they are not written again.
    """
    fresh = replay(db, game_id)
    unread = {number for number, _problem in fresh.unreadable}
    for row in fresh.state.rows[max(from_hand, 1) - 1 :]:
        db.execute(
            "UPDATE hands SET result = ? WHERE game_id = ? AND number = ?",
            [row_json(row, row.number in unread), game_id, row.number],
        )
    store_head(db, game_id, fresh.state, len(fresh.state.rows), running_after(fresh.state))
    return fresh


# --- the cheap read other features need ----------------------------------------------------


@dataclass(frozen=True)
class Head:
    """A game's version and standing as stored: totals, hands, where it ended, who deals."""

    game_id: str
    version: int
    totals: Mapping[str, int]  # counted: at the hand that ended the game, once it is over
    hand_count: int
    ended_at: int | None
    next_dealer: str | None
    over: bool
    winner: str | None
    tied: bool
    margin: int | None


def game_heads(db: Database, game_ids: Sequence[str]) -> dict[str, Head]:
    """Returns the stored head of each game named (unknown ids are left out): one query."""
    if not game_ids:
        return {}
    marks = ",".join("?" * len(game_ids))
    found: dict[str, Head] = {}
    for game_id, version, count, ended_at, text in db.execute(
        f"SELECT id, version, hand_count, ended_at, head FROM games WHERE id IN ({marks})",
        list(game_ids),
    ):
        if text is None:  # written by code that stores no scores: scored once, in memory
            state = replay(db, game_id).state
            count, ended_at = len(state.rows), state.ended_at
        else:
            state = head_from(text, ended_at)[0]
        status = state.status
        found[game_id] = Head(
            game_id,
            version,
            dict(state.totals),
            count,
            ended_at,
            state.next_dealer,
            status.over,
            status.winner,
            status.tied,
            status.margin,
        )
    return found


def game_head(db: Database, game_id: str) -> Head:
    """Returns one game's stored head; GameNotFound when there is no such game."""
    found = game_heads(db, [game_id]).get(game_id)
    if found is None:
        raise GameNotFound()
    return found


# --- proving them ------------------------------------------------------------------------


def differences(db: Database, game_id: str) -> list[str]:
    """Returns how a game's stored scores differ from a replay of its hands (empty: none)."""
    fresh = replay(db, game_id)
    row = game_row(db, game_id)
    found: list[str] = []
    if row["head"] is None:
        return ["no stored scores"]
    stored = dict(
        db.execute("SELECT number, result FROM hands WHERE game_id = ?", [game_id]).fetchall()
    )
    unread = {number for number, _problem in fresh.unreadable}
    for replayed in fresh.state.rows:
        text = stored.get(replayed.number)
        expected = row_json(replayed, replayed.number in unread)
        if text is None or json.loads(text) != json.loads(expected):
            found.append(f"hand {replayed.number}")
    head = json.loads(head_json(fresh.state, running_after(fresh.state)))
    if json.loads(row["head"]) != head:
        found.append("head")
    if row["hand_count"] != len(fresh.state.rows) or row["ended_at"] != fresh.state.ended_at:
        found.append("hand count or end")
    return found

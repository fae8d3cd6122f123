"""Changes a game's hands: record, edit, delete the last, and reopen; one transaction each."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlite_utils import Database

from scorekeeper.db import write
from scorekeeper.engine import Hand
from scorekeeper.store.errors import (
    AlreadySaved,
    GameOver,
    HandNotFound,
    InvalidHand,
    StaleGame,
)
from scorekeeper.store.games import Game, load, now

TOKEN_DAYS = 7  # a form is long finished after a week; older used tokens are pruned


def _use_token(db: Database, game_id: str, form_token: str, stamp: str) -> None:
    """Marks a form token used; AlreadySaved when it was used before."""
    try:
        db.execute(
            "INSERT INTO used_form_tokens (token, game_id, used_at) VALUES (?, ?, ?)",
            [form_token, game_id, stamp],
        )
    except sqlite3.IntegrityError as error:
        raise AlreadySaved() from error
    cutoff = (datetime.now(UTC) - timedelta(days=TOKEN_DAYS)).isoformat(timespec="seconds")
    db.execute("DELETE FROM used_form_tokens WHERE used_at < ?", [cutoff])


@contextmanager
def _change(
    db: Database, game_id: str, version: int, form_token: str, *, when_over: bool = False
) -> Iterator[tuple[Game, str]]:
    """Opens a write on a game after the form-token, version and game-over checks."""
    with write(db):
        game = load(db, game_id)
        stamp = now()
        _use_token(db, game_id, form_token, stamp)  # a repeat is AlreadySaved, not stale
        if game.version != version:
            raise StaleGame()
        if game.locked and not when_over:
            raise GameOver()
        yield game, stamp
        # Reopening lasts until the game ends again with a new hand, or stops being over.
        flag = db.execute("SELECT reopened FROM games WHERE id = ?", [game_id]).fetchone()[0]
        reopened = bool(flag) and load(db, game_id, fresh=True).state.status.over
        db.execute(
            "UPDATE games SET version = version + 1, updated_at = ?, reopened = ? WHERE id = ?",
            [stamp, int(reopened), game_id],
        )


def _valid(game: Game, hand: Hand | Mapping[str, Any], number: int) -> str:
    """Returns the hand's canonical JSON, or raises InvalidHand with the engine's problems."""
    parsed, problems = game.check(hand, number)
    if problems:
        raise InvalidHand(problems)
    return json.dumps(parsed.as_dict(), ensure_ascii=False)


def record_hand(
    db: Database, game_id: str, hand: Hand | Mapping[str, Any], *, version: int, form_token: str
) -> int:
    """Adds the next hand to a game and returns its number."""
    with _change(db, game_id, version, form_token) as (game, stamp):
        number = len(game.hands) + 1
        entry = _valid(game, hand, number)
        db.execute(
            "INSERT INTO hands (game_id, number, entry, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?)",
            [game_id, number, entry, stamp, stamp],
        )
        db.execute("UPDATE games SET reopened = 0 WHERE id = ?", [game_id])
    return number


def edit_hand(
    db: Database,
    game_id: str,
    number: int,
    hand: Hand | Mapping[str, Any],
    *,
    version: int,
    form_token: str,
) -> None:
    """Replaces hand `number`; later totals, minimums and the result follow on replay."""
    with _change(db, game_id, version, form_token) as (game, stamp):
        if not 1 <= number <= len(game.hands):
            raise HandNotFound()
        db.execute(
            "UPDATE hands SET entry = ?, updated_at = ? WHERE game_id = ? AND number = ?",
            [_valid(game, hand, number), stamp, game_id, number],
        )


def delete_last_hand(db: Database, game_id: str, *, version: int, form_token: str) -> int:
    """Deletes the game's last hand and returns its number."""
    with _change(db, game_id, version, form_token) as (game, _stamp):
        if not game.hands:
            raise HandNotFound("There is no hand to delete.")
        number = len(game.hands)
        db.execute("DELETE FROM hands WHERE game_id = ? AND number = ?", [game_id, number])
    return number


def set_reopened(
    db: Database, game_id: str, reopened: bool = True, *, version: int, form_token: str
) -> None:
    """Reopens a finished game so a wrong hand can be fixed, or closes it again."""
    with _change(db, game_id, version, form_token, when_over=True):
        # Only a finished game stays reopened; _change clears the flag otherwise.
        db.execute("UPDATE games SET reopened = ? WHERE id = ?", [int(reopened), game_id])

"""Changes a game's hands: record, edit, delete the last, and reopen; one transaction each."""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlite_utils import Database

from scorekeeper import engine
from scorekeeper.engine import Hand
from scorekeeper.engine.ending import TargetRaise
from scorekeeper.sentences.marked import N_
from scorekeeper.store.connection import write
from scorekeeper.store.errors import (
    AlreadySaved,
    GameNotFound,
    GameOver,
    HandNotFound,
    InvalidHand,
    KeyReused,
    StaleGame,
    StoreError,
)
from scorekeeper.store.games import scores
from scorekeeper.store.games.game import MAX_HANDS, Game, Sheet, game_from, load, load_whole
from scorekeeper.store.games.rules import rule_book
from scorekeeper.store.groups.figures import kept_for_game
from scorekeeper.store.ratings import after_game_change, after_game_end
from scorekeeper.store.stamps import now

PLAY_ON = N_("This game is over: fix a hand, or choose to keep playing to a higher target.")
# A one-time token as `used_form_tokens` keeps it: a form's hidden token or an API write's key.
FORM_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
TOKEN_DAYS = 7  # a form or an API key is long finished after a week; older ones are pruned


class ScopedKey(str):
    """An API Idempotency-Key as stored: hashed with its game and link, carrying its request."""

    digest: str


def scoped_key(game_id: str, link: str, key: str, request_digest: str) -> ScopedKey:
    """Returns the one-time token an API write spends: one key per (game, link), compared."""
    scope = hashlib.sha256(f"{game_id}\n{link}\n{key}".encode()).hexdigest()[:40]
    scoped = ScopedKey(f"key-{scope}")  # never the shape of a form's token, never the link
    scoped.digest = request_digest
    return scoped


def _cutoff() -> str:
    return (datetime.now(UTC) - timedelta(days=TOKEN_DAYS)).isoformat(timespec="seconds")


def _repeat(db: Database, form_token: str) -> StoreError | None:
    """Returns what a token used before means: the same write again, or a key reused."""
    row = db.execute(
        "SELECT digest FROM used_form_tokens WHERE token = ? AND used_at >= ?",
        [form_token, _cutoff()],
    ).fetchone()
    if row is None:
        return None
    digest = getattr(form_token, "digest", "")
    return KeyReused() if digest and row[0] != digest else AlreadySaved()


def repeated(db: Database, form_token: str) -> StoreError | None:
    """Returns what a spent token means (AlreadySaved, or KeyReused), or None when it is fresh."""
    return _repeat(db, form_token)


PRUNE_EVERY = 256  # writes of this process between two prunings of expired one-time tokens
_writes = itertools.count(1)


def prune_tokens(db: Database) -> int:
    """Deletes one-time tokens older than TOKEN_DAYS; returns how many went. Call in write()."""
    return db.execute("DELETE FROM used_form_tokens WHERE used_at < ?", [_cutoff()]).rowcount


def _use_token(db: Database, game_id: str, form_token: str, stamp: str) -> None:
    """Marks a form token used; AlreadySaved when it was used before, KeyReused if differently."""
    # Expired tokens are pruned every PRUNE_EVERY writes, not on each: one spent more than
    # TOKEN_DAYS ago and not yet pruned is still refused as a repeat, which is what it is.
    if next(_writes) % PRUNE_EVERY == 0:
        prune_tokens(db)
    try:
        db.execute(
            "INSERT INTO used_form_tokens (token, game_id, used_at, digest) VALUES (?, ?, ?, ?)",
            [form_token, game_id, stamp, getattr(form_token, "digest", "")],
        )
    except sqlite3.IntegrityError as error:
        repeat = _repeat(db, form_token)
        if repeat is not None:
            raise repeat from error
        # Spent more than TOKEN_DAYS ago and not pruned yet: it counts as new again.
        db.execute("DELETE FROM used_form_tokens WHERE token = ?", [form_token])
        db.execute(
            "INSERT INTO used_form_tokens (token, game_id, used_at, digest) VALUES (?, ?, ?, ?)",
            [form_token, game_id, stamp, getattr(form_token, "digest", "")],
        )


def _current(
    db: Database,
    game_id: str,
    version: int,
    form_token: str,
    *,
    when_over: bool = False,
    whole: scores.Whole | None = None,
) -> Game:
    """Reads the game and checks the change may go ahead, before taking the write lock.

    `whole`: the head, rules and sides its caller read with the token check
    (`scores.linked_whole`); only the rows are read then.
    """
    game = load(db, game_id) if whole is None else load_whole(db, game_id, whole)
    if game.version != version:
        raise _repeat(db, form_token) or StaleGame()
    if game.locked and not when_over:
        raise GameOver()
    return game


@contextmanager
def _locked(
    db: Database,
    game_id: str,
    version: int,
    form_token: str,
    reopened: bool | None = None,
    *,
    rescore_from: int | None = None,
) -> Iterator[str]:
    """Holds the write lock for a checked change: spends the token, re-checks the version.

    With `rescore_from`, the change moved scores: the game is scored again under its frozen
    rules and its rows from that hand on, and its head, are stored in the same transaction.
    """
    with write(db):
        stamp = now()
        _use_token(db, game_id, form_token, stamp)  # a repeat is AlreadySaved, not stale
        row = db.execute(
            "SELECT version, reopened, head, ended_at FROM games WHERE id = ?", [game_id]
        ).fetchone()
        if row is None:
            raise GameNotFound()
        if row[0] != version:
            raise StaleGame()  # another phone changed the game since it was read
        yield stamp
        after_end = False
        if rescore_from is not None:
            state = scores.rescore(db, game_id, rescore_from).state
            over, after_end = state.status.over, bool(state.after_end)
        else:
            over = scores.head_from(row[2], row[3])[0].status.over
        # A change that ends the game before hands already played leaves it open to fix (the
        # sheet offers to drop them or play on), as a game reopened to fix a hand is.
        flag = after_end or (bool(row[1]) if reopened is None else reopened)
        # Reopening lasts until the game ends again with a new hand, or stops being over.
        db.execute(
            "UPDATE games SET version = version + 1, updated_at = ?, reopened = ? WHERE id = ?",
            [stamp, int(flag and over), game_id],
        )
        if rescore_from is not None:
            kept_for_game(db, load(db, game_id))
            after_game_change(db, game_id)  # ratings replay from this game on, if it moved


def _valid(game: Game, hand: Hand | Mapping[str, Any], number: int) -> tuple[Hand, str]:
    """Returns the parsed hand and its canonical JSON, or raises InvalidHand with the problems."""
    parsed, problems = game.check(hand, number)
    if problems:
        raise InvalidHand(problems)
    return parsed, scores.entry_json(parsed)


def record_hand(
    db: Database, game_id: str, hand: Hand | Mapping[str, Any], *, version: int, form_token: str
) -> int:
    """Adds the next hand to a game and returns its number."""
    return add_hand(db, game_id, hand, version=version, form_token=form_token).hand_count


def add_hand(
    db: Database,
    game_id: str,
    hand: Hand | Mapping[str, Any],
    *,
    version: int,
    form_token: str,
    whole: scores.Whole | None = None,
) -> Game:
    """Adds the next hand to a game and returns the game as saved, without reading it again.

    The head, rules and sides are read in one statement (`whole`: the caller read them already
    with its token check, `scores.linked_whole`), the hand judged and scored by the engine
    under the game's frozen rules; then one short write transaction spends the token, moves
    the head if the game is still at that version, and inserts the hand with its row.
    """
    if whole is None:
        whole = scores.linked_whole(db, game_id, "")[1]
    game, planned = _planned(db, game_id, whole, hand)
    with write(db):
        stamp = now()
        try:
            _use_token(db, game_id, form_token, stamp)  # a repeat is AlreadySaved, not stale
        except sqlite3.IntegrityError:  # the token names its game: gone since it was read
            if _version_now(db, game_id) is None:
                raise GameNotFound() from None
            raise
        if game.version != version:
            raise StaleGame()
        if isinstance(planned, StoreError):  # judged on the head read: still the game's?
            raise StaleGame() if _version_now(db, game_id) != version else planned
        parsed, scored, after = planned
        number = scored.number
        moved = db.execute(
            "UPDATE games SET version = version + 1, updated_at = ?, reopened = 0, head = ?, "
            "hand_count = ?, ended_at = ? WHERE id = ? AND version = ?",
            [
                stamp,
                scores.head_json(after, scored.totals),
                number,
                after.ended_at,
                game_id,
                version,
            ],
        ).rowcount
        if not moved:  # another write landed since the head was read, or the game went
            raise GameNotFound() if _version_now(db, game_id) is None else StaleGame()
        db.execute(
            "INSERT INTO hands (game_id, number, entry, result, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [game_id, number, scores.entry_json(parsed), scores.row_json(scored), stamp, stamp],
        )
        saved = replace(
            game,
            head=after,
            hand_count=number,
            running=scored.totals,
            version=version + 1,
            updated_at=stamp,
            reopened=False,
            sheet=lambda: load(db, game_id)._sheet,  # asked for rarely: the rows, read then
        )
        if after.status.over:  # a group's game just finished: its figures are kept at once
            kept_for_game(db, load(db, game_id))
            after_game_end(db, game_id)  # stored when the game ends, in the same write
    return saved


Planned = tuple[Hand, engine.Row, engine.GameState] | StoreError


def _planned(
    db: Database, game_id: str, whole: scores.Whole, hand: Hand | Mapping[str, Any]
) -> tuple[Game, Planned]:
    """Returns the game of a `whole` and the next hand judged and scored on it: the hand, its
    row and the head after it, or the refusal to raise once the token is spent."""
    row, rule_rows, seats = whole
    book, raises = rule_book(db, game_id, rule_rows), scores.raises_of(row)
    setup = scores.setup_of(db, row, seats)
    head, running = scores.head_from(row["head"], row["ended_at"])
    game = game_from(row, book, raises, setup, head, running, row["hand_count"], _unread)
    if game.locked:
        return game, GameOver()
    if head.status.over:  # reopened to fix a hand: playing on is a separate choice
        return game, GameOver(PLAY_ON)
    number = game.hand_count + 1
    if number > MAX_HANDS:  # the same limit as import, so every export can come back
        full = engine.Problem(None, "hand", "too_many_hands", {"most": MAX_HANDS})
        return game, InvalidHand((full,))
    raw = hand.as_dict() if isinstance(hand, Hand) else hand
    parsed, problems, hand_scores = game.scored(raw, number)
    if problems or hand_scores is None:
        return game, InvalidHand(problems)
    scored, after = engine.next_row(
        game.rules, setup, head, number - 1, running, parsed, hand_scores
    )
    return game, (parsed, scored, after)


def _version_now(db: Database, game_id: str) -> int | None:
    """Returns a game's version as it is now (None: no such game)."""
    found = db.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()
    return None if found is None else int(found[0])


def _unread() -> Sheet:
    raise AssertionError("a record reads no rows")  # only the head is needed to add a hand


def edit_hand(
    db: Database,
    game_id: str,
    number: int,
    hand: Hand | Mapping[str, Any],
    *,
    version: int,
    form_token: str,
    whole: scores.Whole | None = None,
) -> None:
    """Replaces hand `number`; later totals, minimums and the result follow on replay."""
    game = _current(db, game_id, version, form_token, whole=whole)
    if not 1 <= number <= game.hand_count:
        raise HandNotFound()
    entry = _valid(game, hand, number)[1]
    with _locked(db, game_id, version, form_token, rescore_from=number) as stamp:
        db.execute(
            "UPDATE hands SET entry = ?, updated_at = ? WHERE game_id = ? AND number = ?",
            [entry, stamp, game_id, number],
        )


def delete_last_hand(
    db: Database,
    game_id: str,
    *,
    version: int,
    form_token: str,
    whole: scores.Whole | None = None,
) -> int:
    """Deletes the game's last hand and returns its number."""
    game = _current(db, game_id, version, form_token, whole=whole)
    if not game.hand_count:
        raise HandNotFound(N_("There is no hand to delete."))
    number = game.hand_count
    with _locked(db, game_id, version, form_token, rescore_from=rescore_start(game, number)):
        db.execute("DELETE FROM hands WHERE game_id = ? AND number = ?", [game_id, number])
        forget_raises_after(db, game_id, game.raises, number - 1)
    return number


def rescore_start(game: Game, first_deleted: int) -> int:
    """Returns the hand to score again from once the hands from `first_deleted` on are gone."""
    # A raise made after a deleted hand goes with it, and the old target can end the game
    # earlier than before: every row is scored again then, not only the ones after the cut.
    dropped = any(r.after_hand >= first_deleted for r in game.raises)
    return 1 if dropped else first_deleted


def forget_raises_after(
    db: Database, game_id: str, raises: tuple[TargetRaise, ...], hands: int
) -> None:
    """Drops the raises of the target made after a hand the game no longer has."""
    # The table played on because that hand ended the game; without it the old target stands
    # again, and an export names no raise after a hand it does not hold.
    kept = [asdict(r) for r in raises if r.after_hand <= hands]
    if len(kept) < len(raises):
        db.execute("UPDATE games SET target_raises = ? WHERE id = ?", [json.dumps(kept), game_id])


def set_reopened(
    db: Database,
    game_id: str,
    reopened: bool = True,
    *,
    version: int,
    form_token: str,
    whole: scores.Whole | None = None,
) -> None:
    """Reopens a finished game so a wrong hand can be fixed, or closes it again."""
    game = _current(db, game_id, version, form_token, when_over=True, whole=whole)
    if not game.head.status.over:  # nothing to reopen or close: its version stays as it is
        with write(db):
            _use_token(db, game_id, form_token, now())  # a repeat is still known as one
        return
    with _locked(db, game_id, version, form_token, reopened=reopened):
        pass  # _locked writes the flag: kept only while the game is over

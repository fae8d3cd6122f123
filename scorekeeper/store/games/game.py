"""Reads games: the Game record, the sheet it replays to, and the game list."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

import orjson
from sqlite_utils import Database

from scorekeeper import engine
from scorekeeper.engine import GameState, Hand, Problem, Row, Setup, SideScore
from scorekeeper.engine.ending import TargetRaise, with_raises
from scorekeeper.rules.model import Rules
from scorekeeper.store.connection import read
from scorekeeper.store.games import scores
from scorekeeper.store.games.rules import RuleBook, rule_book

logger = logging.getLogger(__name__)

MAX_HANDS = 1_000  # hands in one game, recorded or imported: far more than any evening


@dataclass(frozen=True)
class Tokens:
    """The three links to a game: owner, edit and view."""

    owner: str
    edit: str
    view: str


@dataclass(frozen=True)
class Game:
    """A stored game: its rules, who plays, its head, and its hands with their stored rows.

    `head` is the game's state without rows (totals, what comes next, the status), read from
    the game's row; `hands` and `state` (with every row) are decoded from the stored rows the
    first time they are asked for, so a write or a list that needs the head decodes no hand.
    """

    id: str
    format: str
    options: tuple[str, ...]
    rules: Rules
    setup: Setup
    head: GameState
    hand_count: int
    version: int
    reopened: bool
    tokens: Tokens
    created_at: str
    updated_at: str
    rule_book: RuleBook
    raises: tuple[TargetRaise, ...] = ()  # the table played on past the preset's target
    running: Mapping[str, int] = field(default_factory=dict)  # after the last hand entered
    sheet: Callable[[], Sheet] = field(default=lambda: Sheet((), (), ()), repr=False, compare=False)
    # What the score sheet shows, read cheaper: rows without breakdowns, and only the hands
    # their stored rows mark as unread parsed again. None: the whole sheet is decoded.
    lines: Callable[[], Sheet] | None = field(default=None, repr=False, compare=False)
    # Each hand's stored text as read, (number, entry, result): the API's read writes its
    # rows from them without rebuilding a hand or a row (empty when no hand was read).
    texts: Sequence[tuple[int, str, str]] = field(default=(), repr=False, compare=False)

    @cached_property
    def _sheet(self) -> Sheet:
        return self.sheet()

    @cached_property
    def _lines(self) -> Sheet:
        if self.lines is None or "_sheet" in self.__dict__:  # decoded whole already: reuse it
            return self._sheet
        return self.lines()

    @cached_property
    def glance(self) -> GameState:
        """Returns the sheet as the score sheet shows it: the head with every stored row, each
        side's score and total in it but not its breakdown (`state` has those)."""
        return replace(self.head, rows=self._lines.rows)

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Returns the game's hands, parsed under the rules each was played with."""
        return self._sheet.hands

    @cached_property
    def state(self) -> GameState:
        """Returns the whole sheet: the head with every stored row."""
        return replace(self.head, rows=self._sheet.rows)

    @property
    def unreadable(self) -> tuple[tuple[int, Problem], ...]:
        """Returns stored hands that no longer read under the game's rules: (number, problem)."""
        return self._lines.unreadable

    @property
    def side_keys(self) -> list[str]:
        """Returns the sides' keys (their names) in seating order."""
        return [s.key for s in self.setup.sides]

    @property
    def locked(self) -> bool:
        """Tells whether the game is over and not reopened, so no hand may change."""
        return self.head.status.over and not self.reopened

    def totals_before(self, number: int) -> dict[str, int]:
        """Returns each side's total before hand `number` (1-based)."""
        if number > self.hand_count:  # the next hand: from the head, no row decoded
            return dict(self.running if self.hand_count else self.head.start_totals)
        return self.state.totals_before(number)

    def warnings(self, hand: Hand, number: int) -> list[Problem]:
        """Returns the engine's warnings for `hand` as hand `number`, with the minimums it faced."""
        if number > self.hand_count:
            minimums = self.head.next_minimums
        else:
            minimums = self.state.rows[number - 1].minimums
        return engine.warnings_for(self.rules, hand, minimums)

    def check(self, raw: Hand | Mapping[str, Any], number: int) -> tuple[Hand, list[Problem]]:
        """Parses and validates a raw hand as hand `number`, returning every problem."""
        raw = raw.as_dict() if isinstance(raw, Hand) else raw
        problems: list[Problem] = []
        rules = with_raises(self.rule_book.rules_for(number), self.raises)
        hand = engine.parse_hand(rules, raw, self.side_keys, problems)
        if not problems:
            problems = engine.validate_hand(rules, hand, self.totals_before(number))
        return hand, problems

    def scored(
        self, raw: Mapping[str, Any], number: int
    ) -> tuple[Hand, list[Problem], Mapping[str, SideScore] | None]:
        """Parses, validates and scores a raw hand as hand `number`: its teams grouped once,
        its scores (None when it has problems) ready for the row."""
        problems: list[Problem] = []
        rules = with_raises(self.rule_book.rules_for(number), self.raises)
        hand = engine.parse_hand(rules, raw, self.side_keys, problems)
        if problems:
            return hand, problems, None
        problems, scores = engine.checked_score(rules, hand, self.totals_before(number))
        return hand, problems, scores


@dataclass(frozen=True)
class Sheet:
    """A game's hands and their stored rows, decoded, with any hand its rules cannot read."""

    hands: tuple[Hand, ...]
    rows: tuple[Row, ...]
    unreadable: tuple[tuple[int, Problem], ...]


def _row(db: Database, game_id: str) -> dict[str, Any]:
    return scores.game_row(db, game_id)


def load_whole(db: Database, game_id: str, whole: scores.Whole) -> Game:
    """Reads one game's stored rows and returns it, its head, rules and sides taken from a
    `whole` read already (`scores.linked_whole`: with the token's check, in one statement)."""
    row, rule_rows, seats = whole
    book = rule_book(db, game_id, rule_rows)
    return _assembled(row, book, scores.setup_of(db, row, seats), _stored_hands(db, game_id))


def load(db: Database, game_id: str) -> Game:
    """Reads one game: its row, rules, sides and stored rows; GameNotFound when unknown.

    Nothing is scored: rows and the head are read as stored (store/schema.py stores them for
    any game a migration left without).
    """
    with read(db):  # the row and the hands from one snapshot (inside a write: the write's)
        row = _row(db, game_id)
        book, setup = rule_book(db, game_id), scores.setup_of(db, row)
        stored = _stored_hands(db, game_id)
    return _assembled(row, book, setup, stored)


def _stored_hands(db: Database, game_id: str) -> list[Any]:
    """Returns a game's stored hand rows, in order."""
    return db.execute(
        "SELECT number, entry, result FROM hands WHERE game_id = ? ORDER BY number", [game_id]
    ).fetchall()


def _assembled(row: Any, book: RuleBook, setup: Setup, stored: list[Any]) -> Game:
    """Returns the game its head row, rules, sides and stored hand rows make; nothing scored."""
    game_id = row["id"]
    head, running = scores.head_from(row["head"], row["ended_at"])
    keys = [s.key for s in setup.sides]
    return game_from(
        row,
        book,
        scores.raises_of(row),
        setup,
        head,
        running,
        row["hand_count"],
        lambda: _decoded(book, keys, game_id, stored),
        lambda: _glanced(book, keys, game_id, stored),
        stored,
    )


def _decoded(
    book: RuleBook, keys: list[str], game_id: str, stored: Sequence[tuple[int, str, str]]
) -> Sheet:
    """Returns the hands and rows of a game from the text its rows were read as."""
    hands, rows, unreadable = [], [], []
    for number, entry, result in stored:
        problems: list[Problem] = []
        hands.append(engine.parse_hand(book.rules_for(number), json.loads(entry), keys, problems))
        unreadable += [(number, p) for p in problems]
        rows.append(scores.row_from(number, result))
    if unreadable:  # never dropped quietly: the sheet shows it, and the log says it
        logger.warning(
            "game %s: %d stored hand problem(s) under its rules", game_id, len(unreadable)
        )
    return Sheet(tuple(hands), tuple(rows), tuple(unreadable))


def _glanced(
    book: RuleBook, keys: list[str], game_id: str, stored: Sequence[tuple[int, str, str]]
) -> Sheet:
    """Returns a game's rows without breakdowns, and the problems of the hands marked unread."""
    # A hand is marked when its row is stored (scores.rescore); every other hand read cleanly
    # then, under the same frozen rules, so it is not parsed again for each view.
    rows, unreadable = [], []
    for number, entry, result in stored:
        data = orjson.loads(result)
        rows.append(scores.row_of(number, data, items=False))
        if data.get(scores.UNREAD):
            problems: list[Problem] = []
            engine.parse_hand(book.rules_for(number), json.loads(entry), keys, problems)
            unreadable += [(number, p) for p in problems]
    if unreadable:  # never dropped quietly: the sheet shows it, and the log says it
        logger.warning(
            "game %s: %d stored hand problem(s) under its rules", game_id, len(unreadable)
        )
    return Sheet((), tuple(rows), tuple(unreadable))


def _row_fields(row: Mapping[str, Any]) -> dict[str, Any]:
    """Returns the game's fields that may change without a new version."""
    return {
        "reopened": bool(row["reopened"]),
        "tokens": Tokens(row["owner_token"], row["edit_token"], row["view_token"]),
        "updated_at": row["updated_at"],
    }


def game_from(
    row: Mapping[str, Any],
    book: RuleBook,
    raises: tuple[TargetRaise, ...],
    setup: Setup,
    head: GameState,
    running: Mapping[str, int],
    hand_count: int,
    sheet: Callable[[], Sheet],
    lines: Callable[[], Sheet] | None = None,
    texts: Sequence[tuple[int, str, str]] = (),
) -> Game:
    """Returns the game of a row, under its rule book, with its head and its rows to decode."""
    return Game(
        id=row["id"],
        format=row["format"],
        options=book.current.options,
        rules=with_raises(book.current.rules, raises),
        setup=setup,
        head=head,
        hand_count=hand_count,
        version=row["version"],
        created_at=row["created_at"],
        rule_book=book,
        raises=raises,
        running=running,
        sheet=sheet,
        lines=lines,
        texts=texts,
        **_row_fields(row),
    )


def target_raises(row: Mapping[str, Any]) -> tuple[TargetRaise, ...]:
    """Returns the raises of the target kept in a game's row, oldest first."""
    return scores.raises_of(row)


def get_game(db: Database, game_id: str) -> Game:
    """Returns the game with this id, read on one snapshot; GameNotFound when unknown."""
    with read(db):
        return load(db, game_id)


def games_for_browser(
    db: Database, browser_id: str, *, limit: int = -1, offset: int = 0
) -> list[tuple[str, Game]]:
    """Returns this browser's games with its role in each, the latest played first.

    Archived and deleted games are left out: `store.games.shelf` lists those. `limit` and `offset`
    take one page of them (a phone may hold thousands); -1, the default, takes them all.
    """
    with read(db):
        rows = list(
            db.query(
                "SELECT b.game_id, b.role FROM browser_games b JOIN games g ON g.id = b.game_id "
                "WHERE b.browser_id = ? AND g.archived_at IS NULL AND g.deleted_at IS NULL "
                "ORDER BY g.updated_at DESC, g.created_at DESC, g.id LIMIT ? OFFSET ?",
                [browser_id, limit, max(0, offset)],
            )
        )
        return [(r["role"], load(db, r["game_id"])) for r in rows]

"""The rules a game keeps: frozen format documents with digests, from the hand they apply to."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from scorekeeper import engine
from scorekeeper.engine import GameState, Hand, Setup, SideScore
from scorekeeper.rules.documents import FormatError, canonical, digest, rules_of
from scorekeeper.rules.model import Rules
from scorekeeper.store import cache
from scorekeeper.store.connection import rows
from scorekeeper.store.errors import GameNotFound, StoreError

PRESET, HOUSE = "preset", "house"


class RulesUnreadable(StoreError):
    """A game's frozen rules no longer load; the message says which game and field."""


@dataclass(frozen=True)
class Segment:
    """One frozen rules document and the first hand it scores."""

    from_hand: int
    source: str  # "preset" or "house"
    source_id: str  # the preset id, or the house format id
    options: tuple[str, ...]
    document: Mapping[str, Any]  # shared by every game under the same digest: never changed
    digest: str
    rules: Rules


def _same(rules: Rules) -> Rules:
    return rules


@dataclass(frozen=True)
class RuleBook:
    """Every rules document a game has been played under, the first from hand 1."""

    segments: tuple[Segment, ...]

    @property
    def current(self) -> Segment:
        """Returns the segment new hands are scored under."""
        return self.segments[-1]

    def segment_for(self, number: int) -> Segment:
        """Returns the segment that scores hand `number` (1-based)."""
        return next(s for s in reversed(self.segments) if s.from_hand <= max(number, 1))

    def rules_for(self, number: int) -> Rules:
        """Returns the rules that score hand `number` (1-based)."""
        return self.segment_for(number).rules

    def replay(
        self,
        setup: Setup,
        hands: Sequence[Hand],
        adjust: Callable[[Rules], Rules] = _same,
        scored: Sequence[Mapping[str, SideScore]] | None = None,
    ) -> GameState:
        """Scores every hand under the rules it was played with; the result by the latest.

        `scored` holds each hand's `score_hand` under its adjusted rules, when the caller
        has them already (an import scores each hand as it checks it).
        """
        if len(self.segments) == 1:
            return engine.replay(adjust(self.current.rules), setup, hands, scored)
        first_change = self.segments[1].from_hand - 1
        early = None if scored is None else scored[:first_change]
        state = engine.replay(adjust(self.segments[0].rules), setup, hands[:first_change], early)
        for number, hand in enumerate(hands[first_change:], first_change + 1):
            rules = adjust(self.rules_for(number))
            if self.segment_for(number).from_hand == number:  # the new rules may play on
                state = engine.restate(rules, setup, state)
            scores = None if scored is None else scored[number - 1]
            state = engine.append(rules, setup, state, hand, scores)
        return engine.restate(adjust(self.rules_for(len(hands) + 1)), setup, state)


def _built_from(
    digest_: str, options: tuple[str, ...], read: Callable[[], Mapping[str, Any]]
) -> tuple[Mapping[str, Any], Rules]:
    """Returns a frozen document and its rules, kept by digest in the one room (store/cache)."""

    def build() -> tuple[Mapping[str, Any], Rules]:
        document = read()
        return document, rules_of(document, options)

    return cache.rules.through(f"{digest_}:{','.join(options)}", build)


def frozen_row(
    game_id: str,
    *,
    from_hand: int,
    source: str,
    source_id: str,
    options: Iterable[str],
    document: Mapping[str, Any],
    stamp: str,
) -> dict[str, Any]:
    """Returns the `game_rules` row that keeps a frozen copy of rules from hand `from_hand` on."""
    return {
        "game_id": game_id,
        "from_hand": from_hand,
        "source": source,
        "source_id": source_id,
        "options": json.dumps(list(options)),
        "document": canonical(document),
        "digest": digest(document),
        "frozen_at": stamp,
    }


def freeze(db: Database, row: Mapping[str, Any]) -> str:
    """Saves a frozen copy of rules, a `frozen_row`, for its hands on; returns its digest."""
    db.execute(
        "INSERT OR REPLACE INTO game_rules "
        "(game_id, from_hand, source, source_id, options, document, digest, frozen_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        list(row.values()),
    )
    return str(row["digest"])


RULE_COLUMNS = ("from_hand", "source", "source_id", "options", "digest")


def rule_book(
    db: Database, game_id: str, found: Sequence[Mapping[str, Any]] | None = None
) -> RuleBook:
    """Returns the rules a game is kept under; RulesUnreadable when none load.

    `found`: the game's `game_rules` rows (RULE_COLUMNS, oldest first) when the caller read
    them already, with the game's row (a record reads all it needs in one statement).
    """
    if found is None:
        found = rows(
            db,
            f"SELECT {', '.join(RULE_COLUMNS)} FROM game_rules WHERE game_id = ? ORDER BY from_hand",
            [game_id],
        )
    if not found:
        raise RulesUnreadable(f"Game {game_id} has no frozen rules.")
    segments = []
    for row in found:
        options = tuple(json.loads(row["options"]))

        def read(from_hand: int = row["from_hand"]) -> Mapping[str, Any]:
            found = db.execute(
                "SELECT document FROM game_rules WHERE game_id = ? AND from_hand = ?",
                [game_id, from_hand],
            ).fetchone()
            if found is None:  # the game went since its rules' rows were read (a record's)
                raise GameNotFound()
            parsed: Mapping[str, Any] = json.loads(found[0])
            return parsed

        try:
            document, rules = _built_from(row["digest"], options, read)
        except FormatError as error:
            raise RulesUnreadable(f"Game {game_id}'s rules no longer load: {error}") from None
        segments.append(
            Segment(
                from_hand=row["from_hand"],
                source=row["source"],
                source_id=row["source_id"],
                options=options,
                document=document,
                digest=row["digest"],
                rules=rules,
            )
        )
    return RuleBook(tuple(segments))

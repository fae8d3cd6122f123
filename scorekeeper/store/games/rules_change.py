"""Where a game's rules came from, whether that source has moved on, and adopting its rules."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from sqlite_utils import Database

from scorekeeper.rules.documents import FormatError, digest, preset_digest, preset_document
from scorekeeper.sentences.marked import N_
from scorekeeper.store.errors import GameNotFound, StoreError
from scorekeeper.store.formats.house import house_document
from scorekeeper.store.games.game import Game
from scorekeeper.store.games.hands import _current, _locked
from scorekeeper.store.games.rules import HOUSE, PRESET, freeze, frozen_row


class Origin(Protocol):
    """Where a game's current rules came from, and the digest of what was frozen then."""

    @property
    def source(self) -> str: ...
    @property
    def source_id(self) -> str: ...
    @property
    def options(self) -> tuple[str, ...]: ...
    @property
    def digest(self) -> str: ...


@dataclass(frozen=True)
class Frozen:
    """An Origin read from its row alone, without the document or its rules."""

    source: str
    source_id: str
    options: tuple[str, ...]
    digest: str


@dataclass(frozen=True)
class SheetHead:
    """What names a game's sheet, read without its hands: version, reopened, rules moved on,
    the role of the browser asking (None: it has none), and whether its club night is closed."""

    version: int
    reopened: bool
    rules_changed: bool
    role: str | None = None
    event_closed: bool = False


# How to read what each kind of source gives today.
SOURCES: dict[str, Callable[[Database, Origin], Mapping[str, Any]]] = {
    PRESET: lambda _db, segment: preset_document(segment.source_id, segment.options),
    HOUSE: lambda db, segment: house_document(db, segment.source_id, segment.options),
}


class RulesUnchanged(StoreError):
    """The game's rules source gives the same rules as the game already has."""

    message = N_("This game already plays under the latest rules.")


def source_document(db: Database, segment: Origin) -> Mapping[str, Any] | None:
    """Returns what the segment's source gives today; None when it is gone or broken."""
    read = SOURCES.get(segment.source)
    if read is None:
        return None
    try:
        return read(db, segment)
    except (FormatError, StoreError):  # the preset or house format is gone, or broken
        return None


def rules_changed(db: Database, game: Game) -> bool:
    """Tells whether the game's rules source has moved on since its rules were frozen."""
    return origin_changed(db, game.rule_book.current)


def sheet_head(db: Database, game_id: str, browser_id: str) -> SheetHead:
    """Returns what names a game's sheet for this browser in one statement: its role (None:
    none), the version, and its house format's, if any; GameNotFound when deleted or unknown."""
    # The role is the browser's own, or "view" for a member of the game's group: a poll of an
    # unchanged sheet (a 304) reads nothing else.
    row = db.execute(
        "SELECT g.version, g.reopened, r.source, r.source_id, r.options, r.digest, "
        "COALESCE((SELECT b.role FROM browser_games b WHERE b.browser_id = ?1 AND b.game_id = g.id), "
        "(SELECT 'view' FROM group_games gg JOIN group_members m ON m.group_id = gg.group_id "
        "WHERE gg.game_id = g.id AND m.browser_id = ?1)), "
        # Neither a closed club night nor rules moved on moves the game's version; the page shows both.
        "EXISTS (SELECT 1 FROM event_tables t JOIN events e ON e.id = t.event_id "
        "WHERE t.game_id = g.id AND e.closed_at IS NOT NULL) "
        "FROM games g LEFT JOIN game_rules r ON r.game_id = g.id "
        "WHERE g.id = ?2 AND g.deleted_at IS NULL ORDER BY r.from_hand DESC LIMIT 1",
        [browser_id, game_id],
    ).fetchone()
    if row is None:
        raise GameNotFound()
    version, reopened, role, closed = int(row[0]), bool(row[1]), row[6], bool(row[7])
    if row[2] is None:  # no rules at all: the sheet says so (RulesUnreadable) when built
        return SheetHead(version, reopened, rules_changed=False, role=role, event_closed=closed)
    origin = Frozen(row[2], row[3], tuple(json.loads(row[4])), row[5])
    return SheetHead(version, reopened, origin_changed(db, origin), role, closed)


def origin_changed(db: Database, segment: Origin) -> bool:
    """Tells whether a rules source has moved on since the segment's rules were frozen."""
    if segment.source == PRESET:  # asked on every sheet: the preset's digest is kept
        try:
            return preset_digest(segment.source_id, tuple(segment.options)) != segment.digest
        except FormatError:  # the preset is gone
            return False
    today = source_document(db, segment)
    return today is not None and digest(today) != segment.digest


def play_on_under_new_rules(db: Database, game_id: str, *, version: int, form_token: str) -> int:
    """Freezes the source's rules of today for the hands still to come; returns the first."""
    game = _current(db, game_id, version, form_token, when_over=True)
    segment = game.rule_book.current
    today = source_document(db, segment)
    if today is None or digest(today) == segment.digest:
        raise RulesUnchanged()
    from_hand = game.hand_count + 1
    with _locked(db, game_id, version, form_token, rescore_from=from_hand) as stamp:
        freeze(
            db,
            frozen_row(
                game_id,
                from_hand=from_hand,
                source=segment.source,
                source_id=segment.source_id,
                options=segment.options,
                document=today,
                stamp=stamp,
            ),
        )
    return from_hand

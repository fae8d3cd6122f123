"""Where a game's rules came from, whether that source has moved on, and adopting its rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sqlite_utils import Database

from scorekeeper.language.marked import N_
from scorekeeper.rules.documents import FormatError, digest, preset_digest, preset_document
from scorekeeper.store.errors import StoreError
from scorekeeper.store.game_rules import HOUSE, PRESET, Segment, freeze
from scorekeeper.store.games import Game
from scorekeeper.store.hands import _current, _locked
from scorekeeper.store.house_formats import house_document

# How to read what each kind of source gives today.
SOURCES: dict[str, Callable[[Database, Segment], Mapping[str, Any]]] = {
    PRESET: lambda _db, segment: preset_document(segment.source_id, segment.options),
    HOUSE: lambda db, segment: house_document(db, segment.source_id, segment.options),
}


class RulesUnchanged(StoreError):
    """The game's rules source gives the same rules as the game already has."""

    message = N_("This game already plays under the latest rules.")


def source_document(db: Database, segment: Segment) -> Mapping[str, Any] | None:
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
    segment = game.rule_book.current
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
            game_id,
            from_hand=from_hand,
            source=segment.source,
            source_id=segment.source_id,
            options=segment.options,
            document=today,
            stamp=stamp,
        )
    return from_hand

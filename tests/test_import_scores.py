"""An import stores exactly what a full replay computes, whatever the table played.

The import scores each hand once, as it checks it, and builds the stored rows from that
(issue 24 item 10); these tests hold every imported game's stored rows and head to a replay
of its hands (`scores.differences`), to the rows the same game got hand by hand at the table,
and to the JSON text json.dumps writes.
"""

from __future__ import annotations

import contextlib
import itertools
import json
from typing import Any

import pytest

from scorekeeper import store
from scorekeeper.rules.documents import preset_document
from scorekeeper.rules.presets import rules_for
from scorekeeper.store.games.scores import differences
from scorekeeper.store.portable.importing import dumps, export_games, import_games
from tests.sample_game import sample_hands, sample_setup

_tokens = itertools.count()


def token() -> str:
    return f"import-scores-{next(_tokens):08d}"


def played(db: Any, format_id: str, hands: int, seed: int = 7, out_rate: float = 0.6) -> str:
    """Plays a game hand by hand as a table would: on to a higher target when it ends."""
    setup = sample_setup(rules_for(format_id))
    sides = [(side.name, list(side.players)) for side in setup.sides]
    game_id = store.create_game(
        db, format_id=format_id, sides=sides, first_dealer=setup.first_dealer
    ).id
    for n in range(hands):
        game = store.get_game(db, game_id)
        if game.head.status.over and game.rules.ending.target is not None:
            target = max(game.state.totals.values()) + 1_000
            store.play_on(db, game_id, target, version=game.version, form_token=token())
            game = store.get_game(db, game_id)
        elif game.head.status.over:  # a game of so many deals: it ends where it ends
            break
        (hand,) = sample_hands(game.rules, game.setup, 1, seed=seed * 1_000 + n, out_rate=out_rate)
        store.add_hand(db, game_id, hand, version=game.version, form_token=token())
    return game_id


def edited(db: Any, game_id: str, numbers: list[int], seed: int = 11) -> None:
    """Fixes some hands after the fact (reopening a finished game first, as the sheet does)."""
    for number in numbers:
        game = store.get_game(db, game_id)
        if number > game.hand_count:
            continue
        version = game.version
        if game.locked:
            store.set_reopened(db, game_id, version=version, form_token=token())
            version += 1
        (hand,) = sample_hands(game.rules, game.setup, 1, seed=seed + number, out_rate=0.3)
        with contextlib.suppress(store.InvalidHand, store.GameOver):  # refused: nothing changed
            store.edit_hand(db, game_id, number, hand, version=version, form_token=token())


def stored(db: Any, game_id: str) -> tuple[list[tuple[int, str, str]], tuple[Any, ...]]:
    """Returns a game's stored hands (number, entry, result) and its stored head."""
    hands = db.execute(
        "SELECT number, entry, result FROM hands WHERE game_id = ? ORDER BY number", [game_id]
    ).fetchall()
    head = db.execute(
        "SELECT head, hand_count, ended_at FROM games WHERE id = ?", [game_id]
    ).fetchone()
    return [tuple(h) for h in hands], tuple(head)


def as_json_dumps_writes(text: str, compact: bool = True) -> bool:
    """Tells whether a stored text is exactly what json.dumps writes for what it holds."""
    options: dict[str, Any] = {"separators": (",", ":")} if compact else {}
    return text == json.dumps(json.loads(text), ensure_ascii=False, **options)


def imported_back(db: Any, game_id: str) -> str:
    (copy,) = import_games(db, dumps(export_games(db, [game_id])))
    return copy


FORMATS = [
    "classic",
    "modern_american",
    "cutthroat",
    "five_hand",
    "six_hand_three_teams",
    "samba",
    "hand_and_foot",
    "mexicana",
    "oklahoma",
    "cuban",
]


@pytest.mark.parametrize("format_id", FORMATS)
def test_an_imported_game_stores_what_the_table_stored(store_db, format_id) -> None:
    game_id = played(store_db, format_id, 24)
    edited(store_db, game_id, [2, 7, 13])
    assert differences(store_db, game_id) == []

    copy = imported_back(store_db, game_id)

    assert differences(store_db, copy) == []  # its rows and head equal a replay of its hands
    assert stored(store_db, copy) == stored(store_db, game_id)  # the same text, byte for byte
    hands, (head, count, _ended_at) = stored(store_db, copy)
    assert count == len(hands) > 0
    assert as_json_dumps_writes(head)
    for _number, entry, result in hands:
        assert as_json_dumps_writes(result)
        assert as_json_dumps_writes(entry, compact=False)


def test_a_game_whose_rules_changed_midway_is_stored_as_its_replay(store_db) -> None:
    """Hands 1–5 under Classic, hands 6 on under Classic with three house options."""
    game_id = played(store_db, "classic", 14, seed=3, out_rate=0.2)
    exported = export_games(store_db, [game_id])
    options = ["red_threes_need_canasta", "meld_must_exceed", "negative_opening_zero"]
    later = {
        "from_hand": 6,
        "source": "preset",
        "source_id": "classic",
        "options": options,
        "document": preset_document("classic", options),
    }
    exported["games"][0]["rules"].append(later)

    (copy,) = import_games(store_db, dumps(exported))

    game = store.get_game(store_db, copy)
    assert [s.from_hand for s in game.rule_book.segments] == [1, 6]
    assert differences(store_db, copy) == []  # each hand under its own rules, as a replay
    before, after = stored(store_db, game_id)[0], stored(store_db, copy)[0]
    assert after[:5] == before[:5]  # the hands before the change, exactly as the table's
    assert len(after) == len(before) == 14


def test_a_cutthroat_game_keeps_each_hands_lone_hand_and_dealer(store_db) -> None:
    game_id = played(store_db, "cutthroat", 18, seed=5)
    copy = imported_back(store_db, game_id)
    source, imported = store.get_game(store_db, game_id), store.get_game(store_db, copy)
    assert [r.lone_hand for r in imported.state.rows] == [r.lone_hand for r in source.state.rows]
    assert [r.dealer for r in imported.state.rows] == [r.dealer for r in source.state.rows]
    assert imported.state.totals == source.state.totals
    assert imported.state.status == source.state.status

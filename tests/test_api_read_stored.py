"""The API's read of a game writes its rows from the stored text: the same answer as rows and
hands decoded and worded again, for random games of every preset (issue 36)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scorekeeper import store
from scorekeeper.api.games.documents import game_json, hand_json
from scorekeeper.rules.presets import load_presets, rules_for
from scorekeeper.store.games.scores import UNREAD
from tests.sample_game import NAMES, sample_hands, sample_setup


def _played(db, seed: int, format_id: str | None = None) -> str:
    """Plays a game of a preset (a random one unless named) with random hands; returns its id."""
    rng = random.Random(seed)
    format_id = format_id or rng.choice(sorted(load_presets()))
    rules = rules_for(format_id)
    setup = sample_setup(rules, NAMES)
    game = store.create_game(
        db,
        format_id=format_id,
        sides=[(s.name, s.players) for s in setup.sides],
        first_dealer=setup.first_dealer,
        owner="stored-read-browser-01",
    )
    names = {s.key: s.name for s in setup.sides}  # the sample's keys; the store's are names
    for number, hand in enumerate(sample_hands(rules, setup, 20, seed=seed), start=1):
        raw = hand.as_dict()
        raw["hand"] = {names[key]: entry for key, entry in raw["hand"].items()}
        if "lone_hand" in raw:
            raw["lone_hand"] = names.get(raw["lone_hand"], raw["lone_hand"])
        try:
            store.record_hand(
                db,
                game.id,
                raw,
                version=game.version + number - 1,
                form_token=f"read-{seed:03d}-{number:03d}-key",
            )
        except (store.GameOver, store.InvalidHand):
            break
    return game.id


def _decoded_hands(game: store.Game) -> list[dict[str, Any]]:
    """Returns the rows as the API wrote them before: every hand parsed, every row rebuilt."""
    return [hand_json(row, hand) for row, hand in zip(game.state.rows, game.hands, strict=True)]


@pytest.mark.parametrize(("seed", "format_id"), list(enumerate(sorted(load_presets()))))
def test_a_read_from_stored_text_is_the_decoded_read(app, db, seed, format_id):
    game_id = _played(db, seed, format_id)
    with app.test_request_context("/api/v1/games/x"):
        game = store.get_game(db, game_id)
        assert game.hand_count >= 3  # played: the comparison has rows to compare
        assert len(game.texts) == game.hand_count
        assert game_json(game)["hands"] == _decoded_hands(game)


def test_a_hand_its_rules_no_longer_read_is_parsed_again(app, db):
    game_id = _played(db, 1)
    # A stored entry its rules cannot read, marked unread as scores.rescore marks it.
    db.execute(
        "UPDATE hands SET entry = ?, result = json_set(result, '$.' || ?, json('true')) "
        "WHERE game_id = ? AND number = 1",
        ['{"hand": {"nobody": {}}}', UNREAD, game_id],
    )
    db.conn.commit()
    with app.test_request_context("/api/v1/games/x"):
        game = store.get_game(db, game_id)
        hands = game_json(game)["hands"]
        assert hands == _decoded_hands(game)
        assert "nobody" not in hands[0]["entry"]["hand"]  # the parsed hand, not the stored text

"""Settling a game whose end moved: drop the hands after it, or play on to a raised target."""

from __future__ import annotations

import json

import pytest

from scorekeeper import store
from scorekeeper.store.connection import connect
from scorekeeper.store.migrations import migrations
from scorekeeper.store.portable import importing as portable

SIDES = [("We", ["Ann", "Bob"]), ("They", ["Cy", "Di"])]
SMALL = {"We": {"melded_points": 50}, "They": {"melded_points": 50}}
BIG = {"We": {"melded_points": 500, "canastas": {"natural": 1}, "went_out": "out"}, "They": {}}


@pytest.fixture
def moved(store_db) -> store.Game:
    """Returns a reopened game that ended at hand 3 until hand 1 was edited to end it there."""
    game = store.create_game(
        store_db, format_id="classic", sides=SIDES, first_dealer="Ann", start_totals={"We": 4000}
    )
    for n, hand in enumerate([SMALL, SMALL, BIG], 1):
        store.record_hand(store_db, game.id, {"hand": hand}, version=n, form_token=f"r{n}")
    assert store.get_game(store_db, game.id).state.ended_at == 3
    store.set_reopened(store_db, game.id, version=4, form_token="open")
    store.edit_hand(store_db, game.id, 1, {"hand": BIG}, version=5, form_token="edit")
    return store.get_game(store_db, game.id)


def test_an_edit_that_ends_the_game_earlier_leaves_later_hands_uncounted(moved) -> None:
    """The sheet ends at hand 1; hands 2 and 3 stay on it, marked, and count for nothing."""
    state = moved.state
    assert state.ended_at == 1 and [r.number for r in state.after_end] == [2, 3]
    assert dict(state.totals) == {"We": 5100, "They": 0} and state.status.winner == "We"
    assert moved.reopened and len(moved.hands) == 3


def test_deleting_the_hands_after_the_end(store_db, moved) -> None:
    """One write removes every hand after the end; the result stays the earlier end's."""
    first_last = store.delete_hands_after_end(store_db, moved.id, version=6, form_token="del")
    assert first_last == (2, 3)
    game = store.get_game(store_db, moved.id)
    assert len(game.hands) == 1 and game.state.after_end == () and game.state.ended_at == 1
    assert game.version == 7 and game.state.status.winner == "We"
    with pytest.raises(store.HandNotFound):
        store.delete_hands_after_end(store_db, moved.id, version=7, form_token="again")


def test_keep_playing_raises_the_target_and_counts_the_later_hands(store_db, moved) -> None:
    """Playing on to 7,500 keeps every hand, counts them, and leaves the game open for more."""
    assert store.play_on(store_db, moved.id, 7500, version=6, form_token="on") == 7500
    game = store.get_game(store_db, moved.id)
    assert game.rules.ending.target == 7500 and not game.reopened
    assert [(r.after_hand, r.from_target, r.to_target) for r in game.raises] == [(1, 5000, 7500)]
    assert game.state.ended_at is None and game.state.totals["We"] == 6250
    store.record_hand(store_db, moved.id, {"hand": SMALL}, version=7, form_token="r4")
    assert len(store.get_game(store_db, moved.id).hands) == 4


def test_any_target_above_the_leader_may_be_chosen(store_db, moved) -> None:
    """We lead with 5,100 at the end, so 6,000 leaves something to play for."""
    store.play_on(store_db, moved.id, 6000, version=6, form_token="ok")
    assert store.get_game(store_db, moved.id).rules.ending.target == 6000


@pytest.mark.parametrize("target", [5000, 5100, 7501])
def test_a_raise_not_above_the_leader_is_refused_and_nothing_changes(
    store_db, moved, target
) -> None:
    """The new target must be a multiple of 5 above the leader's 5,100."""
    with pytest.raises(store.CannotPlayOn, match="at least 5,105"):
        store.play_on(store_db, moved.id, target, version=6, form_token="low")
    assert store.get_game(store_db, moved.id).version == 6


def test_a_game_in_progress_cannot_be_raised(store_db) -> None:
    """Only a finished game plays on to a new target."""
    game = store.create_game(store_db, format_id="classic", sides=SIDES, first_dealer="Ann")
    with pytest.raises(store.CannotPlayOn, match="not over"):
        store.play_on(store_db, game.id, 7500, version=1, form_token="x")


def test_starting_totals_at_the_target_are_refused(store_db) -> None:
    """A new game cannot start already won."""
    with pytest.raises(store.InvalidGame, match="already at the target"):
        store.create_game(
            store_db,
            format_id="classic",
            sides=SIDES,
            first_dealer="Ann",
            start_totals={"We": 5000},
        )


def test_deleting_the_hand_a_raise_followed_drops_the_raise(store_db) -> None:
    """Keep playing after hand 1, then delete hand 1: the old target stands, the file reads back."""
    game = store.create_game(
        store_db, format_id="classic", sides=SIDES, first_dealer="Ann", start_totals={"We": 4900}
    )
    store.record_hand(store_db, game.id, {"hand": BIG}, version=1, form_token="end")
    store.play_on(store_db, game.id, 7500, version=2, form_token="on")
    store.record_hand(store_db, game.id, {"hand": SMALL}, version=3, form_token="two")
    store.delete_last_hand(store_db, game.id, version=4, form_token="del2")
    assert [r.after_hand for r in store.get_game(store_db, game.id).raises] == [1]  # kept
    store.delete_last_hand(store_db, game.id, version=5, form_token="del1")
    after = store.get_game(store_db, game.id)
    assert after.raises == () and after.rules.ending.target == 5000 and not after.hands
    exported = portable.export_games(store_db, [game.id])
    assert exported["games"][0]["target_raises"] == []
    portable.import_games(store_db, json.dumps(exported))  # what the app writes, it reads


def test_the_migration_drops_raises_after_hands_since_deleted(tmp_path) -> None:
    """Games saved before the fix lose the stale raise, with a new version; others keep theirs."""
    db = connect(tmp_path / "old.db")
    migrations.apply(db)  # the games are made by today's store; 0006 then runs again on them
    db.execute("DELETE FROM _sqlite_migrations WHERE name = '0006_raises_after_deleted_hands'")
    stale, sound = (
        store.create_game(db, format_id="classic", sides=SIDES, first_dealer="Ann") for _ in "ab"
    )
    store.record_hand(db, sound.id, {"hand": SMALL}, version=1, form_token="one")
    raised = json.dumps([{"after_hand": 1, "from_target": 5000, "to_target": 7500}])
    db.execute("UPDATE games SET target_raises = ?", [raised])
    migrations.apply(db)
    assert store.get_game(db, stale.id).raises == ()
    assert store.get_game(db, stale.id).version == stale.version + 1
    assert [r.to_target for r in store.get_game(db, sound.id).raises] == [7500]
    db.close()

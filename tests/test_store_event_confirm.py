"""Opponents confirm that one side cannot defeat, and a closed event that nothing changes."""

from __future__ import annotations

import uuid

import pytest

from scorekeeper import store
from scorekeeper.store.errors import EventIsClosed
from scorekeeper.store.events import checks as event_checks
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.checks import NotYours
from scorekeeper.store.events.entrants import add_entrant, withdraw
from scorekeeper.store.events.event import (
    EventClosed,
    close_event,
    create_event,
    get_event,
    reopen_event,
)
from tests.test_store_events import OUT, new_event, play


def started(db, deals: int = 1):
    """Returns a confirm-on event with round 1 started, and its first table."""
    event = create_event(db, new_event(confirm=True, deals_per_round=deals))
    event_rounds.start_round(db, event.id)
    event = get_event(db, event.id)
    return event, event_rounds.tables(db, event, 1)[0]


def side_hand(db, game_id: str, side: int, melded: int = 300):
    """Records one hand from side `side`'s card, won by that side."""
    game = store.get_game(db, game_id)
    mine, theirs = game.side_keys[side], game.side_keys[1 - side]
    hand = {"hand": {mine: {**OUT, "melded_points": melded}, theirs: {"melded_points": 50}}}
    key = uuid.uuid4().hex
    return event_checks.record_for(db, game_id, side, hand, version=game.version, form_token=key)


def opened(db, game_id: str):
    """Returns the game, reopened to fix a hand when it is over (as the sheet offers)."""
    game = store.get_game(db, game_id)
    if game.locked:
        store.set_reopened(db, game_id, version=game.version, form_token=uuid.uuid4().hex)
        game = store.get_game(db, game_id)
    return game


def table(db, event, number: int = 1):
    return event_rounds.tables(db, get_event(db, event.id), 1)[number - 1]


def test_the_other_side_confirms_and_the_table_counts(store_db) -> None:
    event, t = started(store_db)
    side_hand(store_db, t.game_id, 0)
    assert table(store_db, event).pending == 1 and not table(store_db, event).finished
    with pytest.raises(NotYours):
        event_checks.check_as(store_db, t.game_id, 0, 1, "confirmed")
    event_checks.check_as(store_db, t.game_id, 1, 1, "confirmed")
    assert table(store_db, event).finished and table(store_db, event).pending == 0


def test_a_hand_saved_outside_the_sides_pages_waits_for_the_director(store_db) -> None:
    event, t = started(store_db)
    play(store_db, t.game_id, store.get_game(store_db, t.game_id).side_keys[0])
    for side in (0, 1):  # the game's own link: neither side can make it count
        with pytest.raises(NotYours):
            event_checks.check_as(store_db, t.game_id, side, 1, "confirmed")
    waiting = event_checks.for_director(store_db, event.id)
    assert [(w.table, w.number, w.disputed) for w in waiting] == [(1, 1, False)]
    event_checks.resolve(store_db, t.game_id, 1)
    assert table(store_db, event).finished and not event_checks.for_director(store_db, event.id)


def test_the_saving_side_cannot_turn_a_dispute_into_a_confirmation(store_db) -> None:
    event, t = started(store_db)
    side_hand(store_db, t.game_id, 0)
    event_checks.check_as(store_db, t.game_id, 1, 1, "disputed")
    for side, state in ((0, "confirmed"), (1, "confirmed"), (0, "disputed")):
        with pytest.raises(NotYours):
            event_checks.check_as(store_db, t.game_id, side, 1, state)
    assert table(store_db, event).disputed == 1 and not table(store_db, event).finished
    waiting = event_checks.for_director(store_db, event.id)
    assert [(w.number, w.disputed) for w in waiting] == [(1, True)]
    event_checks.resolve(store_db, t.game_id, 1)  # the director keeps it as saved
    assert table(store_db, event).finished


def test_a_confirmed_hand_cannot_be_unconfirmed_by_a_side(store_db) -> None:
    event, t = started(store_db)
    side_hand(store_db, t.game_id, 0)
    event_checks.check_as(store_db, t.game_id, 1, 1, "confirmed")
    for side in (0, 1):
        with pytest.raises(NotYours):
            event_checks.check_as(store_db, t.game_id, side, 1, "disputed")
    assert table(store_db, event).finished


def test_a_rewritten_confirmed_hand_is_pending_again(store_db) -> None:
    event, t = started(store_db)
    side_hand(store_db, t.game_id, 0)
    event_checks.check_as(store_db, t.game_id, 1, 1, "confirmed")
    game = opened(store_db, t.game_id)
    big = {"hand": {game.side_keys[0]: {**OUT, "melded_points": 900}, game.side_keys[1]: {}}}
    store.edit_hand(store_db, t.game_id, 1, big, version=game.version, form_token="rewrite")
    again = table(store_db, event)
    assert again.pending == 1 and not again.finished
    assert event_checks.states(store_db, t.game_id) == {}
    with pytest.raises(NotYours):  # nobody's side saved the rewrite: the director's to settle
        event_checks.check_as(store_db, t.game_id, 1, 1, "confirmed")


def test_a_deleted_and_replaced_hand_is_pending_again(store_db) -> None:
    event, t = started(store_db)
    side_hand(store_db, t.game_id, 0)
    event_checks.check_as(store_db, t.game_id, 1, 1, "confirmed")
    game = opened(store_db, t.game_id)
    store.delete_last_hand(store_db, t.game_id, version=game.version, form_token="gone")
    play(store_db, t.game_id, game.side_keys[0], melded=900)
    replaced = table(store_db, event)
    assert replaced.deals == 1 and replaced.pending == 1 and not replaced.finished


def test_a_correction_by_the_director_counts_once_confirmed(store_db) -> None:
    event, t = started(store_db)
    side_hand(store_db, t.game_id, 0)
    event_checks.check_as(store_db, t.game_id, 1, 1, "disputed")
    game = opened(store_db, t.game_id)
    fixed = {"hand": {game.side_keys[0]: {**OUT, "melded_points": 500}, game.side_keys[1]: {}}}
    store.edit_hand(store_db, t.game_id, 1, fixed, version=game.version, form_token="fix")
    event_checks.resolve(store_db, t.game_id, 1)
    done = table(store_db, event)
    assert done.finished and done.disputed == 0 and done.scores[0] > done.scores[1]


def closed_with_a_table_to_finish(db):
    """Returns a closed event whose table 1 counts and table 2 waits for its last deal."""
    event, t = started(db, deals=2)
    side_hand(db, t.game_id, 0)
    event_checks.check_as(db, t.game_id, 1, 1, "confirmed")
    side_hand(db, t.game_id, 1)
    event_checks.check_as(db, t.game_id, 0, 2, "confirmed")
    other = table(db, event, 2)
    side_hand(db, other.game_id, 0)
    close_event(db, event.id)
    return event, t, other, event_rounds.standings(db, event.id)


def _rewrite(db, t, other) -> None:
    game = opened(db, t.game_id)
    hand = {"hand": {game.side_keys[1]: {**OUT, "melded_points": 900}, game.side_keys[0]: {}}}
    store.edit_hand(db, t.game_id, 1, hand, version=game.version, form_token="late")


def _finish(db, t, other) -> None:
    side_hand(db, other.game_id, 1)


def _delete_last(db, t, other) -> None:
    game = opened(db, t.game_id)
    store.delete_last_hand(db, t.game_id, version=game.version, form_token="late")


def _side_confirm(db, t, other) -> None:
    event_checks.check_as(db, other.game_id, 1, 1, "confirmed")


def _side_dispute(db, t, other) -> None:
    event_checks.check_as(db, other.game_id, 1, 1, "disputed")


def _director_confirm(db, t, other) -> None:
    event_checks.resolve(db, other.game_id, 1)


def t_event(db, t) -> str:
    found = db.execute("SELECT event_id FROM event_tables WHERE game_id = ?", [t.game_id])
    return str(found.fetchone()[0])


def _correct(db, t, other) -> None:
    event_rounds.correct(db, t_event(db, t), 1, 2, (9000, 0))


def _no_play(db, t, other) -> None:
    event_rounds.mark_no_play(db, t_event(db, t), 1, 1)


def _late_entrant(db, t, other) -> None:
    add_entrant(db, t_event(db, t), "Tens", ["Ivy", "Jo"])


def _withdraw(db, t, other) -> None:
    withdraw(db, t_event(db, t), 0)


@pytest.mark.parametrize(
    "change",
    [
        _rewrite,
        _finish,
        _delete_last,
        _side_confirm,
        _side_dispute,
        _director_confirm,
        _correct,
        _no_play,
        _late_entrant,
        _withdraw,
    ],
)
def test_nothing_changes_a_closed_event(store_db, change) -> None:
    event, t, other, before = closed_with_a_table_to_finish(store_db)
    with pytest.raises(EventIsClosed):
        change(store_db, t, other)
    assert event_rounds.standings(store_db, event.id) == before
    with pytest.raises(EventClosed):
        event_rounds.start_round(store_db, event.id)
    reopen_event(store_db, event.id)
    change(store_db, t, other)  # reopened, the same change goes through

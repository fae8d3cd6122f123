"""Tables of three (Cutthroat) through the store: ten players, three rounds, nobody idle."""

from __future__ import annotations

import uuid
from collections import Counter

import pytest

from scorekeeper import store
from scorekeeper.events import standings
from scorekeeper.events.standings import Played
from scorekeeper.store.events import cards as entrant_cards
from scorekeeper.store.events import checks as event_checks
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.checks import NotYours
from scorekeeper.store.events.event import InvalidEvent, create_event, get_event
from tests.test_store_event_draws import PLAYERS, new_event


def three_handed(db, count: int = 10, **changes):  # type: ignore[no-untyped-def]
    base = dict(
        entrants=[(p, []) for p in PLAYERS[:count]],
        movement="individual",
        rounds=3,
        seating="cutthroat",
        confirm=True,
        deals_per_round=1,
    )
    return create_event(db, new_event(**(base | changes)))


def hand_for(game: store.Game, winner: int, melded: int) -> dict:  # type: ignore[type-arg]
    """Returns one hand of a game won by side `winner`: a Cutthroat lone hand, or a pair's."""
    keys = game.side_keys
    out = {"melded_points": melded, "canastas": {"natural": 2}, "went_out": "out"}
    hand: dict = {  # type: ignore[type-arg]
        "hand": {
            k: (out if i == winner else {"melded_points": 50 * (i + 1)}) for i, k in enumerate(keys)
        }
    }
    if len(keys) == 3:
        hand["lone_hand"] = keys[winner]
    return hand


def totals(game: store.Game) -> tuple[int, ...]:
    """Returns the game's own running totals, side by side (a recount, not the event's read)."""
    return tuple(game.running[k] for k in game.side_keys)


def save_as(db, game_id: str, side: int, melded: int):  # type: ignore[no-untyped-def]
    game = store.get_game(db, game_id)
    return event_checks.record_for(
        db,
        game_id,
        side,
        hand_for(game, side, melded),
        version=game.version,
        form_token=uuid.uuid4().hex,
    )


def test_ten_players_three_rounds_at_tables_of_three_nobody_idle_confirmed_by_the_sides(
    store_db,
) -> None:
    event = three_handed(store_db)
    at_three: Counter[int] = Counter()
    for number in (1, 2, 3):
        assert event_rounds.start_round(store_db, event.id) == number
        found = event_rounds.tables(store_db, get_event(store_db, event.id), number)
        assert sorted(p for t in found for side in t.seats for p in side) == list(range(10))
        formats = sorted(store.get_game(store_db, t.game_id).format for t in found if t.game_id)
        assert formats == ["classic", "cutthroat", "cutthroat"]
        for t in found:
            assert t.game_id
            sides = len(t.seats)
            assert len(event_checks.side_tokens(store_db, t.game_id)) == sides
            saver = number % sides  # a different seat saves each round
            save_as(store_db, t.game_id, saver, 300 + 100 * t.number)
            with pytest.raises(NotYours):  # the saver cannot confirm its own hand
                event_checks.check_as(store_db, t.game_id, saver, 1, "confirmed")
            assert not event_rounds.tables(store_db, get_event(store_db, event.id), number)[
                t.number - 1
            ].finished
            # any other seat's confirmation is enough (at a table of three: one of two)
            event_checks.check_as(store_db, t.game_id, (saver + 1) % sides, 1, "confirmed")
            if t.third:
                at_three.update(p for side in t.seats for p in side)
                with pytest.raises(NotYours):  # settled: the third seat cannot undo it
                    event_checks.check_as(store_db, t.game_id, (saver + 2) % 3, 1, "disputed")
    byes = store_db.execute("SELECT count(*) FROM event_byes WHERE event_id = ?", [event.id])
    assert byes.fetchone()[0] == 0
    assert max(at_three.values()) - min(at_three.values()) <= 1  # the tables of three rotate
    event = get_event(store_db, event.id)
    found = event_rounds.tables(store_db, event)
    assert all(t.finished for t in found)
    # the standings equal a recount from the tables' own games
    recount = [
        Played(
            t.round,
            t.north_south,
            t.east_west,
            totals(store.get_game(store_db, t.game_id)),
            t.number,
            t.third,
        )
        for t in found
        if t.game_id
    ]
    assert all(len(set(r.scores)) == 2 for r in recount)  # the lone hand against two
    keys = [e.position for e in event.entrants]
    expected = standings(event.id, keys, recount, event.table, event.bye)
    assert event_rounds.standings(store_db, event.id) == expected
    assert all(ln.played == 3 for ln in expected.lines)
    cards = event_rounds.scorecards(store_db, event)
    for line in expected.lines:  # every scorecard adds up to the standings' VP
        assert sum(c.victory_points or 0 for c in cards[line.entrant]) == line.victory_points


def test_an_entrant_card_sits_at_its_table_of_three(store_db) -> None:
    event = three_handed(store_db)
    event_rounds.start_round(store_db, event.id)
    first = event_rounds.tables(store_db, get_event(store_db, event.id), 1)[0]
    assert first.third
    tokens = entrant_cards.card_tokens(store_db, event.id)
    for side, (position,) in enumerate(first.seats):
        seat = event_checks.side_of(store_db, tokens[position])
        assert (seat.game_id, seat.side) == (first.game_id, side)
        (mine,) = entrant_cards.seats(store_db, event.id, position)
        assert mine.sides == 3 and len(mine.theirs) == 2 and position not in mine.theirs


def test_the_director_corrects_a_table_of_three_with_three_scores(store_db) -> None:
    event = three_handed(store_db)
    event_rounds.start_round(store_db, event.id)
    with pytest.raises(InvalidEvent) as refused:
        event_rounds.correct(store_db, event.id, 1, 1, (1500, 900))
    assert refused.value.problems[0].code == "table_sides"
    with pytest.raises(InvalidEvent):
        event_rounds.correct(store_db, event.id, 1, 3, (1500, 900, 600))  # a table of four
    event_rounds.correct(store_db, event.id, 1, 1, (1500, 900, 600))
    t = event_rounds.tables(store_db, get_event(store_db, event.id), 1)[0]
    assert t.finished and t.scores == (1500, 900, 600)


@pytest.mark.parametrize("count", [5, 2])
def test_the_store_refuses_tables_of_three_that_cannot_seat_everyone(store_db, count) -> None:
    with pytest.raises(InvalidEvent) as refused:
        three_handed(store_db, count)
    found = refused.value.problems[0]
    assert (found.field, found.code, found.params) == (
        "seating",
        "three_handed_count",
        {"count": count},
    )


def test_a_withdrawal_down_to_five_sits_one_out(store_db) -> None:
    from scorekeeper.store.events.entrants import withdraw

    event = three_handed(store_db, 6)
    event_rounds.start_round(store_db, event.id)
    withdraw(store_db, event.id, 5)
    event_rounds.start_round(store_db, event.id)
    found = event_rounds.tables(store_db, get_event(store_db, event.id), 2)
    byes = store_db.execute(
        "SELECT entrant FROM event_byes WHERE event_id = ? AND round = 2", [event.id]
    ).fetchall()
    assert len(byes) == 1 and len(found) == 1 and not found[0].third


def test_the_migration_moves_the_directors_mark_from_2_to_3(tmp_path) -> None:
    """A hand the director confirmed before tables of three said side 2; it says 3 after."""
    from sqlite_utils.migrations import Migrations

    from scorekeeper.store.connection import connect
    from scorekeeper.store.migrations import STEPS, migrations

    db = connect(tmp_path / "old.db")
    before = Migrations("scorekeeper")
    # every step written before this one (later branches' steps come after it in STEPS)
    for name, step in STEPS[: [n for n, _ in STEPS].index("0012_event_three_handed")]:
        before(name=name)(step)
    before.apply(db)
    sides = [("Ann", ("Ann", "Bob")), ("Cy", ("Cy", "Di"))]
    game = store.create_game(db, format_id="classic", sides=sides, first_dealer="Ann")
    for number, side in ((1, 2), (2, 1)):  # the director's confirmation, a side's
        db.execute(
            "INSERT INTO event_hand_checks (game_id, number, state, side, saved_by, at) "
            "VALUES (?, ?, 'confirmed', ?, 0, '2026-01-01')",
            [game.id, number, side],
        )
    migrations.apply(db)
    checked = event_checks.states(db, game.id)
    assert [checked[n].by for n in (1, 2)] == [event_checks.DIRECTOR, 1] == [3, 1]
    assert db.execute("SELECT third FROM event_tables").fetchall() == []  # the column is there
    db.close()


def test_a_third_player_who_played_gets_no_adjusted_score(store_db) -> None:
    from scorekeeper.store.events.night import adjust

    event = three_handed(store_db)
    event_rounds.start_round(store_db, event.id)
    event_rounds.correct(store_db, event.id, 1, 1, (1500, 900, 600))
    first = event_rounds.tables(store_db, get_event(store_db, event.id), 1)[0]
    with pytest.raises(InvalidEvent) as refused:
        adjust(store_db, event.id, 1, first.third[0], "bye")
    assert refused.value.problems[0].code == "adjust_played"

"""An event's version moves with anything its standings show; polls of unchanged standings are
served from what is kept (store/cache.py) or answered 304, and never go stale."""

from __future__ import annotations

import pytest

from scorekeeper import store
from scorekeeper.store import cache
from scorekeeper.store.events import checks as event_checks
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.entrants import add_entrant, withdraw
from scorekeeper.store.events.event import (
    close_event,
    create_event,
    get_event,
    version,
)
from tests.test_api_events import bearer, make, record
from tests.test_store_events import new_event, play


@pytest.fixture(params=[True, False], ids=["kept", "off"])
def room(request):
    """Runs a test with the speed room on, then off: both must give the same answers."""
    cache.configure(request.param)
    yield request.param
    cache.configure(cache.enabled_by_environment())


def test_every_change_the_standings_show_moves_the_version(store_db) -> None:
    event = create_event(store_db, new_event(confirm=True))
    seen = [version(store_db, event.id)]

    def moved() -> None:
        now = version(store_db, event.id)
        assert now > seen[-1]
        seen.append(now)

    event_rounds.start_round(store_db, event.id)
    moved()
    first, second = event_rounds.tables(store_db, get_event(store_db, event.id), 1)
    play(store_db, first.game_id, first.sides[0])  # a hand saved at a table
    moved()
    event_checks.resolve(store_db, first.game_id, 1)  # saved on the sheet: the director's
    moved()
    event_rounds.correct(store_db, event.id, 1, second.number, (900, 100))
    moved()
    event_rounds.mark_no_play(store_db, event.id, 1, second.number, True)
    moved()
    add_entrant(store_db, event.id, "Tens", ["Ivy", "Jo"])
    moved()
    withdraw(store_db, event.id, 4)
    moved()
    game = store.get_game(store_db, first.game_id)
    store.rename(  # a table renames its sides: the big screen shows the game's names
        store_db,
        first.game_id,
        [
            ("Aces!", list(game.setup.sides[0].players)),
            (game.setup.sides[1].name, list(game.setup.sides[1].players)),
        ],
        version=game.version,
        form_token="rename-form-token-0001",
    )
    moved()
    close_event(store_db, event.id)
    moved()


def test_a_game_outside_the_event_leaves_it_alone(store_db) -> None:
    event = create_event(store_db, new_event())
    event_rounds.start_round(store_db, event.id)
    before = version(store_db, event.id)
    game = store.create_game(
        store_db,
        format_id="classic",
        sides=[("We", ["A", "B"]), ("They", ["C", "D"])],
        first_dealer="A",
    )
    play(store_db, game.id, "We")
    assert version(store_db, event.id) == before


def test_kept_standings_follow_every_hand(store_db, room) -> None:
    event = create_event(store_db, new_event(deals_per_round=1))
    event_rounds.start_round(store_db, event.id)
    assert all(ln.victory_points == 0 for ln in event_rounds.standings(store_db, event.id).lines)
    tables = event_rounds.tables(store_db, get_event(store_db, event.id), 1)
    for t in tables:
        play(store_db, t.game_id, t.sides[0])
        kept = event_rounds.standings(store_db, event.id)
        cache.configure(False)
        counted = event_rounds.standings(store_db, event.id)
        cache.configure(room)
        assert kept == counted  # never the standings of before the hand
    assert sorted(ln.played for ln in kept.lines) == [1, 1, 1, 1]
    current = event_rounds.tables(store_db, get_event(store_db, event.id), 1)
    assert all(t.finished and t.deals == 1 for t in current)


def test_the_standings_poll_is_answered_304_until_a_table_moves(client) -> None:
    made = make(client)
    view = bearer(made["view_token"])
    url = f"/api/v1/events/{made['id']}/standings"
    tables = client.post(f"/api/v1/events/{made['id']}/rounds", headers=bearer(made["token"]))
    first = client.get(url, headers=view)
    tag = first.headers["ETag"]
    again = client.get(url, headers=view | {"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag
    record(client, tables.get_json()["tables"][0], 0)
    moved = client.get(url, headers=view | {"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag
    assert moved.get_json()["standings"] == client.get(url, headers=view).get_json()["standings"]


def test_the_big_screen_poll_is_answered_304_per_language(client) -> None:
    made = make(client)
    screen = made["screen"].split("/events/")[1]
    url = f"/events/{screen}/live.json"
    tables = client.post(f"/api/v1/events/{made['id']}/rounds", headers=bearer(made["token"]))
    first = client.get(url)
    assert first.headers["Cache-Control"] == "private, no-cache"
    tag = first.headers["ETag"]
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    german = client.get(f"{url}?lang=de", headers={"If-None-Match": tag})
    assert german.status_code == 200  # the same standings in other words
    record(client, tables.get_json()["tables"][0], 0)
    moved = client.get(url, headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.get_json()["tables"][0]["deals"] == 1

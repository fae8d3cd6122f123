"""A table of an earlier round refuses hands once the next round is drawn (migration 0011):
409 `#round-moved-on` through the API, the reason on the pages; confirmations, disputes and the
director's table result still go through."""

from __future__ import annotations

import sqlite3
import uuid

import pytest

from scorekeeper.store.errors import RoundMovedOn
from scorekeeper.store.events import event as store_events
from tests.conftest import hand_fields, hidden_fields
from tests.test_api_event_closed import _hand as hand_of
from tests.test_api_event_closed import _write as write_headers
from tests.test_api_events import bearer, make, record


def moved_on(client, *, start_next: bool = True):
    """Returns an event (3 deals a table) whose round-1 table 1 played hand 1 (confirmed) and
    hand 2 (pending), round 2 drawn when `start_next`."""
    made = make(client, confirm=True, deals_per_round=3)
    url, director = f"/api/v1/events/{made['id']}", bearer(made["token"])
    client.post(f"{url}/rounds", headers=director)
    table = client.get(f"{url}/rounds", headers=director).get_json()[0]["tables"][0]
    ns, ew = table["side_tokens"]
    record(client, table, 0, token=ns, path="/api/v1/tables/hands")
    assert client.post("/api/v1/tables/hands/1/confirm", headers=bearer(ew)).status_code == 200
    record(client, table, 1, token=ew, path="/api/v1/tables/hands")  # hand 2, pending
    if start_next:
        assert client.post(f"{url}/rounds", headers=director).status_code == 201
    return made, url, director, table


HAND_WRITES = {
    "rewrite": lambda c, t: c.put(
        f"/api/v1/games/{t['game']}/hands/1",
        json=hand_of(t, 1),
        headers=write_headers(c, t, t["token"]),
    ),
    "finish": lambda c, t: c.post(
        f"/api/v1/games/{t['game']}/hands",
        json=hand_of(t, 1),
        headers=write_headers(c, t, t["token"]),
    ),
    "delete_last": lambda c, t: c.delete(
        f"/api/v1/games/{t['game']}/hands/last", headers=write_headers(c, t, t["token"])
    ),
    "side_save": lambda c, t: c.post(
        "/api/v1/tables/hands",
        json=hand_of(t, 0),
        headers=write_headers(c, t, t["side_tokens"][0]),
    ),
}


@pytest.mark.parametrize("name", list(HAND_WRITES))
def test_an_earlier_rounds_table_refuses_hands_once_the_next_round_is_drawn(client, name) -> None:
    _made, url, director, table = moved_on(client)
    before = client.get(f"{url}/standings", headers=director).get_json()
    hands = client.get(f"/api/v1/games/{table['game']}", headers=bearer(table["token"])).get_json()
    answer = HAND_WRITES[name](client, table)
    assert answer.status_code == 409, answer.get_data(as_text=True)
    problem = answer.get_json()
    assert problem["type"].endswith("#round-moved-on")
    assert "next round has started" in problem["detail"]
    after = client.get(f"/api/v1/games/{table['game']}", headers=bearer(table["token"])).get_json()
    assert after["version"] == hands["version"]  # nothing saved
    assert client.get(f"{url}/standings", headers=director).get_json() == before


@pytest.mark.parametrize("name", list(HAND_WRITES))
def test_the_same_write_goes_through_while_the_round_is_the_latest(client, name) -> None:
    _made, _url, _director, table = moved_on(client, start_next=False)
    answer = HAND_WRITES[name](client, table)
    assert answer.status_code < 300, answer.get_data(as_text=True)


def test_the_round_now_played_still_takes_hands(client) -> None:
    _made, url, director, _table = moved_on(client)
    second = client.get(f"{url}/rounds", headers=director).get_json()[1]["tables"][0]
    record(client, second, 0, token=second["side_tokens"][0], path="/api/v1/tables/hands")


def test_an_old_tables_hands_are_still_confirmed_and_its_result_set(client) -> None:
    _made, url, director, table = moved_on(client)
    confirm = client.post("/api/v1/tables/hands/2/confirm", headers=bearer(table["side_tokens"][0]))
    assert confirm.status_code == 200
    corrected = client.put(
        f"{url}/rounds/1/tables/1", json={"scores": [3000, 1200]}, headers=director
    )
    assert corrected.status_code == 200, corrected.get_data(as_text=True)
    state = client.get(f"{url}/rounds", headers=director).get_json()[0]["tables"][0]
    assert state["finished"] and state["scores"] == [3000, 1200]


def test_the_store_refuses_in_sql_whatever_the_path(client, db) -> None:
    from scorekeeper import store

    _made, _url, _director, table = moved_on(client)
    game = store.get_game(db, table["game"])
    with pytest.raises(RoundMovedOn):
        store.delete_last_hand(db, game.id, version=game.version, form_token=uuid.uuid4().hex)
    with pytest.raises(sqlite3.IntegrityError, match="round_moved_on"):  # even bare SQL
        db.execute("DELETE FROM hands WHERE game_id = ?", [game.id])
    assert store.get_game(db, game.id).hand_count == 2


def _director_edit(client, db, made, table, **headers):
    event = store_events.get_event(db, made["id"])
    page = f"/events/director/{event.director_token}/hands/{table['game']}/2/edit"
    fields = hidden_fields(client.get(page).get_data(as_text=True))
    fields |= hand_fields({0: {"melded_points": "100"}, 1: {"melded_points": "50"}})
    return client.post(page, data=fields, headers=headers, follow_redirects=True)


def test_the_directors_correction_of_an_old_hand_says_why_on_the_page(client, db) -> None:
    made, _url, _director, table = moved_on(client)
    before = client.get(f"/api/v1/games/{table['game']}", headers=bearer(table["token"]))
    text = _director_edit(client, db, made, table).get_data(as_text=True)
    assert "The next round has started: this table takes no more hands." in text
    assert "The director can still set its result." in text
    after = client.get(f"/api/v1/games/{table['game']}", headers=bearer(table["token"]))
    assert after.get_json()["version"] == before.get_json()["version"]


def test_the_outbox_hears_the_reason_as_json(client, db) -> None:
    made, _url, _director, table = moved_on(client)
    answer = _director_edit(client, db, made, table, Accept="application/json")
    assert answer.status_code == 409
    assert "next round has started" in answer.get_json()["reason"]


def test_the_sheet_of_an_old_table_answers_409_with_the_reason(client) -> None:
    _made, _url, _director, table = moved_on(client)
    token = table["token"]  # the game's own link: the director's, never an entrant's
    client.get(f"/join/{token}")
    path = f"/games/{table['game']}/hands/new"
    fields = hidden_fields(client.get(path).get_data(as_text=True))
    fields |= hand_fields({0: {"melded_points": "100"}, 1: {"melded_points": "50"}})
    answer = client.post(path, data=fields)
    assert answer.status_code == 409
    assert "The next round has started" in answer.get_data(as_text=True)


def test_the_directors_page_offers_an_earlier_rounds_open_tables_result(client, db) -> None:
    made, url, director, _table = moved_on(client)
    event = store_events.get_event(db, made["id"])
    page = client.get(f"/events/director/{event.director_token}").get_data(as_text=True)
    assert "Tables of round 1" in page and 'id="table-1-1"' in page
    action = f"/events/director/{event.director_token}/tables/1/1"
    assert f'action="{action}"' in page
    answer = client.post(action, data={"action": "correct", "ns": "3000", "ew": "1200"})
    assert answer.status_code == 302
    state = client.get(f"{url}/rounds", headers=director).get_json()[0]["tables"][0]
    assert state["finished"] and state["scores"] == [3000, 1200]
    page = client.get(f"/events/director/{event.director_token}").get_data(as_text=True)
    assert 'id="table-1-1"' not in page  # settled: it counts, and leaves the list

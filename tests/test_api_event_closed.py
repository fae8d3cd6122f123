"""The event API after close: every change to the standings is a 409 until the director reopens;
the director settles a hand no side may confirm."""

from __future__ import annotations

import uuid

import pytest

from tests.test_api_events import OUT, bearer, make, record


def closed(client):
    """Returns a closed event (3 deals a table): table 1 has played hand 1 (confirmed) and 2 (pending)."""
    made = make(client, confirm=True, deals_per_round=3)
    url, director = f"/api/v1/events/{made['id']}", bearer(made["token"])
    client.post(f"{url}/rounds", headers=director)
    table = client.get(f"{url}/rounds", headers=director).get_json()[0]["tables"][0]
    ns, ew = table["side_tokens"]
    record(client, table, 0, token=ns, path="/api/v1/tables/hands")
    assert client.post("/api/v1/tables/hands/1/confirm", headers=bearer(ew)).status_code == 200
    record(client, table, 1, token=ew, path="/api/v1/tables/hands")  # hand 2, pending
    assert client.post(f"{url}/close", headers=director).status_code == 200
    return url, director, table


def _version(client, table) -> str:
    game = client.get(f"/api/v1/games/{table['game']}", headers=bearer(table["token"]))
    return f'"{game.get_json()["version"]}"'


def _write(client, table, token: str) -> dict[str, str]:
    return bearer(token) | {
        "If-Match": _version(client, table),
        "Idempotency-Key": uuid.uuid4().hex,
    }


def _hand(table, winner: int) -> dict:
    sides = table["sides"]
    return {"hand": {sides[winner]: OUT, sides[1 - winner]: {"melded_points": 50}}}


CHANGES = {
    "rewrite": lambda c, url, d, t: c.put(
        f"/api/v1/games/{t['game']}/hands/1", json=_hand(t, 1), headers=_write(c, t, t["token"])
    ),
    "finish": lambda c, url, d, t: c.post(
        f"/api/v1/games/{t['game']}/hands", json=_hand(t, 1), headers=_write(c, t, t["token"])
    ),
    "delete_last": lambda c, url, d, t: c.delete(
        f"/api/v1/games/{t['game']}/hands/last", headers=_write(c, t, t["token"])
    ),
    "side_save": lambda c, url, d, t: c.post(
        "/api/v1/tables/hands", json=_hand(t, 0), headers=_write(c, t, t["side_tokens"][0])
    ),
    "side_confirm": lambda c, url, d, t: c.post(
        "/api/v1/tables/hands/2/confirm", headers=bearer(t["side_tokens"][0])
    ),
    "director_confirm": lambda c, url, d, t: c.post(
        f"{url}/rounds/1/tables/1/hands/2/confirm", headers=d
    ),
    "correct": lambda c, url, d, t: c.put(
        f"{url}/rounds/1/tables/1", json={"scores": [9000, 0]}, headers=d
    ),
    "no_play": lambda c, url, d, t: c.put(
        f"{url}/rounds/1/tables/2", json={"no_play": True}, headers=d
    ),
    "late_entrant": lambda c, url, d, t: c.post(
        f"{url}/entrants", json={"name": "Tens", "players": ["Ivy", "Jo"]}, headers=d
    ),
    "withdraw": lambda c, url, d, t: c.delete(f"{url}/entrants/0", headers=d),
    "start_round": lambda c, url, d, t: c.post(f"{url}/rounds", headers=d),
}


@pytest.mark.parametrize("name", list(CHANGES))
def test_a_closed_event_refuses_every_change_until_reopened(client, name) -> None:
    url, director, table = closed(client)
    before = client.get(f"{url}/standings", headers=director).get_json()
    answer = CHANGES[name](client, url, director, table)
    assert answer.status_code == 409, answer.get_data(as_text=True)
    assert "closed" in answer.get_json()["detail"]
    assert client.get(f"{url}/standings", headers=director).get_json() == before
    reopened = client.post(f"{url}/reopen", headers=director)
    assert reopened.status_code == 200 and not reopened.get_json()["closed"]
    again = CHANGES[name](client, url, director, table)
    assert again.status_code < 300, again.get_data(as_text=True)


def test_only_the_director_settles_a_hand_saved_on_the_sheet(client) -> None:
    made = make(client, confirm=True, deals_per_round=1)
    url, director = f"/api/v1/events/{made['id']}", bearer(made["token"])
    client.post(f"{url}/rounds", headers=director)
    table = client.get(f"{url}/rounds", headers=director).get_json()[0]["tables"][0]
    record(client, table, 0)  # through the game's own token, not a side's
    for side in table["side_tokens"]:
        assert (
            client.post("/api/v1/tables/hands/1/confirm", headers=bearer(side)).status_code == 409
        )
    view = bearer(made["view_token"])
    assert client.post(f"{url}/rounds/1/tables/1/hands/1/confirm", headers=view).status_code == 403
    settled = client.post(f"{url}/rounds/1/tables/1/hands/1/confirm", headers=director)
    assert settled.get_json() == {"hand": 1, "state": "confirmed"}
    state = client.get(f"{url}/rounds", headers=director).get_json()[0]["tables"][0]
    assert state["finished"] and state["pending"] == 0
    assert (
        client.post(f"{url}/rounds/1/tables/9/hands/1/confirm", headers=director).status_code == 404
    )
    assert client.post(f"{url}/reopen", headers=view).status_code == 403


def test_an_entrants_card_token_plays_its_side_through_the_api(client, db) -> None:
    from scorekeeper.store.events import cards as entrant_cards

    made = make(client, confirm=True, deals_per_round=1)
    url, director = f"/api/v1/events/{made['id']}", bearer(made["token"])
    client.post(f"{url}/rounds", headers=director)
    table = client.get(f"{url}/rounds", headers=director).get_json()[0]["tables"][0]
    tokens = entrant_cards.card_tokens(db, made["id"])
    north, east = (tokens[side[0]] for side in table["entrants"])
    record(client, table, 0, token=north, path="/api/v1/tables/hands")
    assert client.post("/api/v1/tables/hands/1/confirm", headers=bearer(north)).status_code == 409
    assert client.post("/api/v1/tables/hands/1/confirm", headers=bearer(east)).status_code == 200
    state = client.get(f"{url}/rounds", headers=director).get_json()[0]["tables"][0]
    assert state["finished"]

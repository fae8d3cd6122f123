"""Tables of three through the API: the seating choice, three sides a table, three scores."""

from __future__ import annotations

import uuid

from tests.test_api_events import bearer, make

PLAYERS = [{"name": n} for n in ("Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo")]
NIGHT = {
    "movement": "individual",
    "seating": "cutthroat",
    "entrants": PLAYERS,
    "confirm": True,
    "deals_per_round": 1,
}


def lone_hand(table: dict, winner: int) -> dict:  # type: ignore[type-arg]
    """Returns a Cutthroat hand the seat `winner` wins alone (partners' melds entered once)."""
    sides = table["sides"]
    partner = next(s for i, s in enumerate(sides) if i != winner)
    out = {"melded_points": 400, "canastas": {"natural": 2}, "went_out": "out"}
    return {
        "hand": {s: out if i == winner else {} for i, s in enumerate(sides)}
        | {partner: {"melded_points": 80}},
        "lone_hand": sides[winner],
    }


def test_a_table_of_three_runs_through_the_api(client) -> None:
    made = make(client, **NIGHT)
    event = client.get(f"/api/v1/events/{made['id']}", headers=bearer(made["token"])).get_json()
    assert event["seating"] == "cutthroat"
    director = bearer(made["token"])
    tables = client.post(f"/api/v1/events/{made['id']}/rounds", headers=director).get_json()[
        "tables"
    ]
    assert [len(t["entrants"]) for t in tables] == [3, 3, 2]
    three = tables[0]
    assert len(three["sides"]) == 3 and len(three["side_tokens"]) == 3
    assert sorted(p for t in tables for side in t["entrants"] for p in side) == list(range(10))
    saver = three["side_tokens"][2]  # the third seat saves, the first confirms
    game = client.get(f"/api/v1/games/{three['game']}", headers=bearer(three["token"])).get_json()
    headers = bearer(saver) | {
        "If-Match": f'"{game["version"]}"',
        "Idempotency-Key": uuid.uuid4().hex,
    }
    saved = client.post("/api/v1/tables/hands", json=lone_hand(three, 2), headers=headers)
    assert saved.status_code == 201, saved.get_data(as_text=True)
    assert client.post("/api/v1/tables/hands/1/confirm", headers=bearer(saver)).status_code == 409
    confirmed = client.post(
        "/api/v1/tables/hands/1/confirm", headers=bearer(three["side_tokens"][0])
    )
    assert confirmed.status_code == 200
    rounds = client.get(f"/api/v1/events/{made['id']}/rounds", headers=director).get_json()
    first = rounds[0]["tables"][0]
    assert first["finished"] and len(first["scores"]) == 3
    assert first["scores"][2] == max(first["scores"])  # the lone hand who went out leads
    standings = client.get(f"/api/v1/events/{made['id']}/standings", headers=director).get_json()
    assert sum(line["played"] for line in standings["standings"]) == 3  # one table counts


def test_the_director_corrects_a_table_of_three_with_three_scores(client) -> None:
    made = make(client, **NIGHT)
    director = bearer(made["token"])
    client.post(f"/api/v1/events/{made['id']}/rounds", headers=director)
    url = f"/api/v1/events/{made['id']}/rounds/1/tables/1"
    two = client.put(url, json={"scores": [1500, 900]}, headers=director)
    assert two.status_code == 422 and "3 sides" in two.get_data(as_text=True)
    three = client.put(url, json={"scores": [1500, 900, 600]}, headers=director)
    assert three.status_code == 200, three.get_data(as_text=True)
    assert three.get_json()["tables"][0]["scores"] == [1500, 900, 600]
    four = client.put(url, json={"scores": [1, 2, 3, 4]}, headers=director)
    assert four.status_code == 422


def test_five_players_cannot_all_sit_at_tables_of_three(client) -> None:
    refused = client.post(
        "/api/v1/events",
        json={
            "name": "Five",
            "format": "classic",
            "rounds": 2,
            "deals_per_round": 1,
            **NIGHT,
            "entrants": PLAYERS[:5],
        },
    )
    assert refused.status_code == 422
    (entry,) = refused.get_json()["errors"]
    assert entry["field"] == "seating" and "cannot seat 5 players" in entry["message"]

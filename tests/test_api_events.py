"""The event API: making an event, rounds, standings, corrections, access and confirm."""

from __future__ import annotations

import uuid

import pytest

PAIRS = [
    {"name": "Aces", "players": ["Ann", "Bob"]},
    {"name": "Kings", "players": ["Cy", "Di"]},
    {"name": "Queens", "players": ["Ed", "Flo"]},
    {"name": "Jacks", "players": ["Gus", "Hal"]},
]
BANDS = [
    {"up_to": 50, "winner": 10, "loser": 10},
    {"up_to": 1500, "winner": 15, "loser": 5},
    {"up_to": None, "winner": 20, "loser": 0},
]
OUT = {"melded_points": 300, "canastas": {"natural": 1}, "went_out": "out"}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def body(**changes) -> dict:
    return {
        "name": "Tuesday club",
        "format": "classic",
        "entrants": PAIRS,
        "movement": "round_robin",
        "rounds": 3,
        "deals_per_round": 2,
        "victory_points": {"bands": BANDS},
    } | changes


def make(client, **changes) -> dict:
    response = client.post("/api/v1/events", json=body(**changes))
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def record(client, table: dict, winner: int, token: str | None = None, path: str = "") -> None:
    game = client.get(f"/api/v1/games/{table['game']}", headers=bearer(table["token"])).get_json()
    sides = table["sides"]
    hand = {"hand": {sides[winner]: OUT, sides[1 - winner]: {"melded_points": 50}}}
    headers = bearer(token or table["token"]) | {
        "If-Match": f'"{game["version"]}"',
        "Idempotency-Key": uuid.uuid4().hex,
    }
    url = path or f"/api/v1/games/{table['game']}/hands"
    response = client.post(url, json=hand, headers=headers)
    assert response.status_code == 201, response.get_data(as_text=True)


def test_an_event_runs_through_the_api(client) -> None:
    made = make(client)
    assert set(made) >= {"id", "token"}
    director = bearer(made["token"])
    started = client.post(f"/api/v1/events/{made['id']}/rounds", headers=director)
    assert started.status_code == 201
    first = started.get_json()
    assert first["number"] == 1 and len(first["tables"]) == 2
    rounds = client.get(f"/api/v1/events/{made['id']}/rounds", headers=director).get_json()
    table = rounds[0]["tables"][0]
    assert set(table) >= {"table", "game", "token", "sides"} and table["table"] == 1
    standings = client.get(f"/api/v1/events/{made['id']}/standings", headers=director).get_json()
    assert all(line["victory_points"] == 0 for line in standings["standings"])
    record(client, table, 0)
    half = client.get(f"/api/v1/events/{made['id']}/standings", headers=director).get_json()
    assert all(line["played"] == 0 for line in half["standings"])  # 1 deal of 2: not yet
    record(client, table, 0)
    lines = client.get(f"/api/v1/events/{made['id']}/standings", headers=director).get_json()
    top = lines["standings"][0]
    assert top["name"] == table["sides"][0] and top["played"] == 1 and top["rank"] == 1
    assert top["victory_points"] in (15, 20) and top["margin"] > 0
    assert set(top) == {
        "rank",
        "id",
        "name",
        "victory_points",
        "margin",
        "played",
        "withdrawn",
        "average",
    }
    assert top["withdrawn"] is False


@pytest.mark.parametrize(
    ("changes", "fields"),
    [
        ({"name": "", "rounds": 0}, {"name", "rounds"}),
        ({"entrants": [PAIRS[0]]}, {"entrants"}),
        ({"movement": "howell", "deals_per_round": "3"}, {"movement", "deals_per_round"}),
        (
            {"victory_points": {"bands": [{"up_to": 50, "winner": 10, "loser": 10}]}},
            {"victory_points.bands[0].up_to"},
        ),
        ({"colour": "red"}, {"colour"}),
        ({"entrants": [PAIRS[0], {"name": "Aces", "players": ["X", "Y"]}]}, {"entrants[1].name"}),
        ({"format": "cutthroat"}, {"format"}),
        ({"movement": "mitchell"}, {"rounds"}),
        # A name taken twice is found beside what the shape refuses, in one answer.
        (
            {"entrants": [PAIRS[0], {"name": " aces"}, {"name": 3}], "rounds": 0},
            {"entrants[1].name", "entrants[2].name", "rounds"},
        ),
        # 3.0 is 3 (the shape's whole number), whatever else the body gets wrong.
        ({"rounds": 3.0, "name": ""}, {"name"}),
    ],
)
def test_bad_events_get_one_entry_per_field(client, changes, fields) -> None:
    response = client.post("/api/v1/events", json=body(**changes))
    assert response.status_code == 422
    problem = response.get_json()
    assert {e["field"] for e in problem["errors"]} == fields
    assert all(e["message"] for e in problem["errors"])


def test_access_director_screen_and_table(client) -> None:
    made = make(client)
    url = f"/api/v1/events/{made['id']}"
    assert client.post(f"{url}/rounds").status_code == 401
    assert client.post(f"{url}/rounds", headers=bearer("x" * 22)).status_code == 404
    other = make(client)
    assert client.post(f"{url}/rounds", headers=bearer(other["token"])).status_code == 404
    screen = bearer(made["view_token"])
    assert client.post(f"{url}/rounds", headers=screen).status_code == 403
    client.post(f"{url}/rounds", headers=bearer(made["token"]))
    seen = client.get(f"{url}/rounds", headers=screen).get_json()
    assert seen[0]["tables"][0]["token"] is None  # the screen never sees a writing token
    assert client.get(f"{url}/standings", headers=screen).status_code == 200
    tables = client.get(f"{url}/rounds", headers=bearer(made["token"])).get_json()[0]["tables"]
    # A table's token writes its own game, and no other table's.
    other_game = tables[1]["game"]
    headers = bearer(tables[0]["token"]) | {"If-Match": '"1"', "Idempotency-Key": uuid.uuid4().hex}
    assert (
        client.post(f"/api/v1/games/{other_game}/hands", json={}, headers=headers).status_code
        == 404
    )
    assert client.post(f"{url}/rounds", headers=bearer(tables[0]["token"])).status_code == 404


def test_director_corrects_voids_and_closes(client) -> None:
    made = make(client, rounds=1)
    url, director = f"/api/v1/events/{made['id']}", bearer(made["token"])
    client.post(f"{url}/rounds", headers=director)
    fixed = client.put(f"{url}/rounds/1/tables/1", json={"scores": [2600, 1000]}, headers=director)
    assert fixed.status_code == 200 and fixed.get_json()["tables"][0]["finished"]
    voided = client.put(f"{url}/rounds/1/tables/2", json={"no_play": True}, headers=director)
    assert voided.get_json()["tables"][1]["no_play"]
    lines = client.get(f"{url}/standings", headers=director).get_json()["standings"]
    assert [line["victory_points"] for line in lines][:2] == [20, 0] or lines[0][
        "victory_points"
    ] == 20
    bad = client.put(f"{url}/rounds/1/tables/1", json={"scores": [1, "x"]}, headers=director)
    assert bad.status_code == 422
    assert (
        client.put(f"{url}/rounds/1/tables/7", json={"scores": None}, headers=director).status_code
        == 404
    )
    assert client.post(f"{url}/rounds", headers=director).status_code == 409  # 1 round only
    client.post(f"{url}/close", headers=director)
    assert client.get(url, headers=director).get_json()["closed"]


def test_opponents_confirm(client) -> None:
    made = make(client, confirm=True, deals_per_round=1)
    url, director = f"/api/v1/events/{made['id']}", bearer(made["token"])
    client.post(f"{url}/rounds", headers=director)
    table = client.get(f"{url}/rounds", headers=director).get_json()[0]["tables"][0]
    ns, ew = table["side_tokens"]
    record(client, table, 0, token=ns, path="/api/v1/tables/hands")
    state = client.get(f"{url}/rounds", headers=director).get_json()[0]["tables"][0]
    assert state["pending"] == 1 and not state["finished"]
    own = client.post("/api/v1/tables/hands/1/confirm", headers=bearer(ns))
    assert own.status_code == 409  # the side that saved it does not confirm it
    assert client.post("/api/v1/tables/hands/1/confirm", headers=bearer(ew)).status_code == 200
    state = client.get(f"{url}/rounds", headers=director).get_json()[0]["tables"][0]
    assert state["pending"] == 0 and state["finished"]
    for token in (ns, ew):  # a confirmed hand is settled: no side turns it into a dispute
        assert (
            client.post("/api/v1/tables/hands/1/dispute", headers=bearer(token)).status_code == 409
        )
    state = client.get(f"{url}/rounds", headers=director).get_json()[0]["tables"][0]
    assert state["disputed"] == 0 and state["finished"]


def test_the_documented_example_makes_an_event(client) -> None:
    """docs/events.md's first curl body is accepted as it is written."""
    import json
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "events.md").read_text()
    sent = re.search(r"-d '(\{\n.*?\})'", text, re.S)
    assert sent is not None
    response = client.post("/api/v1/events", json=json.loads(sent.group(1)))
    assert response.status_code == 201, response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("language", "words"), [("en", "has no house option 'nope'."), ("de", "'nope'")]
)
def test_an_unknown_house_option_is_refused_on_options_in_the_readers_words(
    client, language, words
) -> None:
    """The refusal names the field to change (`options`, not `format`) in the reader's words."""
    refused = client.post(
        "/api/v1/events", json=body(options=["nope"]), headers={"Accept-Language": language}
    )
    assert refused.status_code == 422
    (entry,) = refused.get_json()["errors"]
    assert entry["field"] == "options" and words in entry["message"], entry
    if language == "de":
        assert "has no house option" not in entry["message"]

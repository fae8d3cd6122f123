"""The group API: a group and its member token, games started in it, its history and statistics."""

from __future__ import annotations

import uuid

import pytest

from scorekeeper.store.connection import connect
from scorekeeper.store.groups.group import GroupNotFound, join_group, replace_token

OUT = {"melded_points": 200, "canastas": {"natural": 1}, "red_threes": 1, "went_out": "out"}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def make_group(client, name: str = "Club") -> dict:
    response = client.post("/api/v1/groups", json={"name": name})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def play(client, group: dict, we: list[str], they: list[str], *, start: int = 4900) -> str:
    """Starts a Classic game in the group from `start` and ends it with one hand We win."""
    body = {
        "format": "classic",
        "group": group["id"],
        "sides": [{"name": "We", "players": we}, {"name": "They", "players": they}],
        "start_totals": {"We": start},
    }
    response = client.post("/api/v1/games", json=body, headers=bearer(group["token"]))
    assert response.status_code == 201, response.get_data(as_text=True)
    game = response.get_json()
    headers = bearer(game["tokens"]["edit"]) | {
        "If-Match": '"1"',
        "Idempotency-Key": uuid.uuid4().hex,
    }
    hand = {"hand": {"We": OUT, "They": {"melded_points": 100, "hand_points": 50}}}
    assert (
        client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers=headers).status_code
        == 201
    )
    return game["id"]


def test_a_group_answers_its_id_its_api_token_and_its_join_link_apart(client):
    group = make_group(client, "  Tuesday   table ")
    assert set(group) >= {"id", "token"}
    assert group["name"] == "Tuesday table"
    assert "/groups/join/" in group["join"]
    assert not group["join"].endswith(group["token"])  # the link is not the API's key


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({}, "name", id="missing"),
        pytest.param({"name": " "}, "name", id="blank"),
        pytest.param({"name": 7}, "name", id="not-text"),
        pytest.param({"name": "x" * 61}, "name", id="too-long"),
        pytest.param({"name": "A", "colour": "red"}, "colour", id="unknown-field"),
    ],
)
def test_a_bad_group_is_a_422_on_its_field(client, body, field):
    response = client.post("/api/v1/groups", json=body)
    assert response.status_code == 422
    assert field in [e["field"] for e in response.get_json()["errors"]]


def test_games_of_the_group_feed_its_history_and_stats(client):
    group = make_group(client)
    first = play(client, group, ["Ann", "Bob"], ["Cy", "Di"])
    second = play(client, group, ["ann", "Bob"], ["Cy", "Ed"])  # "ann" is Ann
    history = client.get(f"/api/v1/groups/{group['id']}/history", headers=bearer(group["token"]))
    assert history.status_code == 200
    games = history.get_json()["games"]
    assert {g["id"] for g in games} == {first, second}
    stats = client.get(f"/api/v1/groups/{group['id']}/stats", headers=bearer(group["token"]))
    body = stats.get_json()
    players = {p["name"]: (p["games"], p["wins"], p["win_rate"]) for p in body["players"]}
    assert players == {
        "Ann": (2, 2, 1.0),
        "Bob": (2, 2, 1.0),
        "Cy": (2, 0, 0.0),
        "Di": (1, 0, 0.0),
        "Ed": (1, 0, 0.0),
    }
    pairs = {
        tuple(p["names"]): (p["games"], p["wins"], p["win_rate"]) for p in body["partnerships"]
    }
    assert pairs == {
        ("Ann", "Bob"): (2, 2, 1.0),
        ("Cy", "Di"): (1, 0, 0.0),
        ("Cy", "Ed"): (1, 0, 0.0),
    }
    ann = next(p for p in body["players"] if p["name"] == "Ann")
    (classic,) = ann["by_format"]
    assert (classic["best_hand"], classic["went_out"], classic["average_hand"]) == (900, 2, 900.0)
    cy = next(p["id"] for p in body["players"] if p["name"] == "Cy")
    ed = next(p["id"] for p in body["players"] if p["name"] == "Ed")
    narrowed = client.get(
        f"/api/v1/groups/{group['id']}/history",
        query_string={"partnership": f"{cy}+{ed}"},
        headers=bearer(group["token"]),
    )
    assert [g["id"] for g in narrowed.get_json()["games"]] == [second]


def test_a_bad_filter_is_a_422(client):
    group = make_group(client)
    response = client.get(
        f"/api/v1/groups/{group['id']}/history",
        query_string={"player": "nobody", "since": "yesterday"},
        headers=bearer(group["token"]),
    )
    assert response.status_code == 422
    assert {e["field"] for e in response.get_json()["errors"]} == {"player", "since"}


def test_a_member_token_opens_its_own_group_only(client):
    mine, theirs = make_group(client, "Mine"), make_group(client, "Theirs")
    game_id = play(client, mine, ["Ann", "Bob"], ["Cy", "Di"])
    for what in ("history", "stats"):
        path = f"/api/v1/groups/{mine['id']}/{what}"
        assert client.get(path).status_code == 401
        assert client.get(path, headers=bearer(theirs["token"])).status_code == 404
        assert (
            client.get(f"/api/v1/groups/nope/{what}", headers=bearer(mine["token"])).status_code
            == 404
        )
        other = client.get(f"/api/v1/groups/{theirs['id']}/{what}", headers=bearer(theirs["token"]))
        assert "Ann" not in other.get_data(as_text=True)
        assert game_id not in other.get_data(as_text=True)
    body = {"format": "classic", "group": mine["id"], "sides": [{"name": "A"}, {"name": "B"}]}
    refused = client.post("/api/v1/games", json=body, headers=bearer(theirs["token"]))
    assert refused.status_code == 404
    assert client.post("/api/v1/games", json=body).status_code == 401


def test_a_replaced_join_link_leaves_the_api_token_and_admits_no_one(app, client):
    group = make_group(client)
    key = group["join"].rsplit("/", 1)[-1]
    conn = connect(app.config["DATABASE"])
    try:
        joined = join_group(conn, "browser-1", key)  # the first phone is the group's admin
        assert joined.id == group["id"]
        replace_token(conn, "browser-1", group["id"])
        with pytest.raises(GroupNotFound):
            join_group(conn, "browser-2", key)
    finally:
        conn.close()
    response = client.get(f"/api/v1/groups/{group['id']}/stats", headers=bearer(group["token"]))
    assert response.status_code == 200

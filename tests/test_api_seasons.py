"""The season API: a season made with a group's token, its standings, public results pages."""

from __future__ import annotations

import pytest

from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.connection import write
from scorekeeper.store.groups import tokens as group_tokens
from scorekeeper.store.groups.group import add_member, hand_on, members
from tests.season_helpers import night

PAIRS = [("Aces", ["Ann", "Bob"]), ("Kings", ["Cy", "Di"]), ("Queens", ["Ed", "Flo"])]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def group(client) -> dict:
    made = client.post("/api/v1/groups", json={"name": "Club"})
    assert made.status_code == 201
    return made.get_json()


def season(client, made: dict, **changes) -> str:
    body = {"name": "Winter", "from": "2026-01-01", "to": "2026-03-31"} | changes
    response = client.post(
        f"/api/v1/groups/{made['id']}/seasons", json=body, headers=bearer(made["token"])
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["id"]


def test_a_season_counts_the_groups_closed_nights_in_its_dates(client, db) -> None:
    made = group(client)
    # Aces beat Kings 1500-500 at table 1 of the one round; Queens sit out (a bye).
    night(db, made["id"], "2026-01-06", PAIRS, lambda r, t: (1500, 500))
    night(db, made["id"], "2026-01-13", PAIRS, lambda r, t: (500, 1500))
    night(db, made["id"], "2025-12-30", PAIRS, lambda r, t: (9000, 0))  # before the season
    night(db, made["id"], "2026-01-20", PAIRS, lambda r, t: (9000, 0), close=False)  # open
    season_id = season(client, made, score="place_points", place_points=[3, 2], minimum=2)
    response = client.get(f"/api/v1/seasons/{season_id}/standings", headers=bearer(made["token"]))
    assert response.status_code == 200
    lines = response.get_json()["standings"]
    assert set(lines[0]) == {"rank", "name", "score", "nights", "counted", "dropped", "qualified"}
    by_name = {line["name"]: line for line in lines}
    assert by_name["Aces"]["nights"] == 2 and by_name["Aces"]["qualified"] is True
    assert sum(line["score"] for line in lines) == 2 * (3 + 2)  # places past the list get 0
    assert [line["rank"] for line in lines] == sorted(line["rank"] for line in lines)


@pytest.mark.parametrize(
    ("changes", "fields"),
    [
        ({"from": "2026-13-01"}, ["from"]),
        ({"from": "2026-04-01"}, ["to"]),
        ({"score": "goals", "by": "team"}, ["score", "by"]),
        ({"score": "place_points"}, ["place_points"]),
        ({"best": 0, "drop_worst": -1}, ["best", "drop_worst"]),
        ({"name": ""}, ["name"]),
        ({"colour": "red"}, ["colour"]),
    ],
)
def test_a_bad_season_gets_one_entry_per_bad_field(client, changes, fields) -> None:
    made = group(client)
    body = {"name": "Winter", "from": "2026-01-01", "to": "2026-03-31"} | changes
    response = client.post(
        f"/api/v1/groups/{made['id']}/seasons", json=body, headers=bearer(made["token"])
    )
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert sorted(e["field"] for e in errors) == sorted(fields)
    assert all(e["message"] for e in errors)


def test_another_groups_token_reads_no_season(client) -> None:
    made, other = group(client), group(client)
    season_id = season(client, made)
    path = f"/api/v1/seasons/{season_id}/standings"
    assert client.get(path, headers=bearer(other["token"])).status_code == 404
    assert client.get(path).status_code == 401
    made_elsewhere = client.post(
        f"/api/v1/groups/{made['id']}/seasons",
        json={"name": "W", "from": "2026-01-01", "to": "2026-01-02"},
        headers=bearer(other["token"]),
    )
    assert made_elsewhere.status_code == 404


def test_public_pages_open_and_close(client, db) -> None:
    made = group(client)
    event_id = night(db, made["id"], "2026-01-06", PAIRS, lambda r, t: (1500, 500))
    director = db.execute("SELECT director_token FROM events WHERE id = ?", [event_id]).fetchone()
    path = f"/api/v1/events/{event_id}/public"
    opened = client.put(path, json={"public": True, "names": "full"}, headers=bearer(director[0]))
    assert opened.status_code == 200
    url = opened.get_json()["url"]
    page = client.get(url)
    assert page.status_code == 200 and "Aces" in page.get_data(as_text=True)
    again = client.put(path, json={"public": True, "names": "hidden"}, headers=bearer(director[0]))
    assert again.get_json()["url"] == url  # the address stays; only the naming changed
    assert "Aces" not in client.get(url).get_data(as_text=True)
    closed = client.put(path, json={"public": False}, headers=bearer(director[0]))
    assert closed.get_json() == {"url": None}
    assert client.get(url).status_code == 404
    bad = client.put(path, json={"public": "yes"}, headers=bearer(director[0]))
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["field"] == "public"
    season_id = season(client, made)
    shown = client.put(
        f"/api/v1/seasons/{season_id}/public",
        json={"public": True, "names": "initial"},
        headers=bearer(made["token"]),
    )
    assert shown.status_code == 200 and "Ann" not in client.get(shown.get_json()["url"]).text


def test_the_openapi_document_names_the_season_operations(client) -> None:
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert "post" in paths["/api/v1/groups/{group_id}/seasons"]
    assert "get" in paths["/api/v1/seasons/{season_id}/standings"]
    assert "put" in paths["/api/v1/events/{event_id}/public"]
    assert "put" in paths["/api/v1/seasons/{season_id}/public"]


def test_closing_an_event_stores_its_nights_figures(client, db) -> None:
    made = group(client)
    event_id = night(db, made["id"], "2026-01-06", PAIRS, lambda r, t: (1500, 500), close=False)
    director = db.execute("SELECT director_token FROM events WHERE id = ?", [event_id]).fetchone()
    assert db.execute("SELECT count(*) FROM season_figures").fetchone()[0] == 0
    closed = client.post(f"/api/v1/events/{event_id}/close", headers=bearer(director[0]))
    assert closed.status_code == 200
    stored = db.execute(
        "SELECT name, rank FROM season_figures WHERE event_id = ? ORDER BY rank", [event_id]
    ).fetchall()
    assert len(stored) == len(PAIRS) and stored[0] == ("Aces", 1)


def _member_token(db, group_id: str) -> str:
    """Returns a token an admin made before handing the role on: a plain member's token now."""
    with write(db):
        add_member(db, group_id, "phone-a", admin=True)
        add_member(db, group_id, "phone-b")
    token = group_tokens.make_api_token(db, "phone-a", group_id, "Club room display")
    tag = next(m.tag for m in members(db, group_id) if m.browser_id == "phone-b")
    hand_on(db, "phone-a", group_id, tag)
    return token


def test_only_an_admins_token_writes_seasons_any_token_reads_them(client, db) -> None:
    made = group(client)
    season_id = season(client, made)  # the group's first token: its maker's, an admin's
    member = _member_token(db, made["id"])
    body = {"name": "Spring", "from": "2026-04-01", "to": "2026-06-30"}
    refused = client.post(f"/api/v1/groups/{made['id']}/seasons", json=body, headers=bearer(member))
    assert refused.status_code == 403
    problem = refused.get_json()
    assert problem["type"].endswith("#admin-token")
    assert "admin" in problem["detail"]
    assert [s.name for s in store_seasons.group_seasons(db, made["id"])] == ["Winter"]
    opened = client.put(
        f"/api/v1/seasons/{season_id}/public", json={"public": True}, headers=bearer(member)
    )
    assert opened.status_code == 403
    assert store_seasons.public_of(db, "season", season_id) is None
    read = client.get(f"/api/v1/seasons/{season_id}/standings", headers=bearer(member))
    assert read.status_code == 200
    # An admin's own token writes; a bad body from a member token is still a 403, not a 422.
    with write(db):
        db.execute("UPDATE group_members SET admin = 1 WHERE browser_id = 'phone-a'")
    assert (
        client.post(
            f"/api/v1/groups/{made['id']}/seasons", json=body, headers=bearer(member)
        ).status_code
        == 201
    )


def test_the_shared_key_from_before_admins_only_reads(client, db) -> None:
    made = group(client)
    season_id = season(client, made)
    with write(db):
        db.execute(
            "INSERT INTO group_tokens (id, group_id, token, label, made_by, shared, created_at) "
            "VALUES ('old', ?, 'old-join-key', 'old', NULL, 1, '2026-01-01')",
            [made["id"]],
        )
    path = f"/api/v1/seasons/{season_id}/public"
    assert (
        client.put(path, json={"public": True}, headers=bearer("old-join-key")).status_code == 403
    )
    standings = f"/api/v1/seasons/{season_id}/standings"
    assert client.get(standings, headers=bearer("old-join-key")).status_code == 200
    german = client.post(
        f"/api/v1/groups/{made['id']}/seasons",
        json={"name": "S", "from": "2026-04-01", "to": "2026-06-30"},
        headers={**bearer("old-join-key"), "Accept-Language": "de"},
    )
    assert german.status_code == 403 and "Admin" in german.get_json()["detail"]

"""Who sees a house format: the phone that made it and whoever opened its share link."""

from __future__ import annotations

import re

import pytest

from scorekeeper.store.formats import house as houses
from tests.conftest import location
from tests.test_web_house_formats import submit


def make(client, name: str) -> str:
    """Saves a house format from this phone and returns its id."""
    response = submit(client, "/formats/new?base=classic", name=name, **{"ending.target": "7500"})
    found = re.fullmatch(r"/formats/([\w-]+)", location(response))
    assert found, response.get_data(as_text=True)[:300]
    return found[1]


def listed(client) -> set[str]:
    """Returns the ids of the house formats the new-game list offers this phone."""
    page = client.get("/games/new").get_data(as_text=True)
    return set(re.findall(r"/games/new\?format=(h-[\w-]+)", page))


def test_only_the_maker_and_share_link_holders_see_a_house_format(app, client) -> None:
    other = app.test_client()
    mine = make(client, "Ours to 7,500")
    assert listed(client) == {mine}
    assert listed(other) == set()
    anonymous = client.get("/api/v1/formats").get_json()["formats"]
    assert not any(f.get("house") for f in anonymous)
    assert other.get(f"/formats/{mine}/add").status_code == 200  # the share link
    assert listed(other) == {mine}


def test_an_api_format_is_listed_to_its_token_only(client) -> None:
    made = client.post(
        "/api/v1/formats", json={"name": "Scripted", "base": "classic", "set": {}}
    ).get_json()
    anonymous = client.get("/api/v1/formats").get_json()["formats"]
    assert made["id"] not in {f["id"] for f in anonymous}
    own = client.get("/api/v1/formats", headers={"Authorization": f"Bearer {made['token']}"})
    assert made["id"] in {f["id"] for f in own.get_json()["formats"]}
    assert client.get(f"/api/v1/formats/{made['id']}").status_code == 200  # by its id
    assert listed(client) == set()


def test_a_phone_makes_a_bounded_number_of_house_formats(app, client, db, monkeypatch) -> None:
    monkeypatch.setattr(houses, "MAX_PER_BROWSER", 3)
    for n in range(3):
        make(client, f"Ours {n}")
    refused = submit(client, "/formats/new?base=classic", name="One too many")
    assert refused.status_code == 422
    assert "This phone keeps at most 3 house formats" in refused.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM house_formats").fetchone()[0] == 3
    assert len(listed(client)) == 3
    assert len(listed(app.test_client())) == 0


@pytest.mark.parametrize("many", [70])
def test_the_list_stays_small(app, client, db, many) -> None:
    """However many formats a phone opened, its list shows at most MAX_LISTED."""
    from scorekeeper.store.connection import connect

    made = [
        houses.create_house_format(db, name=f"Club {n}", base="classic", changes={})[0].id
        for n in range(many)
    ]
    conn = connect(app.config["DATABASE"])
    try:
        with client.session_transaction() as session:
            session["browser"] = "collector"
        for format_id in made:
            houses.keep_for_browser(conn, "collector", format_id)
    finally:
        conn.close()
    assert len(listed(client)) == houses.MAX_LISTED


# Sharing with a group: its members list the format; an admin stops sharing.


def _group_with(client, other) -> str:
    """Makes a group on `client` that `other` joins; returns its id."""
    from tests.test_web_groups import join_link, make_group

    group_id = make_group(client)
    other.get(join_link(client, group_id))
    assert other.get(f"/groups/{group_id}").status_code == 200
    return group_id


def test_a_format_shared_with_a_group_is_listed_to_its_members(app, client) -> None:
    member, stranger = app.test_client(), app.test_client()
    group_id = _group_with(client, member)
    mine = make(client, "Club rules")
    assert listed(member) == set()
    page = client.get(f"/formats/{mine}").get_data(as_text=True)
    assert f'action="/groups/{group_id}/formats"' in page  # the phone's groups are offered
    shared = client.post(f"/groups/{group_id}/formats", data={"format": mine})
    assert location(shared) == f"/formats/{mine}"
    assert listed(member) == {mine}
    assert listed(stranger) == set()
    group_page = member.get(f"/groups/{group_id}").get_data(as_text=True)
    assert (
        "Club rules" in group_page
        and f"/games/new?format={mine}&amp;group={group_id}" in group_page
    )
    assert "Stop sharing" not in group_page  # a member, not an admin
    assert "Stop sharing" in client.get(f"/groups/{group_id}").get_data(as_text=True)
    # Sharing twice is sharing once.
    client.post(f"/groups/{group_id}/formats", data={"format": mine})
    assert client.get(f"/groups/{group_id}").get_data(as_text=True).count(f'/formats/{mine}"') == 1


def test_only_an_admin_stops_sharing_and_the_format_stays_with_its_maker(app, client) -> None:
    member = app.test_client()
    group_id = _group_with(client, member)
    mine = make(client, "Club rules")
    client.post(f"/groups/{group_id}/formats", data={"format": mine})
    assert member.post(f"/groups/{group_id}/formats/{mine}/stop").status_code == 403
    assert listed(member) == {mine}
    stopped = client.post(f"/groups/{group_id}/formats/{mine}/stop")
    assert location(stopped) == f"/groups/{group_id}"
    assert listed(member) == set()
    assert listed(client) == {mine}  # its maker keeps it
    assert client.post(f"/groups/{group_id}/formats/{mine}/stop").status_code == 404


def test_a_member_shares_a_format_it_opened_and_a_removed_phone_loses_it(app, client) -> None:
    from tests.test_web_groups import join_link

    member, third = app.test_client(), app.test_client()
    group_id = _group_with(client, member)
    third.get(join_link(client, group_id))
    theirs = make(member, "Member's rules")
    assert member.post(f"/groups/{group_id}/formats", data={"format": theirs}).status_code == 303
    assert theirs in listed(third) and theirs in listed(client)
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    tags = re.findall(r"/members/([\w-]+)/remove\"", page)
    for tag in tags:
        client.post(f"/groups/{group_id}/members/{tag}/remove")
    assert listed(third) == set()  # removed: the group's formats went with the group


def test_sharing_needs_membership_and_a_real_format(app, client) -> None:
    stranger = app.test_client()
    group_id = _group_with(client, app.test_client())
    mine = make(client, "Club rules")
    assert stranger.post(f"/groups/{group_id}/formats", data={"format": mine}).status_code == 404
    assert client.post(f"/groups/{group_id}/formats", data={"format": "h-nope"}).status_code == 404
    assert client.post("/groups/g-nope/formats", data={"format": mine}).status_code == 404
    assert listed(stranger) == set()


def test_a_group_shares_a_bounded_number(app, client, db, monkeypatch) -> None:
    from scorekeeper.store.formats import shared as group_formats

    monkeypatch.setattr(group_formats, "MAX_PER_GROUP", 2)
    group_id = _group_with(client, app.test_client())
    made = [make(client, f"Rules {n}") for n in range(3)]
    for format_id in made[:2]:
        client.post(f"/groups/{group_id}/formats", data={"format": format_id})
    refused = client.post(f"/groups/{group_id}/formats", data={"format": made[2]})
    page = client.get(location(refused)).get_data(as_text=True)
    assert "A group shares at most 2 house formats" in page
    count = db.execute("SELECT count(*) FROM group_formats WHERE group_id = ?", [group_id])
    assert count.fetchone()[0] == 2


# The API's anonymous client is bounded too.


def test_the_api_makes_a_bounded_number_per_address(app, client, db, monkeypatch) -> None:
    monkeypatch.setattr(houses, "MAX_PER_BROWSER", 3)
    body = {"name": "Scripted", "base": "classic", "set": {}}
    made = [client.post("/api/v1/formats", json=body) for _ in range(3)]
    assert [r.status_code for r in made] == [201, 201, 201]
    refused = client.post("/api/v1/formats", json=body)
    assert refused.status_code == 429
    problem = refused.get_json()
    assert problem["type"].endswith("#too-many-formats")
    assert problem["detail"] == (
        "This address keeps at most 3 house formats made through the API: "
        "delete one with its token first."
    )
    german = client.post("/api/v1/formats?lang=de", json=body).get_json()
    assert german["status"] == 429 and "3" in german["detail"] and "API" in german["detail"]
    assert german["detail"] != problem["detail"]
    # Another address has its own count; deleting one makes room again.
    elsewhere = client.post(
        "/api/v1/formats", json=body, environ_overrides={"REMOTE_ADDR": "127.0.0.2"}
    )
    assert elsewhere.status_code == 201
    first = made[0].get_json()
    gone = client.delete(
        f"/api/v1/formats/{first['id']}", headers={"Authorization": f"Bearer {first['token']}"}
    )
    assert gone.status_code == 204
    assert client.post("/api/v1/formats", json=body).status_code == 201
    assert db.execute("SELECT count(*) FROM house_formats").fetchone()[0] == 4

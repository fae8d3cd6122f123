"""Who sees a house format: the phone that made it and whoever opened its share link."""

from __future__ import annotations

import re

import pytest

from scorekeeper.store import house_formats as houses
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

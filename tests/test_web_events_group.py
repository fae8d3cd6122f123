"""The new-event form's group: only a member's group, and entrants picked from its players."""

from __future__ import annotations

import re

from tests.conftest import location
from tests.test_web_events import FORM
from tests.test_web_groups import make_group


def add_players(db, group_id: str, *names: str) -> dict[str, str]:
    """Adds players to a group; returns their ids by name."""
    for name in names:
        db.execute(
            "INSERT INTO group_players (id, group_id, name, created_at) VALUES (?, ?, ?, ?)",
            [f"p-{name}", group_id, name, "2026-12-01T20:00:00Z"],
        )
    db.conn.commit()
    return {name: f"p-{name}" for name in names}


def test_the_form_offers_this_browsers_groups_and_their_players(client, app, db) -> None:
    mine = make_group(client, "Tuesday")
    add_players(db, mine, "Ann", "Bob")
    theirs = make_group(app.test_client(), "Elsewhere")
    page = client.get("/events/new").get_data(as_text=True)
    assert '<option value="">No group</option>' in page
    assert f'<option value="{mine}">Tuesday</option>' in page and theirs not in page
    assert 'name="pick" value="p-Ann"' in page and f'data-group="{mine}" hidden' in page


def test_picked_players_join_the_typed_entrants_in_the_groups_event(client, db) -> None:
    group_id = make_group(client)
    ids = add_players(db, group_id, "Ivy", "Jo", "Kim", "Lu")
    data = FORM | {"group": group_id, "pick": [ids["Ivy"], ids["Jo"], ids["Kim"], ids["Lu"]]}
    data["entrants"] = "Aces: Ann, Bob\nKings: Cy, Di"
    path = location(client.post("/events/new", data=data))
    token = path.rsplit("/", 1)[1]
    row = db.execute("SELECT id, group_id FROM events WHERE director_token = ?", [token]).fetchone()
    assert row[1] == group_id
    entrants = db.execute(
        "SELECT name, players FROM event_entrants WHERE event_id = ? ORDER BY position", [row[0]]
    ).fetchall()
    assert [e[0] for e in entrants] == ["Aces", "Kings", "Ivy & Jo", "Kim & Lu"]
    assert entrants[3][1] == '["Kim", "Lu"]'


def test_picked_players_are_single_entrants_in_an_individual_event(client, db) -> None:
    group_id = make_group(client)
    ids = add_players(db, group_id, "Ivy", "Jo", "Kim")
    data = FORM | {
        "group": group_id,
        "movement": "individual",
        "rounds": "1",
        "entrants": "Ann",
        "pick": list(ids.values()),
    }
    path = location(client.post("/events/new", data=data))
    token = path.rsplit("/", 1)[1]
    names = db.execute(
        "SELECT e.name FROM event_entrants e JOIN events v ON v.id = e.event_id "
        "WHERE v.director_token = ? ORDER BY e.position",
        [token],
    ).fetchall()
    assert [n[0] for n in names] == ["Ann", "Ivy", "Jo", "Kim"]


def test_a_group_this_browser_is_not_in_is_refused_beside_the_field(client, app, db) -> None:
    theirs = make_group(app.test_client(), "Elsewhere")
    page = client.post("/events/new", data=FORM | {"group": theirs, "name": "Kept night"})
    text = page.get_data(as_text=True)
    assert page.status_code == 422 and 'id="e-group"' in text
    assert "not a member of that group" in text and 'value="Kept night"' in text
    assert db.execute("SELECT count(*) FROM events").fetchone()[0] == 0


def test_an_odd_pick_or_another_groups_player_is_refused_beside_the_entrants(client, db) -> None:
    group_id, other = make_group(client), make_group(client, "Other")
    ids = add_players(db, group_id, "Ivy", "Jo", "Kim")
    stranger = add_players(db, other, "Zed")["Zed"]
    page = client.post("/events/new", data=FORM | {"group": group_id, "pick": list(ids.values())})
    text = page.get_data(as_text=True)
    assert page.status_code == 422 and "even number of players" in text
    assert re.search(r'value="p-Ivy" checked', text)
    page = client.post("/events/new", data=FORM | {"group": group_id, "pick": [stranger]})
    assert page.status_code == 422 and "chosen group only" in page.get_data(as_text=True)

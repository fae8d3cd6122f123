"""Event screens: the form, the director's page, a table's notice, confirm and the big screen."""

from __future__ import annotations

import re

from tests.conftest import location

FORM = {
    "name": "Tuesday club",
    "format": "classic",
    "movement": "round_robin",
    "rounds": "3",
    "deals_per_round": "2",
    "victory_points": "canasta_3",
    "entrants": "Aces: Ann, Bob\nKings: Cy, Di\nQueens: Ed, Flo\nJacks: Gus, Hal",
}


def director(client, **changes) -> str:
    response = client.post("/events/new", data=FORM | changes)
    return location(response)


def test_the_form_keeps_what_was_typed_and_names_each_bad_field(client) -> None:
    page = client.post("/events/new", data=FORM | {"rounds": "x", "entrants": "Solo"})
    text = page.get_data(as_text=True)
    assert page.status_code == 422
    assert 'id="e-rounds"' in text and 'id="e-entrants"' in text and 'id="e-name"' not in text
    assert 'value="Tuesday club"' in text and ">Solo</textarea>" in text


def test_the_store_refusal_shows_beside_its_field(client) -> None:
    page = client.post("/events/new", data=FORM | {"movement": "mitchell"})
    assert page.status_code == 422 and 'id="e-rounds"' in page.get_data(as_text=True)


def test_director_runs_a_round_and_the_screen_follows(client) -> None:
    path = director(client)
    assert path.startswith("/events/director/")
    page = client.get(path).get_data(as_text=True)
    assert "Start round 1" in page and "Tuesday club" in page
    assert location(client.post(f"{path}/rounds")).startswith(path)
    page = client.get(path).get_data(as_text=True)
    assert "Table 1" in page and "Table 2" in page and "Start round 2" in page
    client.post(f"{path}/tables/1/1", data={"ns": "6000", "ew": "1000", "action": "correct"})
    client.post(f"{path}/tables/1/2", data={"action": "no_play"})
    page = client.get(path).get_data(as_text=True)
    assert "corrected" in page and "not played" in page
    screen = re.search(r'href="(/events/screen/[^"]+)"', page).group(1)
    live = client.get(f"{screen}/live.json").get_json()
    assert live["round"] == 1 and live["standings"][0]["victory_points"] == "20"
    assert [t["table"] for t in live["tables"]] == [1, 2] and live["tables"][0]["finished"]
    big = client.get(screen).get_data(as_text=True)
    assert "Standings" in big and "js/screen.js" in big
    client.post(f"{path}/close")
    assert "Start round 2" not in client.get(path).get_data(as_text=True)
    assert client.get("/events/director/nope").status_code == 404
    assert client.get("/events/screen/nope").status_code == 404


def record_as(client, db, token: str) -> None:
    """Records one hand that the token's side wins, through the side's API."""
    import uuid

    from scorekeeper import store
    from tests.test_api_events import OUT

    game_id, side = db.execute(
        "SELECT game_id, side FROM event_side_tokens WHERE token = ?", [token]
    ).fetchone()
    keys = store.get_game(db, game_id).side_keys
    hand = {"hand": {keys[side]: OUT, keys[1 - side]: {"melded_points": 50}}}
    headers = {
        "Authorization": f"Bearer {token}",
        "If-Match": '"1"',
        "Idempotency-Key": uuid.uuid4().hex,
    }
    response = client.post("/api/v1/tables/hands", json=hand, headers=headers)
    assert response.status_code == 201, response.get_data(as_text=True)


def test_table_cards_pdf_has_a_card_per_table(client) -> None:
    import io

    from pypdf import PdfReader

    path = director(client)
    client.post(f"{path}/rounds")
    for paper in ("a4", "letter"):
        response = client.get(f"{path}/cards.pdf?paper={paper}")
        assert response.mimetype == "application/pdf"
        text = PdfReader(io.BytesIO(response.data)).pages[0].extract_text()
        assert "Table 1" in text and "Table 2" in text and "Round 1" in text
    german = client.get(f"{path}/cards.pdf?lang=de").data
    assert "Tisch 1" in PdfReader(io.BytesIO(german)).pages[0].extract_text()
    assert client.get(f"{path}/cards.pdf?paper=a3").status_code == 400


def test_a_table_without_a_deal_says_so_not_zero_deals(client) -> None:
    """Portuguese counts 0 as one ("0 mão"): the big screen says "no hands yet" instead."""
    path = director(client)
    client.post(f"{path}/rounds")
    screen = re.search(r'href="(/events/screen/[^"]+)"', client.get(path).get_data(as_text=True))
    live = client.get(f"{screen.group(1)}/live.json?lang=pt_BR").get_json()
    assert [t["state"] for t in live["tables"]] == ["Ainda não há mãos."] * 2
    big = client.get(f"{screen.group(1)}?lang=pt_BR").get_data(as_text=True)
    assert "0 mão" not in big and "Ainda não há mãos." in big

"""The outbox's side of the server: a hand sent from the phone's outbox gets a JSON answer
(saved, already saved, or returned with the reason), and the sheet's offline copy holds no
form and no token."""

from __future__ import annotations

import pytest

from tests.conftest import GOOD, Table, hand_fields

JSON = {"Accept": "application/json"}


@pytest.fixture
def game_id(table: Table) -> str:
    """Returns a Classic game with no hand yet."""
    return table.new_game("classic")


def test_a_hand_from_the_outbox_is_saved_once_and_answered_in_json(table: Table, game_id):
    path = f"/games/{game_id}/hands/new"
    sent = table.form(path) | hand_fields(GOOD)
    first = table.client.post(path, data=sent, headers=JSON)
    assert first.status_code == 200
    assert first.get_json() | {"sheet": ""} == {
        "ok": True,
        "number": 1,
        "repeat": False,
        "message": "Hand 1 saved.",
        "sheet": "",
    }
    again = table.client.post(path, data=sent, headers=JSON)  # its answer was lost: sent again
    assert again.get_json()["ok"] and again.get_json()["repeat"]
    assert len(table.game(game_id).hands) == 1
    assert "_flashes" not in table.client.get(f"/games/{game_id}").get_data(as_text=True)


def test_a_hand_typed_against_an_older_sheet_is_returned_with_the_reason(table: Table, game_id):
    path = f"/games/{game_id}/hands/new"
    stale = table.form(path) | hand_fields(GOOD)
    table.record(game_id, GOOD)  # another phone saved hand 1 meanwhile
    response = table.client.post(path, data=stale, headers=JSON)
    assert response.status_code == 409
    answer = response.get_json()
    assert answer["ok"] is False and "Another phone changed this game" in answer["reason"]
    assert len(table.game(game_id).hands) == 1  # never saved on top


def test_a_hand_with_problems_is_returned_with_each_problem(table: Table, game_id):
    path = f"/games/{game_id}/hands/new"
    bad = table.form(path) | hand_fields({0: {"melded_points": "-7"}})
    response = table.client.post(path, data=bad, headers=JSON)
    assert response.status_code == 422
    answer = response.get_json()
    assert answer["ok"] is False and answer["errors"]
    assert table.game(game_id).hands == ()


def test_the_offline_copy_is_the_sheet_without_forms_or_tokens(table: Table, game_id):
    table.record(game_id, {0: {"melded_points": "90"}})
    response = table.client.get(f"/games/{game_id}?copy=offline")
    page = response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "private, no-store"
    assert "data-offline-copy" in page and "Offline, as of" in page
    assert 'id="hand-1"' in page
    assert "<form" not in page and "csrf_token" not in page and "form_token" not in page
    assert "Record hand" not in page and "/static/js/outbox.js" in page


def test_the_outbox_words_come_from_the_server_in_the_readers_language(table: Table, game_id):
    words = table.client.get(f"/games/{game_id}?part=outbox&lang=de").get_json()
    assert words["one"] == "1 Runde wartet darauf, gesendet zu werden."
    assert table.client.get("/games/nope?part=outbox").status_code == 404

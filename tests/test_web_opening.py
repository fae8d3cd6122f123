"""The "Can we open?" endpoint: the engine's requirement for the side, as JSON or a page."""

from __future__ import annotations

import pytest

from tests.conftest import Table, hidden_fields, saved_hand

JSON = {"Accept": "application/json"}
QUIET = {0: {"melded_points": "90"}, 1: {"melded_points": "60"}}


def ask(client, game_id: str, **form: str):
    """Posts the check and returns the response."""
    return client.post(f"/games/{game_id}/opening-check", data=form, headers=JSON)


@pytest.mark.parametrize(
    ("format_id", "setup", "hands", "form", "points", "need", "met"),
    [
        pytest.param("classic", {}, 0, {"cards-ace": "2"}, 40, "50", False, id="classic-short"),
        pytest.param("classic", {}, 0, {"cards-joker": "1"}, 50, "50", True, id="classic-exactly"),
        pytest.param(
            "classic",
            {"option": "meld_must_exceed"},
            0,
            {"cards-joker": "1"},
            50,
            "more than 50",
            False,
            id="must-exceed",
        ),
        pytest.param(
            "classic",
            {"side-0-start": "-100"},
            0,
            {"cards-low": "3"},
            15,
            "15",
            True,
            id="below-zero",
        ),
        pytest.param(
            "classic",
            {"side-1-start": "3000"},
            0,
            {"side": "1", "cards-high": "12"},
            120,
            "120",
            True,
            id="other-side-3000",
        ),
        pytest.param(
            "brazilian",
            {"side-0-start": "7500"},
            0,
            {"cards-joker": "4"},
            200,
            "a canasta",
            False,
            id="brazilian-needs-canasta",
        ),
        pytest.param(
            "brazilian",
            {"side-0-start": "7500"},
            0,
            {"cards-joker": "1", "canasta": "1"},
            50,
            "a canasta",
            True,
            id="brazilian-with-canasta",
        ),
        pytest.param(
            "brazilian",
            {"side-0-start": "8500"},
            0,
            {"cards-joker": "3", "canasta": "1"},
            150,
            "a canasta in a meld of 200",
            False,
            id="brazilian-canasta-of-200",
        ),
        pytest.param(
            "brazilian",
            {"side-0-start": "9500"},
            0,
            {"cards-high": "7", "canasta": "1"},
            70,
            "a natural canasta",
            False,
            id="brazilian-mixed-is-not-natural",
        ),
        pytest.param(
            "brazilian",
            {"side-0-start": "9500"},
            0,
            {"cards-high": "7", "natural_canasta": "1"},
            70,
            "a natural canasta",
            True,
            id="brazilian-natural",
        ),
        pytest.param(
            "hand_and_foot",
            {},
            2,
            {"cards-high": "12"},
            120,
            "120",
            True,
            id="hand-and-foot-deal-3",
        ),
        pytest.param(
            "oklahoma", {}, 0, {"cards-queen_of_spades": "1"}, 50, "any meld", True, id="oklahoma"
        ),
    ],
)
def test_check_answers_from_the_engine(
    table: Table, client, format_id, setup, hands, form, points, need, met
):
    game_id = table.new_game(format_id, **setup)
    for number in range(1, hands + 1):
        assert saved_hand(table.record(game_id, QUIET), game_id) == number
    answer = ask(client, game_id, **form).json
    assert (answer["ok"], answer["points"], answer["need"], answer["met"]) == (
        True,
        points,
        need,
        met,
    )
    assert answer["message"].startswith("Yes" if met else "Not yet")


@pytest.mark.parametrize(
    ("form", "field", "message"),
    [
        pytest.param({"cards-joker": "5"}, "cards-joker", "from 0 to 4", id="more-than-pack"),
        pytest.param({"cards-ace": "-1"}, "cards-ace", "from 0 to 8", id="negative"),
        pytest.param({"cards-high": "lots"}, "cards-high", "whole number", id="words"),
        pytest.param({"side": "2"}, "side", "Choose the side", id="no-such-side"),
        pytest.param({"side": "x"}, "side", "Choose the side", id="side-not-a-number"),
    ],
)
def test_bad_counts_get_a_message_not_a_500(table: Table, client, form, field, message):
    game_id = table.new_game()
    response = ask(client, game_id, **form)
    assert response.status_code == 422
    errors = response.json["errors"]
    assert response.json["ok"] is False and errors[0]["field"] == field
    assert message in errors[0]["message"]
    page = client.post(f"/games/{game_id}/opening-check", data=form)
    assert page.status_code == 422 and message in page.get_data(as_text=True)


def test_without_javascript_the_page_shows_the_answer(table: Table, client):
    game_id = table.new_game()
    sheet = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/opening-check"' in sheet  # the sheet links to the page
    form = client.get(f"/games/{game_id}/opening-check?part=form").get_data(as_text=True)
    assert f'action="/games/{game_id}/opening-check"' in form and "<html" not in form
    page = client.post(f"/games/{game_id}/opening-check", data={"side": "1", "cards-joker": "1"})
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "<b>50</b> points. Yes: enough to open (needs 50)." in text
    assert 'name="side" value="1" checked' in text
    blank = client.get(f"/games/{game_id}/opening-check").get_data(as_text=True)
    assert '<output class="answer" aria-live="polite"></output>' in blank


def test_a_viewer_may_ask_and_a_stranger_may_not(app, table: Table, client):
    game_id = table.new_game()
    viewer, stranger = app.test_client(), app.test_client()
    viewer.get(f"/join/{table.game(game_id).tokens.view}")
    assert ask(viewer, game_id, **{"cards-joker": "1"}).json["met"] is True
    assert ask(stranger, game_id, **{"cards-joker": "1"}).status_code == 404


def test_the_check_needs_the_csrf_token(csrf_app):
    client = csrf_app.test_client()
    table = Table(csrf_app, client)
    page = client.get("/games/new?format=classic").get_data(as_text=True)
    data = {"format": "classic", "first_dealer": "0-0", **hidden_fields(page)}
    data |= {f"side-{i}-{k}": f"P{i}{k}" for i in (0, 1) for k in ("name", "player-0", "player-1")}
    game_id = client.post("/games/new", data=data).headers["Location"].rsplit("/", 1)[-1]
    assert table.game(game_id).setup.sides
    assert ask(client, game_id, **{"cards-joker": "1"}).status_code == 400
    form = client.get(f"/games/{game_id}/opening-check?part=form").get_data(as_text=True)
    token = hidden_fields(form)["csrf_token"]
    assert ask(client, game_id, csrf_token=token, **{"cards-joker": "1"}).json["met"] is True

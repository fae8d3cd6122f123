"""Who may see and change a game: owner, edit and view links, other browsers, and CSRF."""

from __future__ import annotations

import pytest

from tests.conftest import GOOD, Table, hand_fields, hidden_fields, saved_hand


@pytest.fixture
def stranger(app) -> Table:
    """Returns a second browser that has no link to the game."""
    return Table(app, app.test_client())


WRITES = [
    pytest.param("post", "/hands/new", id="record"),
    pytest.param("get", "/hands/new", id="record-form"),
    pytest.param("post", "/hands/1/edit", id="edit"),
    pytest.param("get", "/hands/1/edit", id="edit-form"),
    pytest.param("post", "/hands/last/delete", id="delete"),
    pytest.param("get", "/hands/last/delete", id="delete-confirm"),
    pytest.param("post", "/reopen", id="reopen"),
    pytest.param("post", "/play-on", id="play-on"),
    pytest.param("get", "/play-on", id="play-on-form"),
    pytest.param("post", "/hands/after-end/delete", id="delete-after-end"),
    pytest.param("get", "/hands/after-end/delete", id="delete-after-end-confirm"),
]


@pytest.mark.parametrize(
    ("method", "path"),
    [*WRITES, pytest.param("get", "", id="sheet"), pytest.param("post", "/preview", id="preview")],
)
def test_unknown_games_are_404(table: Table, method, path) -> None:
    """An id that does not exist gives the 404 page on every route."""
    response = getattr(table.client, method)(f"/games/no-such-game{path}", data={"version": "1"})
    assert response.status_code == 404


@pytest.mark.parametrize(("method", "path"), [*WRITES, pytest.param("get", "", id="sheet")])
def test_another_browser_without_a_link_gets_404(
    game_id, stranger: Table, db, method, path
) -> None:
    """A real game id alone opens nothing on another phone, and looks like no game at all."""
    response = getattr(stranger.client, method)(f"/games/{game_id}{path}", data=hand_fields(GOOD))
    assert response.status_code == 404
    assert db.execute("SELECT count(*) FROM hands").fetchone()[0] == 1
    assert game_id not in stranger.client.get("/").get_data(as_text=True)


@pytest.mark.parametrize(("method", "path"), WRITES)
def test_a_view_link_may_not_write(
    table: Table, game_id, stranger: Table, db, method, path
) -> None:
    """A viewer sees the sheet without edit controls, and every write is 403."""
    stranger.client.get(f"/join/{table.game(game_id).tokens.view}")
    data = {"version": "2", "form_token": "t" * 22, **hand_fields(GOOD)}
    response = getattr(stranger.client, method)(f"/games/{game_id}{path}", data=data)
    assert response.status_code == 403
    assert db.execute("SELECT count(*) FROM hands").fetchone()[0] == 1


def test_a_viewer_sees_the_sheet_without_controls(table: Table, game_id, stranger: Table) -> None:
    """The view link shows the totals and no button that changes anything."""
    response = stranger.client.get(f"/join/{table.game(game_id).tokens.view}")
    assert response.headers["Location"] == f"/games/{game_id}"
    page = stranger.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "900" in page
    game_controls = page.replace('<form class="paper"', "")  # this phone's paper, not the game
    for control in ("Record hand", "Edit hand", "Delete last hand", "<form"):
        assert control not in game_controls
    assert game_id in stranger.client.get("/").get_data(as_text=True)


def test_an_edit_link_may_record(table: Table, game_id, stranger: Table) -> None:
    """The edit link lets another phone record hands."""
    stranger.client.get(f"/join/{table.game(game_id).tokens.edit}")
    assert saved_hand(stranger.record(game_id, GOOD), game_id) == 2
    assert len(table.game(game_id).hands) == 2


def test_a_view_link_never_lowers_a_role(table: Table, game_id) -> None:
    """The owner opening the view link stays the owner."""
    table.client.get(f"/join/{table.game(game_id).tokens.view}")
    assert "Record hand" in table.client.get(f"/games/{game_id}").get_data(as_text=True)


def test_an_unknown_link_is_404(stranger: Table) -> None:
    """A made-up link gives the 404 page."""
    assert stranger.client.get("/join/made-up-token").status_code == 404


def test_wrong_method_is_405(table: Table, game_id) -> None:
    """Opening a POST-only address gives the 405 page with its Allow header."""
    response = table.client.get(f"/games/{game_id}/reopen")
    assert response.status_code == 405 and "POST" in response.headers["Allow"]
    assert "not how this page is used" in response.get_data(as_text=True)


def test_with_csrf_on_a_whole_flow_works_and_forgeries_fail(csrf_app) -> None:
    """With CSRF on, pages carry the token; a post without it is refused and saves nothing."""
    table = Table(csrf_app, csrf_app.test_client())
    page = table.client.get("/games/new?format=classic").get_data(as_text=True)
    data = {
        "format": "classic",
        "first_dealer": "0-0",
        "side-0-name": "We",
        "side-1-name": "They",
        "side-0-player-0": "A",
        "side-0-player-1": "B",
        "side-1-player-0": "C",
        "side-1-player-1": "D",
    }
    forged = table.client.post("/games/new", data=data)
    assert forged.status_code == 400 and "form has expired" in forged.get_data(as_text=True)
    game_id = (
        table.client.post("/games/new", data=data | hidden_fields(page))
        .headers["Location"]
        .rsplit("/", 1)[-1]
    )
    path = f"/games/{game_id}/hands/new"
    fields = table.form(path)
    assert (
        table.client.post(path, data={**fields, "csrf_token": "x", **hand_fields(GOOD)}).status_code
        == 400
    )
    preview = table.client.post(f"/games/{game_id}/preview", data=hand_fields(GOOD))
    assert preview.status_code == 400 and preview.get_json()["ok"] is False
    assert saved_hand(table.client.post(path, data=fields | hand_fields(GOOD)), game_id) == 1
    assert len(table.game(game_id).hands) == 1

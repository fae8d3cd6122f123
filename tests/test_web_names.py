"""Names added later: a game started without names gets them from the sheet, checked once."""

from __future__ import annotations

import html
import io
import json

from flask import Flask
from pypdf import PdfReader

from tests.conftest import Table, hidden_fields, location, saved_hand

NAMES = {
    "side-0-name": "Smiths",
    "side-0-player-0": "Ann",
    "side-0-player-1": "Bob",
    "side-1-name": "Joneses",
    "side-1-player-0": "Cy",
    "side-1-player-1": "Di",
}


def _unnamed(table: Table) -> str:
    """Starts a Classic game with no names typed (We/They, "We 1"...) and one hand played."""
    response = table.client.post("/games/new", data={"format": "classic"})
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    hand = {0: {"melded_points": "120", "canastas-natural": "1"}, 1: {"melded_points": "50"}}
    assert saved_hand(table.record(game_id, hand), game_id) == 1
    return game_id


def _send(table: Table, game_id: str, names: dict[str, str]):
    path = f"/games/{game_id}/names"
    return table.client.post(path, data=table.form(path) | names)


def test_names_added_later_reach_the_sheet_pdf_home_and_hands(table: Table, db) -> None:
    """Every place the old names were kept says the new ones; the scores are unchanged."""
    game_id = _unnamed(table)
    before = table.game(game_id)
    assert [s.name for s in before.setup.sides] == ["We", "They"]
    assert before.setup.first_dealer == "We 1"
    sheet = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/names"' in sheet
    response = _send(table, game_id, NAMES)
    assert location(response) == f"/games/{game_id}"
    after = table.game(game_id)
    assert [(s.name, s.players) for s in after.setup.sides] == [
        ("Smiths", ("Ann", "Bob")),
        ("Joneses", ("Cy", "Di")),
    ]
    assert after.setup.first_dealer == "Ann"
    assert list(after.state.totals.values()) == list(before.state.totals.values())
    assert after.state.totals["Smiths"] == before.state.totals["We"]
    entry = json.loads(
        db.execute("SELECT entry FROM hands WHERE game_id = ?", [game_id]).fetchone()[0]
    )
    assert set(entry["hand"]) == {"Smiths", "Joneses"}
    sheet = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Smiths" in sheet and "Joneses" in sheet
    home = table.client.get("/").get_data(as_text=True)
    assert "Smiths" in home and "Ann &amp; Bob v Cy &amp; Di" in home
    pdf = table.client.get(f"/games/{game_id}/sheet.pdf")
    text = PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text()
    assert "Smiths" in text and "Joneses" in text
    assert saved_hand(table.record(game_id, {1: {"melded_points": "50"}}), game_id) == 2


def test_each_problem_is_shown_beside_its_field_and_the_typing_is_kept(table: Table) -> None:
    """A repeated side name and a control character: both marked, nothing saved, text kept."""
    game_id = _unnamed(table)
    version = table.game(game_id).version
    typed = NAMES | {"side-1-name": "smiths", "side-0-player-1": "B\x07b"}
    response = _send(table, game_id, typed)
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422
    assert 'id="e-side-1-name"' in page and "Another side already has this name." in page
    assert 'id="e-side-0-player-1"' in page
    assert 'value="smiths"' in page and 'value="Cy"' in page
    game = table.game(game_id)
    assert game.version == version and [s.name for s in game.setup.sides] == ["We", "They"]


def test_swapping_names_and_blanks_back_to_defaults(table: Table) -> None:
    """Sides may trade names; a blank name goes back to the default (We 2...)."""
    game_id = _unnamed(table)
    we = table.game(game_id).state.totals["We"]
    response = _send(table, game_id, {"side-0-name": "They", "side-1-name": "We"})
    assert location(response) == f"/games/{game_id}"
    game = table.game(game_id)
    assert [(s.name, s.players) for s in game.setup.sides] == [
        ("They", ("They 1", "They 2")),
        ("We", ("We 1", "We 2")),
    ]
    assert game.state.totals["They"] == we


def test_a_stale_or_repeated_form_saves_once(table: Table) -> None:
    """The same form twice saves once; a form opened before another change is refused."""
    game_id = _unnamed(table)
    path = f"/games/{game_id}/names"
    fields = table.form(path)
    assert location(table.client.post(path, data=fields | NAMES)) == f"/games/{game_id}"
    assert location(table.client.post(path, data=fields | NAMES)) == f"/games/{game_id}"
    assert table.game(game_id).version == int(fields["version"]) + 1
    stale = fields | {"form_token": "another-token-0123456789"}
    response = table.client.post(path, data=stale | {"side-0-name": "Other"})
    assert response.status_code == 409 and 'value="Other"' in response.get_data(as_text=True)


def test_only_scorers_may_rename(app: Flask, table: Table) -> None:
    """A viewer's phone gets 403; a co-scorer's may rename."""
    game_id = _unnamed(table)
    tokens = table.game(game_id).tokens
    viewer = app.test_client()
    viewer.get(f"/join/{tokens.view}")
    assert viewer.get(f"/games/{game_id}/names").status_code == 403
    scorer = app.test_client()
    scorer.get(f"/join/{tokens.edit}")
    page = scorer.get(f"/games/{game_id}/names").get_data(as_text=True)
    response = scorer.post(f"/games/{game_id}/names", data=hidden_fields(page) | NAMES)
    assert location(response) == f"/games/{game_id}"


def test_the_new_game_form_says_names_can_be_added_later(table: Table) -> None:
    """The hint is back on the new-game form."""
    page = table.client.get("/games/new?format=classic").get_data(as_text=True)
    assert "add or change names later from the sheet" in page


def test_cutthroat_players_named_later_keep_their_lone_hand(table: Table, db) -> None:
    """One-player columns take their player's name; the lone hand follows its column."""
    response = table.client.post("/games/new", data={"format": "cutthroat"})
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    lone = {0: {"melded_points": "300", "canastas-natural": 2, "went_out": "out"}}
    hand = lone | {1: {"melded_points": "120"}, 2: {"red_threes": 1}}
    assert saved_hand(table.record(game_id, hand, lone_hand=0), game_id) == 1
    before = table.game(game_id).state.totals
    assert list(before) == ["Player 1", "Player 2", "Player 3"]
    page = table.client.get(f"/games/{game_id}/names").get_data(as_text=True)
    assert 'placeholder="Player 1"' in page
    names = {"side-0-name": "Ann", "side-1-name": "", "side-2-name": "Cy"}
    assert location(_send(table, game_id, names)) == f"/games/{game_id}"
    game = table.game(game_id)
    assert game.state.totals == dict(zip(["Ann", "Player 2", "Cy"], before.values(), strict=True))
    entry = json.loads(
        db.execute("SELECT entry FROM hands WHERE game_id = ?", [game_id]).fetchone()[0]
    )
    assert entry["lone_hand"] == "Ann" and game.setup.first_dealer == "Ann"

"""The PDF downloads: a game's sheet for those who may see it, and each format's blank sheet."""

from __future__ import annotations

import importlib
import io
import re

import pytest
from pypdf import PdfReader

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.store import cache
from tests.sample_game import sample_hands


@pytest.fixture
def app(csrf_app):
    """The app with CSRF on, as in production (borrowed, not built per test)."""
    return csrf_app


@pytest.fixture
def game_id(app) -> str:
    with app.app_context():
        game = store.create_game(
            get_db(),
            format_id="cutthroat",
            sides=[("José", ["José"]), ("Zoë", ["Zoë"]), ("李明", ["李明"])],
            first_dealer="José",
            owner="browser-1",
        )
        for n, hand in enumerate(sample_hands(game.rules, game.setup, 2)):
            version = store.get_game(get_db(), game.id).version
            store.record_hand(get_db(), game.id, hand, version=version, form_token=f"t{n}")
    return game.id


@pytest.fixture
def owner(app):
    client = app.test_client()
    with client.session_transaction() as session:
        session["browser"] = "browser-1"
    return client


def text_of(data: bytes) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages)


def test_the_owner_downloads_the_games_sheet_as_an_attachment(owner, game_id):
    response = owner.get(f"/games/{game_id}/sheet.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith("attachment;") and "canasta-cutthroat-jose-v-zoe-v" in disposition
    assert "José v Zoë v 李明" in text_of(response.data)


def test_a_stranger_gets_404_for_the_sheet(app, game_id):
    assert app.test_client().get(f"/games/{game_id}/sheet.pdf").status_code == 404


def test_the_paper_asked_for_is_remembered_in_a_cookie(owner, game_id):
    letter = owner.get(f"/games/{game_id}/sheet.pdf?paper=letter")
    assert "paper=letter" in letter.headers["Set-Cookie"]
    again = owner.get("/sheets/classic.pdf")  # no ?paper: the cookie decides
    page = PdfReader(io.BytesIO(again.data)).pages[0]
    assert sorted((round(page.mediabox.width), round(page.mediabox.height))) == [612, 792]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_an_oklahoma_sheet_has_a_column_group_per_chosen_player(app, players):
    response = app.test_client().get(f"/sheets/oklahoma.pdf?players={players}")
    assert response.status_code == 200
    assert f"oklahoma-{players}-players-blank" in response.headers["Content-Disposition"]
    text = PdfReader(io.BytesIO(response.data)).pages[0].extract_text()
    heads = ["We", "They"] if players == 2 else [f"Player {n}" for n in range(1, players + 1)]
    assert all(head in text for head in heads)
    assert f"Player {players + 1}" not in text


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/sheets/oklahoma.pdf?players=6", "Oklahoma is played by 2 to 5 players."),
        ("/sheets/oklahoma.pdf?players=1", "Oklahoma is played by 2 to 5 players."),
        ("/sheets/oklahoma.pdf?players=three", "Players must be a whole number from 2 to 5."),
        ("/sheets/oklahoma.pdf?players=%E2%91%A2", "Players must be a whole number from 2 to 5."),
        ("/sheets/oklahoma.pdf?players=99999999999", "Players must be a whole number from 2"),
        ("/sheets/classic.pdf?players=3", "Classic is always played by 4 players."),
    ],
)
def test_a_player_count_the_format_is_not_played_with_is_400(app, url, message):
    response = app.test_client().get(url)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_the_usual_player_count_and_no_count_keep_working(app):
    client = app.test_client()
    assert client.get("/sheets/classic.pdf?players=4").status_code == 200
    plain = client.get("/sheets/oklahoma.pdf")
    assert (
        plain.status_code == 200
        and "Player 3" in PdfReader(io.BytesIO(plain.data)).pages[0].extract_text()
    )


def test_an_unknown_paper_is_400(owner, game_id):
    assert owner.get(f"/games/{game_id}/sheet.pdf?paper=a3").status_code == 400


def test_every_format_has_a_blank_sheet_and_unknown_ones_404(app):
    client = app.test_client()
    response = client.get("/sheets/hand_and_foot.pdf")
    assert response.status_code == 200
    assert "canasta-hand-and-foot-blank-a4.pdf" in response.headers["Content-Disposition"]
    assert "Hand and Foot Canasta score sheet" in text_of(response.data)
    assert client.get("/sheets/no_such_format.pdf").status_code == 404


@pytest.mark.parametrize("room", [True, False], ids=["cache-on", "cache-off"])
def test_a_games_pdf_is_built_once_while_its_version_stands(app, owner, game_id, monkeypatch, room):
    """Downloads of the same version and paper reuse the bytes while the room (store/cache.py)
    is on; a new hand builds it again. Off, every download builds it."""
    monkeypatch.setattr(cache, "on", room)
    cache.clear()
    built = []
    # The package exports the function under the module's name, so fetch the module itself.
    writer = importlib.import_module("scorekeeper.pdf.game_sheet")
    real = writer.game_sheet

    def counting(*args, **kwargs) -> bytes:
        built.append(kwargs["paper"])
        return real(*args, **kwargs)

    monkeypatch.setattr(writer, "game_sheet", counting)
    first = owner.get(f"/games/{game_id}/sheet.pdf?paper=a4").data
    assert owner.get(f"/games/{game_id}/sheet.pdf?paper=a4").data == first
    owner.get(f"/games/{game_id}/sheet.pdf?paper=letter")
    assert built == (["a4", "letter"] if room else ["a4", "a4", "letter"])
    built.clear()
    with app.app_context():
        game = store.get_game(get_db(), game_id)
        hand = sample_hands(game.rules, game.setup, 3)[2]
        store.record_hand(get_db(), game_id, hand, version=game.version, form_token="t-new")
    after = owner.get(f"/games/{game_id}/sheet.pdf?paper=a4").data
    assert built == ["a4"] and after != first


def test_home_offers_oklahomas_blank_sheet_for_a_chosen_number_of_players(client) -> None:
    page = client.get("/").get_data(as_text=True)
    form = re.search(
        r'<form class="card" action="/sheets/oklahoma\.pdf"[^>]*>(.*?)</form>', page, re.S
    )
    assert form, "no players choice for Oklahoma's blank sheet"
    assert re.findall(r'<option value="(\d)"', form[1]) == ["2", "3", "4", "5"]
    assert 'action="/sheets/classic.pdf"' not in page  # fixed-size formats keep a plain link
    sheet = client.get("/sheets/oklahoma.pdf", query_string={"players": "5"})
    assert sheet.status_code == 200 and sheet.mimetype == "application/pdf"

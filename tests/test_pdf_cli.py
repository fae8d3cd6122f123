"""`scorekeeper sheet` and `scorekeeper export-pdf`: files written, clear errors, exit 2."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from scorekeeper.cli import main


def text_of(path) -> str:
    return " ".join(
        " ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(path.read_bytes())).pages
    )


def test_sheet_writes_a_formats_blank_sheet(tmp_path, capsys):
    out = tmp_path / "samba.pdf"
    assert main(["sheet", "samba", "-o", str(out), "--paper", "letter"]) == 0
    assert "Samba Canasta score sheet" in text_of(out)
    assert "Wrote" in capsys.readouterr().out


def test_sheet_draws_oklahoma_for_the_chosen_number_of_players(tmp_path):
    out = tmp_path / "ok.pdf"
    assert main(["sheet", "oklahoma", "--players", "5", "-o", str(out)]) == 0
    text = text_of(out)
    assert all(f"Player {n}" in text for n in range(1, 6)) and "Player 6" not in text


def test_sheet_applies_house_options(tmp_path):
    out = tmp_path / "hf.pdf"
    assert main(["sheet", "hand_and_foot", "--option", "clean_pile_500", "-o", str(out)]) == 0
    assert "House options: Clean pile 500" in text_of(out)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(["sheet", "canasta_deluxe"], "unknown format 'canasta_deluxe'", id="format"),
        pytest.param(["sheet", "classic", "--option", "x"], "no house option 'x'", id="option"),
        pytest.param(
            ["sheet", "oklahoma", "--players", "6"],
            "Oklahoma is played by 2 to 5 players.",
            id="players",
        ),
        pytest.param(
            ["sheet", "two_hand", "--players", "3"],
            "Two-hand is always played by 2 players.",
            id="fixed-players",
        ),
    ],
)
def test_sheet_refuses_unknown_names_with_exit_2(tmp_path, capsys, args, message):
    out = tmp_path / "x.pdf"
    assert main([*args, "-o", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_an_unwritable_path_is_exit_2(tmp_path, capsys):
    assert main(["sheet", "classic", "-o", str(tmp_path / "missing" / "x.pdf")]) == 2
    assert "cannot write" in capsys.readouterr().err


@pytest.fixture
def saved_game(tmp_path, monkeypatch):
    """Saves a game in a fresh instance folder, as the app would; returns its id."""
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    from scorekeeper import create_app, store
    from scorekeeper.db import get_db
    from tests.sample_game import sample_hands

    app = create_app()
    with app.app_context():
        game = store.create_game(
            get_db(),
            format_id="classic",
            sides=[("Nós", ["José", "Zoë"]), ("Они", ["Łukasz", "李明"])],
            first_dealer="José",
        )
        for n, hand in enumerate(sample_hands(game.rules, game.setup, 3)):
            version = store.get_game(get_db(), game.id).version
            store.record_hand(get_db(), game.id, hand, version=version, form_token=f"t{n}")
    return game


def test_export_pdf_writes_a_saved_games_sheet(saved_game, tmp_path):
    out = tmp_path / "game.pdf"
    assert main(["export-pdf", saved_game.id, "-o", str(out)]) == 0
    text = text_of(out)
    for name in ("Nós", "Они", "José & Zoë", "Łukasz & 李明"):
        assert name in text
    assert "page 1 of 1" in text


def test_export_pdf_of_an_unknown_game_is_exit_2(saved_game, tmp_path, capsys):
    assert main(["export-pdf", "no-such-game", "-o", str(tmp_path / "x.pdf")]) == 2
    assert "no game 'no-such-game'" in capsys.readouterr().err

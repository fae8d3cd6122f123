"""The paper sheets in each language: translated headings and tables, numbers the locale's way."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from scorekeeper.pdf import blank_sheet
from scorekeeper.rules.presets import load_presets
from tests.conftest import Table, saved_hand

# Words each sheet must carry in a language: headings, a preset's words, the tables' titles.
BLANK = {
    "en": (
        "Classic Canasta score sheet",
        "Dealer",
        "To open",
        "Natural canasta",
        "Bonuses",
        "5,000",
    ),
    "es": (
        "Planilla de Canasta: Clásica",
        "Reparte",
        "Para bajar",
        "Canasta limpia",
        "Premios",
        "5.000",
    ),
    "pt_BR": (
        "Folha de pontos de Canastra: Clássica",
        "Carteador",
        "Para baixar",
        "Canastra limpa",
        "Bônus",
        "5.000",
    ),
    "it": (
        "Foglio dei punti di Canasta: Classica",
        "Mazziere",
        "Per aprire",
        "Canasta pulita",
        "Premi",
        "5.000",
    ),
    "de": (
        "Canasta-Punkteblatt: Klassisch",
        "Geber",
        "Auslegen",
        "Reine Canasta",
        "Prämien",
        "5.000",
    ),
}
FILLED = {
    "en": ("Breakdown", "Winner: We, by", "Melded cards", "game to 5,000", "Totals:"),
    "es": ("Detalle", "Ganador: We, por", "Cartas bajadas", "partida a 5.000", "Totales:"),
    "pt_BR": ("Detalhe", "Vencedor: We, por", "Cartas baixadas", "jogo até 5.000", "Totais:"),
    "it": ("Dettaglio", "Vincitore: We, di", "Carte calate", "partita a 5.000", "Totali:"),
    "de": ("Aufschlüsselung", "Sieger: We, mit", "Ausgelegte Karten", "Spiel bis 5.000", "Summen:"),
}
DATES = {
    "en": r"\d{1,2} [A-Z][a-z]{2} \d{4}",
    "es": r"\d{1,2} [a-z]{3} \d{4}",
    "pt_BR": r"\d{1,2} de [a-z]{3}\. de \d{4}",
    "it": r"\d{1,2} [a-z]{3} \d{4}",
    "de": r"\d{1,2}\.\d{1,2}\.\d{4}",
}


def _text(data: bytes) -> str:
    """Returns a PDF's text, its whitespace run together the way pypdf reads it."""
    pages = PdfReader(io.BytesIO(data)).pages
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in pages))


@pytest.mark.parametrize("language", sorted(BLANK))
def test_the_blank_classic_sheet_in_each_language(client, language: str) -> None:
    """Title, column headings, the preset's canasta kinds and tables, and 5.000 the local way."""
    response = client.get(f"/sheets/classic.pdf?lang={language}")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = _text(response.get_data())
    for expected in BLANK[language]:
        assert expected in text, (expected, text[:400])


@pytest.mark.parametrize("language", sorted(FILLED))
def test_a_finished_game_sheet_in_each_language(table: Table, app, language: str) -> None:
    """A won Classic game: the breakdown's items, the result line, totals and the date."""
    game_id = table.new_game("classic")
    big = {0: {"melded_points": "1050", "canastas-natural": 4, "went_out": "out"}, 1: {}}
    for number in (1, 2):
        assert saved_hand(table.record(game_id, big), game_id) == number
    data = table.client.get(f"/games/{game_id}/sheet.pdf?lang={language}").get_data()
    text = _text(data)
    for expected in FILLED[language]:
        assert expected in text, (expected, text[:500])
    # 1,050 melded + 4 × 500 + 100 for going out = 3,150 a hand; two hands 6,300, the end.
    total = "6,300" if language == "en" else "6.300"
    assert total in text and re.search(DATES[language], text), text[:300]


def test_each_language_gets_its_own_cached_sheet(table: Table) -> None:
    """The PDF kept for a game version is per language: German after Spanish is German."""
    game_id = table.new_game("classic")
    assert saved_hand(table.record(game_id, {0: {"melded_points": "90"}, 1: {}}), game_id) == 1
    spanish = _text(table.client.get(f"/games/{game_id}/sheet.pdf?lang=es").get_data())
    german = _text(table.client.get(f"/games/{game_id}/sheet.pdf?lang=de").get_data())
    assert "Detalle" in spanish and "Aufschlüsselung" in german


def test_the_command_line_writes_english_sheets() -> None:
    """No request, no language (as `scorekeeper sheet` draws it): the sheet stays English."""
    text = _text(blank_sheet(load_presets()["classic"].rules))
    assert "Classic Canasta score sheet" in text and "Dealer" in text


def test_the_command_line_writes_a_sheet_in_the_language_asked(tmp_path) -> None:
    """`scorekeeper sheet classic --lang de` prints German headings and 5.000."""
    from click.testing import CliRunner

    from scorekeeper.cli import cli

    out = tmp_path / "de.pdf"
    result = CliRunner().invoke(cli, ["sheet", "classic", "-o", str(out), "--lang", "de"])
    assert result.exit_code == 0, result.output
    text = _text(out.read_bytes())
    for expected in BLANK["de"]:
        assert expected in text, expected
    english = _text(blank_sheet(load_presets()["classic"].rules))
    assert "Dealer" in english and "5,000" in english  # nothing leaks out of `speaking`


def test_the_writer_takes_its_language_as_an_argument(app) -> None:
    """`lang` wins over the request's language, and nothing of it stays after the sheet."""
    from scorekeeper import language
    from scorekeeper.engine import replay
    from scorekeeper.pdf import game_sheet
    from scorekeeper.rules.presets import rules_for
    from tests.sample_game import sample_hands, sample_setup

    rules = rules_for("classic")
    setup = sample_setup(rules)
    state = replay(rules, setup, sample_hands(rules, setup, 3))

    def sheet(lang: str | None = None) -> str:
        return _text(game_sheet(rules, setup, state, title="t", created="2024-05-01", lang=lang))

    german, english = sheet("de"), sheet()
    assert "Seite 1 von 1" in german and "Geber" in german and "01.05.2024" in german
    assert "page 1 of 1" in english and language.current() == "en"  # nothing stayed German
    with app.test_request_context("/?lang=es"):
        assert language.current() == "es"  # the web edge tells the language layer
        italian, spanish = sheet("it"), sheet()
        assert language.current() == "es"
    assert italian == sheet("it") != english and spanish == sheet("es") != english


def test_export_pdf_in_german_builds_no_flask_app(tmp_path, monkeypatch) -> None:
    """`scorekeeper export-pdf --lang de` writes German without building any Flask app."""
    import flask

    from scorekeeper import store
    from scorekeeper.cli import main
    from scorekeeper.store.connection import connect, migrate
    from tests.sample_game import sample_hands

    database = tmp_path / "game.db"
    migrate(database)
    db = connect(database)
    game = store.create_game(
        db,
        format_id="classic",
        sides=[("We", ["Ann", "Bo"]), ("They", ["Cy", "Di"])],
        first_dealer="Ann",
    )
    for n, hand in enumerate(sample_hands(game.rules, game.setup, 3)):
        version = store.get_game(db, game.id).version
        store.record_hand(db, game.id, hand, version=version, form_token=f"t{n}")
    db.close()

    def no_app(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the command line built a Flask app")

    monkeypatch.setattr(flask.Flask, "__init__", no_app)
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(database))
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    out = tmp_path / "de.pdf"
    assert main(["export-pdf", game.id, "-o", str(out), "--lang", "de"]) == 0
    text = _text(out.read_bytes())
    assert "Seite 1 von 1" in text and "Geber" in text

"""Modern American on the pages: the special-hand choice, penalties in sight, the opening
note, the sheet, the preview's reasons, "Can we open?", the PDFs and a group's statistics."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from tests.conftest import Table, saved_hand

MAC = "modern_american"
OUT_TWO = {
    "melded_points": "400",
    "canastas-natural": "1",
    "canastas-mixed": "1",
    "went_out": "out",
}


def test_the_form_offers_special_hands_penalties_in_sight_and_the_note(table: Table) -> None:
    game_id = table.new_game(MAC)
    page = table.client.get(f"/games/{game_id}/hands/new").text
    assert 'name="0-special_hand"' in page and "Garbage (3,000)" in page
    assert "Dream hand (first) (8,500)" in page
    # Its penalties are in plain sight (issue 32), each a count with one-tap chips: no "More".
    assert '<details class="more"' not in page
    penalties = [part.split("</div>", 1)[0] for part in page.split('<div class="penalty">')[1:]]
    for field in ("unfinished_aces", "unfinished_sevens", "unfinished_wild", "aces_in_hand"):
        assert any(f'name="0-{field}"' in part for part in penalties), field
    assert 'name="0-black_threes"' in page and 'name="0-canastas-sevens"' in page
    assert "three natural cards of one rank" in page
    assert page.count("<div data-meld>") >= 16  # melded points and each canasta kind, per side
    # Classic's form has none of it.
    classic = table.client.get(f"/games/{table.new_game('classic')}/hands/new").text
    assert "0-special_hand" not in classic and "<div data-meld>" not in classic


def test_a_special_hand_is_saved_and_replaces_the_score(table: Table) -> None:
    game_id = table.new_game(MAC)
    response = table.record(
        game_id,
        {
            0: {"special_hand": "garbage", "red_threes": "1", "hand_points": "40"},
            1: {"melded_points": "120", "hand_points": "45", "red_threes": "1"},
        },
    )
    assert saved_hand(response, game_id) == 1
    sheet = table.client.get(f"/games/{game_id}").text
    assert "3,000" in sheet and "−265" in sheet
    detail = table.client.get(f"/games/{game_id}/hands/1").text
    assert "Garbage" in detail and "replaced by the special hand" in detail
    assert "minus: no canasta" in detail
    edit = table.client.get(f"/games/{game_id}/hands/1/edit").text
    assert '<option value="garbage" selected>' in edit


def test_a_special_hand_with_melds_is_refused_beside_its_fields(table: Table) -> None:
    game_id = table.new_game(MAC)
    response = table.record(
        game_id, {0: {"special_hand": "pairs", "melded_points": "60"}, 1: {"melded_points": "90"}}
    )
    assert response.status_code == 422
    assert "has melded nothing else" in response.text
    assert 'value="60"' in response.text  # what was typed is kept


def test_an_unknown_special_hand_is_refused(table: Table) -> None:
    game_id = table.new_game(MAC)
    response = table.record(game_id, {0: {"special_hand": "royal"}, 1: {"melded_points": "90"}})
    assert response.status_code == 422
    assert "Choose a special hand from the list, or none." in response.text


def test_threes_at_one_canasta_show_zero_with_the_reason(table: Table) -> None:
    game_id = table.new_game(MAC)
    response = table.record(
        game_id,
        {
            0: {
                "melded_points": "250",
                "hand_points": "85",
                "red_threes": "3",
                "canastas-natural": "1",
                "unfinished_sevens": "1",
            },
            1: {"melded_points": "90"},
        },
    )
    assert saved_hand(response, game_id) == 1
    detail = table.client.get(f"/games/{game_id}/hands/1").text
    assert "−1,835" in detail and "counts 0: fewer than two canastas" in detail


def test_going_out_with_an_unfinished_meld_is_refused(table: Table) -> None:
    game_id = table.new_game(MAC)
    response = table.record(
        game_id, {0: OUT_TWO | {"unfinished_wild": "1"}, 1: {"melded_points": "90"}}
    )
    assert response.status_code == 422
    assert "cannot go out with an unfinished meld" in response.text


def test_can_we_open_shows_the_clean_triple_note(table: Table) -> None:
    game_id = table.new_game(MAC)
    page = table.client.get(f"/games/{game_id}/opening-check").text
    assert "three natural cards of one rank" in page
    assert 'name="cards-seven"' in page


@pytest.mark.parametrize("lang", ["en", "es", "pt_BR", "it", "de"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_pdfs_name_the_special_hands_in_each_language(table: Table, lang, paper) -> None:
    game_id = table.new_game(MAC)
    table.record(game_id, {0: {"special_hand": "straight"}, 1: {"melded_points": "90"}})
    blank = table.client.get(f"/sheets/{MAC}.pdf?paper={paper}&lang={lang}")
    assert blank.status_code == 200
    text = PdfReader(io.BytesIO(blank.data)).pages[0].extract_text()
    straight = {
        "en": "Straight",
        "es": "Escalera",
        "pt_BR": "Sequência",
        "it": "Scala",
        "de": "Straße",
    }
    assert straight[lang] in text and ("8,500" in text or "8.500" in text)
    filled = table.client.get(f"/games/{game_id}/sheet.pdf?paper={paper}&lang={lang}")
    assert filled.status_code == 200
    assert straight[lang] in PdfReader(io.BytesIO(filled.data)).pages[0].extract_text()

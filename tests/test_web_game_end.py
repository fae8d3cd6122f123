"""The end of a game on the pages: reopen to fix, drop hands after the end, or keep playing."""

from __future__ import annotations

import pytest

from tests.conftest import Table, hand_fields, location, saved_hand

SMALL = {0: {"melded_points": "50"}, 1: {"melded_points": "50"}}
BIG = {0: {"melded_points": "500", "canastas-natural": 1, "went_out": "out"}}


@pytest.fixture
def won(table: Table) -> str:
    """Returns a Classic game that We won at hand 3 (4,000 carried over, then 50, 50, 1,100)."""
    game_id = table.new_game("classic", **{"side-0-start": "4000"})
    for number, hand in enumerate((SMALL, SMALL, BIG), 1):
        assert saved_hand(table.record(game_id, hand), game_id) == number
    assert table.game(game_id).state.ended_at == 3
    return game_id


def reopen(table: Table, game_id: str, flag: str = "1") -> None:
    """Presses the sheet's reopen (or close) button."""
    path = f"/games/{game_id}"
    table.client.post(f"{path}/reopen", data=table.form(path) | {"reopened": flag})


def page(table: Table, game_id: str, path: str = "") -> str:
    """Returns a game page's HTML."""
    return table.client.get(f"/games/{game_id}{path}").get_data(as_text=True)


def test_a_reopened_game_offers_fixes_not_a_new_hand(table: Table, won: str) -> None:
    """Reopened: no Record hand 4, but edit, delete and close; recording is refused."""
    reopen(table, won)
    sheet = page(table, won)
    assert "Record hand" not in sheet
    assert "tap a hand to edit it" in sheet and "Delete last hand" in sheet
    assert "Done fixing: close the game" in sheet and "Keep playing to 7,500" in sheet
    assert "Edit hand 2" in page(table, won, "/hands/2")
    response = table.client.post(f"/games/{won}/hands/new", data=table.form(f"/games/{won}"))
    assert response.headers["Location"].endswith(f"/games/{won}")
    assert len(table.game(won).hands) == 3
    assert "keep playing to a higher target" in page(table, won)


def test_an_edit_that_ends_the_game_earlier_offers_to_drop_the_later_hands(
    table: Table, won: str
) -> None:
    """Hand 1 edited to the big hand: the game ends there; hands 2–3 are shown, not counted."""
    reopen(table, won)
    assert saved_hand(table.edit(won, 1, BIG), won) == 1
    game = table.game(won)
    assert game.state.ended_at == 1 and game.state.totals == {"We": 5100, "They": 0}
    sheet = page(table, won)
    assert "The game ended at hand 1" in sheet
    assert "Hands 2–3 were played after the end and do not count" in sheet
    assert "<strong>We won</strong> by 5,100 at hand 1." in sheet
    assert sheet.count('class="row after"') == 2 and "Keep the end at hand 1" in sheet
    assert "Played after the game ended at hand 1" in page(table, won, "/hands/3")
    confirm = page(table, won, "/hands/after-end/delete")
    assert "Delete hands 2–3?" in confirm
    path = f"/games/{won}/hands/after-end/delete"
    response = table.client.post(path, data=table.form(path))
    assert response.headers["Location"].endswith(f"/games/{won}")
    game = table.game(won)
    assert len(game.hands) == 1 and game.state.after_end == () and game.state.ended_at == 1
    assert "Deleted hands 2–3: the game ends at hand 1." in page(table, won)


def test_keeping_the_earlier_end_closes_the_game_with_the_later_hands_marked(
    table: Table, won: str
) -> None:
    """The table meant the edit: the game closes at hand 1, the later hands stay struck out."""
    reopen(table, won)
    table.edit(won, 1, BIG)
    reopen(table, won, "0")
    game = table.game(won)
    assert game.locked and len(game.hands) == 3 and game.state.status.winner == "We"
    sheet = page(table, won)
    assert "The game ended at hand 1" in sheet and "Keep the end" not in sheet


def test_keep_playing_raises_the_target_and_the_sheet_says_so(table: Table, won: str) -> None:
    """One tap plays on to 7,500; the sheet names the raise and offers the next hand."""
    path = f"/games/{won}"
    response = table.client.post(f"{path}/play-on", data=table.form(path) | {"target": "7500"})
    assert response.headers["Location"].endswith(path)
    game = table.game(won)
    assert game.rules.ending.target == 7500 and not game.state.status.over
    sheet = page(table, won)
    assert "Target raised from 5,000 to 7,500 after hand 3." in sheet
    assert "Record hand 4" in sheet and "First to 7,500." in sheet


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        pytest.param("5000", "at least 5,205", id="not-above-the-leader"),
        pytest.param("lots", "Type the new target in points", id="not_a_number"),
        pytest.param("７５００", "Type the digits 0 to 9", id="full-width-digits"),
        pytest.param("99999999", "The new target is too large: at most 1,000,000", id="too-high"),
        pytest.param("9" * 30, "The new target is too large", id="absurdly-long"),
        pytest.param("7,500.5", "Type the new target in points", id="fraction"),
    ],
)
def test_a_wrong_target_is_explained_and_kept(table: Table, won: str, typed, message) -> None:
    """The play-on page says what is wrong, keeps what was typed, and changes nothing."""
    path = f"/games/{won}/play-on"
    response = table.client.post(path, data=table.form(path) | {"target": typed})
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert message in text and f'value="{typed}"' in text
    assert table.game(won).rules.ending.target == 5000


def test_the_play_on_page_suggests_the_next_step(table: Table, won: str) -> None:
    """A finished game's play-on page starts from the suggested target; a game in play has none."""
    assert 'value="7500"' in page(table, won, "/play-on")
    fresh = table.new_game("classic")
    response = table.client.get(f"/games/{fresh}/play-on")
    assert response.headers["Location"].endswith(f"/games/{fresh}")


@pytest.mark.parametrize("typed", ["7,500", "7.500", "7 500", " 7500 "])
def test_a_target_reads_as_people_write_it(table: Table, won: str, typed) -> None:
    """Thousands grouped with a comma, a dot or a space all read as 7,500."""
    path = f"/games/{won}/play-on"
    response = table.client.post(path, data=table.form(path) | {"target": typed})
    assert response.headers["Location"].endswith(f"/games/{won}")
    assert table.game(won).rules.ending.target == 7500


def test_keep_playing_after_an_earlier_end_says_the_later_hands_count_again(
    table: Table, won: str
) -> None:
    """Hand 1 edited to end the game: the offer to play on says hands 2–3 will count again."""
    assert "count again" not in page(table, won)  # no struck-out hands: nothing to say
    reopen(table, won)
    table.edit(won, 1, BIG)
    reopen(table, won, "0")  # the table kept the end at hand 1, hands 2–3 struck out
    sheet = page(table, won)
    assert "Keep playing to 7,500" in sheet
    notice = "Playing on makes hands 2–3 count again: delete them first if they do not"
    assert notice in sheet and sheet.index(notice) < sheet.index("Keep playing to 7,500")
    assert "Hands 2–3, played after the end, will count again." in page(table, won, "/play-on")
    path = f"/games/{won}"
    table.client.post(f"{path}/play-on", data=table.form(path) | {"target": "7500"})
    game = table.game(won)
    assert game.state.after_end == () and game.state.totals == {"We": 6250, "They": 50}


@pytest.mark.parametrize(
    ("language", "typed", "message"),
    [
        (
            "it",
            "5000",
            "Il nuovo traguardo deve essere un multiplo di 5 sopra 5.200: almeno 5.205.",
        ),
        ("de", "99.999.999", "Das neue Ziel: zu groß, höchstens 1.000.000."),
        ("es", "7.500.5", "Escribe la nueva meta en puntos, p. ej. 7500."),
    ],
)
def test_a_wrong_target_is_explained_in_the_language(table, won, language, typed, message):
    """The game end's codes and the number reader speak the page's language."""
    path = f"/games/{won}/play-on?lang={language}"
    response = table.client.post(path, data=table.form(path) | {"target": typed})
    assert response.status_code == 422 and message in response.get_data(as_text=True)


def test_the_game_ending_hand_sent_again_is_already_saved_not_refused(table: Table) -> None:
    """A resend of the form whose hand ended the game (its answer lost) says it was saved."""
    game_id = table.new_game("classic", **{"side-0-start": "4000"})
    path = f"/games/{game_id}/hands/new"
    fields = table.form(path) | hand_fields(BIG)
    assert saved_hand(table.client.post(path, data=fields), game_id) == 1
    assert table.game(game_id).state.status.over
    again = table.client.post(path, data=fields)  # the very same form, its one-time token spent
    assert location(again) == f"/games/{game_id}"
    sheet = page(table, game_id)
    assert "That hand was already saved." in sheet and "This game is over" not in sheet
    assert len(table.game(game_id).hands) == 1
    new_hand = fields | {"form_token": "n" * 22}  # a fresh token: a new hand, after the end
    assert location(table.client.post(path, data=new_hand)) == f"/games/{game_id}"
    sheet = page(table, game_id)
    assert "This game is over" in sheet and "already saved" not in sheet
    assert len(table.game(game_id).hands) == 1


def test_a_viewer_of_a_reopened_game_is_never_told_to_edit(app, table: Table, won: str) -> None:
    """Issue 26 item 9: the read-only phone reads that the scorer may fix a hand, no orders."""
    from tests.test_sharing import phone

    reopen(table, won)
    viewer = phone(app, table.game(won).tokens.view)
    sheet = viewer.client.get(f"/games/{won}").get_data(as_text=True)
    assert "Reopened to fix a hand: the scorer may change a hand" in sheet
    assert "tap a hand" not in sheet and "Delete last hand" not in sheet
    assert "tap a hand to edit it" in page(table, won)  # the scorer still reads how

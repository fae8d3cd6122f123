"""Undo on the sheet (issue 26 item 6): a deleted hand, "Keep playing" and reopening are
taken back by the phone that tapped, while the game stands as the tap left it."""

from __future__ import annotations

from tests.conftest import Table
from tests.test_web_game_end import BIG, SMALL, page, reopen, won  # noqa: F401 (fixture)


def undo(table: Table, game_id: str):
    """Presses the sheet's Undo."""
    sheet = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'action="/games/' + game_id + '/undo"' in sheet, "no Undo on the sheet"
    path = f"/games/{game_id}"
    return table.client.post(f"{path}/undo", data=table.form(path))


def test_a_deleted_hand_comes_back_as_it_was(table: Table, won: str) -> None:  # noqa: F811
    before = table.game(won)
    reopen(table, won)
    table.delete_last(won)
    assert len(table.game(won).hands) == 2
    assert "Hand 3 deleted." in page(table, won)
    undo(table, won)
    after = table.game(won)
    assert after.hands == before.hands and after.state.totals == before.state.totals
    assert after.reopened  # the game is as it was: reopened to fix
    assert "Hand 3 is back." in page(table, won)
    assert "/undo" not in page(table, won)  # one undo per tap


def test_keep_playing_asks_once_and_is_undone(table: Table, won: str) -> None:  # noqa: F811
    sheet = page(table, won)
    assert 'href="/games/' + won + '/play-on">Keep playing to 7,500</a>' in sheet  # asks
    asked = page(table, won, "/play-on")
    assert 'value="7500"' in asked
    path = f"/games/{won}/play-on"
    table.client.post(path, data=table.form(path) | {"target": "7500"})
    assert table.game(won).rules.ending.target == 7500
    assert "Playing on: first to 7,500 wins." in page(table, won)
    undo(table, won)
    game = table.game(won)
    assert game.rules.ending.target == 5000 and game.raises == () and game.state.status.over
    assert "no playing on to 7,500" in page(table, won)


def test_reopening_is_undone(table: Table, won: str) -> None:  # noqa: F811
    reopen(table, won)
    assert table.game(won).reopened
    undo(table, won)
    assert not table.game(won).reopened
    assert "the game is closed again" in page(table, won)


def test_no_undo_once_the_game_has_moved_on(app, table: Table, won: str) -> None:  # noqa: F811
    from tests.test_sharing import phone

    reopen(table, won)
    table.delete_last(won)
    scorer = phone(app, table.game(won).tokens.edit)
    scorer.record(won, SMALL)  # another phone saves a hand meanwhile
    assert "/undo" not in page(table, won)
    stale = table.form(f"/games/{won}/hands/new")  # a version and a token, as a late tap sends
    response = table.client.post(f"/games/{won}/undo", data=stale)
    assert response.status_code == 302
    assert "Nothing to undo: the game has changed since." in page(table, won)
    assert len(table.game(won).hands) == 3 and table.game(won).hands[2] != BIG


def test_another_phone_is_not_offered_the_undo(app, table: Table, won: str) -> None:  # noqa: F811
    from tests.test_sharing import phone

    reopen(table, won)
    scorer = phone(app, table.game(won).tokens.edit)
    assert "/undo" not in scorer.client.get(f"/games/{won}").get_data(as_text=True)

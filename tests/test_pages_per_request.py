"""The sheet and a group's statistics, rendered from stored rows on every request that is not a
304: each browser's own pieces (tokens, messages, Undo) are its own (issue 36)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from flask import Flask

from scorekeeper.store import cache
from scorekeeper.web import security
from tests.conftest import GOOD, Table
from tests.test_web_groups import finished_game as group_game
from tests.test_web_groups import join_link, make_group

PLAYERS = ("Ann", "Bob", "Cy", "Di")

TOKENS = re.compile(r'name="(csrf_token|form_token)" value="[^"]*"|data-follow="[^"]*"')


@pytest.fixture
def watcher(app: Flask, table: Table, game_id: str):
    """Returns a second browser that holds the game's view link, beside the table's."""
    first = app.test_client()
    first.get(f"/join/{table.game(game_id).tokens.view}")
    return first


def test_two_browsers_see_the_same_sheet_but_not_each_others_pieces(
    app: Flask, table: Table, game_id: str, watcher
) -> None:
    other = app.test_client()
    other.get(f"/join/{table.game(game_id).tokens.view}")
    with watcher.session_transaction() as held:
        held["_flashes"] = [("ok", "Only for the watcher.")]
    mine = watcher.get(f"/games/{game_id}").get_data(as_text=True)
    theirs = other.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Only for the watcher." in mine and "Only for the watcher." not in theirs
    assert re.findall(r'data-follow="([^"]+)"', mine) != re.findall(
        r'data-follow="([^"]+)"', theirs
    )
    without_message = mine.replace(
        '  <p class="flash ok" role="status">Only for the watcher.</p>\n', ""
    )
    assert TOKENS.sub("", without_message) == TOKENS.sub("", theirs)


def test_a_sheet_is_the_same_with_the_room_off(
    app: Flask, table: Table, game_id: str, monkeypatch
) -> None:
    table.client.get(f"/games/{game_id}")  # shows "Hand 1 saved." once
    first = table.client.get(f"/games/{game_id}?lang=de").get_data(as_text=True)
    again = table.client.get(f"/games/{game_id}?lang=de").get_data(as_text=True)
    monkeypatch.setattr(cache, "on", False)
    rendered = table.client.get(f"/games/{game_id}?lang=de").get_data(as_text=True)
    assert TOKENS.sub("", first) == TOKENS.sub("", again) == TOKENS.sub("", rendered)
    assert "?lang=de" in rendered and "Geber" in rendered  # read as the address asked


def test_every_form_of_the_sheet_is_accepted(csrf_app: Flask) -> None:
    table = Table(csrf_app, csrf_app.test_client())
    game_id = table.new_game("classic")
    for _answer in range(2):  # each answer carries this browser's own tokens
        page = table.client.get(f"/games/{game_id}").get_data(as_text=True)
        paper_form = page[page.index('<form class="paper"') :]
        fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', paper_form.split("</form>")[0]))
        chosen = table.client.post("/paper", data=fields)
        assert chosen.status_code == 302, chosen.get_data(as_text=True)[:300]


def test_the_sheet_follows_the_game(table: Table) -> None:
    game_id = table.new_game("classic")
    before = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    table.record(game_id, GOOD)
    after = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="hand-1"' not in before and 'id="hand-1"' in after


def test_the_session_cookie_is_sent_when_changed_or_a_day_old(
    table: Table, game_id: str, monkeypatch
) -> None:
    table.client.get(f"/games/{game_id}")  # the session holds all it needs from here on
    assert "Set-Cookie" not in table.client.get(f"/games/{game_id}").headers
    monkeypatch.setattr(security, "REFRESH_COOKIE", timedelta(0))
    refreshed = table.client.get(f"/games/{game_id}").headers.get("Set-Cookie", "")
    assert refreshed.startswith("session=") and "Expires=" in refreshed  # 400 days from now


def test_a_groups_statistics_answer_304_until_its_figures_move(client, table: Table) -> None:
    """To a poller that sends its tag back; no browser keeps the page (private, no-store)."""
    group_id = make_group(client)
    group_game(table, group_id, PLAYERS)
    path = f"/groups/{group_id}/stats"
    first = client.get(path)
    tag = first.headers["ETag"]
    assert first.status_code == 200 and "no-store" in first.headers["Cache-Control"]
    assert client.get(path, headers={"If-None-Match": tag}).status_code == 304
    german = client.get(path + "?lang=de", headers={"If-None-Match": tag})
    assert german.status_code == 200  # another language is another page
    group_game(table, group_id, PLAYERS)  # a second finished game moves the figures
    moved = client.get(path, headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag
    assert client.get(path, headers={"If-None-Match": moved.headers["ETag"]}).status_code == 304


def test_a_304_is_for_the_browser_whose_page_it_is(app: Flask, client, table) -> None:
    """Another member sends the first one's tag: its page holds its own token, so a 200."""
    group_id = make_group(client)
    group_game(table, group_id, PLAYERS)
    tag = client.get(f"/groups/{group_id}/stats").headers["ETag"]
    other = app.test_client()
    other.get(join_link(client, group_id))
    answer = other.get(f"/groups/{group_id}/stats", headers={"If-None-Match": tag})
    assert answer.status_code == 200 and answer.headers["ETag"] != tag

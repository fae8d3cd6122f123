"""Pages kept by their key (web/keyed_pages.py): rendered where no browser exists, shared only by
what the key names, each browser's own pieces (tokens, messages, Undo) filled in per request."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta

import pytest
from flask import Flask, g, render_template_string, request, session

from scorekeeper.store import cache
from scorekeeper.web import keyed_pages, security
from tests.conftest import GOOD, Table

TOKENS = re.compile(r'name="(csrf_token|form_token)" value="[^"]*"|data-follow="[^"]*"')


@dataclass(frozen=True)
class Key:
    """A page key with nothing of its own: what the made-up request is made from."""

    reading: keyed_pages.Reading = keyed_pages.Reading(
        database="", language="en", linked=False, root_url="http://localhost/", path="/somewhere"
    )


def seen_from_inside(_key: Key) -> str:
    """Returns what a keyed render can see of the request that asked for it."""
    return "|".join(
        (
            str(dict(session)),
            request.cookies.get("secret", "no cookie"),
            str(g.get("secret", "no g")),
            request.headers.get("X-Secret", "no header"),
            request.path,
        )
    )


def test_a_keyed_render_sees_nothing_of_the_browser_that_asked(app: Flask) -> None:
    asking = {"Cookie": "secret=browser-a", "X-Secret": "mine"}
    with app.test_request_context("/games/x", headers=asking):
        session["browser"] = "browser-a"
        g.secret = "on g"
        assert request.cookies["secret"] == "browser-a"  # the asking request has them all
        page = keyed_pages.page(Key(), seen_from_inside, keep=False)
    assert page.parts == ("{}|no cookie|no g|no header|/somewhere",)


def test_csrf_tokens_and_messages_are_holes_in_a_keyed_render(app: Flask) -> None:
    def built(_key: Key) -> str:  # as a page renders: context processors, then globals
        return render_template_string("{{ csrf_token() }}:{{ flashes() }}")

    with app.test_request_context("/"):
        page = keyed_pages.page(Key(), built, keep=False)
        assert page.parts[1::2] == ("csrf_token", "flashes")
        assert "".join(page.parts[0::2]) == ":"  # nothing of this browser in the text


@pytest.fixture
def watcher(app: Flask, table: Table, game_id: str):
    """Returns a second browser that holds the game's view link, beside the table's."""
    first = app.test_client()
    first.get(f"/join/{table.game(game_id).tokens.view}")
    return first


def test_two_browsers_share_the_kept_sheet_but_not_their_own_pieces(
    app: Flask, table: Table, game_id: str, watcher
) -> None:
    other = app.test_client()
    other.get(f"/join/{table.game(game_id).tokens.view}")
    with watcher.session_transaction() as held:
        held["_flashes"] = [("ok", "Only for the watcher.")]
    cache.pages.clear()
    mine = watcher.get(f"/games/{game_id}").get_data(as_text=True)
    kept = len(cache.pages)
    theirs = other.get(f"/games/{game_id}").get_data(as_text=True)
    # The second sheet came from the first's text (while the room keeps pages).
    assert kept == len(cache.pages) == (1 if cache.on else 0)
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
    kept = table.client.get(f"/games/{game_id}?lang=de").get_data(as_text=True)
    again = table.client.get(f"/games/{game_id}?lang=de").get_data(as_text=True)
    monkeypatch.setattr(cache, "on", False)
    rendered = table.client.get(f"/games/{game_id}?lang=de").get_data(as_text=True)
    assert TOKENS.sub("", kept) == TOKENS.sub("", again) == TOKENS.sub("", rendered)
    assert "?lang=de" in rendered and "Geber" in rendered  # read as the address asked


def test_every_form_of_a_kept_sheet_is_accepted(csrf_app: Flask) -> None:
    table = Table(csrf_app, csrf_app.test_client())
    game_id = table.new_game("classic")
    for _answer in range(2):  # rendered, then kept: each carries this browser's own tokens
        page = table.client.get(f"/games/{game_id}").get_data(as_text=True)
        paper_form = page[page.index('<form class="paper"') :]
        fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', paper_form.split("</form>")[0]))
        chosen = table.client.post("/paper", data=fields)
        assert chosen.status_code == 302, chosen.get_data(as_text=True)[:300]


def test_a_kept_sheet_follows_the_game(table: Table) -> None:
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

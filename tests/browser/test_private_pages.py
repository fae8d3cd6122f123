"""The service worker keeps no page private to a browser or a group's members (issue 24,
item 3), and drops whatever it held of a group that answers 403/404."""

from __future__ import annotations

import secrets

import pytest
from conftest import PHONE, TYPICAL_HAND, sign_in
from playwright.sync_api import expect
from test_installable import ACTIVATED, CACHED_URLS, OFFLINE

from scorekeeper import store
from scorekeeper.store.connection import connect
from scorekeeper.store.groups import group as groups

pytestmark = pytest.mark.browser


@pytest.fixture
def installed(browser):
    """Returns a phone page whose context lets the service worker run."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(5000)
    page = context.new_page()
    yield page
    context.close()


def _group_with_a_game(live_app, page) -> tuple[str, str, str]:
    """Makes a group with one game owned by the page's browser; its id, game and a player."""
    browser_id = sign_in(live_app, page.context)
    db = connect(live_app.config["DATABASE"])
    try:
        group = groups.create_group(db, "Tuesday", browser_id)
        game_id = store.create_game(
            db,
            format_id="classic",
            sides=(("We", ("Ann", "Bob")), ("They", ("Cy", "Di"))),
            first_dealer="Ann",
            owner=browser_id,
            group=group.id,
        ).id
        store.record_hand(
            db, game_id, TYPICAL_HAND, version=1, form_token=secrets.token_urlsafe(16)
        )
        player = db.execute(
            "SELECT id FROM group_players WHERE group_id = ? AND name = 'Ann'", [group.id]
        ).fetchone()[0]
    finally:
        db.close()
    return group.id, game_id, player


def test_no_private_page_is_kept_and_a_lost_group_leaves_nothing(live_app, base_url, installed):
    """History, stats, a player, names, the archived list: visited online, none is in the
    worker's cache; a copy slipped in is dropped when the group answers 404."""
    page = installed
    group_id, game_id, player_id = _group_with_a_game(live_app, page)
    page.goto(f"{base_url}/")
    assert page.evaluate(ACTIVATED) == "activated"
    pages = [
        "/groups",
        f"/groups/{group_id}",
        f"/groups/{group_id}/history",
        f"/groups/{group_id}/stats",
        f"/groups/{group_id}/players/{player_id}",
        f"/games/{game_id}/names",
        f"/games/{game_id}/summary",
        "/archived",
    ]
    for path in pages:
        response = page.goto(f"{base_url}{path}")
        assert response.ok, path
        assert "no-store" in response.headers["cache-control"], path
    page.goto(f"{base_url}/games/new")  # nothing private: kept
    cached = page.evaluate(CACHED_URLS)
    assert f"{base_url}/games/new" in cached
    kept = [url for url in cached for path in pages if url == f"{base_url}{path}"]
    assert kept == []

    # An older worker's copy (or one from before this fix) is dropped on the group's 404.
    stale = f"{base_url}/groups/{group_id}/stats"
    page.evaluate(
        """url => caches.keys().then(keys => caches.open(keys[0]))
             .then(c => c.put(url, new Response("<p>Ann 3 wins</p>",
                                                {headers: {"Content-Type": "text/html"}})))""",
        stale,
    )
    assert stale in page.evaluate(CACHED_URLS)
    db = connect(live_app.config["DATABASE"])
    try:
        with db.conn:
            db.execute("DELETE FROM group_members WHERE group_id = ?", [group_id])
    finally:
        db.close()
    assert page.goto(f"{base_url}/groups/{group_id}").status == 404
    page.wait_for_function(
        """url => caches.keys().then(keys => caches.open(keys[0]))
             .then(c => c.match(url)).then(hit => !hit)""",
        arg=stale,
    )
    page.context.set_offline(True)
    for path in pages[1:5]:
        page.goto(f"{base_url}{path}")
        expect(page.locator("h1")).to_have_text(OFFLINE.split(" Nothing")[0])
    page.context.set_offline(False)

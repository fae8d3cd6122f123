"""The screen stays on during a live game (Screen Wake Lock): asked for on the sheet and the
hand form, asked again when the page is visible again, let go when the game ends and on
other pages, and harmless where the browser has no such API. Headless Chromium may refuse
the real lock, so a stand-in API records what the page asks, and the page's own state
(`data-wake-lock` on <html>) says what it did."""

from __future__ import annotations

import secrets

import pytest
from conftest import TYPICAL_HAND, new_game, screenshot, stored_game
from playwright.sync_api import expect

from scorekeeper import store
from scorekeeper.store.connection import connect

pytestmark = pytest.mark.browser

STAND_IN = """
window.__wake = {requests: 0, releases: 0};
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
  request: function (kind) {
    window.__wake.requests++;
    var sentinel = new EventTarget();
    sentinel.released = false;
    sentinel.type = kind;
    sentinel.release = function () {
      if (!sentinel.released) {
        sentinel.released = true;
        window.__wake.releases++;
        sentinel.dispatchEvent(new Event("release"));
      }
      return Promise.resolve();
    };
    window.__sentinel = sentinel;
    return Promise.resolve(sentinel);
  }
}});
"""
MISSING = "delete Navigator.prototype.wakeLock;"
# Hidden and shown again, as a phone's screen off and on: the browser drops the lock itself.
HIDE = """() => {
  Object.defineProperty(document, "hidden", {configurable: true, get: () => true});
  document.dispatchEvent(new Event("visibilitychange"));
  window.__sentinel.release();
}"""
SHOW = """() => {
  Object.defineProperty(document, "hidden", {configurable: true, get: () => false});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def wake(page) -> str | None:
    """Returns what the page says of its wake lock."""
    return page.locator("html").get_attribute("data-wake-lock")


def test_the_lock_is_held_while_the_game_is_live_and_let_go_at_its_end(
    live_app, base_url, light_phone
):
    page = light_phone
    page.set_default_navigation_timeout(20000)  # six page loads on a busy machine
    page.add_init_script(STAND_IN)
    game_id = new_game(live_app, page, start_totals={"We": 4900})
    page.goto(f"{base_url}/games/{game_id}")
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "held")
    assert page.evaluate("window.__wake") == {"requests": 1, "releases": 0}

    page.evaluate(HIDE)
    assert wake(page) == "released"
    page.evaluate(SHOW)
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "held")
    assert page.evaluate("window.__wake.requests") == 2

    page.goto(f"{base_url}/games/{game_id}/hands/new")  # the hand form: still live
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "held")

    page.goto(f"{base_url}/games/new")  # another page: nothing asked
    page.wait_for_load_state("load")
    assert page.evaluate("window.__wake.requests") == 0 and wake(page) is None

    page.goto(f"{base_url}/games/{game_id}")
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "held")
    db = connect(live_app.config["DATABASE"])  # another phone saves the hand that ends it
    try:
        version = store.get_game(db, game_id).version
        store.record_hand(
            db, game_id, TYPICAL_HAND, version=version, form_token=secrets.token_urlsafe(16)
        )
    finally:
        db.close()
    assert stored_game(live_app, game_id).state.status.over
    # The sheet follows by itself; the finished sheet (a page of its own, with the chart's
    # styles) asks for nothing, and the live one let its lock go as it left.
    expect(page.locator("#course-title")).to_be_visible(timeout=10000)
    page.wait_for_load_state("load")
    assert page.evaluate("window.__wake.requests") == 0
    assert wake(page) != "held"


def test_a_lock_released_in_place_when_the_sheet_swaps_to_an_ended_game(
    live_app, base_url, light_phone
):
    """The mark leaving the page (the sheet swapped in place) lets the lock go at once."""
    page = light_phone
    page.add_init_script(STAND_IN)
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}")
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "held")
    # The sheet's mark of a game in play ("Can we open?") goes, as when it ends in place.
    page.evaluate(
        "document.querySelector('#opening-check').remove();"
        "document.querySelector('main').appendChild(document.createElement('p'))"
    )
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "released")
    assert page.evaluate("window.__wake") == {"requests": 1, "releases": 1}


def test_nothing_breaks_without_the_api(live_app, base_url, phone, scheme):
    page = phone
    page.add_init_script(MISSING)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}")
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "missing")
    page.get_by_role("link", name="Record hand 1").click()
    expect(page.locator("#f-0-melded_points")).to_be_visible()
    assert errors == []
    screenshot(page, f"awake-sheet-{scheme}")


def test_the_real_api_answers_something(live_app, base_url, light_phone):
    """Headless Chromium's own API: held or refused, never an error on the page."""
    page = light_phone
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}")
    # awake.js loads after the page's load event: on a busy machine that takes a while.
    # A function, not a bare expression: Playwright evals a bare expression on every poll,
    # and the page's CSP (no 'unsafe-eval') refuses every poll after the first.
    page.wait_for_function("() => document.documentElement.dataset.wakeLock", timeout=20000)
    assert wake(page) in {"held", "refused", "missing"}

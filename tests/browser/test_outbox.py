"""The outbox (issue 26 items 4 and 5): a hand saved with the network cut waits on the phone,
survives a reload offline, is sent once by itself when the network is back and said so on the
sheet; hands wait in order; one that no longer fits comes back to its form with the reason.
The sheet last seen stays readable offline, marked with the time it was seen."""

from __future__ import annotations

import secrets

import pytest
from conftest import PHONE, TYPICAL_HAND, new_game, screenshot, stored_game
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from test_installable import ACTIVATED

from scorekeeper import store
from scorekeeper.store.connection import connect

pytestmark = pytest.mark.browser

KEPT = """url => caches.keys().then(keys => Promise.all(keys.map(k => caches.open(k)
  .then(c => c.match(url))))).then(hits => hits.some(Boolean))"""


@pytest.fixture(params=["light", "dark"])
def installed(browser, request):
    """Returns a phone page whose context lets the service worker run, in each scheme."""
    context = browser.new_context(**PHONE, color_scheme=request.param)
    context.set_default_timeout(8000)
    page = context.new_page()
    page.scheme = request.param
    yield page
    context.close()


def type_hand(page, we: str, they: str) -> None:
    """Types a small hand: each side's melded points."""
    page.locator("#f-0-melded_points").fill(we)
    page.locator("#f-1-melded_points").fill(they)


def goto_once_settled(page, url: str) -> None:
    """Opens url; back online the form sends and reads itself again, which may abort a goto."""
    for attempt in range(3):
        try:
            page.goto(url)
            return
        except PlaywrightError as error:  # net::ERR_ABORTED: the page's own navigation won
            if "ERR_ABORTED" not in str(error) or attempt == 2:
                raise
            page.wait_for_load_state()


def someone_else_saves(live_app, game_id: str) -> None:
    """Another phone saves the next hand on the server."""
    db = connect(live_app.config["DATABASE"])
    try:
        version = store.get_game(db, game_id).version
        store.record_hand(
            db, game_id, TYPICAL_HAND, version=version, form_token=secrets.token_urlsafe(16)
        )
    finally:
        db.close()


def test_a_hand_saved_offline_waits_survives_a_reload_and_is_sent_once(
    live_app, base_url, installed
):
    page = installed
    game_id = new_game(live_app, page)
    sheet = f"{base_url}/games/{game_id}"
    page.goto(f"{base_url}/")
    assert page.evaluate(ACTIVATED) == "activated"
    page.goto(sheet)
    page.wait_for_function(KEPT, arg=sheet)  # the copy to read offline
    page.goto(f"{sheet}/hands/new")
    type_hand(page, "120", "75")

    page.context.set_offline(True)
    page.locator("button[type=submit]").click()
    expect(page.locator(".outbox-queued")).to_contain_text(
        "Hand 1 is waiting on this phone to be sent"
    )
    screenshot(page, f"outbox-queued-{page.scheme}")
    page.get_by_role("link", name="Back to the sheet").click()  # the header's
    expect(page.locator("[data-offline-copy]")).to_contain_text("Offline, as of")
    expect(page.locator(".outbox")).to_contain_text("1 hand waiting to be sent.")
    screenshot(page, f"outbox-offline-sheet-{page.scheme}")
    page.reload()  # offline still: the copy and the waiting hand again
    expect(page.locator("[data-offline-copy]")).to_be_visible()
    expect(page.locator(".outbox")).to_contain_text("1 hand waiting to be sent.")
    assert stored_game(live_app, game_id).hands == ()

    page.context.set_offline(False)
    expect(page.locator(".outbox")).to_contain_text("Hand 1 was sent.", timeout=15000)
    expect(page.locator("#hand-1")).to_be_visible()
    expect(page.locator("[data-offline-copy]")).to_have_count(0)
    screenshot(page, f"outbox-sent-{page.scheme}")
    game = stored_game(live_app, game_id)
    assert len(game.hands) == 1
    assert game.state.rows[0].scores["We"].score == 120  # as typed, once
    page.reload()
    page.wait_for_timeout(500)
    assert len(stored_game(live_app, game_id).hands) == 1  # never twice


def test_hands_wait_in_order_and_one_that_no_longer_fits_comes_back_with_its_reason(
    live_app, base_url, light_phone
):
    """Two hands saved offline; meanwhile another phone saved hand 1. Back online, our hand 1
    is not saved on top: theirs and mine are shown side by side, and hand 2 waits behind it;
    chosen as "Record mine as hand 2" and saved from its form, it becomes hand 2, as typed."""
    page = light_phone
    game_id = new_game(live_app, page)
    sheet = f"{base_url}/games/{game_id}"
    page.goto(f"{sheet}/hands/new")
    type_hand(page, "120", "75")
    page.context.set_offline(True)
    page.locator("button[type=submit]").click()
    expect(page.locator("main h1")).to_have_text("Hand 2")  # the form goes on, in place
    type_hand(page, "90", "60")
    page.locator("button[type=submit]").click()
    expect(page.locator(".outbox-queued")).to_contain_text("Hand 2 is waiting")
    someone_else_saves(live_app, game_id)

    page.context.set_offline(False)
    goto_once_settled(page, sheet)
    clash = page.locator(".outbox-clash")
    expect(clash).to_contain_text("Another phone saved hand 1 before this one reached it")
    expect(page.locator(".outbox-returned")).to_contain_text(
        "Hand 2 was not saved: it was typed after hand 1, which was not saved."
    )
    screenshot(page, "outbox-returned-light")
    assert len(stored_game(live_app, game_id).hands) == 1  # the other phone's, nothing on top

    clash.get_by_role("link", name="Record mine as hand 2").click()
    expect(page.locator(".outbox-back")).to_contain_text("Hand 1 was not saved")
    expect(page.locator("#f-0-melded_points")).to_have_value("120")
    expect(page.locator("#f-1-melded_points")).to_have_value("75")
    expect(page.locator("main h1")).to_have_text("Hand 2")  # the sheet as it is now
    screenshot(page, "outbox-back-light")
    with page.expect_navigation():
        page.locator("button[type=submit]").click()
    expect(page.locator("#hand-2")).to_be_visible()
    game = stored_game(live_app, game_id)
    assert len(game.hands) == 2 and game.state.rows[1].scores["We"].score == 120

    page.locator(".outbox-returned").get_by_role("link", name="Open it").click()
    expect(page.locator("#f-0-melded_points")).to_have_value("90")
    with page.expect_navigation():
        page.locator("button[type=submit]").click()
    expect(page.locator("#hand-3")).to_be_visible()
    expect(page.locator(".outbox-returned")).to_have_count(0)
    game = stored_game(live_app, game_id)
    assert [row.scores["We"].score for row in game.state.rows] == [780, 120, 90]


def test_the_sum_beside_save_shows_the_servers_numbers(live_app, base_url, phone, scheme):
    """Issue 26 item 8: "We +780 · They +505 → 3,120 / 2,415", from the preview's answer."""
    page = phone
    game_id = new_game(live_app, page, start_totals={"We": 2340, "They": 1910})
    page.goto(f"{base_url}/games/{game_id}/hands/new")
    bar = page.locator(".save-bar")
    expect(bar.locator(".pv-sum")).to_be_hidden()
    page.locator("#f-0-melded_points").fill("180")
    page.locator("button.step[data-for='f-0-canastas-natural'][data-step='1']").tap()
    page.locator("label:has(input[name='0-went_out'][value='out'])").tap()
    page.locator("#f-1-melded_points").fill("150")
    page.locator("#f-1-hand_points").fill("45")
    page.locator("button.step[data-for='f-1-canastas-mixed'][data-step='1']").tap()
    page.locator("button.step[data-for='f-1-red_threes'][data-step='1']").tap()
    expect(bar.locator(".pv-sum")).to_have_text("We +780 \u00b7 They +505 \u2192 3,120 / 2,415")
    # Sticky: still on screen beside Save with the form scrolled to its top.
    page.evaluate("window.scrollTo(0, 0)")
    assert bar.locator(".pv-sum").is_visible()
    box = bar.bounding_box()
    assert box and box["y"] + box["height"] <= 844 + 1
    page.screenshot(path=str(screenshot.__globals__["ARTIFACTS"] / f"save-bar-{scheme}.png"))

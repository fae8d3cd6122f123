"""The end of a game on a phone: reopen to fix with no new hand on offer, an edit that ends the
game earlier and the offer to drop the hands after it, and keeping playing to a raised target."""

from __future__ import annotations

import pytest
from conftest import Taps, axe_violations, new_game, screenshot, stored_game
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SMALL = {"hand": {"We": {"melded_points": 50}, "They": {"melded_points": 60}}}
BIG = {
    "hand": {
        "We": {"melded_points": 500, "canastas": {"natural": 1}, "went_out": "out"},
        "They": {"melded_points": 90, "hand_points": 20},
    }
}


def won_game(live_app, page) -> str:
    """Returns a game We won at hand 3: 4,000 carried over, two small hands, then a big one."""
    game_id = new_game(live_app, page, hands=[SMALL, SMALL, BIG], start_totals={"We": 4000})
    assert stored_game(live_app, game_id).state.ended_at == 3
    return game_id


def check(page, name: str, scheme: str) -> None:
    """Screenshots the page and asserts axe-core finds nothing serious."""
    screenshot(page, f"{name}-{scheme}")
    assert [v["id"] for v in axe_violations(page)] == []


def test_a_won_game_reopened_and_fixed_offers_no_new_hand(live_app, base_url, phone, scheme):
    """Reopened: the sheet offers fixes (tap a hand, edit it, close), never "Record hand 4"."""
    page = phone
    game_id = won_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}")
    taps = Taps(page)
    with page.expect_navigation():
        taps.tap("button:has-text('Reopen to fix a hand')")
    assert page.get_by_text("Record hand").count() == 0
    assert page.locator(".note").first.inner_text().startswith("Reopened to fix a hand")
    check(page, "game-reopened", scheme)
    taps.tap("#hand-2")
    taps.tap("a:has-text('Edit hand 2')")
    taps.fill("#f-1-melded_points", "90")
    with page.expect_navigation():
        taps.tap("button[type=submit]")
    game = stored_game(live_app, game_id)
    assert game.state.totals == {"We": 5200, "They": 220} and game.reopened
    assert page.get_by_text("Record hand").count() == 0
    assert page.locator(".result").inner_text() == "We won by 4,980 at hand 3."
    with page.expect_navigation():
        taps.tap("button:has-text('Done fixing')")
    assert stored_game(live_app, game_id).locked


def test_an_edit_that_ends_the_game_earlier_offers_to_drop_later_hands(
    live_app, base_url, phone, scheme
):
    """Hand 1 becomes the big hand: the sheet shows hands 2–3 after the end and drops them."""
    page = phone
    game_id = won_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}")
    taps = Taps(page)
    with page.expect_navigation():
        taps.tap("button:has-text('Reopen to fix a hand')")
    page.goto(f"{base_url}/games/{game_id}/hands/1/edit")
    taps.fill("#f-0-melded_points", "500")
    taps.tap("button.step[data-for='f-0-canastas-natural'][data-step='1']")
    taps.tap("label:has(input[name='0-went_out'][value='out'])")
    with page.expect_navigation():
        taps.tap("button[type=submit]")
    panel = page.locator("section.after-end")
    assert panel.locator("h2").inner_text() == "The game ended at hand 1"
    assert "Hands 2–3 were played after the end and do not count" in panel.inner_text()
    assert page.locator(".result").inner_text() == "We won by 5,040 at hand 1."
    assert page.locator("a.row.after").count() == 2
    assert page.locator("#end-line").is_visible()
    check(page, "game-after-end", scheme)
    with page.expect_navigation():
        taps.tap("section.after-end a:has-text('Delete hands 2–3')")
    assert page.locator("h1").inner_text() == "Delete hands 2–3?"
    check(page, "delete-after-end", scheme)
    with page.expect_navigation():
        taps.tap("button:has-text('Delete hands 2–3')")
    game = stored_game(live_app, game_id)
    assert len(game.hands) == 1 and game.state.after_end == ()
    assert page.locator("section.after-end").count() == 0
    assert page.get_by_text("Record hand").count() == 0


def test_keep_playing_raises_the_target(live_app, base_url, phone, scheme):
    """ "Keep playing to 7,500" is its own button; the sheet then names the raise."""
    page = phone
    game_id = won_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}/play-on")
    check(page, "play-on", scheme)
    page.goto(f"{base_url}/games/{game_id}")
    with page.expect_navigation():  # asks once, on its own page, the target filled in
        page.locator("a:has-text('Keep playing to 7,500')").tap()
    expect(page.locator("#f-target")).to_have_value("7500")
    assert stored_game(live_app, game_id).rules.ending.target == 5000
    with page.expect_navigation():
        page.get_by_role("button", name="Keep playing").tap()
    assert stored_game(live_app, game_id).rules.ending.target == 7500
    assert page.locator(".raised").inner_text() == (
        "Target raised from 5,000 to 7,500 after hand 3."
    )
    assert page.locator("a.button.primary").inner_text() == "Record hand 4"
    check(page, "game-raised", scheme)


def test_each_destructive_tap_can_be_undone(live_app, base_url, phone, scheme):
    """Issue 26 item 6: reopening, deleting a hand and playing on, each undone from the sheet."""
    page = phone
    game_id = won_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}")
    undo = page.locator("form.undo")

    with page.expect_navigation():
        page.locator("button:has-text('Reopen to fix a hand')").tap()
    expect(undo).to_contain_text("Game reopened")
    with page.expect_navigation():
        undo.get_by_role("button", name="Undo").tap()
    assert not stored_game(live_app, game_id).reopened
    expect(page.locator(".flash.ok")).to_contain_text("the game is closed again")

    with page.expect_navigation():
        page.locator("button:has-text('Reopen to fix a hand')").tap()
    page.locator("a:has-text('Delete last hand')").tap()
    with page.expect_navigation():
        page.locator("main button[type=submit]").last.tap()
    expect(undo).to_contain_text("Hand 3 deleted.")
    check(page, "undo-delete", scheme)
    assert len(stored_game(live_app, game_id).hands) == 2
    with page.expect_navigation():
        undo.get_by_role("button", name="Undo").tap()
    expect(page.locator(".flash.ok")).to_contain_text("Hand 3 is back.")
    game = stored_game(live_app, game_id)
    assert len(game.hands) == 3 and game.state.status.over and game.reopened

    with page.expect_navigation():
        page.locator("button:has-text('Done fixing: close the game')").tap()
    page.locator("a:has-text('Keep playing to 7,500')").tap()
    with page.expect_navigation():
        page.get_by_role("button", name="Keep playing").tap()
    expect(undo).to_contain_text("Playing on: first to 7,500 wins.")
    with page.expect_navigation():
        undo.get_by_role("button", name="Undo").tap()
    game = stored_game(live_app, game_id)
    assert game.rules.ending.target == 5000 and game.state.status.over

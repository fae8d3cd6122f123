"""The table over the Wi-Fi, mended after its review (issue 32's reviewer): leaving the "Record
mine" form loses nothing, the clash shows who went out with two equal buttons, and the form
that goes on offline names the next hand's dealer (from the server's list) with nobody out.

Phones as in test_field.py: no service worker, reached at `origin`."""

from __future__ import annotations

import pytest
from conftest import ARTIFACTS, stored_game
from playwright.sync_api import expect
from test_field import a_phone, api_hands, hands_arrive, leave, seated, type_hand
from test_outbox import someone_else_saves

from scorekeeper import engine

pytestmark = pytest.mark.browser

WAITING = "Outbox.all().then(list => list.map(e => e.state))"
NATURAL = "button.step[data-for='f-0-canastas-natural'][data-step='1']"


def went_out_offline(page, game_id: str, origin: str, we: str, they: str) -> None:
    """Opens "We went out", types a hand with a natural canasta and saves it offline."""
    page.goto(f"{origin}/games/{game_id}/hands/new?out=0")
    type_hand(page, we, they)
    page.locator(NATURAL).tap()
    page.context.set_offline(True)
    page.locator("button[type=submit]").click()
    expect(page.locator(".outbox-queued")).to_be_visible()


def test_leaving_record_mine_keeps_the_hand_and_the_choice(live_app, browser, origin, scheme):
    """Cancel or Back on "Record mine" leaves the hand waiting and the choice on the sheet;
    mine shows who went out; neither button is the filled one; saving it makes hand 2 once."""
    page = a_phone(browser, scheme)
    game_id = seated(live_app, page, origin)
    went_out_offline(page, game_id, origin, "90", "60")
    someone_else_saves(live_app, game_id)
    page.context.set_offline(False)
    page.wait_for_url("**/hands/new")  # the form read again, without "out": nobody out
    expect(page.locator(".outbox-clash")).to_be_visible()
    page.goto(f"{origin}/games/{game_id}")
    clash = page.locator(".outbox-clash")
    expect(clash.locator(".clash-mine")).to_contain_text("Went out")
    expect(clash.locator(".clash-mine")).to_contain_text("We")
    keep = clash.locator("button", has_text="Keep theirs")
    mine = clash.locator("a", has_text="Record mine as hand 2")
    assert keep.get_attribute("class") == mine.get_attribute("class") == "button"
    expect(clash.locator(".clash-theirs .detail")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    clash.screenshot(path=str(ARTIFACTS / f"field-clash-mended-{scheme}.png"))
    mine.scroll_into_view_if_needed()  # the two buttons, as the thumb meets them at 390 x 844
    page.screenshot(path=str(ARTIFACTS / f"field-clash-buttons-{scheme}.png"))

    mine.click()
    expect(page.locator("#f-0-melded_points")).to_have_value("90")
    expect(page.locator("input[name='0-went_out'][value=out]")).to_be_checked()
    expect(page.locator(".outbox-clash")).to_have_count(0)  # the form is the choice made
    assert page.evaluate(WAITING) == ["returned"]
    page.locator("a[data-discard]").click()
    expect(page.locator(".outbox-clash")).to_be_visible()
    assert page.evaluate(WAITING) == ["returned"]

    page.locator(".outbox-clash a", has_text="Record mine as hand 2").click()
    expect(page.locator("#f-0-melded_points")).to_have_value("90")
    page.go_back()
    expect(page.locator(".outbox-clash")).to_be_visible()
    assert page.evaluate(WAITING) == ["returned"]

    page.locator(".outbox-clash a", has_text="Record mine as hand 2").click()
    expect(page.locator("#f-0-melded_points")).to_have_value("90")
    page.locator("button[type=submit]").click()
    page.wait_for_url(f"**/games/{game_id}#hand-2")
    assert [h["number"] for h in api_hands(live_app, game_id)] == [1, 2]
    expect(page.locator(".outbox-clash")).to_have_count(0)
    assert page.evaluate(WAITING) in ([], ["sent"])
    leave(page)


def test_offline_the_next_form_has_its_dealer_and_nobody_out(live_app, browser, origin):
    """Saved offline from "We went out", the form goes on as hand 2 with hand 2's dealer (as
    the server deals) and "no" chosen; after the send the form read again starts blank too."""
    page = a_phone(browser)
    game_id = seated(live_app, page, origin)
    game = stored_game(live_app, game_id)
    dealers = [engine.dealer(game.rules, game.setup, i) for i in range(4)]
    assert dealers[0] != dealers[1]  # the line must change for the test to mean anything
    went_out_offline(page, game_id, origin, "120", "75")
    dealer_line = page.locator("p[data-dealers]")
    for number in (2, 3):
        expect(page.locator("main h1")).to_have_text(f"Hand {number}")
        expect(dealer_line).to_have_text(f"Dealer: {dealers[number - 1]}.")
        expect(page.locator("input[name='0-went_out'][value=no]")).to_be_checked()
        if number == 2:
            type_hand(page, "90", "60")
            page.locator("button[type=submit]").click()
    page.context.set_offline(False)
    assert [h["number"] for h in hands_arrive(live_app, game_id, 2, 5.0)] == [1, 2]
    expect(page.locator("p.totals .side-0")).not_to_have_text("We 0")  # read again
    assert "out=" not in page.url
    expect(page.locator("main h1")).to_have_text("Hand 3")
    expect(dealer_line).to_have_text(f"Dealer: {dealers[2]}.")
    expect(page.locator("input[name='0-went_out'][value=no]")).to_be_checked()
    leave(page)


def test_a_refused_offline_hand_is_said_once(live_app, browser, origin):
    """A hand typed offline that the server refuses (going out without a canasta) is said
    once, pointing at "Open it" for what to fix, not at fields marked below that are not."""
    page = a_phone(browser)
    game_id = seated(live_app, page, origin)
    page.goto(f"{origin}/games/{game_id}/hands/new?out=0")
    type_hand(page, "120", "75")
    page.context.set_offline(True)
    page.locator("button[type=submit]").click()
    expect(page.locator(".outbox-queued")).to_be_visible()
    page.context.set_offline(False)
    page.wait_for_url("**/hands/new")  # the form read again once the hand came back
    returned = page.locator(".outbox-returned")
    expect(returned.first).to_be_visible()
    page.wait_for_timeout(2500)  # a round or two of the page's sending
    expect(returned).to_have_count(1)
    expect(returned).to_have_text("Hand 1 was not saved: some fields need checking. Open it")
    page.goto(f"{origin}/games/{game_id}")
    expect(page.locator(".outbox-returned")).to_have_count(1)
    leave(page)


def test_after_an_offline_save_one_box_and_the_next_field_on_the_first_screen(
    live_app, browser, origin, scheme
):
    """Saved offline: one box says the hand waits (with the totals and the hands not yet
    sent), the panel does not say it again, and the next hand's first field is in sight at
    390 x 844 without scrolling."""
    page = a_phone(browser, scheme)
    game_id = seated(live_app, page, origin)
    page.goto(f"{origin}/games/{game_id}/hands/new")
    type_hand(page, "120", "75")
    page.context.set_offline(True)
    page.locator("button[type=submit]").click()
    note = page.locator(".outbox-queued")
    expect(note.locator(".outbox-running [data-pending='1']")).to_be_visible()
    expect(page.locator(".outbox-waiting")).to_be_hidden()
    page.evaluate("scrollTo(0, 0)")
    field = page.locator("#f-0-melded_points").bounding_box()
    bar = page.locator(".save-bar").bounding_box()
    assert field and bar and field["y"] + field["height"] <= bar["y"], (field, bar)
    page.screenshot(path=str(ARTIFACTS / f"field-waiting-mended-{scheme}.png"))
    page.context.set_offline(False)
    assert len(hands_arrive(live_app, game_id, 1, 5.0)) == 1
    leave(page)

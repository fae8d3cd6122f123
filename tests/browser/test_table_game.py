"""A whole Classic game at the table: tapping hands in, the live preview, fixing a hand,
drafts that survive a reload, and recording a hand with the keyboard alone."""

from __future__ import annotations

import pytest
from conftest import Taps, new_game, stored_game
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

BIG_HAND = {  # We go out with two natural canastas and a mixed one: 1,700 a hand
    "We": {"melded_points": "300", "canastas-natural": 2, "canastas-mixed": 1, "went_out": "out"},
    "They": {"melded_points": "120", "hand_points": "30"},
}


def tap_hand(taps: Taps, sides: dict) -> None:
    """Fills the open hand form by tapping: points typed, counts stepped, going out tapped."""
    for i, fields in enumerate(sides.values()):
        for name, value in fields.items():
            if name == "went_out":
                taps.tap(f"label:has(input[name='{i}-went_out'][value='{value}'])")
            elif isinstance(value, int):
                taps.step(f"{i}-{name}", value)
            else:
                taps.fill(f"#f-{i}-{name}", value)


def preview(page) -> list[str]:
    """Returns each side's hand score and new total as the live preview shows them."""
    page.locator("output.preview:not([aria-busy]) .pv").nth(1).wait_for()
    return [t.strip() for t in page.locator(".pv-score, .pv-total").all_inner_texts()]


def test_full_game_to_5000_then_fix_a_hand(live_app, base_url, light_phone):
    """Three big hands end the game; the preview matches each saved row; hand 2 is fixed."""
    page = light_phone
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}")
    taps = Taps(page)
    for number in (1, 2, 3):
        taps.tap("a.button.primary")  # Record hand N
        tap_hand(taps, BIG_HAND)
        shown = preview(page)
        with page.expect_navigation():
            taps.tap("button[type=submit]")
        row = page.locator(f"#hand-{number}").inner_text().split()
        assert row[1:] == shown
    assert page.locator(".result").inner_text().startswith("We won")
    assert stored_game(live_app, game_id).state.totals == {"We": 5100, "They": 270}

    with page.expect_navigation():
        taps.tap("button:has-text('Reopen to fix a hand')")
    taps.tap("#hand-2")
    taps.tap("a:has-text('Edit hand 2')")
    assert page.locator("#f-1-hand_points").input_value() == "30"
    taps.fill("#f-1-hand_points", "130")
    assert preview(page)[2:] == ["−10", "80"]  # hand 2's row: 90 before it
    with page.expect_navigation():
        taps.tap("button[type=submit]")
    assert stored_game(live_app, game_id).state.totals == {"We": 5100, "They": 170}
    assert page.locator("#hand-3").inner_text().split()[1:] == [
        "+1,700",
        "5,100",
        "+90",
        "170",
    ]
    with page.expect_navigation():
        taps.tap("button:has-text('Done fixing')")
    assert stored_game(live_app, game_id).locked


def test_a_draft_survives_a_reload_and_goes_once_saved(live_app, base_url, light_phone):
    """What was typed comes back after a reload; once the hand is saved the draft goes."""
    page = light_phone
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}/hands/new")
    page.locator("#f-0-melded_points").fill("95")
    page.locator("button.step[data-for='f-0-red_threes'][data-step='1']").tap()
    page.locator("label:has(input[name='1-went_out'][value='out'])").tap()
    page.locator("#f-1-melded_points").fill("120+40")
    page.locator("button.step[data-for='f-1-canastas-mixed'][data-step='1']").tap()

    page.reload()
    assert page.locator(".restored").is_visible()
    assert page.locator("#f-0-melded_points").input_value() == "95"
    assert page.locator("#f-0-red_threes").input_value() == "1"
    assert page.locator("#f-1-melded_points").input_value() == "120+40"
    assert page.locator("input[name='1-went_out'][value='out']").is_checked()
    with page.expect_navigation():
        page.locator("button[type=submit]").tap()
    assert len(stored_game(live_app, game_id).hands) == 1

    page.goto(f"{base_url}/games/{game_id}/hands/new")  # the next hand's form drops the draft
    assert page.locator("#f-0-melded_points").input_value() == ""
    assert not page.locator(".restored").is_visible()
    assert page.evaluate("Object.keys(localStorage)") == []


def test_the_hand_that_ended_the_game_leaves_no_draft_once_deleted(live_app, base_url, light_phone):
    """Saved, it ends the game (no next form drops its draft); deleted, its form starts blank."""
    page = light_phone
    game_id = new_game(live_app, page, start_totals={"We": 4900})
    page.goto(f"{base_url}/games/{game_id}/hands/new")
    taps = Taps(page)
    tap_hand(taps, BIG_HAND)
    with page.expect_navigation():
        taps.tap("button[type=submit]")
    assert stored_game(live_app, game_id).state.status.over
    with page.expect_navigation():
        taps.tap("button:has-text('Reopen to fix a hand')")
    with page.expect_navigation():
        taps.tap("a:has-text('Delete last hand')")
    with page.expect_navigation():
        taps.tap("button:has-text('Delete hand 1')")
    assert not stored_game(live_app, game_id).hands
    page.goto(f"{base_url}/games/{game_id}/hands/new")
    assert page.locator("#f-0-melded_points").input_value() == ""
    assert not page.locator(".restored").is_visible()


def test_a_hand_recorded_with_the_keyboard_alone(live_app, base_url, light_phone):
    """Tab, typing, Space on a stepper, arrows in the going-out choice and Enter save a hand."""
    page = light_phone
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}/hands/new")
    keys = page.keyboard

    def tab_to(selector: str) -> None:
        for _ in range(30):
            keys.press("Tab")
            if page.evaluate(f"document.activeElement.matches({selector!r})"):
                return
        raise AssertionError(f"Tab never reached {selector}")

    assert page.evaluate("document.activeElement.id") == "f-0-melded_points"  # focused on load
    keys.type("150")
    tab_to("button[data-for='f-0-canastas-natural'][data-step='1']")
    keys.press("Space")
    tab_to("input[name='0-went_out']")
    keys.press("ArrowRight")
    tab_to("#f-1-melded_points")
    keys.type("90")
    keys.press("Tab")
    keys.type("25")
    with page.expect_navigation():
        keys.press("Enter")
    hand = stored_game(live_app, game_id).hands[0].as_dict()["hand"]
    assert hand["We"]["melded_points"] == 150 and hand["We"]["went_out"] == "out"
    assert hand["We"]["canastas"]["natural"] == 1
    assert (hand["They"]["melded_points"], hand["They"]["hand_points"]) == (90, 25)


def test_the_preview_hides_when_the_form_is_emptied_again(live_app, base_url, light_phone):
    """The server's nothing_entered code, not its English words, hides the preview."""
    page = light_phone
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}/hands/new")
    out = page.locator("output.preview")
    page.fill("#f-0-melded_points", "120")
    page.locator("output.preview:not([aria-busy]) .pv").first.wait_for()
    with page.expect_response(lambda r: r.url.endswith("/preview")) as answer:
        page.fill("#f-0-melded_points", "")
    assert [e.get("code") for e in answer.value.json()["errors"]] == ["nothing_entered"]
    expect(out).to_be_hidden()

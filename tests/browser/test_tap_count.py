"""Taps at the table: the typical Classic hand from the sheet, and starting a new game."""

from __future__ import annotations

import pytest
from conftest import TYPICAL_HAND, Taps, new_game, sign_in, stored_game

pytestmark = pytest.mark.browser

MOST_HAND_TAPS = 8  # issue 16: from the sheet, opening the form and Save included
MOST_NEW_GAME_TAPS = 2  # any new game with default names
LIKE_THE_LAST_TAPS = 1


def test_typical_classic_hand_takes_eight_actions_from_the_sheet(live_app, base_url, light_phone):
    """Both sides melded; We went out with a natural canasta; They have a mixed one and a red three."""
    page = light_phone
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}")
    taps = Taps(page)

    with page.expect_navigation():
        taps.tap("a:has-text('We went out')")  # opens the form with going out chosen
    assert page.locator("input[name='0-went_out'][value='out']").is_checked()
    assert page.evaluate("document.activeElement.id") == "f-0-melded_points"
    taps.fill("#f-0-melded_points", "180")
    taps.step("0-canastas-natural")
    taps.fill("#f-1-melded_points", "150")
    taps.fill("#f-1-hand_points", "45")
    taps.step("1-canastas-mixed")
    taps.step("1-red_threes")
    with page.expect_navigation():
        taps.tap("button[type=submit]")

    print(f"\ntypical Classic hand: {taps.count} actions from the sheet, form and Save included")
    assert taps.count <= MOST_HAND_TAPS
    game = stored_game(live_app, game_id)
    intended, problems = game.check(TYPICAL_HAND, 1)
    assert problems == [] and game.hands[0].as_dict() == intended.as_dict()
    assert page.locator("#hand-1").inner_text().split() == [
        "1",
        "+780",
        "780",
        "+505",
        "505",
    ]


def test_a_game_with_no_names_starts_in_two_taps(live_app, base_url, light_phone):
    """Home, New game, Start Classic: We and They play at once, names to be added later."""
    page = light_phone
    sign_in(live_app, page.context)
    page.goto(f"{base_url}/")
    taps = Taps(page)
    with page.expect_navigation():
        taps.tap("a:has-text('New game')")
    with page.expect_navigation():
        taps.tap("button[aria-label='Start Classic']")
    print(f"\nnew game with default names: {taps.count} taps")
    assert taps.count <= MOST_NEW_GAME_TAPS
    assert page.locator("h1").inner_text().startswith("We v They")
    assert page.locator(".board h2").all_inner_texts() == ["We", "They"]


def test_a_game_like_the_last_starts_in_one_tap(live_app, base_url, light_phone):
    """Home's first button starts the last game again with the deal one seat on."""
    page = light_phone
    last = new_game(live_app, page, options=("tie_is_draw",))
    page.goto(f"{base_url}/")
    taps = Taps(page)
    with page.expect_navigation():
        taps.tap("button:has-text('like the last')")
    print(f"\nnew game like the last: {taps.count} tap")
    assert taps.count <= LIKE_THE_LAST_TAPS
    game_id = page.url.rsplit("/", 1)[-1]
    assert game_id != last
    game, before = stored_game(live_app, game_id), stored_game(live_app, last)
    assert game.options == before.options and game.setup.sides == before.setup.sides
    assert (before.setup.first_dealer, game.setup.first_dealer) == ("Ann", "Cy")

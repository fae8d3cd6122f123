"""The typical Classic hand, entered by tapping the real form: how many taps it takes."""

from __future__ import annotations

import pytest
from conftest import TYPICAL_HAND, Taps, new_game, stored_game

pytestmark = pytest.mark.browser

MOST_TAPS = 14  # the promise, submit included


def test_typical_classic_hand_takes_few_taps(live_app, base_url, light_phone):
    """Both sides melded; We went out with a natural canasta; They have a mixed one and a red three."""
    page = light_phone
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}/hands/new")
    taps = Taps(page)

    taps.fill("#f-0-melded_points", "180")
    taps.step("0-canastas-natural")
    taps.tap("label:has(input[name='0-went_out'][value='out'])")
    taps.fill("#f-1-melded_points", "150")
    taps.fill("#f-1-hand_points", "45")
    taps.step("1-canastas-mixed")
    taps.step("1-red_threes")
    with page.expect_navigation():
        taps.tap("button[type=submit]")

    print(f"\ntypical Classic hand: {taps.count} taps and fields, submit included")
    assert taps.count <= MOST_TAPS
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

"""Screens issue 26's last items changed, at 390x844 in light and dark, saved to look at."""

from __future__ import annotations

import pytest
from conftest import ARTIFACTS, TYPICAL_HAND, new_game, screenshot
from playwright.sync_api import expect
from test_groups import _group_with_games

pytestmark = pytest.mark.browser

LOSING_HAND = {
    "hand": {
        "We": {"melded_points": 0, "hand_points": 185},
        "They": {"melded_points": 200, "canastas": {"natural": 1}, "went_out": "out"},
    }
}


def test_the_changed_screens(live_app, base_url, screen, scheme):
    """Summary bars, the house editor's note, a group's format list, a Spanish sheet."""
    page = screen
    hands = [TYPICAL_HAND, LOSING_HAND, TYPICAL_HAND, TYPICAL_HAND, LOSING_HAND, TYPICAL_HAND]
    game_id = new_game(live_app, page, hands=hands)
    page.goto(f"{base_url}/games/{game_id}/summary")
    expect(page.locator(".course")).to_be_visible()
    screenshot(page, f"words-summary-bars-{scheme}")

    page.goto(f"{base_url}/formats/new?base=classic&lang=de")
    page.locator("#f-going_out-concealed_bonus").fill("100")
    with page.expect_navigation():
        page.locator("button[value=preview]").click()
    note = page.locator("#f-going_out-concealed_bonus-note")
    expect(note).to_contain_text("Aus der Hand")
    note.evaluate("el => el.scrollIntoView({block: 'center'})")
    page.screenshot(path=str(ARTIFACTS / f"words-house-note-{scheme}.png"))  # the screen it is on

    group_id, token, _finished = _group_with_games(live_app)
    page.goto(f"{base_url}/groups/join/{token}")
    page.goto(f"{base_url}/games/new?group={group_id}&lang=it")
    assert page.locator("form[action^='/games/new'] button").count() == 0  # no one-tap Start
    screenshot(page, f"words-group-formats-{scheme}")

    page.goto(f"{base_url}/games/{game_id}?lang=es")
    expect(page.locator("h1.sheet-title")).to_contain_text("We contra They")
    page.locator("#game-rules summary").tap()
    expect(page.locator("#game-rules")).to_contain_text("Guardadas con la partida tal como empezó.")
    screenshot(page, f"words-sheet-es-{scheme}")

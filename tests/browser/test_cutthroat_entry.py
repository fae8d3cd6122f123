"""Cutthroat at 390x844: a partnership's melds go in once; typed in both columns, they are refused."""

from __future__ import annotations

import pytest
from conftest import new_game, stored_game
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

CUTTHROAT_SIDES = (("Ann", ("Ann",)), ("Bob", ("Bob",)), ("Cy", ("Cy",)))


def test_partners_melds_are_entered_once(live_app, base_url, light_phone):
    """Melds typed for both partners are sent back with the fields kept; in one column they save."""
    page = light_phone
    game_id = new_game(live_app, page, "cutthroat", sides=CUTTHROAT_SIDES)
    page.goto(f"{base_url}/games/{game_id}/hands/new")
    expect(page.locator("text=enter them once, in one partner's column")).to_be_visible()
    page.locator("label:has(input[name='lone_hand'][value='0'])").tap()
    page.locator("#f-0-melded_points").fill("300")
    page.locator("button.step[data-for='f-0-canastas-natural'][data-step='1']").tap()
    page.locator("button.step[data-for='f-0-canastas-natural'][data-step='1']").tap()
    page.locator("label:has(input[name='0-went_out'][value='out'])").tap()
    page.locator("#f-1-melded_points").fill("120")
    page.locator("#f-2-melded_points").fill("120")
    with page.expect_navigation():
        page.locator("button[type=submit]").tap()
    expect(page.locator("#e-2-melded_points")).to_contain_text("Bob's column already has them")
    expect(page.locator("#f-1-melded_points")).to_have_value("120")  # what was typed is kept
    assert stored_game(live_app, game_id).hands == ()

    page.locator("#f-2-melded_points").fill("")
    page.locator("#f-2-hand_points").fill("15")
    with page.expect_navigation():
        page.locator("button[type=submit]").tap()
    game = stored_game(live_app, game_id)
    assert len(game.hands) == 1
    assert game.state.totals == {"Ann": 1400, "Bob": 105, "Cy": 105}


def test_the_partner_who_went_out_has_no_cards_in_hand_field(live_app, base_url, screen, scheme):
    """A partner who went out holds no cards: their in-hand field folds away, the other's stays."""
    from conftest import screenshot

    page = screen
    game_id = new_game(live_app, page, "cutthroat", sides=CUTTHROAT_SIDES)
    page.goto(f"{base_url}/games/{game_id}/hands/new")
    expect(page.locator("#f-1-hand_points")).to_be_visible()
    page.locator("label:has(input[name='lone_hand'][value='0'])").tap()
    page.locator("label:has(input[name='1-went_out'][value='out'])").tap()
    expect(page.locator("#f-1-hand_points")).to_be_hidden()
    expect(page.locator("#f-2-hand_points")).to_be_visible()  # the partner still holds cards
    expect(page.locator("#f-0-hand_points")).to_be_visible()
    screenshot(page, f"cutthroat-partner-out-{scheme}")
    page.locator("label:has(input[name='1-went_out'][value='no'])").tap()
    expect(page.locator("#f-1-hand_points")).to_be_visible()

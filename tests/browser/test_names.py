"""Names added later from the sheet on a phone: a problem beside its field, then saved."""

from __future__ import annotations

import pytest
from conftest import new_game, screenshot
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

UNNAMED = (("We", ("We 1", "We 2")), ("They", ("They 1", "They 2")))


def test_names_added_later_from_the_sheet(live_app, base_url, phone, scheme):
    """A game begun as We/They gets its names; a repeated name is marked, typing kept."""
    page = phone
    game_id = new_game(live_app, page, sides=UNNAMED)
    page.goto(f"{base_url}/games/{game_id}")
    page.get_by_role("link", name="Names").tap()
    page.fill("#f-side-0-name", "Smiths")
    page.fill("#f-side-0-player-0", "Ann")
    page.fill("#f-side-1-name", "smiths")
    page.get_by_role("button", name="Save names").tap()
    expect(page.locator("#e-side-1-name")).to_have_text("Another side already has this name.")
    expect(page.locator("#f-side-0-player-0")).to_have_value("Ann")
    screenshot(page, f"names-{scheme}")
    page.fill("#f-side-1-name", "Joneses")
    page.get_by_role("button", name="Save names").tap()
    expect(page).to_have_url(f"{base_url}/games/{game_id}")
    expect(page.locator("main")).to_contain_text("Joneses")
    expect(page.locator("main")).to_contain_text("Smiths")

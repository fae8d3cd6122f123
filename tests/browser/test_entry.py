"""Faster, clearer entry at 390x844: folded fields, the paper choice, and screenshots of them."""

from __future__ import annotations

import pytest
from conftest import PHONE, axe_violations, new_game, screenshot, stored_game
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SAVE_BOTTOM = (
    "document.querySelector('button[type=submit]').getBoundingClientRect().bottom + scrollY"
)


def test_more_fields_fold_and_count(live_app, base_url, phone, scheme):
    """Red threes not laid down wait under More; opened and stepped, they reach the preview."""
    page = phone
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}/hands/new")
    more = page.locator("fieldset.side-1 details.more")
    expect(more.locator("#f-1-undeclared_red_threes")).to_be_hidden()
    save = page.evaluate(SAVE_BOTTOM)
    print(f"\nClassic hand form: Save ends at {save:.0f} px, {save / 844:.2f} screens of 844")
    assert save <= 1.6 * 844  # about one and a half screens, Save included
    page.locator("#f-0-melded_points").fill("120")
    page.locator("button.step[data-for='f-0-canastas-natural'][data-step='1']").tap()
    page.locator("label:has(input[name='0-went_out'][value='out'])").tap()
    page.locator("#f-1-melded_points").fill("50")
    more.locator("summary").tap()
    page.locator("button.step[data-for='f-1-undeclared_red_threes'][data-step='1']").tap()
    expect(page.locator("output.preview:not([aria-busy]) .pv-score").nth(1)).to_have_text("−450")
    screenshot(page, f"record-hand-more-{scheme}")
    assert axe_violations(page) == []
    with page.expect_navigation():
        page.locator("button[type=submit]").tap()
    assert stored_game(live_app, game_id).hands[0].entries["They"].extras == {
        "undeclared_red_threes": 1
    }


def test_the_paper_choice_beside_the_pdf_link(live_app, browser, base_url):
    """An en-US phone prints on Letter until A4 is chosen; the choice shows and is kept."""
    context = browser.new_context(**PHONE, locale="en-US", service_workers="block")
    context.set_default_timeout(5000)
    page = context.new_page()
    try:
        game_id = new_game(live_app, page)
        page.goto(f"{base_url}/games/{game_id}")
        expect(page.locator("form.paper")).to_contain_text(
            "Paper: Letter (from your browser's region)"
        )
        expect(page.locator("a", has_text="Score sheet (PDF, Letter)")).to_be_visible()
        with page.expect_navigation():
            page.locator("form.paper button").tap()
        expect(page.locator("form.paper")).to_contain_text("Paper: A4 (your choice)")
        with page.expect_download() as download:
            page.locator("a", has_text="Score sheet (PDF, A4)").click()
        assert download.value.suggested_filename.endswith(".pdf")
        page.goto(f"{base_url}/")
        page.locator("details.blank-sheets summary").click()
        expect(page.locator("details.blank-sheets form.paper")).to_contain_text("A4 (your choice)")
    finally:
        context.close()

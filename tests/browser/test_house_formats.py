"""A house format on a phone: made from Classic, previewed, saved, played, and shared."""

from __future__ import annotations

import pytest
from conftest import PHONE, axe_violations, screenshot, sign_in, stored_game
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_make_use_and_share_a_house_format(live_app, base_url, browser, phone, scheme):
    """Going out 200 and game to 7,500: previewed, saved, a game started, another phone adds it."""
    sign_in(live_app, phone.context)
    phone.goto(f"{base_url}/games/new")
    phone.select_option("#f-base", "classic")
    with phone.expect_navigation():
        phone.locator("button:has-text('Make a house format')").tap()
    assert phone.locator("h1").inner_text() == "Make a house format"
    assert phone.locator("#f-going_out-bonus").input_value() == "100"
    screenshot(phone, f"house-form-{scheme}")
    assert [v["id"] for v in axe_violations(phone)] == []

    phone.locator("#f-name").fill("Grandma's Classic")
    phone.locator("#f-going_out-bonus").fill("200")
    phone.locator("#f-ending-target").fill("7500")
    with phone.expect_navigation():
        phone.locator("button[value=preview]").tap()
    these, classic = phone.locator(".example .card").all()
    assert "Went out\t+200" in these.inner_text()
    assert "Went out\t+100" in classic.inner_text()
    assert phone.locator("#f-going_out-bonus").input_value() == "200"  # kept for Save
    screenshot(phone, f"house-preview-{scheme}")
    assert [v["id"] for v in axe_violations(phone)] == []

    with phone.expect_navigation():
        phone.locator("button[value=save]").tap()
    assert phone.locator("h1").inner_text() == "Grandma's Classic"
    add_url = phone.locator("#f-add-url").input_value()
    assert add_url.endswith("/add")
    assert phone.locator("figure.qr svg").is_visible()
    screenshot(phone, f"house-share-{scheme}")
    assert [v["id"] for v in axe_violations(phone)] == []

    with phone.expect_navigation():
        phone.locator("a:has-text('Set up a game')").tap()
    with phone.expect_navigation():
        phone.locator("button:has-text('Start game')").tap()
    game_id = phone.url.rstrip("/").rsplit("/", 1)[1]
    rules = stored_game(live_app, game_id).rules
    assert (rules.going_out.bonus, rules.ending.target) == (200, 7500)

    other = browser.new_context(**PHONE, color_scheme=scheme, service_workers="block")
    try:
        second = other.new_page()
        second.goto(add_url)
        assert second.locator("h1").inner_text() == "Add this format: Grandma's Classic"
        assert "7,500" in second.locator("table.changes").inner_text()
        with second.expect_navigation():
            second.locator("a:has-text('Make my own copy')").tap()
        with second.expect_navigation():
            second.locator("button[value=save]").tap()
        assert second.locator("h1").inner_text() == "Copy of Grandma's Classic"
        assert second.locator("a:has-text('Edit')").count() == 1  # the copy is theirs
    finally:
        other.close()


def _in_view(page, selector: str) -> bool:
    """Returns whether an element lies wholly inside the viewport."""
    box = "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
    return page.locator(selector).evaluate(box)


def test_a_refused_save_focuses_the_first_field_with_a_problem(live_app, base_url, phone, scheme):
    """Words typed as the bonus and the target, 3,000 px down: Save lands on the bonus, in view;
    the banner's link to the target goes there."""
    sign_in(live_app, phone.context)
    phone.goto(f"{base_url}/formats/new?base=classic")
    phone.locator("#f-name").fill("Typo")
    phone.locator("#f-going_out-bonus").fill("lots")
    phone.locator("#f-ending-target").fill("abc")
    with phone.expect_navigation():
        phone.locator("button[value=save]").tap()
    expect(phone.locator("#f-going_out-bonus")).to_be_focused()
    assert _in_view(phone, "#f-going_out-bonus")
    assert _in_view(phone, "#e-going_out\\.bonus")  # its message shows beside it
    screenshot(phone, f"house-refused-{scheme}")
    assert [v["id"] for v in axe_violations(phone)] == []

    phone.evaluate("window.scrollTo(0, 0)")
    links = phone.locator(".flash.error a")
    assert links.all_inner_texts() == ["Going out: bonus", "Ending: target"]
    links.nth(1).tap()
    expect(phone.locator("#f-ending-target")).to_be_focused()
    assert _in_view(phone, "#f-ending-target")


def test_a_switched_on_option_shows_its_fields_set_and_a_kind_added_its_row(
    live_app, base_url, phone, scheme
):
    """The form's state is its fields: an option ticked and a kind typed in the blank row come
    back from Preview as the option's disabled fields with a note and the kind's own row."""
    sign_in(live_app, phone.context)
    phone.goto(f"{base_url}/formats/new?base=classic")
    phone.locator("input[name='option.tie_is_draw']").check()
    phone.locator("#f-new_kind-label").fill("Canasta of sevens")
    phone.locator("#f-new_kind-bonus").fill("1000")
    phone.locator("#f-new_kind-min_points").fill("35")
    with phone.expect_navigation():
        phone.locator("button[value=preview]").tap()
    assert phone.locator("form.house input[type=hidden]").count() == 1  # the CSRF token alone
    expect(phone.locator("#f-ending-tie")).to_be_disabled()
    expect(phone.locator("#f-ending-tie-note")).to_contain_text("switch it off to change this")
    expect(phone.locator("#f-canastas-canasta_of_sevens-bonus")).to_have_value("1000")
    expect(phone.locator("#f-new_kind-label")).to_have_value("")
    phone.locator("#f-ending-tie").scroll_into_view_if_needed()
    screenshot(phone, f"house-option-on-{scheme}")
    assert [v["id"] for v in axe_violations(phone)] == []
    phone.locator("#f-name").fill("Sevens and draws")
    with phone.expect_navigation():
        phone.locator("button[value=save]").tap()
    rules = phone.locator("table.changes").inner_text()
    assert "draw" in rules and "Canasta of sevens" in rules

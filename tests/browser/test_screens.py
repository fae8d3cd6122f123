"""Every main screen at 390x844 in light and dark: a screenshot, axe-core and labelled fields."""

from __future__ import annotations

import pytest
from conftest import TYPICAL_HAND, axe_violations, new_game, screenshot

pytestmark = pytest.mark.browser

HANDS = [
    TYPICAL_HAND,
    {
        "hand": {
            "We": {"melded_points": 95, "hand_points": 40},
            "They": {
                "melded_points": 260,
                "canastas": {"natural": 1, "mixed": 1},
                "went_out": "out",
            },
        }
    },
]
UNLABELLED = """() => [...document.querySelectorAll("input:not([type=hidden]), select, textarea")]
  .filter(el => !el.labels.length && !el.getAttribute("aria-label") && !el.getAttribute("aria-labelledby"))
  .map(el => el.name || el.id)"""


def check(page, name: str, scheme: str) -> None:
    """Screenshots the page and asserts no axe violation of any impact and no unlabelled field."""
    screenshot(page, f"{name}-{scheme}")
    assert page.evaluate(UNLABELLED) == []
    problems = axe_violations(page)
    assert [(v["id"], v["impact"], [n["target"] for n in v["nodes"]]) for v in problems] == []


def test_every_screen(live_app, base_url, screen, scheme):
    """Home, formats, new game, sheet, summary, record hand (typed and with errors), opening,
    share, errors."""
    page = screen
    game_id = new_game(live_app, page, hands=HANDS)
    sheet = f"{base_url}/games/{game_id}"

    page.goto(f"{base_url}/")
    check(page, "home", scheme)
    page.goto(f"{base_url}/games/new")
    check(page, "formats", scheme)
    page.goto(f"{base_url}/games/new?format=classic")
    check(page, "new-game", scheme)

    page.goto(sheet)
    page.locator("#hand-2").tap()
    page.locator("details.opening summary").tap()
    page.locator("button.step[data-for='f-cards-ace'][data-step='1']").tap()
    page.locator("output.answer").filter(has_text="Not yet").wait_for()
    check(page, "sheet", scheme)

    page.goto(f"{sheet}/summary")
    check(page, "summary", scheme)

    page.goto(f"{sheet}/hands/new")
    page.locator("#f-0-melded_points").fill("120+65")
    page.locator("#f-1-melded_points").fill("90")
    page.locator("label:has(input[name='0-went_out'][value='out'])").tap()
    page.locator("button.step[data-for='f-0-canastas-natural'][data-step='1']").tap()
    page.locator("output.preview .pv").first.wait_for()
    page.locator("details.counter summary").first.tap()
    check(page, "record-hand", scheme)

    page.locator("#f-0-melded_points").fill("12x")
    page.locator("button[type=submit]").tap()
    page.locator(".flash.error").first.wait_for()
    check(page, "record-hand-errors", scheme)

    page.goto(f"{sheet}/opening-check?side=0&cards-joker=1&cards-ace=1")
    check(page, "opening-check", scheme)
    page.goto(f"{sheet}/share")
    check(page, "share", scheme)
    page.goto(f"{base_url}/games/no-such-game")
    check(page, "not-found", scheme)
    page.goto(f"{base_url}/offline")
    check(page, "offline", scheme)

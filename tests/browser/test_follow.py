"""Live following in a real browser: a hand saved on one phone appears on another, no reload."""

from __future__ import annotations

import pytest

from scorekeeper import store
from scorekeeper.store.connection import connect

pytestmark = pytest.mark.browser

HAND = {
    "hand": {
        "We": {"melded_points": 300, "canastas": {"natural": 1}, "went_out": "out"},
        "They": {"melded_points": 100, "hand_points": 30},
    }
}


def test_a_viewer_sees_a_new_hand_within_seconds(browser, live_app, base_url) -> None:
    """The read-only phone's sheet updates by itself after the scorer saves a hand."""
    db = connect(live_app.config["DATABASE"])
    try:
        game = store.create_game(
            db,
            format_id="classic",
            sides=[("We", ("Ann", "Bo")), ("They", ("Cy", "Di"))],
            first_dealer="Ann",
        )
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        problems: list[str] = []
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(f"{base_url}/join/{game.tokens.view}")
        assert page.locator("#hand-1").count() == 0
        store.record_hand(db, game.id, HAND, version=game.version, form_token="t" * 22)
        page.wait_for_selector("#hand-1", timeout=10_000)  # polled every 3 s
        assert "900" in page.locator(".board").inner_text()
        assert page.locator("a", has_text="Record hand").count() == 0  # still read-only
        assert problems == []
        context.close()
    finally:
        db.close()


def test_a_follower_sees_the_game_end_with_its_chart_styled(browser, live_app, base_url) -> None:
    """The hand that ends the game brings the chart; the following phone shows it styled."""
    db = connect(live_app.config["DATABASE"])
    try:
        game = store.create_game(
            db,
            format_id="classic",
            sides=[("We", ("Ann", "Bo")), ("They", ("Cy", "Di"))],
            first_dealer="Ann",
            start_totals={"We": 4900},
        )
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        problems: list[str] = []
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(f"{base_url}/join/{game.tokens.view}")
        store.record_hand(db, game.id, HAND, version=game.version, form_token="e" * 22)
        page.wait_for_selector(".course polyline", state="attached", timeout=10_000)  # a poll
        assert page.locator('style[data-file="css/charts.css"]').count() == 1
        line = page.locator(".course polyline").first
        assert line.evaluate("l => getComputedStyle(l).fill") == "none"  # charts.css applies
        assert problems == []
        context.close()
    finally:
        db.close()

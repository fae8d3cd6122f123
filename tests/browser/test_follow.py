"""Live following in a real browser: a hand saved on one phone appears on another, no reload."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

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


@dataclass
class Follower:
    """A viewer's phone on a game's sheet, the game's store, and the errors its console showed."""

    page: Any
    db: Any
    game: store.Game
    problems: list[str] = field(default_factory=list)

    def scorer_saves(self, token: str) -> None:
        """Saves HAND on another phone, as the scorer would."""
        store.record_hand(
            self.db, self.game.id, HAND, version=self.game.version, form_token=token * 22
        )


@contextmanager
def following(browser, live_app, base_url, **start: Any) -> Iterator[Follower]:
    """Opens a new Classic game's view link on a phone; `start` are its starting totals."""
    db = connect(live_app.config["DATABASE"])
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        game = store.create_game(
            db,
            format_id="classic",
            sides=[("We", ("Ann", "Bo")), ("They", ("Cy", "Di"))],
            first_dealer="Ann",
            start_totals=start or None,
        )
        follower = Follower(context.new_page(), db, game)
        follower.page.on(
            "console", lambda m: follower.problems.append(m.text) if m.type == "error" else None
        )
        follower.page.on("pageerror", lambda e: follower.problems.append(str(e)))
        follower.page.goto(f"{base_url}/join/{game.tokens.view}")
        yield follower
    finally:
        context.close()
        db.close()


def test_a_viewer_sees_a_new_hand_within_seconds(browser, live_app, base_url) -> None:
    """The read-only phone's sheet updates by itself after the scorer saves a hand."""
    with following(browser, live_app, base_url) as phone:
        page = phone.page
        assert page.locator("#hand-1").count() == 0
        phone.scorer_saves("t")
        page.wait_for_selector("#hand-1", timeout=10_000)  # polled every 3 s
        assert "900" in page.locator(".board").inner_text()
        assert page.locator("a", has_text="Record hand").count() == 0  # still read-only
        assert phone.problems == []


def test_a_follower_sees_the_game_end_with_its_chart_styled(browser, live_app, base_url) -> None:
    """The hand that ends the game brings the chart; the following phone shows it styled."""
    with following(browser, live_app, base_url, We=4900) as phone:
        page = phone.page
        phone.scorer_saves("e")
        page.wait_for_selector(".course polyline", state="attached", timeout=10_000)  # a poll
        assert page.locator('style[data-file="css/charts.css"]').count() == 1
        line = page.locator(".course polyline").first
        assert line.evaluate("l => getComputedStyle(l).fill") == "none"  # charts.css applies
        assert phone.problems == []


def test_a_sheet_opened_again_keeps_its_styles(browser, live_app, base_url) -> None:
    """Back on the sheet, its copy is revalidated (304) and must still be styled."""
    with following(browser, live_app, base_url) as phone:
        page = phone.page
        styled = "() => getComputedStyle(document.querySelector('.board')).display"
        shown = page.evaluate(styled)
        assert shown != "inline"  # app.css lays the board out
        # The first reload keeps a copy (the join's message is shown); the second one gets a
        # 304 for it, whose headers Chromium copies onto the copy: the case that broke.
        page.reload()
        page.reload()
        assert page.evaluate(styled) == shown
        assert phone.problems == []

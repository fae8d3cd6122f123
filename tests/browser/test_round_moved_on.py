"""A phone at 390x844: the director's fix of a hand at an earlier round's table says why it is
refused, keeps the page whole, and the director's page is one tap away."""

from __future__ import annotations

import uuid

import pytest
from conftest import PHONE, axe_violations, screenshot
from playwright.sync_api import expect

from scorekeeper import store
from scorekeeper.events import template
from scorekeeper.store.connection import connect
from scorekeeper.store.events import checks as event_checks
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import NewEvent, create_event

pytestmark = [pytest.mark.browser, pytest.mark.slow]
OUT = {"melded_points": 300, "canastas": {"natural": 1}, "went_out": "out"}


def _moved_on(live_app) -> tuple[str, str]:
    """Returns the director token and round 1 table 1's game: a hand played, round 2 drawn."""
    db = connect(live_app.config["DATABASE"])
    try:
        pairs = [(n, [f"{n} N", f"{n} S"]) for n in ("Aces", "Kings", "Queens", "Jacks")]
        new = NewEvent(
            "Thursday club", "classic", pairs, "round_robin", 3, 2, template("canasta_3")
        )
        event = create_event(db, new)
        event_rounds.start_round(db, event.id)
        table = event_rounds.tables(db, event, 1)[0]
        token = db.execute(
            "SELECT token FROM event_side_tokens WHERE game_id = ? AND side = 0", [table.game_id]
        ).fetchone()[0]
        game = store.get_game(db, table.game_id or "")
        keys = game.side_keys
        hand = {"hand": {keys[0]: OUT, keys[1]: {"melded_points": 50}}}
        event_checks.record_as(db, token, hand, version=game.version, form_token=uuid.uuid4().hex)
        event_rounds.start_round(db, event.id)
        return event.director_token, table.game_id or ""
    finally:
        db.close()


def test_the_directors_fix_at_an_old_table_says_the_round_has_moved_on(
    browser, live_app, base_url
) -> None:
    director, game = _moved_on(live_app)
    page = browser.new_context(**PHONE, service_workers="block").new_page()
    page.goto(f"{base_url}/events/director/{director}/hands/{game}/1/edit")
    page.locator("input[name='1-melded_points']").fill("120")
    page.locator("button.primary[type=submit]").first.tap()
    expect(
        page.get_by_text("The next round has started: this table takes no more hands.")
    ).to_be_visible()
    expect(page.locator("#table-1-1")).to_contain_text("Correct the result")  # set it here
    wider = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not wider
    assert axe_violations(page) == []
    screenshot(page, "round-moved-on")

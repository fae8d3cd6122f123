"""One phone at 390x844 at a club night's table of three: its card records a Cutthroat hand alone,
and another player at the table confirms it from theirs."""

from __future__ import annotations

import pytest
from conftest import PHONE, axe_violations, screenshot
from playwright.sync_api import expect

from scorekeeper.events import template
from scorekeeper.store.connection import connect
from scorekeeper.store.events import cards as entrant_cards
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import NewEvent, create_event, get_event

pytestmark = [pytest.mark.browser, pytest.mark.slow]
PLAYERS = ["Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


def _night(live_app) -> tuple[str, list[str]]:
    """Returns the event id and the card tokens of round 1's first table of three, seat by seat."""
    db = connect(live_app.config["DATABASE"])
    try:
        new = NewEvent(
            "Thursday threes",
            "classic",
            [(p, []) for p in PLAYERS],
            "individual",
            3,
            1,
            template("canasta_3"),
            confirm=True,
            seating="cutthroat",
        )
        event = create_event(db, new)
        event_rounds.start_round(db, event.id)
        table = event_rounds.tables(db, get_event(db, event.id), 1)[0]
        tokens = entrant_cards.card_tokens(db, event.id)
        return event.id, [tokens[side[0]] for side in table.seats]
    finally:
        db.close()


def test_a_player_at_a_table_of_three_records_and_another_confirms(
    browser, live_app, base_url
) -> None:
    event_id, cards = _night(live_app)
    page = browser.new_context(**PHONE, service_workers="block").new_page()
    page.goto(f"{base_url}/events/entrant/{cards[0]}")
    expect(page.locator("#notice")).to_contain_text("a table of three (Cutthroat)")
    with page.expect_navigation():
        page.locator("#record-hand").tap()
    page.locator("label:has(input[name='lone_hand'][value='0'])").tap()
    page.locator("#f-0-melded_points").fill("300")
    step = "button.step[data-for='f-0-canastas-natural'][data-step='1']"
    page.locator(step).tap()
    page.locator(step).tap()
    page.locator("label:has(input[name='0-went_out'][value='out'])").tap()
    page.locator("#f-1-melded_points").fill("120")
    with page.expect_navigation():
        page.locator("button[type=submit]").first.tap()
    expect(page.get_by_text("pending: another player confirms")).to_be_visible()
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert axe_violations(page) == []
    screenshot(page, "three-handed-saved")

    other = browser.new_context(**PHONE, service_workers="block").new_page()
    other.goto(f"{base_url}/events/entrant/{cards[2]}")
    expect(other.get_by_text("saved by another player")).to_be_visible()
    with other.expect_navigation():
        other.get_by_role("button", name="Confirm").tap()
    expect(other.get_by_text("confirmed", exact=True)).to_be_visible()
    db = connect(live_app.config["DATABASE"])
    try:
        first = event_rounds.tables(db, get_event(db, event_id), 1)[0]
        assert first.finished and first.scores == (1400, 120, 120)
    finally:
        db.close()

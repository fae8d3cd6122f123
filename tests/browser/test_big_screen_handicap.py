"""The big screen with handicaps: a panel of its own after the standings, paged like them."""

from __future__ import annotations

import pytest
from conftest import axe_violations, hold_clock, screenshot
from playwright.sync_api import expect

from scorekeeper.events import template
from scorekeeper.store.connection import connect
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import NewEvent, create_event, get_event

pytestmark = [pytest.mark.browser, pytest.mark.slow]
BIG = {"width": 1920, "height": 1080}
NAMES = [f"Pair {n:02d}" for n in range(16)]


def _sixteen_pairs(live_app) -> str:
    """Returns the view token of a 16-pair night with handicaps, round 1 started."""
    db = connect(live_app.config["DATABASE"])
    try:
        pairs = [(n, [f"{n} N", f"{n} S"]) for n in NAMES]
        new = NewEvent(
            "Handicap club", "classic", pairs, "round_robin", 3, 2, template("canasta_3"),
            handicap=True,
        )  # fmt: skip
        event = create_event(db, new)
        event_rounds.start_round(db, event.id)
        return event.view_token
    finally:
        db.close()


def _shown(page, table: str) -> list[str]:
    rows = page.locator(f"#{table} tbody tr:not([hidden]) th")
    return [t.split(" (")[0] for t in rows.all_inner_texts()]


def test_the_handicap_ranking_pages_after_the_standings(browser, live_app, base_url) -> None:
    view = _sixteen_pairs(live_app)
    context = browser.new_context(viewport=BIG, service_workers="block")
    context.set_default_timeout(8000)
    page = context.new_page()
    hold_clock(page)
    page.goto(f"{base_url}/events/screen/{view}")
    expect(page.locator("#handicap tbody tr")).to_have_count(16)
    standings_pages = -(-16 // len(_shown(page, "standings")))
    page.clock.run_for(12_500 * standings_pages)  # through the standings' pages
    expect(page.locator("#panel-handicap")).to_be_visible()
    expect(page.locator("#panel-standings")).to_be_hidden()
    first = _shown(page, "handicap")
    assert 1 <= len(first) < 16  # 16 lines do not fit at 1920x1080: the panel pages
    pages = -(-16 // len(first))
    expect(page.locator("#h-handicap .page-line")).to_have_text(f"Page 1 of {pages}")
    # No group, no ratings: every entrant 0 and marked.
    expect(page.locator("#handicap tbody tr:not([hidden]) th").first).to_contain_text(
        "(no rating yet)"
    )
    screenshot(page, "events-bigscreen-handicap")
    seen = list(first)
    for number in range(2, pages + 1):
        page.clock.run_for(12_500)
        expect(page.locator("#h-handicap .page-line")).to_have_text(f"Page {number} of {pages}")
        seen += _shown(page, "handicap")
    assert sorted(seen) == sorted(NAMES)
    page.clock.run_for(12_500)  # then the round's tables
    expect(page.locator("#panel-tables")).to_be_visible()
    page.clock.resume()  # axe waits on the page's timers: checked last, on the handicap panel
    page.locator("#panel-tables").evaluate("box => box.hidden = true")
    page.locator("#panel-handicap").evaluate("box => box.hidden = false")
    assert axe_violations(page) == []
    context.close()


def test_a_live_refresh_keeps_the_handicap_columns_in_the_pages_order(
    browser, live_app, base_url
) -> None:
    """The polled ranking fills VP, margin, then handicap, as the page first drew them."""
    db = connect(live_app.config["DATABASE"])
    try:
        pairs = [(n, [f"{n} N", f"{n} S"]) for n in NAMES[:4]]
        new = NewEvent(
            "Handicap night", "classic", pairs, "round_robin", 3, 2, template("canasta_3"),
            handicap=True,
        )  # fmt: skip
        event = create_event(db, new)
        number = event_rounds.start_round(db, event.id)
        found = event_rounds.tables(db, get_event(db, event.id), number)
        event_rounds.correct(db, event.id, number, found[0].number, (1200, 1000))
        view = event.view_token
    finally:
        db.close()
    context = browser.new_context(viewport=BIG, service_workers="block")
    context.set_default_timeout(8000)
    page = context.new_page()
    hold_clock(page)
    page.goto(f"{base_url}/events/screen/{view}")
    row = page.locator("#handicap tbody tr").first
    drawn = row.locator("td").all_text_contents()
    assert drawn[-3:] == ["11", "+200", "0"]  # VP, margin, then the handicap (no group: 0)
    page.evaluate("document.querySelector('#handicap tbody').dataset.drawn = '1'")
    page.clock.run_for(3_500)  # a poll: the script fills a fresh body
    fresh = page.locator("#handicap tbody:not([data-drawn]) tr").first.locator("td")
    expect(fresh).to_have_text(drawn)
    context.close()

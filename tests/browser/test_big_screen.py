"""The big screen at 1920x1080: pages through 12 entrants, counts the round down, warns, ends."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from conftest import axe_violations, hold_clock, screenshot
from playwright.sync_api import expect

from scorekeeper.events import template
from scorekeeper.store.connection import connect
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.entrants import withdraw
from scorekeeper.store.events.event import NewEvent, close_event, create_event, reopen_event

pytestmark = [pytest.mark.browser, pytest.mark.slow]
BIG = {"width": 1920, "height": 1080}
NAMES = [
    "Aces", "Kings", "Queens", "Jacks", "Tens", "Nines",
    "Eights", "Sevens", "Sixes", "Fives", "Fours", "Treys",
]  # fmt: skip


def _twelve_pairs(live_app) -> tuple[str, str]:
    """Returns the event id and view token of a 12-pair night, round 1 started, a 30-minute timer."""
    db = connect(live_app.config["DATABASE"])
    try:
        pairs = [(n, [f"{n} N", f"{n} S"]) for n in NAMES]
        new = NewEvent(
            "Thursday club", "classic", pairs, "mitchell", 3, 2, template("canasta_3"),
            round_minutes=30,
        )  # fmt: skip
        event = create_event(db, new)
        event_rounds.start_round(db, event.id)
        # Begun ten seconds ago: the screen reads "29:50" whether or not a second boundary
        # passed before it loaded (on a quick machine it read "30:00").
        began = (datetime.now(UTC) - timedelta(seconds=10)).isoformat(timespec="seconds")
        db.execute("UPDATE events SET round_started_at = ? WHERE id = ?", [began, event.id])
        db.conn.commit()
        withdraw(db, event.id, 11)  # Treys leave after round 1: marked on the screen
        return event.id, event.view_token
    finally:
        db.close()


# One script, so no reply of screen.js can rebuild the row between finding and measuring it.
LONG_NAME_ONE_LINE_SCORE = """() => {
  const row = [...document.querySelectorAll("#tables tbody tr")].find(r => !r.hidden);
  row.cells[2].textContent = "Nines with a much longer pair name than any club gives";
  const score = row.cells[row.cells.length - 2];
  score.textContent = "1,865 \u2013 1,530";
  const text = document.createRange();
  text.selectNodeContents(score);
  return text.getClientRects().length === 1;  // one line box: not broken at its spaces
}"""


def _shown(page) -> list[str]:
    """Returns the names of the standings rows the screen shows now."""
    rows = page.locator("#standings tbody tr:not([hidden]) th")
    return [t.split(" (")[0] for t in rows.all_inner_texts()]


def test_the_big_screen_pages_through_twelve_entrants_and_shows_the_timer(
    browser, live_app, base_url
):
    event_id, view = _twelve_pairs(live_app)
    context = browser.new_context(viewport=BIG, service_workers="block")
    context.set_default_timeout(8000)
    page = context.new_page()
    hold_clock(page)  # the page's own clock: its turns and countdown run when told
    page.goto(f"{base_url}/events/screen/{view}")
    expect(page.locator("#standings tbody tr")).to_have_count(12)
    first = _shown(page)
    assert 1 <= len(first) < 12  # 12 lines do not fit at 1920x1080: the screen pages
    pages = -(-12 // len(first))
    expect(page.locator("#page-line")).to_have_text(f"Page 1 of {pages}")
    expect(page.locator("#timer")).to_contain_text("Time left: 29:")
    for row in page.locator("#standings tbody tr:not([hidden])").all():
        box = row.bounding_box()
        assert box is not None and box["y"] + box["height"] <= BIG["height"]  # fully on screen
    screenshot(page, "events-bigscreen-page-1")

    seen = list(first)
    for number in range(2, pages + 1):  # each turn: the next page of the standings
        page.clock.run_for(12_500)
        expect(page.locator("#page-line")).to_have_text(f"Page {number} of {pages}")
        shown = _shown(page)
        assert shown and not set(shown) & set(seen)
        seen += shown
    assert sorted(seen) == sorted(NAMES)  # every entrant shown, once
    expect(page.locator("#standings tbody tr th").filter(has_text="Treys")).to_contain_text(
        "(withdrawn)"
    )
    page.clock.run_for(12_500)  # the next turn: the round's tables
    expect(page.locator("#panel-tables")).to_be_visible()
    expect(page.locator("#panel-standings")).to_be_hidden()
    # A long pair name beside four-digit scores: the score stays on one line.
    assert page.evaluate(LONG_NAME_ONE_LINE_SCORE)

    db = connect(live_app.config["DATABASE"])
    try:  # the round began 26 minutes ago (and ten seconds): under 4 minutes left, the warning
        began = (datetime.now(UTC) - timedelta(minutes=26, seconds=10)).isoformat(
            timespec="seconds"
        )
        db.execute("UPDATE events SET round_started_at = ? WHERE id = ?", [began, event_id])
        db.conn.commit()
    finally:
        db.close()
    page.clock.run_for(3_500)  # a poll fetches the new end
    expect(page.locator("#timer")).to_have_class("timer warn")
    expect(page.locator("#timer")).to_contain_text("5 minutes left")
    expect(page.locator("#timer")).to_contain_text("Time left: 3:")
    screenshot(page, "events-bigscreen-warning")
    page.clock.resume()  # axe waits on the page's timers
    assert axe_violations(page) == []
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)  # held again (seconds)

    db = connect(live_app.config["DATABASE"])
    try:
        close_event(db, event_id)
    finally:
        db.close()
    page.clock.run_for(3_500)
    expect(page.locator("#round-line")).to_have_text("Final standings")
    expect(page.locator("#h-standings")).not_to_contain_text("Final")  # said once, not twice
    expect(page.locator("#timer")).to_be_hidden()

    db = connect(live_app.config["DATABASE"])
    try:
        reopen_event(db, event_id)
    finally:
        db.close()
    page.clock.run_for(3_500)  # reopened: the standings are no longer final
    expect(page.locator("#round-line")).to_have_text("Round 1 of 3")
    expect(page.locator("#h-standings")).not_to_contain_text("Final")
    expect(page.locator("#timer")).to_be_visible()
    context.close()


def _seconds_left(page) -> int:
    """Returns the seconds the big screen's timer shows left."""
    minutes, seconds = page.locator("#timer").inner_text().split(": ")[1].split(" ")[0].split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_countdown_runs_on_while_nothing_at_the_event_changes(browser, live_app, base_url):
    _, view = _twelve_pairs(live_app)
    context = browser.new_context(viewport=BIG, service_workers="block")
    context.set_default_timeout(8000)
    page = context.new_page()
    answers: list[int] = []
    page.on("response", lambda r: answers.append(r.status) if "live.json" in r.url else None)
    page.goto(f"{base_url}/events/screen/{view}")  # the real clock: polls answer 304 unchanged
    expect(page.locator("#timer")).to_contain_text("Time left: 29:")
    before = _seconds_left(page)
    page.wait_for_timeout(9_000)  # three polls, nothing saved meanwhile
    after = _seconds_left(page)
    assert len(answers) >= 2  # the screen polled while the test waited
    assert 7 <= before - after <= 11
    context.close()

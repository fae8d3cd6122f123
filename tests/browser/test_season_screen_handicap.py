"""A season's big screen with handicaps: its handicap ranking is a panel of its own after the
standings, paged like them, and follows a night that closes without a reload."""

from __future__ import annotations

import re

import pytest
from conftest import axe_violations, hold_clock, screenshot
from playwright.sync_api import expect

from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.connection import connect
from scorekeeper.store.groups.group import create_group
from tests.season_helpers import night

pytestmark = [pytest.mark.browser, pytest.mark.slow]
BIG = {"width": 1920, "height": 1080}
TURN = 12_500  # a little over the screen's 12 s a page


def _pairs(count: int) -> list[tuple[str, list[str]]]:
    return [(f"Pair {n:02d}", [f"North {n}", f"South {n}"]) for n in range(1, count + 1)]


def _page_count(page, line: str) -> int:
    expect(page.locator(line)).to_have_text(re.compile(r"^Page 1 of \d+$"))
    return int(page.locator(line).inner_text().rsplit(" ", 1)[1])


def _shown(page, table: str) -> list[str]:
    return page.locator(f"#{table} tbody tr:not([hidden]) th").all_inner_texts()


def test_the_handicap_ranking_pages_after_the_season_standings(live_app, base_url, browser) -> None:
    db = connect(live_app.config["DATABASE"])
    try:
        group = create_group(db, "Handicap club")
        night(db, group.id, "2026-02-03", _pairs(30), lambda r, t: (1000 + 100 * t, 500), 1)
        new = store_seasons.NewSeason("Handicap cup", "2026-02-01", "2026-03-31", handicap=True)
        season = store_seasons.create_season(db, group.id, new)
    finally:
        db.close()
    context = browser.new_context(viewport=BIG, service_workers="block")
    context.set_default_timeout(8000)
    tv = context.new_page()
    tv.goto(f"{base_url}/groups/join/{group.token}")
    hold_clock(tv)  # turns come only from run_for, however slow the machine
    tv.goto(f"{base_url}/groups/{group.id}/seasons/{season.id}/screen")
    expect(tv.locator("#panel-standings")).to_be_visible()
    expect(tv.locator("#panel-handicap")).to_be_hidden()
    expect(tv.locator("#season-handicap tbody tr")).to_have_count(30)
    standings_pages = _page_count(tv, "#page-line")
    screenshot(tv, "season-screen-standings-1920")
    tv.clock.run_for(TURN * standings_pages)  # through the standings' pages
    expect(tv.locator("#panel-handicap")).to_be_visible()
    expect(tv.locator("#panel-standings")).to_be_hidden()
    expect(tv.locator("#page-line")).to_have_text("")  # the standings' line went with them
    pages = _page_count(tv, "#h-handicap .page-line")
    first = _shown(tv, "season-handicap")
    assert 1 <= len(first) < 30 and pages == -(-30 // len(first))
    bottom = tv.evaluate(
        "Math.max(...[...document.querySelectorAll('#season-handicap tbody tr')]"
        ".filter(r => !r.hidden).map(r => r.getBoundingClientRect().bottom))"
    )
    assert bottom <= BIG["height"]  # every shown line is on the screen
    screenshot(tv, "season-screen-handicap-1920")

    # A second night closes with a 31st pair: the next poll rewrites the ranking in place.
    db = connect(live_app.config["DATABASE"])
    try:
        night(db, group.id, "2026-02-10", _pairs(31), lambda r, t: (900, 800 + 50 * t), 1)
    finally:
        db.close()
    tv.clock.run_for(3_500)
    expect(tv.locator("#season-handicap tbody tr")).to_have_count(31)
    expect(tv.locator("#season-standings tbody tr")).to_have_count(31)
    expect(tv.locator("#nights-line")).to_contain_text("2 nights")
    pages = _page_count(tv, "#h-handicap .page-line")
    seen = _shown(tv, "season-handicap")
    for number in range(2, pages + 1):
        tv.clock.run_for(TURN)
        expect(tv.locator("#h-handicap .page-line")).to_have_text(f"Page {number} of {pages}")
        seen += _shown(tv, "season-handicap")
    assert sorted(seen) == [name for name, _ in _pairs(31)]
    tv.clock.run_for(TURN)  # after its last page, the standings again from their first
    expect(tv.locator("#panel-standings")).to_be_visible()
    expect(tv.locator("#panel-handicap")).to_be_hidden()
    expect(tv.locator("#page-line")).to_have_text(re.compile(r"^Page 1 of \d+$"))
    tv.clock.resume()  # axe waits on the page's timers
    assert axe_violations(tv) == []
    # The handicap panel, shown as its turn shows it.
    tv.locator("#panel-standings").evaluate("box => box.hidden = true")
    tv.locator("#panel-handicap").evaluate("box => box.hidden = false")
    assert axe_violations(tv) == []  # the handicap panel too
    context.close()

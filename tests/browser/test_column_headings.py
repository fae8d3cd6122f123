"""Standings' column headings at 200% text on a 390 px phone, in five languages: they wrap only
between words ("VP / per / table"), never inside one ("Vict-ory"), and none is cut."""

from __future__ import annotations

import json

import pytest
from conftest import screenshot
from test_legible import NARROW, ROOT_SIZE, TWICE
from test_seasons import PAIRS
from test_widths import LANGUAGES

from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.connection import connect
from scorekeeper.store.groups.group import create_group
from tests.season_helpers import night

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Every shown column heading of a standings table, and what is wrong with it: a style that lets
# a word break anywhere, text wider than its cell, or a word whose letters sit on two lines
# (a word's range has a box per line it spans). Parts of "Nord-Süd" count as words: a line
# may end after the hyphen.
HEADINGS = """(selector) => [...document.querySelectorAll(selector)]
  .filter(th => th.getClientRects().length > 0)
  .flatMap(th => {
    const text = th.textContent.trim(), style = getComputedStyle(th), found = [];
    if (style.overflowWrap === "anywhere" || style.wordBreak === "break-all"
        || style.hyphens === "auto") found.push(`${text}: may break anywhere`);
    if (th.scrollWidth > th.clientWidth) found.push(`${text}: cut (${th.scrollWidth} > ${th.clientWidth})`);
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/[^\\s\\-\u2013]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
        if (lines > 1) found.push(`${text}: "${word[0]}" on ${lines} lines`);
      }
    }
    return found;
  })"""
COUNT = "document.querySelectorAll('table.standings thead th').length"
BOTH_PANELS = "document.querySelectorAll('.panel').forEach(p => { p.hidden = false; })"


def _scores(round_number: int, _table: int) -> tuple[int, int]:
    """Returns a table's two totals in a round of the night."""
    return 1800, 400 + 100 * round_number


def _pages(live_app) -> tuple[str, dict[str, str]]:
    """Makes a closed night ranked by VP per table, in a public season, both with handicaps;
    returns the group's join token and each page with standings columns by name."""
    db = connect(live_app.config["DATABASE"])
    try:
        group = create_group(db, "Riverside club")
        # with handicaps: the handicap rankings' headings are measured beside the standings'
        event = night(
            db, group.id, "2026-02-03", PAIRS, _scores, 3, ranking="average", handicap=True
        )
        new = store_seasons.NewSeason("Winter cup", "2026-02-01", "2026-03-31", handicap=True)
        season = store_seasons.create_season(db, group.id, new)
        public_season = store_seasons.set_public(db, "season", season.id, True, "full")
        public_night = store_seasons.set_public(db, "event", event, True, "full")
        director, view = db.execute(
            "SELECT director_token, view_token FROM events WHERE id = ?", [event]
        ).fetchone()
    finally:
        db.close()
    assert public_season is not None and public_night is not None
    season_page = f"/groups/{group.id}/seasons/{season.id}"
    return group.token, {
        "director": f"/events/director/{director}",
        "big screen": f"/events/screen/{view}",
        "public night": f"/results/{public_night.slug}",
        "scorecard": f"/results/{public_night.slug}/entrants/0",
        "season": season_page,
        "public season": f"/results/{public_season.slug}",
        "season screen": f"{season_page}/screen",
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_column_headings_break_only_between_words_at_twice_the_text_size(
    browser, live_app, base_url, language
):
    context = browser.new_context(**NARROW, bypass_csp=True, service_workers="block")
    context.set_default_timeout(5000)
    page = context.new_page()
    join, pages = _pages(live_app)
    page.goto(f"{base_url}/groups/join/{join}")
    page.goto(f"{base_url}/language/{language}?next=/")
    found = {}
    for name, path in pages.items():
        page.goto(base_url + path)
        page.add_style_tag(content=TWICE)
        assert page.evaluate(ROOT_SIZE) == "36px"
        page.evaluate(BOTH_PANELS)  # the big screen's tables too, shown in turn
        assert page.evaluate(COUNT) >= 4, name
        problems = page.evaluate(HEADINGS, "table.standings thead th")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            problems.append(f"the page is {width} px wide")
        if problems:
            shot = screenshot(page, f"headings-{language}-{len(found)}")
            found[f"{name} ({shot.name})"] = problems
    if language in ("de", "pt_BR"):
        page.goto(base_url + pages["director"])
        page.add_style_tag(content=TWICE)
        page.locator("#standings").scroll_into_view_if_needed()
        screenshot(page, f"headings-director-{language}")
    context.close()
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


def test_the_victory_point_rows_headings_break_only_between_words(browser, live_app, base_url):
    """At 100 % text on a 390 px phone; at 200 % three columns cannot hold "Verlierer" whole."""
    context = browser.new_context(**NARROW, bypass_csp=True, service_workers="block")
    context.set_default_timeout(5000)
    page = context.new_page()
    found = {}
    for language in LANGUAGES:
        page.goto(f"{base_url}/language/{language}?next=/events/new")
        assert page.evaluate(ROOT_SIZE) == "18px"
        assert page.locator(".band-rows thead th").count() == 3
        problems = page.evaluate(HEADINGS, ".band-rows thead th")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            problems.append(f"the page is {width} px wide")
        if problems or language == "de":
            page.locator(".band-rows").scroll_into_view_if_needed()
            shot = screenshot(page, f"band-headings-{language}")
            if problems:
                found[f"{language} ({shot.name})"] = problems
    context.close()
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


# Each standings box that scrolls sideways, with how far: "season-standings 372 > 354".
SCROLLING = """() => [...document.querySelectorAll('.scroll')]
  .filter(box => box.scrollWidth > box.clientWidth)
  .map(box => `${box.querySelector('table').id} ${box.scrollWidth} > ${box.clientWidth}`)"""


def test_a_public_seasons_standings_fit_a_phone_in_large_type(browser, live_app, origin):
    """In the app's large type at 390 px the season's four columns fit; a night's wider tables
    scroll in their own box, never the page. At the phones' address (the LAN one in a namespace)."""
    context = browser.new_context(**NARROW, service_workers="block")
    page = context.new_page()
    _join, pages = _pages(live_app)
    page.goto(f"{origin}/text-size/large?next=/")
    for language in LANGUAGES:
        page.goto(f"{origin}/language/{language}?next=/")
        page.goto(origin + pages["public season"])
        assert page.evaluate(ROOT_SIZE) == "24px"
        assert page.evaluate(SCROLLING) == [], language
        page.goto(origin + pages["public night"])
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, language
    page.goto(origin + pages["public season"])
    screenshot(page, "public-season-large-type")
    context.close()

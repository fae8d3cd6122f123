"""A season in the browser: a director closes two nights; the season page, its public page and
its big screen follow; an entrant's own link opens its scorecard."""

from __future__ import annotations

import re

import pytest
from conftest import axe_violations, screenshot
from playwright.sync_api import expect

from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.connection import connect
from scorekeeper.store.groups.group import create_group
from tests.season_helpers import night

pytestmark = pytest.mark.browser

PAIRS = [
    ("Ann Smith & Bob Jones", ["Ann Smith", "Bob Jones"]),
    ("Cy Young & Di Prince", ["Cy Young", "Di Prince"]),
    ("Ed Stone & Flo Rider", ["Ed Stone", "Flo Rider"]),
    ("Gus Grant & Hal Moss", ["Gus Grant", "Hal Moss"]),
]


def _club(live_app) -> dict[str, str]:
    """Makes a group with two nights played but not closed, a season and its public pages."""
    db = connect(live_app.config["DATABASE"])
    try:
        group = create_group(db, "Riverside club")
        first = night(
            db, group.id, "2026-02-03", PAIRS, lambda r, t: (1800, 400 + 100 * r), 3, close=False
        )
        second = night(
            db, group.id, "2026-02-10", PAIRS, lambda r, t: (500, 1300 + 50 * t), 3, close=False
        )
        new = store_seasons.NewSeason("Winter cup", "2026-02-01", "2026-03-31")
        season = store_seasons.create_season(db, group.id, new)
        public_season = store_seasons.set_public(db, "season", season.id, True, "initial")
        director = dict(
            db.execute(
                "SELECT id, director_token FROM events WHERE id IN (?, ?)", [first, second]
            ).fetchall()
        )
        entrant = db.execute(
            "SELECT token FROM event_entrants WHERE event_id = ? AND position = 0", [first]
        ).fetchone()[0]
        return {
            "entrant": entrant,
            "group": group.id,
            "join": group.token,
            "season": season.id,
            "first": director[first],
            "second": director[second],
            "public_season": public_season.slug,
        }
    finally:
        db.close()


def test_closing_nights_moves_the_season_everywhere(live_app, base_url, browser, screen, scheme):
    club = _club(live_app)
    page = screen
    page.goto(f"{base_url}/groups/join/{club['join']}")
    season_page = f"{base_url}/groups/{club['group']}/seasons/{club['season']}"
    page.goto(season_page)
    expect(page.locator("main")).to_contain_text("No night of this season is closed yet.")
    big = browser.new_context(viewport={"width": 1920, "height": 1080}, color_scheme=scheme)
    big.add_cookies(page.context.cookies())
    tv = big.new_page()
    tv.goto(f"{season_page}/screen")
    expect(tv.locator("h1")).to_have_text("Winter cup")
    expect(tv.locator("#season-standings tbody tr")).to_have_count(0)

    night_address = ""
    for number, token in enumerate((club["first"], club["second"]), 1):
        page.goto(f"{base_url}/events/director/{token}")
        if number == 1:  # the director publishes the night's results, names initialled
            page.get_by_label("First name and initial").check()
            with page.expect_navigation():
                page.get_by_role("button", name="Publish the results").click()
            night_address = page.locator("#public-address").get_attribute("href")
            assert [v["id"] for v in axe_violations(page)] == []
            screenshot(page, f"season-director-{scheme}")
        with page.expect_navigation():
            page.get_by_role("button", name="Close the event").click()
        expect(page.locator("#results")).to_contain_text("Winter cup")  # its season, now
        page.goto(season_page)
        rows = page.locator("#season-standings tbody tr")
        expect(rows).to_have_count(4)
        expect(page.locator("ol.nights li")).to_have_count(number)
        # no reload: the screen asks for the season every 3 s and rewrites its table
        expect(tv.locator(".round-line")).to_contain_text(f"{number} night")
        expect(tv.locator("#season-standings tbody tr")).to_have_count(4)
        expect(tv.locator("#season-empty")).to_be_hidden()
        page.goto(f"{base_url}/results/{club['public_season']}")
        expect(page.locator("ol.nights li")).to_have_count(number)

    # Two nights: every pair has both counted, as the season's own page says.
    page.goto(season_page)
    assert [v["id"] for v in axe_violations(page)] == []
    screenshot(page, f"season-page-{scheme}")
    screenshot(tv, f"season-screen-1920-{scheme}")
    big.close()

    page.goto(f"{base_url}/results/{club['public_season']}")
    expect(page.locator("main")).to_contain_text("Ann S. & Bob J.")
    expect(page.locator("main")).not_to_contain_text("Smith")
    assert [v["id"] for v in axe_violations(page)] == []
    screenshot(page, f"season-public-{scheme}")

    page.goto(night_address)
    expect(page.locator("#standings tbody tr")).to_have_count(4)
    screenshot(page, f"season-night-public-{scheme}")
    with page.expect_navigation():
        page.get_by_role("link", name="Ann S. & Bob J.").click()
    expect(page.locator("h1")).to_have_text("Ann S. & Bob J.")
    expect(page.locator("#scorecard tbody tr")).to_have_count(3)  # every round of the night
    expect(page.locator(".season-line")).to_contain_text("Winter cup")
    assert [v["id"] for v in axe_violations(page)] == []
    screenshot(page, f"season-scorecard-{scheme}")

    # The entrant's own page (its pair card's link) leads to the same scorecard and season.
    page.goto(f"{base_url}/events/entrant/{club['entrant']}")
    expect(page.locator(".night-season")).to_contain_text("Season: Winter cup")
    with page.expect_navigation():
        page.get_by_role("link", name="Your scorecard of the night").click()
    expect(page.locator("h1")).to_have_text("Ann S. & Bob J.")
    expect(page.locator("#scorecard tbody tr")).to_have_count(3)


def test_the_big_screen_pages_through_a_long_season(live_app, base_url, browser, screen, scheme):
    db = connect(live_app.config["DATABASE"])
    try:
        group = create_group(db, "Big club")
        pairs = [(f"Pair {n:02d}", [f"North {n}", f"South {n}"]) for n in range(1, 31)]
        night(db, group.id, "2026-02-03", pairs, lambda r, t: (1000 + 100 * t, 500), 1)
        new = store_seasons.NewSeason("Long cup", "2026-02-01", "2026-03-31")
        season = store_seasons.create_season(db, group.id, new)
    finally:
        db.close()
    screen.goto(f"{base_url}/groups/join/{group.token}")
    big = browser.new_context(viewport={"width": 1920, "height": 1080}, color_scheme=scheme)
    big.add_cookies(screen.context.cookies())
    tv = big.new_page()
    tv.goto(f"{base_url}/groups/{group.id}/seasons/{season.id}/screen")
    expect(tv.locator("#page-line")).to_have_text(re.compile(r"^Page 1 of [2-4]$"))
    pages = int(tv.locator("#page-line").inner_text().rsplit(" ", 1)[1])
    shown = tv.locator("#season-standings tbody tr:not([hidden])")
    assert 30 <= shown.count() * pages < 30 + shown.count()
    bottom = tv.evaluate(
        "Math.max(...[...document.querySelectorAll('#season-standings tbody tr')]"
        ".filter(r => !r.hidden).map(r => r.getBoundingClientRect().bottom))"
    )
    assert bottom <= 1080  # every shown line is on the screen
    screenshot(tv, f"season-screen-pages-1920-{scheme}")
    big.close()


def test_the_season_form_keeps_a_refusal_and_counts_ticked_nights(
    live_app, base_url, screen, scheme
):
    club = _club(live_app)
    page = screen
    page.goto(f"{base_url}/groups/join/{club['join']}")
    page.goto(f"{base_url}/groups/{club['group']}/seasons")
    page.get_by_label("Name", exact=True).fill("Two Tuesdays")
    page.get_by_label("From", exact=True).fill("2026-02-01")
    page.get_by_label("To", exact=True).fill("2026-01-01")
    page.get_by_label("only the nights ticked below").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Make the season").click()
    expect(page.locator("#e-events")).to_contain_text("Tick at least one night")
    expect(page.locator("#e-to")).to_be_visible()
    expect(page.get_by_label("Name", exact=True)).to_have_value("Two Tuesdays")
    expect(page.get_by_label("only the nights ticked below")).to_be_checked()
    assert [v["id"] for v in axe_violations(page)] == []
    screenshot(page, f"season-form-refused-{scheme}")
    page.get_by_label("To", exact=True).fill("2026-03-31")
    page.locator(".season-nights input").first.check()
    with page.expect_navigation():
        page.get_by_role("button", name="Make the season").click()
    expect(page.locator("h1")).to_have_text("Two Tuesdays")


@pytest.mark.slow  # waits for the screen's own polls, 3 s apart
def test_the_nights_big_screen_follows_its_seasons(live_app, base_url, browser):
    """A season made and published through the API after the night's screen opened, a second
    one, then the first made private: each shows on the screen at its next poll, no reload."""
    api = browser.new_context(base_url=base_url).request
    made = api.post("/api/v1/groups", data={"name": "Harbour club"}).json()
    admin = {"Authorization": f"Bearer {made['token']}"}
    db = connect(live_app.config["DATABASE"])
    try:
        event = night(db, made["id"], "2026-02-03", PAIRS, lambda r, t: (1800, 400), 1)
        view = db.execute("SELECT view_token FROM events WHERE id = ?", [event]).fetchone()[0]
    finally:
        db.close()
    tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{base_url}/events/screen/{view}")
    lines = tv.locator("#night-seasons .night-season a")
    expect(lines).to_have_count(0)

    def published(name: str) -> str:
        """Makes a season counting the night, opens its results page; returns its address."""
        body = {"name": name, "from": "2026-02-01", "to": "2026-03-31"}
        season = api.post(f"/api/v1/groups/{made['id']}/seasons", data=body, headers=admin)
        assert season.status == 201, season.text()
        path = f"/api/v1/seasons/{season.json()['id']}/public"
        shown = api.put(path, data={"public": True, "names": "initial"}, headers=admin)
        assert shown.ok, shown.text()
        return path

    winter = published("Winter cup")
    expect(lines).to_have_text(["Season: Winter cup"], timeout=8000)
    address = api.put(winter, data={"public": True}, headers=admin).json()["url"]
    assert address.endswith(lines.first.get_attribute("href"))  # the season's results page
    published("Spring league")
    # the group's seasons in their order: the latest first (same end date: the newer first)
    expect(lines).to_have_text(["Season: Spring league", "Season: Winter cup"], timeout=8000)
    screenshot(tv, "season-night-screen-1920")
    api.put(winter, data={"public": False}, headers=admin)
    expect(lines).to_have_text(["Season: Spring league"], timeout=8000)
    tv.context.close()

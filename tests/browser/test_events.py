"""A club night in the browser: a director's phone runs a 4-pair event, four table phones
record their hands, and the big screen's standings move without a reload; screenshots of the
director's page, a round notice, a pending hand, Confirm and the big screen, light and dark."""

from __future__ import annotations

import re
import secrets

import pytest
from conftest import PHONE, Taps, axe_violations, screenshot
from playwright.sync_api import expect

from scorekeeper.events import template
from scorekeeper.store.connection import connect
from scorekeeper.store.events import checks as event_checks
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import NewEvent, create_event, get_event

pytestmark = pytest.mark.browser
BIG = {"width": 1920, "height": 1080}
ENTRANTS = "Aces: Ann, Bob\nKings: Cy, Di\nQueens: Ed, Flo\nJacks: Gus, Hal"
OUT = {"melded_points": 300, "canastas": {"natural": 1}, "went_out": "out"}


def record_from_the_card(page, winner: int) -> None:
    """Records one hand from a pair's own page, the side `winner` going out."""
    taps = Taps(page)
    with page.expect_navigation(wait_until="domcontentloaded"):
        taps.tap("#record-hand")
    taps.fill(f"#f-{winner}-melded_points", "300")
    taps.step(f"{winner}-canastas-natural")
    taps.tap(f"label:has(input[name='{winner}-went_out'][value='out'])")
    taps.fill(f"#f-{1 - winner}-melded_points", "120")
    with page.expect_navigation(wait_until="domcontentloaded"):
        taps.tap("button[type=submit]")


def test_a_club_night_from_the_directors_phone(browser, base_url):
    """Form, round 1, four phones score, the big screen follows, round 2 reaches the phones."""
    director = browser.new_context(**PHONE, service_workers="block").new_page()
    director.goto(f"{base_url}/events/new")
    director.fill("#f-name", "Tuesday club")
    director.fill("#f-deals_per_round", "2")
    director.fill("#f-entrants", ENTRANTS)
    with director.expect_navigation():
        director.locator("button.primary[type=submit]").tap()
    with director.expect_navigation():
        director.locator("#start-round").tap()
    expect(director.locator("#table-2")).to_be_visible()

    big = browser.new_context(viewport=BIG, service_workers="block").new_page()
    big.goto(
        director.locator("a:has-text('Big screen')").get_attribute("href").join([base_url, ""])
    )
    big.evaluate("window.notReloaded = true")
    expect(big.locator("#standings tbody tr")).to_have_count(4)

    links = [  # each pair's own card (as a late arrival scans it from the director's page)
        a.get_attribute("href")
        for a in director.locator('#entrant-cards a:has-text("Open this card\'s page")').all()
    ]
    phones, seats = [], set()
    for link in links:
        phone = browser.new_context(**PHONE, service_workers="block").new_page()
        phone.set_default_timeout(15000)
        phone.goto(base_url + link)
        found = re.search(
            r"Round 1: table (\d), (North-South|East-West), against", phone.inner_text("#notice")
        )
        assert found, phone.inner_text("#notice")
        seats.add(found.groups())
        phones.append(phone)
    assert len(seats) == 4  # two tables, two sides each
    for phone in phones:  # each pair records one of its table's 2 deals from its own page
        record_from_the_card(phone, winner=0)
    expect(big.locator("#standings tbody tr").first).to_contain_text("+1,560", timeout=8000)
    assert big.evaluate("window.notReloaded") is True  # updated in place, never reloaded
    director.reload()
    assert director.locator(".state.done").count() == 2

    phones[1].goto(base_url + links[1])  # the round 1 notice, left open
    with director.expect_navigation():
        director.locator("#start-round").tap()
    with phones[1].expect_navigation(timeout=15000):  # no tap: the notice follows the round
        pass
    expect(phones[1].locator("#notice")).to_contain_text("Round 2:")
    expect(big.locator("#round-line")).to_contain_text("Round 2 of 3", timeout=8000)
    screenshot(big, "events-bigscreen-live")
    for page in (director, big, *phones):
        page.context.close()


def _event_with_a_pending_hand(live_app) -> tuple[str, str, str, str]:
    """Returns an event's director and view tokens and one table's two side tokens."""
    db = connect(live_app.config["DATABASE"])
    try:
        pairs = [
            (n, ps.split(", ")) for n, ps in (line.split(": ") for line in ENTRANTS.splitlines())
        ]
        new = NewEvent(
            "Tuesday club", "classic", pairs, "mitchell", 2, 2, template("canasta_3"), confirm=True
        )
        event = create_event(db, new)
        event_rounds.start_round(db, event.id)
        first, second = event_rounds.tables(db, get_event(db, event.id), 1)
        ns, ew = event_checks.side_tokens(db, first.game_id)
        hand = {"hand": {first.sides[0]: OUT, first.sides[1]: {"melded_points": 50}}}
        event_checks.record_as(db, ns, hand, version=1, form_token=secrets.token_urlsafe(16))
        event_rounds.correct(db, event.id, 1, second.number, (2_650, 900))
        return event.director_token, event.view_token, ns, ew
    finally:
        db.close()


def test_screens_light_and_dark(browser, live_app, base_url, scheme):
    """The director's page, a round notice, a pending hand, Confirm and the big screen."""
    director, view, ns, ew = _event_with_a_pending_hand(live_app)
    phone = browser.new_context(
        **(PHONE | {"device_scale_factor": 1}), color_scheme=scheme, service_workers="block"
    ).new_page()
    phone.goto(f"{base_url}/events/director/{director}")
    assert "1 hand pending" in phone.inner_text("#table-1")
    screenshot(phone, f"events-director-{scheme}")
    assert axe_violations(phone) == []
    for name in ("standings.pdf", "scorecards.pdf", "standings.csv"):
        link = phone.locator(f"#downloads a[href*='{name}']").first.get_attribute("href")
        got = phone.request.get(base_url + link)
        assert got.ok and got.headers["content-disposition"].startswith("attachment"), name
    card = phone.locator("#standings a[href*='scorecards.pdf?']").first.get_attribute("href")
    assert phone.request.get(base_url + card).body().startswith(b"%PDF")
    phone.goto(f"{base_url}/events/table/{ns}")
    assert re.search(r"Round 1: table 1, North-South, against", phone.inner_text("#notice"))
    assert "pending: the other side confirms" in phone.inner_text("main")
    screenshot(phone, f"events-notice-pending-{scheme}")
    phone.goto(f"{base_url}/events/table/{ew}")
    screenshot(phone, f"events-confirm-{scheme}")
    assert axe_violations(phone) == []
    with phone.expect_navigation():
        phone.locator("button:has-text('Confirm')").tap()
    assert "Hand 1 confirmed." in phone.inner_text("main")
    assert phone.evaluate("document.documentElement.scrollWidth > window.innerWidth") is False
    big = browser.new_context(viewport=BIG, color_scheme=scheme, service_workers="block").new_page()
    big.goto(f"{base_url}/events/screen/{view}")
    screenshot(big, f"events-bigscreen-{scheme}")
    assert axe_violations(big) == []
    phone.context.close()
    big.context.close()

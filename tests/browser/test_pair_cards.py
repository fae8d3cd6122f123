"""Four pair phones that only scan their pair cards play two rounds with "opponents confirm":
each hand is saved by one side and confirmed by the other, one dispute is settled by the
director; the cards' QR codes are read from the printed PDF with pdftoppm and zbarimg."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest
from conftest import PHONE, Taps, axe_violations, screenshot
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ENTRANTS = "Aces: Ann, Bob\nKings: Cy, Di\nQueens: Ed, Flo\nJacks: Gus, Hal"


def _tools() -> None:
    missing = [t for t in ("pdftoppm", "zbarimg") if shutil.which(t) is None]
    if missing and os.environ.get("CI"):
        pytest.fail(f"{missing} missing: apt-get install poppler-utils zbar-tools")
    if missing:
        pytest.skip(f"{missing} not installed")


def scanned(pdf: bytes, folder) -> list[str]:
    """Returns every QR code's text on the PDF's pages, as a phone's camera would read them."""
    (folder / "cards.pdf").write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", "110", "-png", str(folder / "cards.pdf"), str(folder / "page")],
        check=True,
        timeout=60,
    )
    pages = sorted(str(p) for p in folder.glob("page*.png"))
    found = subprocess.run(
        ["zbarimg", "-q", "--raw", *pages], capture_output=True, text=True, timeout=60
    )
    return found.stdout.split()


def record(page, winner: int) -> None:
    """Records the next hand from this pair's page, side `winner` (0 or 1) going out."""
    taps = Taps(page)
    with page.expect_navigation(wait_until="domcontentloaded"):
        taps.tap("#record-hand")
    taps.fill(f"#f-{winner}-melded_points", "300")
    taps.step(f"{winner}-canastas-natural")
    taps.tap(f"label:has(input[name='{winner}-went_out'][value='out'])")
    taps.fill(f"#f-{1 - winner}-melded_points", "120")
    with page.expect_navigation(wait_until="domcontentloaded"):
        taps.tap("button[type=submit]")
    expect(page.locator("#notice")).to_be_visible()


def seat(page) -> tuple[int, int, int]:
    """Returns (round, table, side) from the pair page's notice."""
    text = page.inner_text("#notice")
    found = re.search(r"Round (\d+): table (\d+), (North-South|East-West), against", text)
    assert found, text
    return int(found[1]), int(found[2]), 0 if found[3] == "North-South" else 1


def play_round(director, phones, number: int, dispute_at: int | None = None) -> None:
    """Each table: North-South saves the hand, East-West confirms it (or disputes, settled)."""
    seats = {}
    for phone in phones:
        phone.reload()
        round_number, table, side = seat(phone)
        assert round_number == number
        seats[(table, side)] = phone
    assert sorted(seats) == [(1, 0), (1, 1), (2, 0), (2, 1)]
    for table in (1, 2):
        north, east = seats[(table, 0)], seats[(table, 1)]
        record(north, winner=0)
        expect(north.locator(f"#r{number}-hand-1")).to_contain_text("pending: the other side")
        assert north.locator("button:has-text('Confirm')").count() == 0  # never its own
        east.reload()
        check = "Dispute" if table == dispute_at else "Confirm"
        with east.expect_navigation():
            east.locator(f"#round-{number} button:has-text('{check}')").first.tap()
        if table == dispute_at:
            expect(east.locator(f"#round-{number}")).to_contain_text("disputed")
            screenshot(east, "pair-card-disputed")
            director.reload()
            expect(director.locator("#to-settle")).to_contain_text(f"table {table}, hand 1")
            screenshot(director, "director-hand-to-settle")
            with director.expect_navigation():
                director.locator("#to-settle button:has-text('Keep as saved')").tap()
            expect(director.locator("#to-settle")).to_have_count(0)
        else:
            expect(east.locator(f"#r{number}-hand-1")).to_contain_text("confirmed")
    director.reload()
    assert director.locator(".director-table .state.done").count() == 2


def test_four_pair_phones_play_two_rounds_from_their_cards(browser, base_url, tmp_path):
    _tools()
    director = browser.new_context(**PHONE, service_workers="block").new_page()
    director.goto(f"{base_url}/events/new")
    director.fill("#f-name", "Thursday club")
    director.fill("#f-rounds", "2")
    director.fill("#f-deals_per_round", "1")
    director.fill("#f-entrants", ENTRANTS)
    director.locator("input[name=confirm]").check()
    with director.expect_navigation():
        director.locator("button.primary[type=submit]").tap()
    with director.expect_navigation():
        director.locator("#start-round").tap()
    cards = director.locator("a[href*='cards.pdf?paper=a4']").first.get_attribute("href")
    codes = scanned(director.request.get(base_url + cards).body(), tmp_path)
    pairs = [c for c in codes if "/events/entrant/" in c]
    tables = [c for c in codes if "/events/at/" in c]
    assert len(pairs) == 4 and len(tables) == 2, codes

    phones = []
    for link in pairs:  # each pair's phone only ever opens its own card's code
        phone = browser.new_context(**PHONE, service_workers="block").new_page()
        phone.set_default_timeout(15000)
        phone.goto(link)
        phones.append(phone)
    assert sorted(p.inner_text("h1") for p in phones) == ["Aces", "Jacks", "Kings", "Queens"]
    for phone in phones:
        assert "/join/" not in phone.content()
    guest = browser.new_context(**PHONE, service_workers="block").new_page()
    guest.goto(tables[0])  # the table card's code: the table, read-only
    expect(guest.locator("main")).to_contain_text("each side scans its own pair card")
    assert guest.locator("main form").count() == 0
    screenshot(guest, "table-card-page")

    play_round(director, phones, 1)
    screenshot(phones[0], "pair-card-round-1")
    assert axe_violations(phones[0]) == []
    with director.expect_navigation():
        director.locator("#start-round").tap()
    for phone in phones:  # no tap: each pair's page follows the round by itself
        expect(phone.locator("#notice")).to_contain_text("Round 2:", timeout=20000)
    play_round(director, phones, 2, dispute_at=2)
    assert axe_violations(director) == []
    standings = director.locator("#standings tbody tr")
    expect(standings).to_have_count(4)
    assert all(int(t.split()[-1]) == 2 for t in standings.all_inner_texts()), (
        standings.all_inner_texts()
    )
    for page in (director, guest, *phones):
        page.context.close()

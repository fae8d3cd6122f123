"""Joining the table on a phone: the host's "Join from another phone" QR, and a Share page
that says plainly when other phones cannot open its links."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import PHONE, axe_violations, new_game, screenshot, sign_in
from playwright.sync_api import expect

from scorekeeper.web.games.table_key import table_key

pytestmark = pytest.mark.browser

LAN = "http://192.168.1.20:5000"


@pytest.fixture
def on_the_lan(live_app):
    """Pretends `serve --lan` announced a LAN address, for one test."""
    live_app.config["LAN_ORIGINS"] = [LAN]
    yield LAN
    live_app.config["LAN_ORIGINS"] = []


def test_the_host_shows_the_join_qr(live_app, base_url, phone, scheme, on_the_lan):
    """Opened on the hosting computer (loopback), home offers the LAN address as a QR code."""
    sign_in(live_app, phone.context)
    phone.goto(f"{base_url}/")
    section = phone.locator("section.join")
    assert section.locator("h2").inner_text() == "Join from another phone"
    assert section.locator("a").get_attribute("href").startswith(f"{on_the_lan}/table/")
    assert section.locator("svg").is_visible()
    screenshot(phone, f"home-join-{scheme}")
    assert [v["id"] for v in axe_violations(phone)] == []


def test_share_page_served_to_itself_alone_says_so(live_app, base_url, phone, scheme):
    """Served on 127.0.0.1 only, the Share page warns first and tells how to fix it."""
    game_id = new_game(live_app, phone)
    phone.goto(f"{base_url}/games/{game_id}/share")
    warning = phone.locator("section.unreachable")
    assert warning.locator("h2").inner_text() == "Other phones cannot open these links"
    assert "scorekeeper serve --lan" in warning.inner_text()
    assert warning.bounding_box()["y"] < phone.locator("figure.qr").bounding_box()["y"]
    screenshot(phone, f"share-loopback-{scheme}")
    assert [v["id"] for v in axe_violations(phone)] == []


def test_share_page_on_the_lan_names_the_lan_address(live_app, base_url, phone, on_the_lan):
    """With a LAN address, the host's Share page gives links phones can open, and no warning."""
    game_id = new_game(live_app, phone)
    phone.goto(f"{base_url}/games/{game_id}/share")
    assert phone.locator("#f-view-url").input_value().startswith(f"{on_the_lan}/join/")
    assert phone.locator("section.unreachable").count() == 0


def test_each_share_link_copies_in_one_tap(live_app, base_url, light_phone):
    """The Copy button puts the link itself on the clipboard and says so."""
    page = light_phone
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}/share")
    for field in ("f-view-url", "f-edit-url"):
        button = page.locator(f"button[data-copy='{field}']")
        assert button.is_visible() and button.inner_text() == "Copy link"
        button.tap()
        expect(button).to_have_text("Copied")
        link = page.locator(f"#{field}").input_value()
        assert "/join/" in link and page.evaluate("navigator.clipboard.readText()") == link
    screenshot(page, "share-copy")


sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.terminal_render import decode  # noqa: E402  # zbar, as a phone's camera reads


def scanned(figure) -> str:
    """Reads the QR code shown on the screen with zbar, as another phone's camera would."""
    from io import BytesIO

    from PIL import Image

    found = decode(Image.open(BytesIO(figure.screenshot())).convert("RGB"))
    assert len(found) == 1, found
    return found[0]


def test_show_qr_joins_a_second_phone_as_co_scorer(live_app, base_url, phone, browser, scheme):
    """Sheet, "Show QR", "Co-scorer": a second phone scans it and can record hands."""
    phone.set_default_timeout(15000)  # two phones and zbar on a busy machine
    game_id = new_game(live_app, phone)
    phone.goto(f"{base_url}/games/{game_id}")
    phone.get_by_role("link", name="Show QR").click()
    expect(phone.locator("#qr-title")).to_be_in_viewport()
    phone.get_by_role("link", name="Co-scorer").click()
    figure = phone.locator("#qr figure.qr")
    expect(figure).to_have_attribute("data-qr-for", "edit")
    expect(phone.get_by_role("link", name="Co-scorer")).to_have_attribute("aria-current", "true")
    screenshot(phone, f"show-qr-co-scorer-{scheme}")
    assert [v["id"] for v in axe_violations(phone)] == []
    link = scanned(figure)
    assert "/join/" in link
    other = browser.new_context(**PHONE, color_scheme=scheme, service_workers="block")
    try:
        second = other.new_page()
        second.goto(link)
        expect(second).to_have_url(f"{base_url}/games/{game_id}")
        expect(second.get_by_role("link", name="Record hand 1")).to_be_visible()
    finally:
        other.close()
    phone.get_by_role("link", name="Viewer").click()
    viewer_link = scanned(phone.locator("#qr figure.qr"))
    assert viewer_link != link and "/join/" in viewer_link


def test_one_scan_of_the_hosts_code_opens_the_game(live_app, base_url, phone, browser, scheme):
    """Under `serve`, the host's code opens /table: the game in progress, to score on."""
    phone.set_default_timeout(15000)
    east = f"East {scheme}"  # a name no other game in progress has
    game_id = new_game(live_app, phone, sides=((east, ("Ute", "Vic")), ("West", ("Wim", "Xia"))))
    live_app.config["SERVED_ORIGIN"] = base_url  # as `scorekeeper serve` announces itself
    other = browser.new_context(**PHONE, color_scheme=scheme, service_workers="block")
    try:
        phone.goto(f"{base_url}/")  # the host's own browser, on this computer: its games count
        key = table_key(Path(live_app.instance_path))  # as the host's QR code carries it
        second = other.new_page()
        second.goto(f"{base_url}/table/{key}")
        if "/table/" in second.url:  # other tests' games are in progress too: choose
            screenshot(second, f"table-choose-{scheme}")
            second.locator("button.card", has_text=east).click()
        expect(second).to_have_url(f"{base_url}/games/{game_id}")
        expect(second.get_by_role("link", name="Record hand 1")).to_be_visible()
        screenshot(second, f"table-joined-{scheme}")
    finally:
        other.close()
        live_app.config["SERVED_ORIGIN"] = None

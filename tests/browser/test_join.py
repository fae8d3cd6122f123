"""Joining the table on a phone: the host's "Join from another phone" QR, and a Share page
that says plainly when other phones cannot open its links."""

from __future__ import annotations

import pytest
from conftest import axe_violations, new_game, screenshot, sign_in
from playwright.sync_api import expect

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
    assert section.locator("a").get_attribute("href") == f"{on_the_lan}/"
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

"""The installable app: a valid manifest with icons, an active service worker, and an
offline reload that shows the notice (and keeps what was typed) instead of a browser error."""

from __future__ import annotations

import struct

import pytest
from conftest import PHONE, new_game
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ACTIVATED = """() => navigator.serviceWorker.ready.then(r => r.active.state === "activated"
  ? "activated"
  : new Promise(done => r.active.addEventListener("statechange", e => {
      if (e.target.state === "activated") done("activated");
    })))"""
OFFLINE = "You're offline. Nothing typed is lost; it will be here when you're back."


@pytest.fixture
def installed(browser):
    """Returns a phone page whose context lets the service worker run."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(5000)
    page = context.new_page()
    yield page
    context.close()


def png_size(data: bytes) -> tuple[int, int]:
    """Returns a PNG's width and height from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest_is_valid_and_its_icons_load(live_app, base_url, installed):
    """The manifest has what an install needs, and every icon it names is served as declared."""
    page = installed
    page.goto(f"{base_url}/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    response = page.request.get(f"{base_url}{href}")
    assert response.headers["content-type"] == "application/manifest+json"
    manifest = response.json()
    assert {"name", "short_name", "start_url", "display", "icons", "theme_color"} <= set(manifest)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    pngs = set()
    for icon in manifest["icons"]:
        served = page.request.get(f"{base_url}/static/{icon['src']}")
        assert served.ok and served.headers["content-type"].split(";")[0] == icon["type"]
        if icon["type"] == "image/png":
            width, height = png_size(served.body())
            assert icon["sizes"] == f"{width}x{height}"
            pngs.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= pngs


def test_service_worker_controls_the_app_and_offline_shows_the_notice(
    live_app, base_url, installed
):
    """Once installed, an offline reload keeps the typed hand, and a new page gives the notice."""
    page = installed
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/")
    assert page.evaluate(ACTIVATED) == "activated"
    form = f"{base_url}/games/{game_id}/hands/new"
    page.goto(form)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    page.locator("#f-0-melded_points").fill("120")

    page.context.set_offline(True)
    page.reload()
    expect(page.locator(".offline-note")).to_have_text(OFFLINE)
    assert page.locator("#f-0-melded_points").input_value() == "120"
    page.locator("#f-1-melded_points").fill("75")
    page.locator("button[type=submit]").tap()  # the connection is gone: nothing can be saved
    expect(page.locator(".offline-page .flash")).to_have_text(OFFLINE)
    page.goto(f"{base_url}/games/new?format=samba")  # never opened: no copy to show
    expect(page.locator("h1")).to_have_text("You're offline.")

    page.context.set_offline(False)  # the offline page asks again by itself
    expect(page.locator("h1")).to_have_text("New Samba game", timeout=8000)
    page.goto(form)
    assert page.locator("#f-0-melded_points").input_value() == "120"
    assert page.locator("#f-1-melded_points").input_value() == "75"
    assert not page.locator(".offline-note").is_visible()

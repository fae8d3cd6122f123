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
GERMAN_OFFLINE = "Du bist offline."


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


CACHED_URLS = """() => caches.keys()
  .then(keys => Promise.all(keys.map(k => caches.open(k).then(c => c.keys()))))
  .then(lists => lists.flat().map(r => r.url))"""


def test_service_worker_controls_the_app_and_offline_shows_the_notice(
    live_app, base_url, installed
):
    """Pages with a form token or a link are never kept; offline gives the notice, and what
    was typed comes back from the draft when the connection does."""
    page = installed
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/")
    assert page.evaluate(ACTIVATED) == "activated"
    form = f"{base_url}/games/{game_id}/hands/new"
    page.goto(form)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    page.locator("#f-0-melded_points").fill("120")
    page.locator("#f-1-melded_points").fill("75")
    page.goto(f"{base_url}/games/new?format=classic")  # a page with nothing secret: kept
    cached = page.evaluate(CACHED_URLS)
    assert any("/games/new?format=classic" in url for url in cached)
    assert not [u for u in cached if f"/games/{game_id}" in u or u == f"{base_url}/"]

    page.context.set_offline(True)
    page.goto(form)  # no copy of a page that held a one-time token
    expect(page.locator("h1")).to_have_text("You're offline.")

    page.context.set_offline(False)  # the offline page asks again by itself
    expect(page.locator("#f-0-melded_points")).to_have_value("120", timeout=8000)
    assert page.locator("#f-1-melded_points").input_value() == "75"


def test_the_offline_notice_speaks_the_language_last_read(live_app, base_url, installed):
    """Installed in English, switched to German: offline, the notice is the German one."""
    page = installed
    page.goto(f"{base_url}/")
    assert page.evaluate(ACTIVATED) == "activated"
    page.goto(f"{base_url}/language/de?next=/")
    page.goto(f"{base_url}/games/new?format=classic")  # read in German, online
    assert page.locator("html").get_attribute("lang") == "de"
    page.context.set_offline(True)
    page.goto(f"{base_url}/groups")  # never kept: the notice
    expect(page.locator("h1")).to_have_text(GERMAN_OFFLINE)
    page.context.set_offline(False)

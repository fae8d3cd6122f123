"""Fixtures for browser tests: the app on a loopback port and Debian's Chromium via Playwright."""

from __future__ import annotations

import logging
import os
import secrets
import shutil
import threading
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from scorekeeper import create_app, store
from scorekeeper.store.connection import connect

CHROMIUM_ARGS = [
    "--no-sandbox",  # root cannot use Chromium's sandbox
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Without this Chromium keeps looking up outside hosts, which this network refuses.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
]
if os.environ.get("SK_LAN_ADDRESS"):  # in a namespace of its own: the phones' LAN address too
    CHROMIUM_ARGS[-1] += f" , EXCLUDE {os.environ['SK_LAN_ADDRESS']}"
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"


def chromium_path() -> str | None:
    """Returns Chromium's path, or None; in CI a missing Chromium fails the run loudly."""
    path = (
        os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )
    if path is None and os.environ.get("CI"):
        pytest.fail("CI is set but Chromium is missing: `apt-get install chromium` (see .ci/run)")
    return path


@pytest.fixture(scope="session")
def browser() -> Iterator:
    """Starts one headless Chromium for the whole session."""
    path = chromium_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set but Chromium is missing: `apt-get install chromium`")
        pytest.skip("Chromium is not installed (browser tests run in CI)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=path, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def live_app(tmp_path_factory):
    """Returns the app object served on a free loopback port for the whole session."""
    instance = tmp_path_factory.mktemp("instance")
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    app = create_app({"DATABASE": str(instance / "browser.db"), "TESTING": True})
    # Inside a network namespace of its own (tests/lan_namespace.py --pytest, which names the
    # LAN address) the app listens beyond loopback too, and phones reach it at that address.
    lan = os.environ.get("SK_LAN_ADDRESS")
    server = make_server("0.0.0.0" if lan else "127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    app.config["LIVE_URL"] = f"http://127.0.0.1:{server.server_port}"
    app.config["PHONE_URL"] = (
        f"http://{lan}:{server.server_port}" if lan else app.config["LIVE_URL"]
    )
    yield app
    server.shutdown()


@pytest.fixture
def base_url(live_app) -> str:
    """Returns the served app's root URL."""
    return live_app.config["LIVE_URL"]


@pytest.fixture
def origin(live_app) -> str:
    """Returns where the phones reach the app: the LAN address in a namespace, else loopback."""
    return str(live_app.config["PHONE_URL"])


@pytest.fixture(params=["light", "dark"])
def scheme(request) -> str:
    """Runs a test once in each colour scheme."""
    return request.param


@pytest.fixture
def phone(browser, scheme):
    """Returns a fresh phone-sized page (its own cookies) in the requested colour scheme."""
    # No service worker here: its precaching would race the test; test_installable has one.
    context = browser.new_context(**PHONE, color_scheme=scheme, service_workers="block")
    context.set_default_timeout(5000)  # a missing element fails in seconds, not half a minute
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def screen(browser, scheme):
    """Returns a 390x844 phone page at 1x pixels (small screenshots) in the given scheme."""
    context = browser.new_context(
        **(PHONE | {"device_scale_factor": 1}), color_scheme=scheme, service_workers="block"
    )
    context.set_default_timeout(5000)
    yield context.new_page()
    context.close()


@pytest.fixture
def light_phone(browser):
    """Returns a fresh phone-sized page in the light scheme, for tests that need only one."""
    context = browser.new_context(**PHONE, service_workers="block")
    context.set_default_timeout(5000)
    page = context.new_page()
    yield page
    context.close()


CLASSIC_SIDES = (("We", ("Ann", "Bob")), ("They", ("Cy", "Di")))


def sign_in(live_app, context) -> str:
    """Gives a browser context a session with a fresh browser id and returns the id."""
    browser_id = secrets.token_urlsafe(16)
    serializer = live_app.session_interface.get_signing_serializer(live_app)
    cookie = serializer.dumps({"browser": browser_id, "_permanent": True})
    name = live_app.config["SESSION_COOKIE_NAME"]
    urls = {live_app.config["LIVE_URL"], live_app.config["PHONE_URL"]}  # one in a namespace
    context.add_cookies([{"name": name, "value": cookie, "url": url} for url in urls])
    return browser_id


# The typical Classic hand: both sides melded, We went out with a natural canasta,
# They have a mixed canasta and a red three.
TYPICAL_HAND = {
    "hand": {
        "We": {"melded_points": 180, "canastas": {"natural": 1}, "went_out": "out"},
        "They": {
            "melded_points": 150,
            "hand_points": 45,
            "canastas": {"mixed": 1},
            "red_threes": 1,
        },
    }
}


def new_game(
    live_app,
    page,
    format_id: str = "classic",
    sides: Sequence[tuple[str, Sequence[str]]] = CLASSIC_SIDES,
    hands: Sequence[Mapping[str, Any]] = (),
    **setup: Any,
) -> str:
    """Creates a game owned by the page's browser, with hands already recorded; returns its id."""
    owner = sign_in(live_app, page.context)
    db = connect(live_app.config["DATABASE"])
    try:
        game = store.create_game(
            db, format_id=format_id, sides=sides, first_dealer=sides[0][1][0], owner=owner, **setup
        )
        for hand in hands:
            version = store.get_game(db, game.id).version
            store.record_hand(
                db, game.id, hand, version=version, form_token=secrets.token_urlsafe(16)
            )
    finally:
        db.close()
    return game.id


def stored_game(live_app, game_id: str) -> store.Game:
    """Returns the game as the database holds it."""
    db = connect(live_app.config["DATABASE"])
    try:
        return store.get_game(db, game_id)
    finally:
        db.close()


class Taps:
    """Drives a page by touch and counts every tap and every field filled."""

    def __init__(self, page) -> None:
        self.page, self.count = page, 0

    def tap(self, selector: str) -> None:
        """Taps the element once."""
        self.page.locator(selector).tap()
        self.count += 1

    def fill(self, selector: str, text: str) -> None:
        """Fills a field (one tap into it and the typing count as one)."""
        self.page.locator(selector).fill(text)
        self.count += 1

    def step(self, field: str, times: int = 1) -> None:
        """Taps the + of a stepper `times` times."""
        for _ in range(times):
            self.tap(f"button.step[data-for='f-{field}'][data-step='1']")


def screenshot(page, name: str) -> Path:
    """Saves a full-page PNG under test-artifacts/ (not committed) and returns its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def hold_clock(page) -> None:
    """Installs the page's clock paused, so its timers fire only when a test runs it on.

    An installed clock flows with real time until paused: on a loaded machine a big screen's
    12 s turn came early ("Page 2" where "Page 1" was due). axe waits on the page's timers, so
    resume the clock before an accessibility check.
    """
    now = datetime.now(UTC)
    page.clock.install(time=now)
    page.clock.pause_at(now + timedelta(seconds=5))


def axe_violations(page) -> list[dict]:
    """Runs axe-core on the page and returns every violation, whatever its impact."""
    if not AXE.exists():
        if os.environ.get("CI"):
            pytest.fail("axe-core is missing: `npm install` in tests/browser (see .ci/run)")
        pytest.skip("axe-core is not installed (npm install in tests/browser)")
    # Evaluated through DevTools rather than a <script> tag, which the app's CSP refuses.
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    # Only violations: collecting the passes' details would double the run time.
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return result["violations"]

"""Fixtures for browser tests: the app on a loopback port and Debian's Chromium via Playwright."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from scorekeeper import create_app

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
    app = create_app({"DATABASE": str(instance / "browser.db"), "TESTING": True})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    app.config["LIVE_URL"] = f"http://127.0.0.1:{server.server_port}"
    yield app
    server.shutdown()


@pytest.fixture
def base_url(live_app) -> str:
    """Returns the served app's root URL."""
    return live_app.config["LIVE_URL"]


@pytest.fixture(params=["light", "dark"])
def scheme(request) -> str:
    """Runs a test once in each colour scheme."""
    return request.param


@pytest.fixture
def phone(browser, scheme):
    """Returns a fresh phone-sized page (its own cookies) in the requested colour scheme."""
    context = browser.new_context(**PHONE, color_scheme=scheme)
    page = context.new_page()
    yield page
    context.close()


def screenshot(page, name: str) -> Path:
    """Saves a full-page PNG under test-artifacts/ (not committed) and returns its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def axe_violations(page, impacts=("serious", "critical")) -> list[dict]:
    """Runs axe-core on the page and returns the violations of the given impacts."""
    if not AXE.exists():
        if os.environ.get("CI"):
            pytest.fail("axe-core is missing: `npm install` in tests/browser (see .ci/run)")
        pytest.skip("axe-core is not installed (npm install in tests/browser)")
    # Evaluated through DevTools rather than a <script> tag, which the app's CSP refuses.
    page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate("async () => await axe.run(document)")
    return [v for v in result["violations"] if v["impact"] in impacts]

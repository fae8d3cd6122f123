"""Times the sheet (30 hands) and the record-hand page on a throttled phone, cold cache.

Run from the checkout: `.venv/bin/python bench/slow_phone.py [--runs N] [--worker]`. Chromium
(Debian's, through Playwright) gets 4x CPU slowdown and a slow network through the DevTools
protocol: 150 ms round trip, 1.6 Mbps down, 750 kbps up. Each run is a fresh browser context,
so nothing is cached; the service worker is blocked unless `--worker` lets each first visit
install it. "Usable" is the later of first contentful paint and the end of
DOMContentLoaded (every deferred script has run); the figure printed is the median. Beside it,
the page's physical floor (`physical_floor`: round trips plus bytes over bandwidth of what the
page needs before it is usable) and usable over the floor (issue 36's goal: within 1.3x), and
usable over the floor plus the throttled browser's least work for any page (a lone SVG's
usable time above its own floor, measured first in the same run). Last, "shift": how far the
page jumped while it loaded (the layout shift Chrome's CLS counts; 0 is none).
"""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from werkzeug.serving import make_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper import create_app, store  # noqa: E402
from scorekeeper.store.connection import connect  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS  # noqa: E402  (one list of launch flags)

NETWORK = {
    "offline": False,
    "latency": 150,  # ms, round trip
    "downloadThroughput": 1_600_000 / 8,  # bytes per second
    "uploadThroughput": 750_000 / 8,
}
CPU_SLOWDOWN = 4
TIMINGS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  return {fcp: fcp ? fcp.startTime : null, dcl: nav.domContentLoadedEventEnd,
          load: nav.loadEventEnd, html: nav.responseEnd, bytes: nav.transferSize};
}"""
# Layout shift (as Chrome's CLS counts it, without input): how far the page jumped as its
# scripts arrived, e.g. chips or steppers drawn by a script after the first paint.
SHIFT = """() => new Promise(done => {
  let sum = 0;
  new PerformanceObserver(list => list.getEntries().forEach(e => {
    if (!e.hadRecentInput) sum += e.value;
  })).observe({type: "layout-shift", buffered: true});
  setTimeout(() => done(sum), 100);
})"""
DEBUG = False  # True: print each load's files (name, start, first byte, end, bytes)
RESOURCES = """() => performance.getEntriesByType("resource").map(
  r => [r.name.split("/").pop(), Math.round(r.startTime), Math.round(r.responseStart),
        Math.round(r.responseEnd), r.transferSize])"""
HAND = {
    "hand": {
        "We": {"melded_points": 120, "hand_points": 0, "red_threes": 1, "went_out": "no"},
        "They": {"melded_points": 90, "hand_points": 20, "red_threes": 0, "went_out": "no"},
    }
}


def serve(folder: Path, hands: int) -> tuple[str, str, dict]:
    """Starts the app with one Classic game of `hands` hands; returns its URL, id and cookie."""
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    app = create_app({"DATABASE": str(folder / "bench.db")})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    browser_id = secrets.token_urlsafe(16)
    with app.app_context():
        db = connect(app.config["DATABASE"])
        game = store.create_game(
            db,
            format_id="classic",
            sides=[("We", ["Ann", "Bob"]), ("They", ["Cy", "Di"])],
            first_dealer="Ann",
            owner=browser_id,
        )
        for n in range(hands):
            version = store.get_game(db, game.id).version
            store.record_hand(
                db,
                game.id,
                HAND if n % 2 else swap(HAND),
                version=version,
                form_token=f"bench-token-{n:08d}",
            )
        db.close()
        cookie = app.session_interface.get_signing_serializer(app).dumps(
            {"browser": browser_id, "_permanent": True}
        )
    url = f"http://127.0.0.1:{server.server_port}"
    return url, game.id, {"name": "session", "value": cookie, "url": url}


def swap(hand: dict) -> dict:
    """Returns the hand with the sides' entries swapped, so neither side runs away."""
    we, they = hand["hand"]["We"], hand["hand"]["They"]
    return {"hand": {"We": they, "They": we}}


def measure(browser, url: str, cookie: dict, ready: str, worker: bool = False) -> dict:
    """Loads one page cold under throttling and returns its timings in ms."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
        # A first visit has no worker yet; with `worker` it registers and installs one, as a
        # real first visit does (the install fetches every static file).
        service_workers="allow" if worker else "block",
    )
    context.add_cookies([cookie])
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    page.goto(url, wait_until="load")
    target = page.locator(ready).first
    if not (target.is_visible() and target.is_enabled()):
        raise SystemExit(f"{ready} is not visible and enabled on {url}")
    timings = page.evaluate(TIMINGS)
    timings["shift"] = page.evaluate(SHIFT)
    files = page.evaluate(RESOURCES)
    if DEBUG:
        print(files)
    context.close()
    timings["usable"] = max(timings["fcp"] or 0, timings["dcl"])
    timings["floor"] = physical_floor(timings, files)
    return timings


def physical_floor(timings: dict, files: list) -> float:
    """Returns the least time the network allows before the page is usable, in ms.

    One round trip and its bytes for the HTML; when the page waits on files before it is
    usable (the scripts it names and the stylesheets it links, asked for before
    DOMContentLoaded), one more round trip (they are asked for together, from the `Link`
    header or the parser) and their bytes, at the throttled bandwidth. The CPU is left out:
    what is above the floor is the browser's own work and any round trip the page adds.
    """
    needed = [size for _name, start, _first, _end, size in files if start < timings["dcl"]]
    trips = 2 if needed else 1
    seconds_a_byte = 1 / NETWORK["downloadThroughput"]
    return trips * NETWORK["latency"] + (timings["bytes"] + sum(needed)) * seconds_a_byte * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument(
        "--worker", action="store_true", help="let each first visit install the service worker"
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        url, game_id, cookie = serve(Path(folder), args.hands)
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS
        )
        pages = {
            # The floor on this machine: one small SVG, no stylesheet, no script, no database.
            # Measured first: what it takes above its own floor is the throttled browser's
            # least work for any page, which the last column adds to each page's floor.
            "floor (one SVG)": (f"{url}/static/favicon.svg", "svg"),
            f"sheet ({args.hands} hands)": (f"{url}/games/{game_id}", "a.button.primary"),
            "record hand": (f"{url}/games/{game_id}/hands/new", "#f-0-melded_points"),
        }
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"median of {args.runs} cold loads; 4x CPU, 150 ms RTT, 1.6 Mbps down (ms)")
        print("service worker: " + ("installed on each first visit" if args.worker else "blocked"))
        print(f"load average before: {load} (other work on the machine inflates every figure)")
        print(
            f"{'page':<20} {'html':>6} {'FCP':>6} {'DCL':>6} {'usable':>7} {'load':>6} {'KB':>5}"
            f" {'floor':>6} {'usable/floor':>13} {'/(floor+browser)':>17} {'shift':>6}"
        )
        browser_least = 0.0  # the lone SVG's usable time above its floor, in this run
        for name, (page_url, ready) in pages.items():
            measure(browser, page_url, cookie, ready)  # warm the server, not the browser
            runs = [
                measure(browser, page_url, cookie, ready, args.worker) for _ in range(args.runs)
            ]
            med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            browser_least = browser_least or med["usable"] - med["floor"]
            print(
                f"{name:<20} {med['html']:6.0f} {med['fcp']:6.0f} {med['dcl']:6.0f} "
                f"{med['usable']:7.0f} {med['load']:6.0f} {med['bytes'] / 1024:5.1f}"
                f" {med['floor']:6.0f} {med['usable'] / med['floor']:13.2f}"
                f" {med['usable'] / (med['floor'] + browser_least):17.2f} {med['shift']:6.3f}"
            )
        browser.close()


if __name__ == "__main__":
    main()

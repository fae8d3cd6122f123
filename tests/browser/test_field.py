"""The table over the home Wi-Fi (issue 32), as the phones meet it: at the host's LAN address
over plain http a page is not a secure context (no service worker, no Web Locks, no Wake Lock
API), and the outbox, the screen kept on and the one-scan QR must work all the same.

Every test here runs at 127.0.0.1; `test_the_field_over_the_lan` runs this same file again
inside a network namespace it makes (tests/lan_namespace.py --pytest), where the phones reach
the app at the namespace's LAN address and the host's own browser at 127.0.0.1."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from conftest import PHONE, TYPICAL_HAND, new_game, screenshot, stored_game
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scorekeeper import store
from scorekeeper.store.connection import connect

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # tests.lan_namespace and tests.test_serve_lan, run from here
IN_LAN = bool(os.environ.get("SK_LAN_ADDRESS"))
SENT_WITHIN = 5.0  # seconds: the promise, a hand on the server once the network is back


def a_phone(browser, scheme: str = "light"):
    """Returns a fresh phone page (its own cookies); no service worker, as over plain http."""
    context = browser.new_context(**PHONE, color_scheme=scheme, service_workers="block")
    context.set_default_timeout(8000)
    return context.new_page()


def seated(live_app, page, origin: str, **setup) -> str:
    """Creates a game owned by this phone, its session good at the phone's address too."""
    game_id = new_game(live_app, page, **setup)
    cookies = page.context.cookies(live_app.config["LIVE_URL"])
    page.context.add_cookies(
        [{"name": c["name"], "value": c["value"], "url": origin} for c in cookies]
    )
    return game_id


def leave(page) -> None:
    """Closes a phone: first to a blank page, so no send or reload of its own is under way."""
    # A context closed while the form read itself again (the outbox, just back online) waited
    # for ever in a loaded CI run. The blank page waits for that navigation, then ends it.
    for _ in range(3):
        try:
            page.goto("about:blank")
            break
        except PlaywrightError:  # interrupted by the page's own navigation: let it land
            page.wait_for_load_state("load")
    page.context.close()


def api_hands(live_app, game_id: str) -> list[dict]:
    """Reads the game's hands through the API, with the game's view link."""
    token = stored_game(live_app, game_id).tokens.view
    request = urllib.request.Request(
        f"{live_app.config['LIVE_URL']}/api/v1/games/{game_id}",
        headers={"Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return list(json.loads(response.read())["hands"])


def hands_arrive(live_app, game_id: str, count: int, within: float) -> list[dict]:
    """Reads the API until it holds `count` hands or `within` seconds pass; returns the last read."""
    deadline = time.monotonic() + within
    while True:
        hands = api_hands(live_app, game_id)
        if len(hands) >= count or time.monotonic() > deadline:
            return hands
        time.sleep(0.1)


def type_hand(page, we: str, they: str) -> None:
    """Types a small hand: each side's melded points."""
    page.locator("#f-0-melded_points").fill(we)
    page.locator("#f-1-melded_points").fill(they)


def test_the_phones_page_is_a_secure_context_only_at_loopback(live_app, browser, origin):
    """The namespace stands for the field: there the page has no secure context's APIs."""
    page = a_phone(browser)
    game_id = seated(live_app, page, origin)
    page.goto(f"{origin}/games/{game_id}")
    assert page.evaluate("isSecureContext") is (not IN_LAN)
    assert page.evaluate("'locks' in navigator && 'serviceWorker' in navigator") is (not IN_LAN)
    leave(page)


def test_a_hand_saved_offline_on_the_form_goes_by_itself_once(live_app, browser, origin, scheme):
    """The form stays open: back online, the hand is on the server within 5 s, once, and the
    page says it waited, then that it was sent."""
    page = a_phone(browser, scheme)
    game_id = seated(live_app, page, origin)
    page.goto(f"{origin}/games/{game_id}/hands/new")
    type_hand(page, "120", "75")
    page.context.set_offline(True)
    page.locator("button[type=submit]").click()
    expect(page.locator(".outbox-queued")).to_contain_text("Hand 1 is waiting on this phone")
    expect(page.locator(".outbox-queued")).to_contain_text("other phones' hands")
    screenshot(page, f"field-waiting-{scheme}")
    assert api_hands(live_app, game_id) == []

    page.context.set_offline(False)
    back = time.monotonic()
    hands = hands_arrive(live_app, game_id, 1, SENT_WITHIN)
    where = "LAN address" if IN_LAN else "127.0.0.1"
    print(f"\non the server {time.monotonic() - back:.2f} s after the network returned ({where})")
    assert [h["number"] for h in hands] == [1]
    expect(page.locator(".outbox-sent")).to_contain_text("Hand 1 was sent.")
    expect(page.locator(".outbox-queued")).to_have_count(0)
    screenshot(page, f"field-sent-{scheme}")
    # Two more rounds of the page's sending, and a reload: still the one hand.
    page.wait_for_timeout(4500)
    page.reload()
    page.wait_for_load_state("load")
    assert len(api_hands(live_app, game_id)) == 1
    leave(page)


def test_offline_the_form_goes_on_with_the_hands_not_yet_sent(live_app, browser, origin):
    """Saved offline, the form is the next hand's at once, in place: above it the totals the
    server last gave and each hand not yet sent, with the figures the server's preview gave
    for it (none for a hand typed offline); back online both go, in order, and the form is
    read again with the server's totals."""
    page = a_phone(browser)
    game_id = seated(live_app, page, origin)
    page.goto(f"{origin}/games/{game_id}/hands/new")
    type_hand(page, "120", "75")
    expect(page.locator("output.pv-sum")).to_have_text("We +120 · They +75 → 120 / 75")
    page.context.set_offline(True)
    page.locator("button[type=submit]").click()
    expect(page.locator("main h1")).to_have_text("Hand 2")
    expect(page.locator("#f-0-melded_points")).to_have_value("")
    running = page.locator(".outbox-running")
    expect(running.locator(".outbox-last")).to_have_text(
        "Totals as the server last gave them: We 0 · They 0"
    )
    expect(running.locator("[data-pending='1']")).to_have_text(
        "Hand 1, not yet sent: We +120 → 120 · They +75 → 75"
    )
    type_hand(page, "90", "60")
    page.locator("button[type=submit]").click()
    expect(page.locator("main h1")).to_have_text("Hand 3")
    expect(running.locator("[data-pending='2']")).to_have_text(
        "Hand 2, not yet sent: its score comes when it is sent."
    )
    expect(page.locator(".outbox-queued")).to_contain_text("the preview's exact score")
    assert api_hands(live_app, game_id) == []

    page.context.set_offline(False)
    hands = hands_arrive(live_app, game_id, 2, SENT_WITHIN)
    assert [h["number"] for h in hands] == [1, 2]
    expect(page.locator("p.totals .side-0")).to_have_text("We 210")  # read again
    expect(page.locator("p.totals .side-1")).to_have_text("They 135")
    expect(page.locator(".outbox-running")).to_have_count(0)
    expect(page.locator("main h1")).to_have_text("Hand 3")
    assert len(api_hands(live_app, game_id)) == 2
    leave(page)


def test_two_phones_on_the_same_hand_choose_side_by_side(live_app, browser, origin, scheme):
    """Both phones save hand 1 offline; the later one shows theirs beside mine, and records
    mine only as hand 2, by choice; nothing is recorded twice."""
    first = a_phone(browser, scheme)
    game_id = seated(live_app, first, origin)
    edit = stored_game(live_app, game_id).tokens.edit
    second = a_phone(browser, scheme)
    second.goto(f"{origin}/join/{edit}")
    for page, (we, they) in ((first, ("120", "75")), (second, ("90", "60"))):
        page.goto(f"{origin}/games/{game_id}/hands/new")
        type_hand(page, we, they)
        page.context.set_offline(True)
        page.locator("button[type=submit]").click()
        expect(page.locator(".outbox-queued")).to_be_visible()

    first.context.set_offline(False)
    assert len(hands_arrive(live_app, game_id, 1, SENT_WITHIN)) == 1
    second.context.set_offline(False)
    clash = second.locator(".outbox-clash")
    expect(clash).to_contain_text("Another phone saved hand 1 before this one reached it")
    expect(clash.locator(".clash-theirs .detail")).to_contain_text("120")
    expect(clash.locator(".clash-mine")).to_contain_text("90")
    clash.scroll_into_view_if_needed()
    screenshot(second, f"field-clash-{scheme}")
    assert [h["number"] for h in api_hands(live_app, game_id)] == [1]
    # Back to the sheet: no form offers itself as hand 2 filled with mine meanwhile.
    second.goto(f"{origin}/games/{game_id}")
    expect(second.locator(".outbox-clash")).to_be_visible()

    second.locator(".outbox-clash a", has_text="Record mine as hand 2").click()
    expect(second.locator("#f-0-melded_points")).to_have_value("90")
    second.locator("button[type=submit]").click()
    second.wait_for_url(f"**/games/{game_id}#hand-2")
    hands = api_hands(live_app, game_id)
    assert [h["number"] for h in hands] == [1, 2]
    leave(first)
    leave(second)


def test_a_waiting_hand_goes_before_a_new_form(live_app, browser, origin):
    """Back online with hand 1 still waiting, "We went out" on the sheet: hand 1 goes first,
    and the form that opens is hand 2's, never a second form for hand 1."""
    page = a_phone(browser)
    game_id = seated(live_app, page, origin)
    page.goto(f"{origin}/games/{game_id}/hands/new")
    type_hand(page, "120", "75")
    page.route(
        "**/hands/new*",
        lambda route: route.abort() if route.request.method == "POST" else route.continue_(),
    )
    page.locator("button[type=submit]").click()  # the send fails: the hand waits
    expect(page.locator(".outbox-queued")).to_be_visible()
    page.goto(f"{origin}/games/{game_id}")
    expect(page.locator(".outbox-waiting")).to_contain_text("1 hand waiting to be sent.")
    assert api_hands(live_app, game_id) == []
    # Waits for a send the route is handling: a handler cut off mid-way holds the page's
    # close for ever (Playwright waits for running route handlers when a context closes).
    page.unroute_all(behavior="wait")
    page.locator("p.went-out a.side-0").tap()
    expect(page.locator("main h1")).to_have_text("Hand 2")
    assert [h["number"] for h in api_hands(live_app, game_id)] == [1]
    leave(page)


def test_keep_theirs_drops_mine(live_app, browser, origin):
    """Keep theirs: the waiting hand goes, the server keeps the one hand it had."""
    page = a_phone(browser)
    game_id = seated(live_app, page, origin)
    page.goto(f"{origin}/games/{game_id}/hands/new")
    type_hand(page, "90", "60")
    page.context.set_offline(True)
    page.locator("button[type=submit]").click()
    expect(page.locator(".outbox-queued")).to_be_visible()
    db = connect(live_app.config["DATABASE"])  # another phone saves hand 1 meanwhile
    try:
        version = store.get_game(db, game_id).version
        store.record_hand(db, game_id, TYPICAL_HAND, version=version, form_token="x" * 22)
    finally:
        db.close()
    page.context.set_offline(False)
    page.locator(".outbox-clash button", has_text="Keep theirs").click()
    expect(page.locator(".outbox-clash")).to_have_count(0)
    assert page.evaluate("Outbox.all().then(list => list.length)") == 0
    assert [h["number"] for h in api_hands(live_app, game_id)] == [1]
    leave(page)


def test_the_screen_stays_on_in_play_and_is_released_at_the_end(live_app, browser, origin):
    """Over plain http the looping video keeps the screen on from the first tap; at loopback
    the API or the video; either way released when the game ends."""
    page = a_phone(browser)
    game_id = seated(live_app, page, origin, start_totals={"We": 4900})
    page.goto(f"{origin}/games/{game_id}")
    page.wait_for_function("() => document.documentElement.dataset.wakeLock")
    page.locator("h1").tap()
    page.wait_for_function(
        "() => ['held', 'video'].includes(document.documentElement.dataset.wakeLock)"
    )
    state = page.locator("html").get_attribute("data-wake-lock")
    if IN_LAN:
        assert state == "video"
    db = connect(live_app.config["DATABASE"])  # another phone saves the hand that ends it
    try:
        version = store.get_game(db, game_id).version
        store.record_hand(db, game_id, TYPICAL_HAND, version=version, form_token="y" * 22)
    finally:
        db.close()
    expect(page.locator("#course-title")).to_be_visible(timeout=10000)
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "released")
    leave(page)


KEPT_ON = "() => ['held', 'video'].includes(document.documentElement.dataset.wakeLock)"


def test_the_hand_form_keeps_the_screen_on_once_it_has_loaded(live_app, browser, origin):
    """The form's wake lock comes after the page (app.js loads it): over plain http the
    looping video from the first tap, at loopback the API or the video; the outbox is there
    before, as a Save offline needs it."""
    page = a_phone(browser)
    game_id = seated(live_app, page, origin)
    page.goto(f"{origin}/games/{game_id}/hands/new")
    assert page.evaluate("typeof Outbox") == "object"  # deferred: there by the load event
    page.wait_for_function("() => document.documentElement.dataset.wakeLock")
    page.locator("h1").tap()
    page.wait_for_function(KEPT_ON)
    if IN_LAN:
        assert page.locator("html").get_attribute("data-wake-lock") == "video"
    leave(page)


HIDDEN = """hidden => {
  Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_the_screen_is_let_go_when_hidden_and_when_switched_off(live_app, browser, origin):
    """Hidden, the page lets the screen go and takes it again when shown; the sheet's switch
    turns it off for this browser, a reload and the hand form included, and on again."""
    page = a_phone(browser)
    game_id = seated(live_app, page, origin)
    page.goto(f"{origin}/games/{game_id}")
    page.wait_for_function("() => document.documentElement.dataset.wakeLock")
    page.locator("h1").tap()
    page.wait_for_function(KEPT_ON)
    page.evaluate(HIDDEN, True)
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "released")
    page.evaluate(HIDDEN, False)
    page.wait_for_function(KEPT_ON)

    switch = page.locator("#keep-awake")
    expect(switch).to_be_checked()
    switch.tap()
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "off")
    if not IN_LAN:
        assert page.evaluate("'wakeLock' in navigator")
    page.reload()
    expect(page.locator("#keep-awake")).not_to_be_checked()
    page.locator("h1").tap()
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "off")
    page.goto(f"{origin}/games/{game_id}/hands/new")
    page.locator("h1").tap()
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "off")
    page.goto(f"{origin}/games/{game_id}")
    page.locator("#keep-awake").tap()
    page.wait_for_function(KEPT_ON)
    leave(page)


def test_the_home_qr_admits_a_scorer(live_app, browser, origin, scheme):
    """The host's home page QR, read as a camera would, lands a new phone on the game in
    progress with "Record hand", and the sheet's head says this phone scores."""
    from test_join import scanned

    host = a_phone(browser, scheme)
    game_id = seated(live_app, host, origin)
    live_app.config["LAN_ORIGINS"] = [origin]
    try:
        host.goto(f"{live_app.config['LIVE_URL']}/")
        url = scanned(host.locator("section.join svg"))
    finally:
        live_app.config["LAN_ORIGINS"] = []
    assert url.startswith(f"{origin}/table/")  # the host's table key in it
    live_app.config["LAN_ORIGINS"] = [origin]  # /table answers only on a home table
    try:
        phone = a_phone(browser, scheme)
        phone.goto(url)
        if "/table" in phone.url:  # other tests' games are in progress too: this one is chosen
            phone.locator(f"form[action$='/{game_id}'] button").tap()
        expect(phone).to_have_url(f"{origin}/games/{game_id}")
        expect(phone.locator("a", has_text="Record hand 1")).to_be_visible()
        expect(phone.locator(".role-line")).to_have_text("This phone scores this game.")
        screenshot(phone, f"field-role-scorer-{scheme}")
    finally:
        live_app.config["LAN_ORIGINS"] = []
    viewer = a_phone(browser, scheme)
    viewer.goto(f"{origin}/join/{stored_game(live_app, game_id).tokens.view}")
    expect(viewer.locator(".role-line")).to_contain_text("This phone only follows this game.")
    expect(viewer.locator("a", has_text="Record hand 1")).to_have_count(0)
    screenshot(viewer, f"field-role-viewer-{scheme}")
    for page in (host, phone, viewer):
        leave(page)


@pytest.mark.slow
@pytest.mark.skipif(IN_LAN, reason="already inside the namespace")
def test_the_field_over_the_lan() -> None:
    """Runs every test above, test_field_mend.py's, the hand form's chips (test_form_drawn.py)
    and large type's (the switch, and the public standings in it), again in a network
    namespace, phones at its LAN address."""
    from tests.test_serve_lan import _unshare

    replay = subprocess.Popen(
        [
            *_unshare(),
            sys.executable,
            "-m",
            "tests.lan_namespace",
            "--pytest",
            "-v",  # each test named as it starts: a hang says where
            "-p",
            "no:cacheprovider",
            "-x",
            str(Path(__file__)),
            str(Path(__file__).with_name("test_field_mend.py")),  # the review's mends too
            str(Path(__file__).with_name("test_form_drawn.py")),  # the form's chips and steppers
            # large type is the page's own <style>: allowed by its CSP at the LAN address too
            str(Path(__file__).with_name("test_legible.py"))
            + "::test_large_type_is_kept_on_every_page_without_javascript",
            str(Path(__file__).with_name("test_column_headings.py"))  # public results, large type
            + "::test_a_public_seasons_standings_fit_a_phone_in_large_type",
            "-k",
            "not over_the_lan",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group: stopped whole, no orphan left
    )
    try:
        out, err = replay.communicate(timeout=600)
    except subprocess.TimeoutExpired:
        os.killpg(replay.pid, signal.SIGKILL)  # pytest, its servers and browsers with it
        out, err = replay.communicate()
        pytest.fail("the replay at the LAN address hung:\n" + out[-6000:] + err[-3000:])
    assert replay.returncode == 0, out[-6000:] + err[-3000:]
    assert " passed" in out and " skipped" not in out, out[-3000:]

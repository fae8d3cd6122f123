"""`scorekeeper serve --lan` for real: waitress on a free port, reachable beyond loopback,
announcing each LAN address as a link and a QR code, and Share links that name it."""

from __future__ import annotations

import http.cookiejar
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import store
from scorekeeper.serve import lan_addresses
from scorekeeper.store.connection import connect, migrate

pytestmark = pytest.mark.slow  # a real server in a subprocess: the fast loop skips it

DUMMY = "sk-test0"  # a dummy interface made only when this machine has no LAN address
DUMMY_ADDRESS = "10.251.0.1"
URL = re.compile(r"open (http://[0-9.]+:[0-9]+)/")
QR_BLOCKS = re.compile(r"[█▀▄]{6,}")  # segno's compact terminal QR: half blocks


def _ip(*args: str) -> bool:
    ip = shutil.which("ip")
    return ip is not None and subprocess.run([ip, *args], capture_output=True).returncode == 0


@pytest.fixture(scope="module")
def lan_address() -> Iterator[str]:
    """Returns a non-loopback address of this machine, adding a dummy interface if none exists."""
    found = lan_addresses()
    if found:
        yield found[0]
        return
    made = _ip("link", "add", DUMMY, "type", "dummy") and _ip(
        "addr", "add", f"{DUMMY_ADDRESS}/24", "dev", DUMMY
    )
    made = made and _ip("link", "set", DUMMY, "up")
    if not made:
        _ip("link", "delete", DUMMY)
        message = "no LAN address here, and no dummy interface could be made (needs root)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    try:
        yield DUMMY_ADDRESS
    finally:
        _ip("link", "delete", DUMMY)


@pytest.fixture(scope="module")
def served(tmp_path_factory, lan_address) -> Iterator[tuple[str, str, Path]]:
    """Starts `scorekeeper serve --lan --port 0` and returns its printout, LAN URL and database."""
    instance = tmp_path_factory.mktemp("instance")
    env = {**os.environ, "SCOREKEEPER_INSTANCE": str(instance), "PYTHONUNBUFFERED": "1"}
    scorekeeper = Path(sys.executable).with_name("scorekeeper")  # the installed command
    command = [str(scorekeeper), "serve", "--lan", "--port", "0"]
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    printed = ""
    try:
        assert process.stdout is not None
        while "Ctrl+C" not in printed:  # the announcement ends with how to stop it
            line = process.stdout.readline()
            assert line, f"serve exited early: {printed}"
            printed += line
        urls = URL.findall(printed)
        lan = next(u for u in urls if lan_address in u)
        yield printed, lan, instance / "scorekeeper.db"
    finally:
        process.terminate()
        process.wait(timeout=10)
        if process.stdout is not None:
            process.stdout.close()


def get(opener: urllib.request.OpenerDirector, url: str) -> str:
    """Returns the page's text, retrying for a moment while the server starts."""
    for _ in range(50):
        try:
            with opener.open(url, timeout=5) as response:
                return response.read().decode()
        except ConnectionError:
            time.sleep(0.1)
    raise AssertionError(f"nothing answers at {url}")


def test_serve_announces_each_lan_address_with_a_qr_code(served, lan_address) -> None:
    """The printout names a non-loopback URL, draws a QR code, and says no development server."""
    printed, lan, _ = served
    assert lan.startswith(f"http://{lan_address}:")
    assert QR_BLOCKS.search(printed)
    assert "development server" not in printed.lower()
    assert "http://127.0.0.1:" in printed  # the hosting computer's own address too


def test_serve_lan_listens_beyond_loopback(served) -> None:
    """The LAN address answers, as a phone at the table would reach it."""
    _, lan, _ = served
    opener = urllib.request.build_opener()
    assert "Canasta" in get(opener, f"{lan}/")


def test_share_links_name_the_lan_address(served) -> None:
    """Opened on the host (loopback) or a phone (LAN), the Share page links name the LAN address."""
    _, lan, database = served
    migrate(database)
    conn = connect(database)
    try:
        game = store.create_game(
            conn,
            format_id="classic",
            sides=[("We", ["A", "C"]), ("They", ["B", "D"])],
            first_dealer="A",
        )
    finally:
        conn.close()
    port = lan.rsplit(":", 1)[1]
    for origin in (lan, f"http://127.0.0.1:{port}"):
        opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        get(opener, f"{origin}/join/{game.tokens.owner}")
        page = get(opener, f"{origin}/games/{game.id}/share")
        links = re.findall(r'value="(http[^"]+/join/[^"]+)"', page)
        assert len(links) == 2 and all(link.startswith(f"{lan}/join/") for link in links)
        assert "127.0.0.1" not in page and "cannot open" not in page

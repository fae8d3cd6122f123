"""Runs `scorekeeper serve --lan` inside a network namespace of its own, and probes it there.

Started by tests/test_serve_lan.py as `unshare --net python -m tests.lan_namespace`: the
namespace has loopback and, unless asked otherwise, one made-up LAN address on a veth pair (or
a dummy interface) that exists only inside it, so nothing here can reach the machine's real
network. Prints one JSON report on stdout: what `serve` printed, and what each page answered.
With `--pytest ARGS` it runs pytest there instead (tests/browser/test_field.py): the browser
tests that stand for phones, reaching the app at the LAN address, where no page is a secure
context.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ADDRESS = "10.251.0.1"  # a private address that exists only inside the namespace
URL = re.compile(r"(http://[0-9.]+:[0-9]+)/")


def _ip(*args: str) -> bool:
    return subprocess.run(["ip", *args], capture_output=True).returncode == 0


def make_lan() -> bool:
    """Brings loopback up and gives the namespace one LAN address; tells whether it could."""
    _ip("link", "set", "lo", "up")
    made = _ip("link", "add", "sk-lan", "type", "dummy") or _ip(
        "link", "add", "sk-lan", "type", "veth", "peer", "name", "sk-peer"
    )
    return (
        made
        and _ip("addr", "add", f"{ADDRESS}/24", "dev", "sk-lan")
        and _ip("link", "set", "sk-lan", "up")
        and (_ip("link", "set", "sk-peer", "up") or True)
    )


def get(opener: urllib.request.OpenerDirector, url: str) -> str:
    """Returns the page's text, retrying for a moment while the server starts (bounded)."""
    for _ in range(300):  # up to 30 s while the server starts
        try:
            with opener.open(url, timeout=5) as response:
                return response.read().decode()
        except ConnectionError:
            time.sleep(0.1)
    raise AssertionError(f"nothing answers at {url}")


def browser_tests(arguments: list[str]) -> int:
    """Runs pytest on browser tests in the namespace, phones at its LAN address (no loopback)."""
    if not make_lan():
        print("no LAN interface could be made in the namespace")
        return 1
    env = {**os.environ, "SK_LAN_ADDRESS": ADDRESS}
    return subprocess.run([sys.executable, "-m", "pytest", *arguments], env=env).returncode


def main() -> int:
    """Starts serve in the namespace, probes it, prints the report."""
    if sys.argv[1:2] == ["--pytest"]:
        return browser_tests(sys.argv[2:])
    with_lan = os.environ.get("SK_PROBE_LAN", "1") == "1"
    if with_lan and not make_lan():
        print(json.dumps({"error": "no LAN interface could be made in the namespace"}))
        return 1
    if not with_lan:
        _ip("link", "set", "lo", "up")
    scorekeeper = Path(sys.executable).with_name("scorekeeper")
    command = [str(scorekeeper), "serve", "--lan", *sys.argv[1:]]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    printed, report = "", {}
    try:
        assert process.stdout is not None
        deadline = time.monotonic() + 90  # a busy machine starts Python slowly
        while "Ctrl+C" not in printed and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            printed += line
        report["printed"] = printed
        report["exit"] = process.poll()
        urls = URL.findall(printed)
        lan = next((u for u in urls if ADDRESS in u), None)
        report["lan"] = lan
        if lan and os.environ.get("SK_PROBE_OWNER"):
            keyed = re.search(r"http://[0-9.]+:[0-9]+/table/[A-Za-z0-9_-]+", printed)
            table = keyed.group(0) if keyed else f"{lan}/table"  # the QR's link, with its key
            game, owner = os.environ["SK_PROBE_GAME"], os.environ["SK_PROBE_OWNER"]
            report["pages"] = pages(lan, table, game, owner)
    finally:
        process.terminate()
        process.wait(timeout=10)
        if process.stdout is not None:
            process.stdout.close()
    print(json.dumps(report))
    return 0


def pages(lan: str, table: str, game_id: str, owner: str) -> dict[str, str]:
    """Opens the home page through the LAN address, the Share page through LAN and loopback,
    and the table's link (with its key) as printed."""
    port = lan.rsplit(":", 1)[1]
    found = {"home": get(urllib.request.build_opener(), f"{lan}/")}
    for origin in (lan, f"http://127.0.0.1:{port}"):
        opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        get(opener, f"{origin}/join/{owner}")
        found[f"share {origin}"] = get(opener, f"{origin}/games/{game_id}/share")
        get(opener, f"{origin}/")  # at 127.0.0.1 the host's own home: its games are the table's
    # The table's QR, scanned by a phone that never joined: where it lands, and in which role.
    found["table"] = get(
        urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())),
        table,
    )
    return found


if __name__ == "__main__":
    sys.exit(main())

"""`scorekeeper serve --lan` for real: waitress on a free port, reachable beyond loopback,
announcing each LAN address as a link and a QR code, and Share links that name it.

Everything runs inside a network namespace the test makes (`unshare --net`, with a made-up LAN
address on an interface that exists only there: tests/lan_namespace.py), so no request ever
goes to this machine's real network, whatever interfaces it has."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import store
from scorekeeper.store.connection import connect, migrate

pytestmark = pytest.mark.slow  # a real server in a subprocess: the fast loop skips it

ROOT = Path(__file__).resolve().parents[1]
ADDRESS = "10.251.0.1"  # tests/lan_namespace.py gives the namespace this address
QR_BLOCKS = re.compile(r"[█▀▄]{6,}|(?:\x1b\[[0-9;]*m  ){6,}")  # a QR drawn in the terminal


def _unshare() -> list[str]:
    """Returns the command that starts a process in a new network namespace (root or not)."""
    unshare = shutil.which("unshare")
    if unshare is None or shutil.which("ip") is None:
        message = "needs unshare and ip (util-linux, iproute2) to make a network namespace"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    own_root = [] if os.geteuid() == 0 else ["--user", "--map-root-user"]
    return [unshare, *own_root, "--net"]


def in_namespace(instance: Path, *args: str, lan: bool = True, **probe: str) -> dict[str, Any]:
    """Runs `serve --lan ARGS` in a namespace of its own and returns the probe's report."""
    env = {
        **os.environ,
        "SCOREKEEPER_INSTANCE": str(instance),
        "SK_PROBE_LAN": "1" if lan else "0",
        "LC_ALL": "C.UTF-8",  # the printout in English, whatever this machine's language
        "FORCE_COLOR": "1",  # piped here, as a terminal would show it (test_serve_field)
        **{f"SK_PROBE_{k.upper()}": v for k, v in probe.items()},
    }
    env.pop("SCOREKEEPER_DATABASE", None)
    done = subprocess.run(
        [*_unshare(), sys.executable, "-m", "tests.lan_namespace", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    if done.returncode and "unshare" in done.stderr:  # no namespaces here (a locked sandbox)
        if os.environ.get("CI"):
            pytest.fail(done.stderr)
        pytest.skip(f"cannot make a network namespace: {done.stderr.strip()}")
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> dict[str, Any]:
    """Serves a database holding one game in a namespace, and returns what the probe saw."""
    instance = tmp_path_factory.mktemp("instance")
    database = instance / "scorekeeper.db"
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
    report = in_namespace(instance, "--port", "0", game=game.id, owner=game.tokens.owner)
    report["game"] = game.id
    return report


def test_serve_announces_each_lan_address_with_a_qr_code(served) -> None:
    """The printout names the namespace's LAN URL, draws a QR code, and says no dev server."""
    printed, lan = served["printed"], served["lan"]
    assert lan and lan.startswith(f"http://{ADDRESS}:"), printed
    assert QR_BLOCKS.search(printed)
    assert "development server" not in printed.lower()
    assert "http://127.0.0.1:" in printed  # the hosting computer's own address too


def test_serve_lan_listens_beyond_loopback(served) -> None:
    """The LAN address answers, as a phone at the table would reach it."""
    assert "Canasta" in served["pages"]["home"]


def test_share_links_name_the_lan_address(served) -> None:
    """Opened on the host (loopback) or a phone (LAN), the Share page links name the LAN address."""
    lan = served["lan"]
    for origin in (lan, f"http://127.0.0.1:{lan.rsplit(':', 1)[1]}"):
        page = served["pages"][f"share {origin}"]
        links = re.findall(r'value="(http[^"]+/join/[^"]+)"', page)
        assert len(links) == 2 and all(link.startswith(f"{lan}/join/") for link in links)
        assert "127.0.0.1" not in page and "cannot open" not in page


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_printed_qr_scans_on_light_and_dark_terminals(served, theme) -> None:
    """What `serve --lan` prints, drawn as a terminal of either theme shows it, reads back
    (zbar) as the table's link: the game in progress, one scan away."""
    from tests.terminal_render import decode, qr_blocks, render

    blocks = qr_blocks(served["printed"])
    assert blocks, served["printed"]
    read = [decode(render(block, theme)) for block in blocks]
    links = [link for found in read for link in found]
    assert any(link.startswith(f"{served['lan']}/table/") for link in links), read
    assert f"{served['lan']}/table" not in links  # the bare address admits nobody


def test_the_table_qr_admits_a_scorer(served) -> None:
    """The page the printed QR leads to, opened by a phone that never joined: the game in
    progress with "Record hand", its head saying this phone scores."""
    page = served["pages"]["table"]
    assert "Record hand 1" in page and "This phone scores this game." in page, page[:2000]


def test_lan_without_a_network_address_says_what_to_do(tmp_path) -> None:
    """In a namespace with loopback only, `serve --lan` says no network was found, and what to do."""
    report = in_namespace(tmp_path, "--port", "0", lan=False)
    printed = report["printed"]
    assert "No network address found" in printed, printed
    assert "start it with" not in printed
    assert "http://127.0.0.1:" in printed  # still serving this computer

"""Issue 34's restore drill: `serve --replicate` to a folder, writes, SIGKILL of both, restore.

`scorekeeper serve` runs as a user runs it, with Litestream beside it copying to a local folder
replica. Games, hands, an edit and an event round (a table's hands, a director's correction)
are written through the API; once the replica holds the last acknowledged write, the server
and Litestream are both killed with SIGKILL. `scorekeeper restore` then makes a new instance
from the replica alone: integrity_check ok, `scorekeeper check` clean, every acknowledged write
there, and the restored database equal to the killed server's own file, table by table."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.api.openapi import EXAMPLE_GAME
from scorekeeper.hosting import replicate
from tests.test_api_events import OUT, PAIRS, body

pytestmark = [
    pytest.mark.slow,  # a real server, Litestream, and a restore
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for the child"),
]
QUIET = {"melded_points": 50, "hand_points": 50}  # scores next to nothing: the game goes on
BOUND = 30  # seconds: every wait below ends by then


def _litestream() -> str:
    """Returns the litestream program; in CI (the replicate extra installed) its absence fails."""
    try:
        return replicate.binary()
    except replicate.ReplicaError:
        if os.environ.get("CI"):
            raise
        pytest.skip("litestream not installed: pip install -e '.[replicate]'")


class Api:
    """A phone talking JSON to the served app over loopback."""

    def __init__(self, base: str) -> None:
        self.base = base

    def call(
        self, method: str, path: str, sent: Any = None, token: str = "", version: int = 0
    ) -> Any:
        """Sends one request and returns the JSON answer; any status but 2xx fails the drill."""
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if version:
            headers |= {"If-Match": f'"{version}"', "Idempotency-Key": uuid.uuid4().hex}
        data = None if sent is None else json.dumps(sent).encode()
        request = urllib.request.Request(self.base + path, data, headers, method=method)
        with urllib.request.urlopen(request, timeout=BOUND) as answer:
            return json.load(answer)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Api, subprocess.Popen[str], Path, Path]]:
    """Runs `scorekeeper serve --replicate FOLDER` on a free port; yields it, its db and replica."""
    _litestream()
    instance, replica = tmp_path / "instance", tmp_path / "replica"
    env = {**os.environ, "SCOREKEEPER_INSTANCE": str(instance), "LANG": "C", "LC_ALL": "C"}
    command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", "0"]
    process = subprocess.Popen(
        [*command, "--replicate", str(replica)], env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        port, deadline = None, time.monotonic() + BOUND
        while port is None and time.monotonic() < deadline:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
            port = found and found.group(1)
        assert port, "serve did not start"
        yield Api(f"http://127.0.0.1:{port}"), process, instance / "scorekeeper.db", replica
    finally:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        process.wait(BOUND)
        if process.stdout is not None:
            process.stdout.close()


def _children(pid: int) -> list[int]:
    """Returns the process ids of pid's children (Linux's /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(n) for n in (task / "children").read_text().split()]
    return found


def _write_everything(api: Api) -> dict[str, Any]:
    """Writes games, hands, an edit and an event round; returns what each answer acknowledged."""
    acked: dict[str, Any] = {"games": {}}
    for _ in range(3):
        game = api.call("POST", "/api/v1/games", EXAMPLE_GAME)
        path, token, version = f"/api/v1/games/{game['id']}", game["tokens"]["edit"], 1
        for _hand in range(4):
            hand = {"hand": {"We": QUIET, "They": QUIET}}
            version = api.call("POST", f"{path}/hands", hand, token, version)["game"]["version"]
        edit = {"hand": {"We": OUT, "They": QUIET}}
        version = api.call("PUT", f"{path}/hands/2", edit, token, version)["game"]["version"]
        acked["games"][game["id"]] = (version, 4)
    event = api.call("POST", "/api/v1/events", body(entrants=PAIRS, rounds=2))
    url, director = f"/api/v1/events/{event['id']}", event["token"]
    api.call("POST", f"{url}/rounds", {}, director)
    table = api.call("GET", f"{url}/rounds", token=director)[0]["tables"][0]
    game_path = f"/api/v1/games/{table['game']}"
    for winner in (0, 1):
        seen = api.call("GET", game_path, token=table["token"])
        sides = table["sides"]
        hand = {"hand": {sides[winner]: OUT, sides[1 - winner]: {"melded_points": 50}}}
        api.call("POST", f"{game_path}/hands", hand, table["token"], seen["version"])
    corrected = {"scores": [2600, 1000]}
    api.call("PUT", f"{url}/rounds/1/tables/2", corrected, director)
    acked["event"] = (event["id"], table["game"])
    return acked


def _holds(database: Path, acked: dict[str, Any]) -> list[str]:
    """Returns each acknowledged write the database lacks (none: all there)."""
    missing = []
    with contextlib.closing(sqlite3.connect(database)) as db:
        for game_id, (version, hands) in acked["games"].items():
            row = db.execute("SELECT version, hand_count FROM games WHERE id = ?", [game_id])
            if row.fetchone() != (version, hands):
                missing.append(f"game {game_id} at version {version}")
        event_id, table_game = acked["event"]
        counted = db.execute("SELECT count(*) FROM hands WHERE game_id = ?", [table_game])
        if counted.fetchone() != (2,):
            missing.append(f"the event table's two hands ({table_game})")
        fixed = "SELECT corrected FROM event_tables WHERE event_id = ? AND round = 1 AND number = 2"
        if not (db.execute(fixed, [event_id]).fetchone() or [None])[0]:
            missing.append("the director's correction")
    return missing


def _caught_up(replica: Path, acked: dict[str, Any], scratch: Path) -> bool:
    """Waits (bounded) until a restore of the replica holds every acknowledged write."""
    deadline, attempt = time.monotonic() + BOUND, 0
    while time.monotonic() < deadline:
        attempt += 1
        copy = scratch / f"try{attempt}.db"
        with contextlib.suppress(replicate.ReplicaError):
            replicate.restore(str(replica), copy)
            if not _holds(copy, acked):
                return True
        time.sleep(0.5)
    return False


def _dump(database: Path) -> list[str]:
    """Returns the database's rows as SQL, Litestream's own bookkeeping tables left out."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        return [line for line in db.iterdump() if "_litestream" not in line]


def test_the_restore_drill(served, tmp_path: Path) -> None:
    api, server, database, replica = served
    (copier,) = _children(server.pid)
    acked = _write_everything(api)
    scratch = tmp_path / "scratch"
    assert _caught_up(replica, acked, scratch), "the replica never held the last write"

    for pid in (copier, server.pid):
        os.kill(pid, signal.SIGKILL)
    server.wait(BOUND)

    restored = tmp_path / "restored"
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "restore", str(replica), "--into", str(restored)],
        capture_output=True,
        text=True,
        timeout=BOUND * 2,
        check=False,
    )
    assert done.returncode == 0, done.stderr + done.stdout
    assert "integrity_check ok" in done.stdout
    played = len(acked["games"]) + len(PAIRS) // 2  # and round 1's tables
    assert f"Checked {played} games: stored scores equal a replay." in done.stdout
    assert _holds(restored / "scorekeeper.db", acked) == []
    assert _dump(restored / "scorekeeper.db") == _dump(database)  # the killed server's own file


def test_restore_refuses_a_folder_in_use(tmp_path: Path) -> None:
    """A restore never writes over an instance: a folder with anything in it is refused."""
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "scorekeeper.db").write_bytes(b"a live database")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "scorekeeper.cli",
            "restore",
            str(tmp_path / "r"),
            "--into",
            str(tmp_path / "instance"),
        ],
        capture_output=True,
        text=True,
        timeout=BOUND,
        check=False,
    )
    assert done.returncode == 2
    assert "is not empty" in done.stderr
    assert (tmp_path / "instance" / "scorekeeper.db").read_bytes() == b"a live database"


def _gone(pid: int) -> bool:
    """Waits (bounded) until no process has this id, or it is a zombie no one reaped yet."""
    deadline = time.monotonic() + BOUND
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return True
        if state == "Z":
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_litestream_stops_with_the_server(served, how) -> None:
    """Stopped (systemd's SIGTERM, Ctrl+C) or killed, serve never leaves its copier running."""
    _api, server, _database, _replica = served
    (copier,) = _children(server.pid)
    server.send_signal(how)
    server.wait(BOUND)
    assert _gone(copier)

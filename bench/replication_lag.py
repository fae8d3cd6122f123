"""How long an acknowledged hand takes to reach the replica under `serve --replicate FOLDER`.

    .venv/bin/python bench/replication_lag.py [SAVES]

Starts `scorekeeper serve --port 0 --replicate FOLDER` on a fresh instance (loopback only),
makes one game through the API, then saves SAVES (20) hands one at a time, each after the
replica has taken the previous one. For each it times, from the save's answer, until
Litestream writes the next level-0 file of the replica (each one a sync of new WAL pages).
Prints the median and the longest lag: what a host killed at that moment would lose at most.
Bounded: SAVES saves, each wait at most 10 s.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.api.openapi import EXAMPLE_GAME  # noqa: E402

QUIET = {"melded_points": 50, "hand_points": 50}
WAIT = 10.0


def call(url: str, body: object, headers: dict[str, str] | None = None) -> dict:
    """Sends one JSON POST and returns the answer."""
    request = urllib.request.Request(url, json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def level0(replica: Path) -> set[str]:
    """Returns the replica's level-0 files: one per sync Litestream made."""
    folder = replica / "ltx" / "0"
    return {p.name for p in folder.iterdir()} if folder.is_dir() else set()


def synced_after(replica: Path, before: set[str]) -> float | None:
    """Returns seconds until a level-0 file not in before appears (None: not within WAIT)."""
    began = time.perf_counter()
    while time.perf_counter() - began < WAIT:
        if level0(replica) - before:
            return time.perf_counter() - began
        time.sleep(0.005)
    return None


def main(saves: int) -> None:
    """Serves with a folder replica, saves hands, prints the lag of each to the replica."""
    with tempfile.TemporaryDirectory() as scratch:
        replica = Path(scratch) / "replica"
        env = {**os.environ, "SCOREKEEPER_INSTANCE": f"{scratch}/instance", "LC_ALL": "C"}
        command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", "0"]
        server = subprocess.Popen(
            [*command, "--replicate", str(replica)], env=env, stdout=subprocess.PIPE, text=True
        )
        try:
            assert server.stdout is not None
            found = None
            while found is None:
                found = re.search(r"http://127\.0\.0\.1:\d+", server.stdout.readline())
            base = found.group(0)
            game = call(f"{base}/api/v1/games", EXAMPLE_GAME)
            time.sleep(3)  # the first snapshot made
            lags = []
            for n in range(1, saves + 1):
                before = level0(replica)
                headers = {
                    "Authorization": f"Bearer {game['tokens']['edit']}",
                    "If-Match": f'"{n}"',
                    "Idempotency-Key": f"bench-replication-lag-{n:06d}",
                }
                hand = {"hand": {"We": QUIET, "They": QUIET}}
                call(f"{base}/api/v1/games/{game['id']}/hands", hand, headers)
                lag = synced_after(replica, before)
                if lag is not None:
                    lags.append(lag)
            print(f"saves {saves}, reached the replica {len(lags)}")
            print(f"lag: median {statistics.median(lags):.2f} s, longest {max(lags):.2f} s")
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)

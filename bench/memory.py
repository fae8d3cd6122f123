"""One worker's memory while it serves many different long games: bounded by the game cache's bytes.

    .venv/bin/python bench/memory.py [--games 1000] [--hands 200] [--cache-mb 32]

Builds a database of `games` different games of `hands` hands each, serves it under gunicorn as
the README's production command does but with one worker, reads every game once through the
API (each read replays a game the worker has not seen, and keeps it in the game cache), and
samples the worker's resident memory as it goes. Prints the curve, then, last,
`rss_mb_start=A rss_mb_max=B bound_mb=C`: C is the documented ceiling of docs/performance.md.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_data import PLAYERS, STAMP, entries, freeze_classic_rules, token  # noqa: E402
from bench_http import free_port  # noqa: E402

from scorekeeper.store.connection import migrate  # noqa: E402

CEILING_MB = 150  # a worker's documented ceiling with the default 32 MB game cache
LONG = [  # hands that score nothing, so a game of any length goes on
    json.dumps({"hand": {s: {"melded_points": p, "hand_points": p} for s in PLAYERS}})
    for p in (60, 75, 90)
]


def build(path: Path, games: int, hands: int) -> list[str]:
    """Creates `games` Classic games of `hands` hands each, no two alike; returns their ids."""
    migrate(path)
    opening = entries(20)
    ids = [f"long{i:05d}" for i in range(games)]
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO games (id, format, options, first_dealer, seating, start_totals, version,"
        " reopened, owner_token, edit_token, view_token, created_at, updated_at)"
        " VALUES (?, 'classic', '[]', 'Ann', '[]', '{}', ?, 0, ?, ?, ?, ?, ?)",
        (
            (g, 1 + hands, *(token(g, r) for r in ("owner", "edit", "view")), STAMP, STAMP)
            for g in ids
        ),
    )
    conn.executemany(
        "INSERT INTO sides (game_id, position, name) VALUES (?, ?, ?)",
        ((g, i, side) for g in ids for i, side in enumerate(PLAYERS)),
    )
    conn.executemany(
        "INSERT INTO players (game_id, side_position, position, name) VALUES (?, ?, ?, ?)",
        (
            (g, i, j, name)
            for g in ids
            for i, names in enumerate(PLAYERS.values())
            for j, name in enumerate(names)
        ),
    )
    # Game i opens with a different stretch of the sample hands, then plays on.
    conn.executemany(
        "INSERT INTO hands (game_id, number, entry, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
        (
            (g, k + 1, opening[(n + k) % 20] if k < 10 else LONG[(n + k) % 3], STAMP, STAMP)
            for n, g in enumerate(ids)
            for k in range(hands)
        ),
    )
    freeze_classic_rules(conn, ids)
    conn.execute("COMMIT")
    conn.close()
    return ids


def rss_mb(pid: int) -> float:
    """Returns a process's resident memory in MB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


def worker_pid(master: int) -> int:
    """Returns the one worker's pid: the master's child."""
    for _ in range(200):
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        if children:
            return int(children[0])
        time.sleep(0.05)
    raise RuntimeError("gunicorn started no worker")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--cache-mb", type=float, help="SCOREKEEPER_GAME_CACHE_BYTES in MB")
    args = parser.parse_args()
    started = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="memory-"))
    ids = build(folder / "scorekeeper.db", args.games, args.hands)
    print(f"built {args.games} games of {args.hands} hands in {time.monotonic() - started:.0f} s")
    env = os.environ | {"SCOREKEEPER_INSTANCE": str(folder), "PYTHONPATH": str(ROOT)}
    if args.cache_mb is not None:
        env["SCOREKEEPER_GAME_CACHE_BYTES"] = str(int(args.cache_mb * 1024 * 1024))
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "--preload", "-w", "1", "--timeout", "120"]
    command += ["-b", f"127.0.0.1:{port}", "scorekeeper:create_app()"]
    with open(folder / "gunicorn.log", "ab") as log:
        server = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True
        )
    try:
        conn = None
        for _ in range(600):
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                conn.request("GET", "/")
                conn.getresponse().read()
                break
            except OSError:
                time.sleep(0.05)
        worker = worker_pid(server.pid)
        start = rss_mb(worker)
        top = start
        print(f"games=0 rss_mb={start:.1f}")
        for n, game_id in enumerate(ids, 1):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            headers = {"Authorization": f"Bearer {token(game_id, 'view')}"}
            conn.request("GET", f"/api/v1/games/{game_id}", headers=headers)
            answer = conn.getresponse()
            body = answer.read()
            if answer.status != 200:
                raise RuntimeError(f"{game_id}: {answer.status} {body[:200]!r}")
            top = max(top, rss_mb(worker))
            if n % 100 == 0 or n == len(ids):
                print(f"games={n} rss_mb={rss_mb(worker):.1f}", flush=True)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    print(f"{time.monotonic() - started:.0f} s in all")
    print(f"rss_mb_start={start:.1f} rss_mb_max={top:.1f} bound_mb={CEILING_MB}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A worker's memory after an evening's play: 2,000 hands in 200 games, every sheet and PDF read.

    .venv/bin/python bench/rss_after_play.py [--games 200] [--hands 10]

Serves a fresh database under `gunicorn --preload -w 2` on loopback, starts `games` games
through the API, records `hands` hands in each (bearer token, If-Match, Idempotency-Key, as a
phone does), then opens every game's sheet and downloads its PDF with the owner's cookie.
Prints each worker's resident memory (VmRSS) at the start and at the end, as
`rss_mb_start=A,B rss_mb_end=C,D`; the goal is at most 150 MB a worker. Bounded: a fixed
number of requests, each with a 10 s timeout.
"""

from __future__ import annotations

import argparse
import http.client
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_http import Gunicorn  # noqa: E402

SIDES = [{"name": "We", "players": ["Ann", "Bob"]}, {"name": "They", "players": ["Cy", "Di"]}]
HANDS = [  # small hands that keep a game going for ten of them
    {"hand": {"We": {"melded_points": p, "hand_points": 5}, "They": {"melded_points": 50}}}
    for p in (60, 75, 90, 120, 45)
]


def call(port: int, method: str, path: str, body: object = None, headers: dict | None = None):
    """Returns (status, headers, body bytes) of one request."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    data = None if body is None else json.dumps(body)
    conn.request(
        method, path, body=data, headers={"Content-Type": "application/json"} | (headers or {})
    )
    answer = conn.getresponse()
    payload = answer.read()
    conn.close()
    return answer.status, answer.headers, payload


def rss_mb(pid: int) -> float:
    """Returns a process's resident memory in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def workers(master: int) -> list[int]:
    """Returns the pids of the gunicorn master's workers."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:
            found.append(int(stat.parent.name))
    return sorted(found)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--hands", type=int, default=10)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="rss-"))
    server = Gunicorn(
        "scorekeeper:create_app()", {"SCOREKEEPER_INSTANCE": str(folder)}, folder / "g.log"
    )
    try:
        pids = workers(server.process.pid)
        start = [rss_mb(p) for p in pids]
        games = []
        for _ in range(args.games):
            status, _h, body = call(
                server.port,
                "POST",
                "/api/v1/games",
                {"format": "classic", "sides": SIDES, "first_dealer": "Ann"},
            )
            assert status == 201, body
            made = json.loads(body)
            games.append((made["id"], made["tokens"]["edit"], made["tokens"]["owner"]))
        recorded = 0
        for number in range(args.hands):
            for game_id, edit, _owner in games:
                status, headers, body = call(
                    server.port,
                    "POST",
                    f"/api/v1/games/{game_id}/hands",
                    HANDS[number % len(HANDS)],
                    {
                        "Authorization": f"Bearer {edit}",
                        "If-Match": f'"{number + 1}"',
                        "Idempotency-Key": f"rss-{game_id}-{number:04d}-xxxxxxxx",
                    },
                )
                assert status == 201, body
                recorded += 1
        for game_id, _edit, owner in games:
            _s, headers, _b = call(server.port, "GET", f"/join/{owner}")
            cookie = headers["Set-Cookie"].split(";", 1)[0]
            for path in (f"/games/{game_id}", f"/games/{game_id}/sheet.pdf"):
                status, _h, _b = call(server.port, "GET", path, headers={"Cookie": cookie})
                assert status == 200, (path, status)
        end = [rss_mb(p) for p in pids]
    finally:
        server.stop()
    print(f"games={len(games)} hands={recorded} sheets_and_pdfs={2 * len(games)}")
    print(
        "rss_mb_start="
        + ",".join(f"{m:.1f}" for m in start)
        + " rss_mb_end="
        + ",".join(f"{m:.1f}" for m in end)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

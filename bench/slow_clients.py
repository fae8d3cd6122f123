"""A hand save's time while 150 slow connections hang on `scorekeeper serve`'s waitress.

    .venv/bin/python bench/slow_clients.py [SLOW]

Serves a fresh app with `serve`'s settings on a free loopback port, starts one game through
the API, opens SLOW (150) connections that each send half a request and stay silent, then
times 20 hand saves one after another. Prints the save's median and slowest time, and the
same with no slow connection. Bounded: 20 saves, SLOW sockets, all on 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.api.openapi import EXAMPLE_GAME  # noqa: E402
from scorekeeper.hosting.limits import make_server  # noqa: E402

SAVES = 20
QUIET = {"melded_points": 50, "hand_points": 50}  # scores nothing: the game never ends


def post(url: str, body: object, headers: dict[str, str]) -> dict:
    """Sends one JSON POST and returns the answer."""
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers=headers, method="POST")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def saves(base: str, game: dict, start: int) -> list[float]:
    """Times SAVES hand saves in a row; returns each one's seconds."""
    took = []
    for n in range(start, start + SAVES):
        headers = {
            "Authorization": f"Bearer {game['tokens']['edit']}",
            "If-Match": f'"{n}"',
            "Idempotency-Key": f"bench-slow-clients-{n:06d}",
        }
        began = time.perf_counter()
        post(
            f"{base}/api/v1/games/{game['id']}/hands",
            {"hand": {"We": QUIET, "They": QUIET}},
            headers,
        )
        took.append(time.perf_counter() - began)
    return took


def main() -> None:
    """Prints the save times without and with SLOW hanging connections."""
    slow = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    os.environ["SCOREKEEPER_INSTANCE"] = tempfile.mkdtemp()
    from scorekeeper import create_app

    app = create_app()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    server = make_server(app, listener, threads=8)
    threading.Thread(target=server.run, daemon=True).start()
    base = f"http://127.0.0.1:{server.effective_port}"
    game = post(f"{base}/api/v1/games", EXAMPLE_GAME, {})
    alone = saves(base, game, 1)
    hanging = []
    for _ in range(slow):
        conn = socket.create_connection(("127.0.0.1", server.effective_port))
        conn.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        hanging.append(conn)
    crowded = saves(base, game, 1 + SAVES)
    for conn in hanging:
        conn.close()
    server.close()
    for name, took in (("no slow connection", alone), (f"{slow} slow connections", crowded)):
        ms = [t * 1000 for t in took]
        print(f"{name:>24}: save median {statistics.median(ms):.1f} ms, slowest {max(ms):.1f} ms")


if __name__ == "__main__":
    main()

"""Where a record's time goes against the bare insert: CPU per request, in one process.

    .venv/bin/python bench/record_floor.py [--requests 1000]

Through each app's test client (no server, no network), the CPU time per request of:
the yardstick's bare insert (bench/baseline_app.py), an empty JSON endpoint added to the real
app (its request handling alone: hooks, headers, compression check), and a real record
(`POST /api/v1/games/<id>/hands`, round-robin over 100 games of 20 to 30 hands, as in the
write pool of bench_http.py). Prints the
lowest and the median of five batches; the record's ratio to the insert is what
bench_http.py's `record` ratio approaches when the server has the machine to itself.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

GAMES = 100
HAND = {"hand": {s: {"melded_points": 60, "hand_points": 60} for s in ("We", "They")}}
GAME = {
    "format": "classic",
    "sides": [{"name": "We", "players": ["Ann", "Bob"]}, {"name": "They", "players": ["Cy", "Di"]}],
    "first_dealer": "Ann",
}


def cpu_ms(send: Callable[[], object], requests: int) -> tuple[float, float]:
    """Returns the lowest and the median CPU ms per request over five batches, after a warm-up."""
    for _ in range(200):
        send()
    batches = []
    for _ in range(5):
        start = time.process_time()
        for _ in range(requests // 5):
            send()
        batches.append((time.process_time() - start) / (requests // 5) * 1000)
    return min(batches), statistics.median(batches)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="record-floor-")
    os.environ["SCOREKEEPER_INSTANCE"] = f"{folder}/instance"
    os.environ["BASELINE_DB"] = f"{folder}/baseline.db"
    import baseline_app
    from flask import jsonify

    from scorekeeper import create_app
    from scorekeeper.extensions import csrf

    app = create_app({"DATABASE": f"{folder}/scorekeeper.db"})

    @app.post("/api/v1/empty")
    def empty() -> object:
        return jsonify({"ok": True})

    csrf.exempt(empty)
    bare, client = baseline_app.create_app().test_client(), app.test_client()
    games = []
    for _ in range(GAMES):
        made = client.post("/api/v1/games", json=GAME)
        games.append([made.json["id"], made.json["tokens"]["edit"], made.headers["ETag"]])
    turn = iter(range(10**9))

    def record() -> None:
        game = games[next(turn) % len(games)]
        headers = {"Authorization": f"Bearer {game[1]}", "If-Match": game[2]}
        headers["Idempotency-Key"] = uuid.uuid4().hex
        answer = client.post(f"/api/v1/games/{game[0]}/hands", json=HAND, headers=headers)
        assert answer.status_code == 201, answer.get_data(as_text=True)
        game[2] = answer.headers["ETag"]

    for _ in range(20 * GAMES):  # 20 hands a game before the figures start
        record()
    rows = {
        "bare insert (yardstick)": cpu_ms(
            lambda: bare.post("/rows", json={"name": "x"}), args.requests
        ),
        "the app, an empty JSON endpoint": cpu_ms(
            lambda: client.post("/api/v1/empty", json={"name": "x"}), args.requests
        ),
        "the app, a record": cpu_ms(record, args.requests),
    }
    insert = rows["bare insert (yardstick)"][1]
    print(f"CPU ms per request through the test client, {args.requests} requests each:")
    for name, (low, middle) in rows.items():
        print(
            f"  {name:<34} lowest {low:.3f}  median {middle:.3f}  ({insert / middle:.2f} of the insert's rate)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

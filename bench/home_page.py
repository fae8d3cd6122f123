"""The home page of a phone with 2,000 games: its CPU, time and size, first page and last.

    .venv/bin/python bench/home_page.py [--games 2000] [--hands 12] [--runs 20]

Builds a fresh database in which one browser owns GAMES Classic games of HANDS hands each
(imported in one go from an export, as a phone's years of games would come back), then asks
for the home page through the app (Flask's test client, in-process: no network) RUNS times
each for page 1 and the last page, and prints the best and the median of the request's own
CPU (`time.thread_time`) and wall time, and the page's size. Bounded: RUNS requests a page.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_import import game  # noqa: E402
from scorekeeper.app import create_app  # noqa: E402
from scorekeeper.store.connection import connect  # noqa: E402
from scorekeeper.store.portable.importing import CLI_MAX_BYTES, CLI_MAX_HANDS, import_document  # noqa: E402
from scorekeeper.web.home import PAGE_SIZE  # noqa: E402

BROWSER = "bench-phone"


def export_text(games: int, hands: int) -> str:
    """Returns an export of `games` finished-or-not games of `hands` hands each."""
    documents = [{**game(hands), "id": f"g{n}"} for n in range(games)]
    return json.dumps({"kind": "canasta-scorekeeper", "version": 1, "games": documents})


def timed(client: object, path: str, runs: int) -> tuple[list[float], list[float], int]:
    """Asks for `path` `runs` times; returns each request's CPU and wall time, and the size."""
    cpu, wall, size = [], [], 0
    for _ in range(runs):
        started, clock = time.thread_time(), time.perf_counter()
        response = client.get(path)  # type: ignore[attr-defined]
        body = response.get_data()
        cpu.append(time.thread_time() - started)
        wall.append(time.perf_counter() - clock)
        assert response.status_code == 200, response.status_code
        size = len(body)
    return cpu, wall, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2_000)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        os.environ["SCOREKEEPER_INSTANCE"] = folder  # the checkout's instance/ stays untouched
        app = create_app({"DATABASE": str(path), "TESTING": True, "SECRET_KEY": "bench"})
        db = connect(path)
        data = export_text(args.games, args.hands).encode()
        import_document(db, data, owner=BROWSER, max_bytes=CLI_MAX_BYTES, max_hands=CLI_MAX_HANDS)
        db.close()
        client = app.test_client()
        with client.session_transaction() as session:
            session["browser"] = BROWSER
        last = -(-args.games // PAGE_SIZE)
        print(f"{args.games:,} games of {args.hands} hands, {PAGE_SIZE} a page ({last} pages)")
        timed(client, "/", 2)  # templates compiled, caches warm: as a running server
        for label, where in (("page 1", "/"), (f"page {last}", f"/?page={last}")):
            cpu, wall, size = timed(client, where, args.runs)
            print(
                f"{label}: CPU best {min(cpu) * 1000:.1f} ms, median "
                f"{statistics.median(cpu) * 1000:.1f} ms; wall median "
                f"{statistics.median(wall) * 1000:.1f} ms; {size / 1024:.1f} KB"
            )


if __name__ == "__main__":
    main()

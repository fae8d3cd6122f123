"""How long an import holds the write lock, and how long a hand save waits meanwhile.

    .venv/bin/python bench/import_lock.py [--games 3] [--hands 1000] [--runs 1]

Builds an export of GAMES Classic games of HANDS hands each, all in one group, imports it
into a fresh database while another thread saves a "hand" every 20 ms on its own connection
(BEGIN IMMEDIATE with the app's 5 s busy timeout), and prints the import's CPU per MB and
the longest wait of a save (of the run with the least CPU, when --runs asks for more than
one: a shared machine's noise only ever adds). Bounded: RUNS imports, at most 2,000 saves each.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_import import game  # noqa: E402
from scorekeeper.rules.presets import load_presets  # noqa: E402
from scorekeeper.store.connection import connect, migrate  # noqa: E402
from scorekeeper.store.portable.importing import import_document  # noqa: E402


def export_text(games: int, hands: int) -> str:
    """Returns an export of `games` games of `hands` hands, every one in one group."""
    documents = [{**game(hands), "id": f"g{n}"} for n in range(games)]
    players = [{"id": p, "name": name} for p, name in (("a", "Ann"), ("b", "Bo"))]
    group = {
        "name": "Thursday club",
        "players": players,
        "games": [{"game": f"g{n}", "seats": [[0, 0, "a"], [0, 1, "b"]]} for n in range(games)],
    }
    return json.dumps(
        {"kind": "canasta-scorekeeper", "version": 1, "games": documents, "groups": [group]},
        indent=1,
    )


def saves_during(path: Path, stop: threading.Event, waits: list[float]) -> None:
    """Saves a row every 20 ms on its own connection until `stop`, keeping each wait."""
    conn = sqlite3.connect(path, timeout=5, isolation_level=None, check_same_thread=False)
    conn.execute("CREATE TABLE IF NOT EXISTS bench_saves (n INTEGER)")
    for n in range(2_000):
        if stop.is_set():
            break
        started = time.perf_counter()
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError:  # "database is locked" after the 5 s timeout
            waits.append(float("inf"))
            continue
        waits.append(time.perf_counter() - started)
        conn.execute("INSERT INTO bench_saves VALUES (?)", [n])
        conn.execute("COMMIT")
        time.sleep(0.02)
    conn.close()


def one_run(data: bytes) -> tuple[float, float, float, list[float]]:
    """Imports the file into a fresh database beside a saver; returns CPU, process, wall, waits."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        migrate(path)
        db = connect(path)
        stop, waits = threading.Event(), []
        saver = threading.Thread(target=saves_during, args=(path, stop, waits))
        saver.start()
        time.sleep(0.1)
        cpu, process, wall = time.thread_time(), time.process_time(), time.perf_counter()
        import_document(db, data, max_bytes=64 * 1024 * 1024)
        cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
        process = time.process_time() - process
        time.sleep(0.1)
        stop.set()
        saver.join()
        db.close()
    return cpu, process, wall, waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    data = export_text(args.games, args.hands).encode()
    load_presets()  # read once per server process, as the app does at its first page
    cpu, process, wall, waits = min(one_run(data) for _ in range(max(1, args.runs)))
    mb = len(data) / 1024 / 1024
    print(f"file: {args.games} games x {args.hands} hands, {mb:.2f} MB")
    print(f"import: {cpu:.2f} s CPU ({cpu / mb:.2f} s per MB; the importing thread's own)")
    print(f"process: {process:.2f} s CPU (the saver thread included)")
    print(f"import: {wall:.2f} s wall")
    print(f"saves during it: {len(waits)}, longest wait {max(waits) * 1000:.0f} ms")


if __name__ == "__main__":
    main()

"""An import's CPU under another checkout's code and this one's, alternated run by run.

    .venv/bin/python bench/import_compare.py OTHER_CHECKOUT [--games 3] [--hands 1000]
        [--rounds 8] [--runs 3]

Imports the file of bench/import_lock.py (GAMES Classic games of HANDS hands in one group)
into a fresh database, RUNS times in a process of its own for each side, ROUNDS rounds,
alternating A B B A ...: on a shared machine both sides see the same noise. Each process
loads one checkout's `scorekeeper` alone (two in one process slowed the first one loaded)
and reads the presets first, as a running server has them. Prints each side's least and
median CPU per MB (the importing thread's own, the database's migration left out).
Bounded: 2 x ROUNDS x RUNS imports.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def one_side(root: Path, games: int, hands: int, runs: int) -> list[float]:
    """Imports the file RUNS times with the code under `root`; returns each CPU per MB."""
    sys.path.insert(0, str(root))
    from bench.import_lock import export_text
    from scorekeeper.rules.presets import load_presets
    from scorekeeper.store.connection import connect, migrate
    from scorekeeper.store.portable import importing as portable

    assert Path(portable.__file__).resolve().is_relative_to(root.resolve()), portable.__file__
    data = export_text(games, hands).encode()
    load_presets()
    spent = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "bench.db"
            migrate(path)
            db = connect(path)
            started = time.thread_time()
            portable.import_document(db, data, max_bytes=64 * 1024 * 1024)
            spent.append((time.thread_time() - started) / (len(data) / 1024 / 1024))
            db.close()
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # a child
    args = parser.parse_args()
    shape = ["--games", str(args.games), "--hands", str(args.hands), "--runs", str(args.runs)]
    if args.one:
        print(json.dumps(one_side(args.other, args.games, args.hands, args.runs)))
        return
    sides = {"other": args.other.resolve(), "this": HERE}
    spent: dict[str, list[float]] = {name: [] for name in sides}
    order = list(sides)
    for _ in range(max(1, args.rounds)):
        for name in order:
            child = [sys.executable, __file__, str(sides[name]), "--one", *shape]
            out = subprocess.run(child, check=True, capture_output=True, text=True, timeout=600)
            spent[name] += json.loads(out.stdout)
        order.reverse()  # A B B A: neither side always runs just after the other
    print(f"file: {args.games} games x {args.hands} hands; {len(spent['this'])} imports each")
    for name, figures in spent.items():
        least, median = min(figures), statistics.median(figures)
        print(f"{name}: {least:.2f} s per MB least, {median:.2f} median ({sides[name].name})")


if __name__ == "__main__":
    main()

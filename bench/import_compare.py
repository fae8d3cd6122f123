"""An import's CPU under another checkout's code and this one's, alternated in one process.

    .venv/bin/python bench/import_compare.py OTHER_CHECKOUT [--games 3] [--hands 1000] [--runs 20]

Loads the `scorekeeper` package of OTHER_CHECKOUT (a second checkout of, say, main) and then
this checkout's, and imports the file of bench/import_lock.py (GAMES Classic games of HANDS
hands in one group) into a fresh database with each in turn, RUNS times each, alternating
(A B B A ...):
on a shared machine both see the same noise. Prints each side's least and median CPU per
MB (the importing thread's own). Bounded: 2 x RUNS imports.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))

from bench.import_lock import export_text  # noqa: E402

Importer = Callable[[Path, bytes], float]


def importer(root: Path) -> Importer:
    """Returns an import of a file into a fresh database by the code under `root`.

    It returns the import's own CPU: the database's migration is done before the clock starts.
    """
    for name in [m for m in sys.modules if m == "scorekeeper" or m.startswith("scorekeeper.")]:
        del sys.modules[name]  # the other checkout's modules stay alive in its functions
    sys.path.insert(0, str(root))
    try:
        connection: Any = importlib.import_module("scorekeeper.store.connection")
        portable: Any = importlib.import_module("scorekeeper.store.portable")
        presets: Any = importlib.import_module("scorekeeper.rules.presets")
    finally:
        sys.path.remove(str(root))
    assert Path(portable.__file__).resolve().is_relative_to(root.resolve()), portable.__file__
    presets.load_presets()  # read once per server process, as the app does at its first page

    def run(path: Path, data: bytes) -> float:
        connection.migrate(path)
        db = connection.connect(path)
        started = time.thread_time()
        portable.import_document(db, data, max_bytes=64 * 1024 * 1024)
        spent = time.thread_time() - started
        db.close()
        return spent

    return run


def cpu_of(run: Importer, data: bytes) -> float:
    """Returns the CPU one import takes, into a fresh database."""
    with tempfile.TemporaryDirectory() as folder:
        return run(Path(folder) / "bench.db", data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    data = export_text(args.games, args.hands).encode()
    mb = len(data) / 1024 / 1024
    sides = {"other": importer(args.other), "this": importer(HERE)}
    spent: dict[str, list[float]] = {name: [] for name in sides}
    order = list(sides)
    for _ in range(max(1, args.runs)):
        for name in order:
            spent[name].append(cpu_of(sides[name], data) / mb)
        order.reverse()  # ABBA: neither side always runs just after the other
    print(f"file: {args.games} games x {args.hands} hands, {mb:.2f} MB; {args.runs} runs each")
    for name, figures in spent.items():
        least, median = min(figures), statistics.median(figures)
        print(
            f"{name}: {least:.2f} s per MB least, {median:.2f} median ({args.other if name == 'other' else HERE.name})"
        )


if __name__ == "__main__":
    main()

"""Where an import's CPU goes: each stage's time, then the functions that cost the most.

    .venv/bin/python bench/import_profile.py [--games 3] [--hands 1000] [--runs 5] [--top 25]

Builds the same file as bench/import_lock.py (GAMES Classic games of HANDS hands in one
group), then times each stage of `import_document` on its own (parse, check, groups, the
rows, the write: the least of RUNS imports, as a shared machine's noise only ever adds) and
prints a cProfile of the whole import sorted by own time (--top 0: none). Bounded: RUNS
imports for the stages, one under the profiler.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.import_lock import export_text  # noqa: E402
from scorekeeper.rules.presets import load_presets  # noqa: E402
from scorekeeper.store.connection import connect, migrate, write  # noqa: E402
from scorekeeper.store.portable import importing as portable  # noqa: E402


def stages(data: bytes) -> list[tuple[str, float]]:
    """Returns each stage of one import and its CPU, into a fresh database."""
    spent: list[tuple[str, float]] = []
    clock = time.thread_time()

    def lap(name: str) -> None:
        nonlocal clock
        spent.append((name, time.thread_time() - clock))
        clock = time.thread_time()

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        migrate(path)
        db = connect(path)
        clock = time.thread_time()
        document = portable.parse(data, 64 * 1024 * 1024)
        lap("parse the JSON")
        games = portable.check(document)
        lap("check every game (read, validate, replay)")
        groups = portable._groups(document, games)
        lap("check the groups")
        file_ids = portable._file_ids(document)
        in_groups = {game for group in groups for game, _seats in group.games}
        prepared = portable._prepared(games, file_ids, in_groups, None)
        lap("build the rows (and a group game's figures)")
        with write(db):
            portable._write(db, prepared)
        lap("write them")
        db.close()
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    data = export_text(args.games, args.hands).encode()
    mb = len(data) / 1024 / 1024
    load_presets()
    print(f"file: {args.games} games x {args.hands} hands, {mb:.2f} MB")
    runs = [stages(data) for _ in range(max(1, args.runs))]
    for n, (name, _cpu) in enumerate(runs[0]):
        cpu = min(run[n][1] for run in runs)
        print(f"{cpu / mb:6.3f} s per MB  {name}")
    print(f"{min(sum(c for _n, c in run) for run in runs) / mb:6.3f} s per MB  in all")
    if not args.top:
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        migrate(path)
        db = connect(path)
        profiler = cProfile.Profile()
        profiler.runcall(portable.import_document, db, data, max_bytes=64 * 1024 * 1024)
        db.close()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()

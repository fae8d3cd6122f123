"""How long each of an import's transactions holds the write lock (an 11 MB file by default).

    .venv/bin/python bench/import_holds.py [--games 2000] [--hands 27] [--nice 10] [--stream]

Imports an export of GAMES games of HANDS hands (one group) into a fresh database in this
process, traces every BEGIN and COMMIT on the importing connection, and prints the file's
size, the import's wall and CPU time, the number of transactions, and the longest, the
median, the 99th percentile and the last (the phone made owner and member) of the lock's
holds. --nice lowers this process's priority first, as the web's import process was until issue
34's third round (a transaction of a niced import stretches when a busier process takes its
core); --stream
reads the file from a temporary file, as the web's and the command line's imports do.
Bounded: one import.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.import_lock import export_text  # noqa: E402
from scorekeeper.store.connection import connect, migrate  # noqa: E402
from scorekeeper.store.portable.importing import CLI_MAX_BYTES, CLI_MAX_HANDS, import_document  # noqa: E402


def main() -> None:
    """Imports one file and prints its transactions' holds."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2_000)
    parser.add_argument("--hands", type=int, default=27)
    parser.add_argument("--nice", type=int, default=0)
    parser.add_argument("--stream", action="store_true")
    args = parser.parse_args()
    os.nice(args.nice)
    data = export_text(args.games, args.hands).encode()
    size = len(data)
    with tempfile.TemporaryDirectory() as scratch, contextlib.ExitStack() as files:
        path = f"{scratch}/bench.db"
        migrate(path)
        db = connect(path)
        marks: list[tuple[float, str]] = []

        def traced(sql: str) -> None:
            word = sql.split(None, 1)[0]
            if word in ("BEGIN", "COMMIT", "ROLLBACK"):
                marks.append((time.perf_counter(), word))

        db.conn.set_trace_callback(traced)
        source: Any = data
        if args.stream:
            Path(f"{scratch}/file.json").write_bytes(data)
            source = files.enter_context(open(f"{scratch}/file.json", "rb"))
            del data
        began, cpu = time.perf_counter(), time.process_time()
        import_document(
            db,
            source,
            owner="bench",
            member="bench",
            max_bytes=CLI_MAX_BYTES,
            max_hands=CLI_MAX_HANDS,
        )
        wall, cpu = time.perf_counter() - began, time.process_time() - cpu
        db.close()
    holds, start = [], None
    for at, word in marks:
        if word == "BEGIN":
            start = at
        elif start is not None:
            holds.append(at - start)
            start = None
    p99 = statistics.quantiles(holds, n=100)[98]
    print(
        f"{size / 1e6:.1f} MB: wall {wall:.2f} s, CPU {cpu:.2f} s ({cpu / (size / 1e6):.2f} s/MB); "
        f"{len(holds)} transactions, longest {max(holds) * 1000:.0f} ms, median "
        f"{statistics.median(holds) * 1000:.0f} ms, 99th percentile {p99 * 1000:.0f} ms, "
        f"last {holds[-1] * 1000:.0f} ms"
    )
    worst = sorted(range(len(holds)), key=holds.__getitem__, reverse=True)[:5]
    print("  longest: " + ", ".join(f"#{n + 1} {holds[n] * 1000:.0f} ms" for n in worst))


if __name__ == "__main__":
    main()

"""Load test: many clients record hands into many games at once for 60 s on loopback.

    .venv/bin/python bench/load_test.py [--seconds 60] [--processes 4] [--threads 6]

Clients run in several processes (threads within each), so the clients' own Python does not
queue behind one GIL; the server is gunicorn with 2 sync workers, as in production.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import Server, Stats, check_database, free_port, report, run_clients  # noqa: E402


def _clients(port: int, threads: int, seconds: float) -> Stats:
    return run_clients(port, threads, seconds)


def run(seconds: float = 60.0, processes: int = 4, threads: int = 6, workers: int = 2) -> dict:
    """Runs the load test, restarts the server, checks the database, and returns the figures."""
    with tempfile.TemporaryDirectory() as scratch:
        server = Server(Path(scratch), free_port(), workers)
        server.start()
        started = time.monotonic()
        try:
            with ProcessPoolExecutor(processes) as pool:
                parts = [
                    pool.submit(_clients, server.port, threads, seconds) for _ in range(processes)
                ]
                total = Stats()
                for part in parts:
                    total.merge(part.result())
            elapsed = time.monotonic() - started - 5  # run_clients waits 5 s for stragglers
        finally:
            server.stop()
        server.start()  # restart, then count what is there
        server.stop()
        integrity, found, extra = check_database(server.database, total.saved)
        title = f"Load test: {processes * threads} clients for {seconds:g} s, gunicorn -w {workers}"
        return report(title, total, found, integrity, extra, elapsed)


def main() -> int:
    """Runs the load test from the command line; exit 1 on any error or lost hand."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--threads", type=int, default=6)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    f = run(args.seconds, args.processes, args.threads, args.workers)
    ok = f["errors"] == 0 and f["hands acknowledged"] == f["hands found after restart"]
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""Crash test: clients record hands under gunicorn, the server is SIGKILLed mid-stream and
restarted, and every hand that got a success response must still be there.

    .venv/bin/python bench/crash_test.py [--clients 8] [--before 5] [--after 5]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import Server, check_database, free_port, report, run_clients  # noqa: E402


def run(clients: int = 8, before: float = 5.0, after: float = 5.0, grace: float = 5.0) -> dict:
    """Runs the crash test and returns its figures; `before`/`after` are seconds around the kill."""
    with tempfile.TemporaryDirectory() as scratch:
        server = Server(Path(scratch), free_port())
        server.start()
        killed = threading.Event()

        def crash() -> None:
            time.sleep(before)
            server.kill()  # SIGKILL to master and workers, hands in flight
            killed.set()
            server.start()  # a fresh gunicorn on the same port and database

        started = time.monotonic()
        try:
            stats = run_clients(server.port, clients, before + after, crash, grace)
        finally:
            server.stop()
        integrity, found, extra = check_database(server.database, stats.saved)
        figures = report(
            f"Crash test: {clients} clients, SIGKILL after {before:g} s, restart, {after:g} s more",
            stats,
            found,
            integrity,
            extra,
            time.monotonic() - started,
        )
        figures["killed"] = killed.is_set()
        return figures


def main() -> int:
    """Runs the crash test from the command line; exit 1 when a hand was lost."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--before", type=float, default=5.0, help="seconds before the kill")
    parser.add_argument("--after", type=float, default=5.0, help="seconds after the restart")
    args = parser.parse_args()
    f = run(args.clients, args.before, args.after)
    ok = (
        f["killed"]
        and f["hands acknowledged"] == f["hands found after restart"]
        and f["errors"] == 0
        and f["integrity_check"] == "ok"
    )
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""The app's own floor: a kept sheet beside the app's cheapest answers, one request at a time.

    .venv/bin/python bench/app_floor.py [--rounds 6] [--requests 400]

Serves the bare yardstick (bench/baseline_app.py) and the app under gunicorn as
bench/bench_http.py does, and sends each case its requests one at a time (no concurrency, so
no queueing: the figure is the server's CPU a request, as the worker meets each one cold),
the cases' order turned round every other round. Cases: the bare 30-row page; the sheet of 30
hands (kept); a static file and two small pages of the app (`/offline`, `/language`), which
show what any answer of the app costs before its own work. Prints medians and rounds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_data import SHEET_GAME, build  # noqa: E402
from bench_http import Gunicorn, get, session_cookie  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--requests", type=int, default=400)
    args = parser.parse_args()
    rounds, count = max(1, min(args.rounds, 20)), max(10, min(args.requests, 5_000))
    folder = Path(tempfile.mkdtemp(prefix="app-floor-"))
    (folder / "app").mkdir()
    (folder / "bare").mkdir()
    build(folder / "app" / "scorekeeper.db", filler=8, pool=8)
    app = Gunicorn(
        "scorekeeper:create_app()",
        {"SCOREKEEPER_INSTANCE": str(folder / "app")},
        folder / "app" / "log",
    )
    bare = Gunicorn(
        "baseline_app:create_app()",
        {"BASELINE_DB": str(folder / "bare" / "rows.db")},
        folder / "bare" / "log",
    )
    try:
        cookie = {"Cookie": session_cookie(app.port, SHEET_GAME)}
        cases = {
            "bare 30-row page": (bare, "/rows", {}),
            "sheet, 30 hands (kept)": (app, f"/games/{SHEET_GAME}", cookie),
            "static file": (app, "/static/favicon.svg", cookie),
            "/offline (small page)": (app, "/offline", cookie),
            "/language (small page)": (app, "/language", cookie),
        }
        for server, path, headers in cases.values():  # every first view paid before timing
            for _ in range(20):
                get(server.port, path, headers)
        cpu: dict[str, list[float]] = {name: [] for name in cases}
        for turn in range(rounds):
            order = list(cases.items()) if turn % 2 == 0 else list(reversed(cases.items()))
            for name, (server, path, headers) in order:
                before = server.cpu_seconds()
                for _ in range(count):
                    get(server.port, path, headers)
                cpu[name].append((server.cpu_seconds() - before) / count * 1000)
        yardstick = statistics.median(cpu["bare 30-row page"])
        print(f"{rounds} rounds of {count} requests a case, one at a time; server CPU ms a request")
        print("| case | CPU ms (median) | rounds | bare page / case |")
        print("|---|---|---|---|")
        for name, figures in cpu.items():
            median = statistics.median(figures)
            spread = ", ".join(f"{f:.2f}" for f in figures)
            print(f"| {name} | {median:.2f} | {spread} | {yardstick / median:.2f} |")
    finally:
        app.stop()
        bare.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""`scorekeeper serve` (waitress), gunicorn sync and gunicorn gthread side by side.

    .venv/bin/python bench/serve_modes.py [--rounds 3] [--seconds 3]

Serves the same small benchmark database (bench/bench_data.py) three ways at once, on
loopback: `scorekeeper serve` (waitress, one process, its default threads), `gunicorn
--preload -w 2` (sync workers, the README's production command) and `gunicorn --preload -w 2
--threads 4 -k gthread`. Each round loads the sheet and then the record case of every server
for a few seconds with `wrk -t2 -c8`, in an order turned round every other round; prints the
medians over the rounds (req/s, p50, p99, server CPU ms a request) and writes
bench/out/serve_modes.json. Needs `wrk`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_data import build  # noqa: E402
from bench_http import OUT, POOL, Gunicorn, Target, free_port, get  # noqa: E402


class Served(Gunicorn):
    """The app under a given server command on a loopback port."""

    def __init__(self, command: list[str], folder: Path) -> None:  # noqa: D107
        self.port = free_port()
        self.access = folder / "access.log"  # left empty: in_worker() reports nothing
        self.access.write_bytes(b"")
        command = [c.replace("PORT", str(self.port)) for c in command]
        env = os.environ | {"PYTHONPATH": str(ROOT), "SCOREKEEPER_INSTANCE": str(folder)}
        with open(folder / "server.log", "ab") as out:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=out, stderr=out, start_new_session=True
            )
        for _ in range(1200):
            try:
                get(self.port, "/static/favicon.svg")
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"{command} did not start; see {folder / 'server.log'}")


GUNICORN = [sys.executable, "-m", "gunicorn", "--preload", "-w", "2", "-b", "127.0.0.1:PORT"]
MODES = {
    "serve (waitress, 1 process)": [
        sys.executable,
        "-m",
        "scorekeeper.cli",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        "PORT",
    ],
    "gunicorn sync -w 2": [*GUNICORN, "scorekeeper:create_app()"],
    "gunicorn gthread -w 2 --threads 4": [
        *GUNICORN,
        "-k",
        "gthread",
        "--threads",
        "4",
        "scorekeeper:create_app()",
    ],
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=3)
    args = parser.parse_args()
    targets: dict[str, Target] = {}
    servers = []
    try:
        for number, (name, command) in enumerate(MODES.items()):
            folder = OUT / "serve_modes" / str(number)
            folder.mkdir(parents=True, exist_ok=True)
            build(folder / "scorekeeper.db", filler=8, pool=POOL)
            server = Served(command, folder)
            servers.append(server)
            targets[name] = Target(name, server, folder, folder / "scorekeeper.db")
        seen: dict[tuple[str, str], list[dict]] = {}
        order = [(name, kind) for name in MODES for kind in ("read", "write")]
        for name, kind in order:  # warm-up
            targets[name].load(kind, 1, 8)
        for number in range(args.rounds):
            for name, kind in order if number % 2 == 0 else reversed(order):
                seen.setdefault((name, kind), []).append(targets[name].load(kind, args.seconds, 8))
            print(f"round {number + 1}/{args.rounds} done", flush=True)
    finally:
        for server in servers:
            server.stop()
    results = {}
    print("| server | case | req/s | p50 ms | p99 ms | server CPU ms a request |")
    print("|---|---|---|---|---|---|")
    for (name, kind), runs in seen.items():
        case = {
            k: statistics.median(r[k] for r in runs) for k in ("rps", "p50_ms", "p99_ms", "cpu_ms")
        }
        case["non_2xx"] = sum(r["non_2xx"] for r in runs)
        results[f"{name} / {kind}"] = case
        label = "sheet" if kind == "read" else "record"
        print(
            f"| {name} | {label} | {case['rps']:,.0f} | {case['p50_ms']:.1f} | "
            f"{case['p99_ms']:.1f} | {case['cpu_ms']:.2f} |"
        )
    (OUT / "serve_modes.json").write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

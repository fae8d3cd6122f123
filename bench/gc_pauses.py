"""Shows where the tail comes from: garbage collections timed during sheet reads and records.

    .venv/bin/python bench/gc_pauses.py [--requests 4000] [--games 400]

In one process (the app through Flask's test client, no server), records hands through the API
round-robin over the benchmark's write pool and reads the 30-hand sheet in between, as
bench/bench_http.py does under wrk. A gc callback times every collection by generation; the
figures are what a worker pays: how many full collections, how long each, the objects the
collector tracks, and the requests' own latency percentiles.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_data import SHEET_GAME, build, token  # noqa: E402

WARM_UP = 100  # requests before the figures start: templates compiled, the cache filled
HAND = {"hand": {s: {"melded_points": 60, "hand_points": 60} for s in ("We", "They")}}


def percentile(values: list[float], q: float) -> float:
    """Returns the q-th percentile (0-100) of the values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument("--games", type=int, default=400, help="write-pool games")
    parser.add_argument(
        "--young",
        type=int,
        default=None,
        help="the old tuning to try: this young generation (Python's own: 700) and gc.freeze()"
        " after the warm-up, as scorekeeper/collector.py did before issue 22",
    )
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="gc-pauses-"))
    built = build(folder / "scorekeeper.db", filler=8, pool=args.games)
    os.environ["SCOREKEEPER_INSTANCE"] = str(folder)
    from scorekeeper import create_app

    app = create_app()
    client = app.test_client()
    client.get(f"/join/{token(SHEET_GAME, 'owner')}")
    versions = {g: v for g, _, v in built.pool}
    pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
    started: list[float] = []

    def timer(phase: str, info: dict) -> None:
        if phase == "start":
            started.append(time.perf_counter())
        else:
            pauses[info["generation"]].append((time.perf_counter() - started.pop()) * 1000)

    latencies: dict[str, list[float]] = {"sheet": [], "record": []}
    for n in range(-WARM_UP, args.requests):
        if n == 0:
            if args.young is not None:  # the tuning issue 22 removed, to measure what it buys
                gc.collect()
                gc.freeze()
                gc.set_threshold(args.young, *gc.get_threshold()[1:])
            gc.callbacks.append(timer)  # after the warm-up: templates compiled
        start = time.perf_counter()
        kind = "sheet" if n % 2 else "record"
        if kind == "sheet":
            client.get(f"/games/{SHEET_GAME}")
        else:
            game_id, edit, _ = built.pool[(n // 2) % len(built.pool)]
            answer = client.post(
                f"/api/v1/games/{game_id}/hands",
                data=json.dumps(HAND),
                headers={
                    "Authorization": f"Bearer {edit}",
                    "If-Match": f'"{versions[game_id]}"',
                    "Idempotency-Key": f"gc-pauses-{n + WARM_UP:010d}",
                    "Content-Type": "application/json",
                },
            )
            assert answer.status_code == 201, answer.get_data(as_text=True)
            versions[game_id] += 1
        if n >= 0:
            latencies[kind].append((time.perf_counter() - start) * 1000)
    gc.callbacks.remove(timer)
    full = pauses[2] or [0.0]
    print(
        f"{args.requests} requests, {args.games} write-pool games, python {sys.version.split()[0]},"
        f" gc thresholds {gc.get_threshold()}"
    )
    print(f"collections by generation: {', '.join(str(len(pauses[g])) for g in (0, 1, 2))}")
    print(f"full collections: median {statistics.median(full):.1f} ms, max {max(full):.1f} ms")
    print(f"all collections: {sum(sum(p) for p in pauses.values()):.0f} ms in total")
    for generation, times in pauses.items():
        if times:
            print(
                f"  generation {generation}: {sum(times):.0f} ms in {len(times)},"
                f" longest {max(times):.1f} ms"
            )
    print(
        f"objects the collector tracks: {len(gc.get_objects()):,}; frozen: {gc.get_freeze_count():,}"
    )
    for kind, values in latencies.items():
        marks = ", ".join(f"p{q} {percentile(values, q):.1f}" for q in (50, 99, 99.9))
        print(f"{kind} latency ms: {marks}, max {max(values):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

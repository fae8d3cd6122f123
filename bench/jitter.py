"""The machine's own tail: a constant piece of CPU work timed thousands of times, in one process.

    .venv/bin/python bench/jitter.py [--ms 1.1] [--runs 5000]

No app, no server, no I/O: the same loop of pure Python arithmetic, sized to take about as
long as a kept sheet takes inside its worker. Whatever spread its timings show (a scheduler
slice given to another process, the host taking the virtual CPU away) is the floor under any
request's p99 and p99.9 on this machine, the app's or the bare yardstick's.
"""

from __future__ import annotations

import argparse
import time


def work(steps: int) -> int:
    """Sums squares: CPU only, the same every time."""
    total = 0
    for i in range(steps):
        total += i * i
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ms", type=float, default=1.1, help="how long one piece of work takes")
    parser.add_argument("--runs", type=int, default=5000)
    args = parser.parse_args()
    steps = 10_000
    start = time.perf_counter()
    work(steps)
    steps = max(1, round(steps * args.ms / ((time.perf_counter() - start) * 1000)))
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        work(steps)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()

    def at(q: float) -> float:
        return times[min(len(times) - 1, round(q * (len(times) - 1)))]

    p50 = at(0.5)
    print(
        f"{args.runs} runs of the same work, ms: p50 {p50:.2f}, p99 {at(0.99):.2f} "
        f"({at(0.99) / p50:.1f}x), p99.9 {at(0.999):.2f} ({at(0.999) / p50:.1f}x), "
        f"max {times[-1]:.2f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

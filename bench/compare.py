"""Puts several bench_http.py runs side by side: per case, the median over runs and their range.

    .venv/bin/python bench/compare.py before=a.json,b.json,c.json after=d.json,e.json,f.json

Each run's figure for a case is already the median of its rounds; this takes the median of
those over the runs of a label and shows the lowest and highest beside it.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

FIGURES = [("rps", "req/s", 0), ("p50_ms", "p50 ms", 1), ("p99_ms", "p99 ms", 1)]
FIGURES += [("p999_ms", "p99.9 ms", 1), ("max_ms", "max ms", 0), ("ratio", "ratio", 2)]
FIGURES += [("worker_p50_ms", "worker p50", 1), ("worker_p99_ms", "worker p99", 1)]
FIGURES += [("worker_p999_ms", "worker p99.9", 1)]


def spread(values: list[float], digits: int) -> str:
    """Returns 'median (low–high)' of the values; a dash when runs from before a figure have none."""
    if not values:
        return "–"
    if len(values) == 1:
        return f"{values[0]:,.{digits}f}"
    low, high = min(values), max(values)
    return f"{statistics.median(values):,.{digits}f} ({low:,.{digits}f}–{high:,.{digits}f})"


def main(argv: list[str]) -> int:
    groups = {}
    for arg in argv:
        label, files = arg.split("=", 1)
        groups[label] = [json.loads(Path(f).read_text()) for f in files.split(",")]
    cases = list(next(iter(groups.values()))[0]["cases"])
    head = "| case | runs | " + " | ".join(name for _, name, _ in FIGURES) + " |"
    print(head)
    print("|" + "---|" * (len(FIGURES) + 2))
    for case in cases:
        for label, runs in groups.items():
            kept = [r["cases"][case] for r in runs]
            cells = [spread([c[key] for c in kept if key in c], d) for key, _, d in FIGURES]
            print(f"| {case} | {label} ({len(runs)}) | " + " | ".join(cells) + " |")
    for label, runs in groups.items():
        pdf = spread([r["pdf"]["app_ms"] for r in runs], 1)
        ratio = spread([r["pdf"]["ratio"] for r in runs], 2)
        weight = spread([r["first_load_bytes"]["raw"] for r in runs], 0)
        print(
            f"\n{label}: PDF of 40 hands {pdf} ms, {ratio} of bare reportlab; first load {weight} B"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

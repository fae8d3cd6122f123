"""Times the PDF writer: a 40-hand game's sheet and each kind of blank sheet, in milliseconds.

Run from the checkout: `.venv/bin/python bench/bench_pdf.py [--runs N]`. The first call of each
kind is timed apart (it registers the fonts); the figures after it are the median of N runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.engine import replay  # noqa: E402
from scorekeeper.pdf import blank_sheet, game_sheet  # noqa: E402
from scorekeeper.rules.presets import rules_for  # noqa: E402
from tests.sample_game import sample_hands, sample_setup  # noqa: E402


def timed(work: Callable[[], bytes], runs: int) -> tuple[float, float, float, int]:
    """Returns the first call's ms, the median and the slowest of `runs` more, and the size."""
    start = time.perf_counter()
    size = len(work())
    first = (time.perf_counter() - start) * 1000
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return first, statistics.median(times), max(times), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    runs = parser.parse_args().runs
    cases: list[tuple[str, Callable[[], bytes]]] = []
    for format_id, hands in (("classic", 40), ("cutthroat", 40), ("six_hand_three_teams", 40)):
        rules = rules_for(format_id)
        setup = sample_setup(rules)
        state = replay(rules, setup, sample_hands(rules, setup, hands))
        label = f"{format_id} game, {hands} hands"

        def sheet(rules=rules, setup=setup, state=state) -> bytes:
            return game_sheet(rules, setup, state, title="Bench", created="2024-05-01")

        cases.append((label, sheet))
    for format_id in ("classic", "cutthroat", "brazilian", "hand_and_foot"):
        rules = rules_for(format_id)
        cases.append((f"{format_id} blank sheet", lambda rules=rules: blank_sheet(rules)))
    print(f"{'sheet':<36} {'first ms':>9} {'median ms':>10} {'max ms':>8} {'bytes':>9}")
    for label, work in cases:
        first, median, slowest, size = timed(work, runs)
        print(f"{label:<36} {first:>9.1f} {median:>10.1f} {slowest:>8.1f} {size:>9,}")


if __name__ == "__main__":
    main()

"""What an event's draw costs: milliseconds to draw a round by the matching, per field size.

    .venv/bin/python bench/event_draw.py [--repeat 5]

Draws a Danish round (fewest repeats, then the least rank distance) and a round robin round
that must be redrawn (its circle round would repeat a meeting) over 10 to 80 entrants, each
field having played 5 rounds already; prints the lowest of `--repeat` timings for each. The
draw runs once per round started, while the director waits for the page.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.events import Meeting, round_robin  # noqa: E402
from scorekeeper.events import draw as drawing  # noqa: E402


def _played(keys: list[str], rounds: int) -> Counter[Meeting]:
    """Returns the meetings of `rounds` circle rounds: a field that has played a while."""
    met: Counter[Meeting] = Counter()
    for number in range(1, rounds + 1):
        met.update(
            frozenset((*s.north_south, *s.east_west)) for s in round_robin(keys, number).seats
        )
    return met


def _lowest(repeat: int, run: object) -> float:
    """Returns the lowest of `repeat` timings of `run()`, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    """Prints the draw's time per field size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    print(f"{'entrants':>8} {'danish ms':>10} {'round robin redrawn ms':>23}")
    for count in (10, 20, 40, 80):
        keys = [str(i) for i in range(count)]
        met = _played(keys, 5)
        planned = round_robin(keys, 2)  # its meetings were played: the matching redraws it
        danish = _lowest(repeat, lambda k=keys, m=met: drawing.danish(k, m, Counter(), 6))
        redrawn = _lowest(
            repeat, lambda p=planned, k=keys, m=met: drawing.keep_or_match(p, k, m, Counter())
        )
        print(f"{count:>8} {danish:>10.1f} {redrawn:>23.1f}")


if __name__ == "__main__":
    main()

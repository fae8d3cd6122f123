"""What reading a long season costs: its standings from stored figures against a recount.

    .venv/bin/python bench/season_read.py [--nights 52] [--tables 20] [--repeat 20]

Builds a group of `nights` closed nights of 2 x `tables` pairs (one round each, results set
by the director), then times `store.seasons.season_standings` (stored figures, one query a
season) against counting every night again from its tables (`event_rounds.standings` with
the process cache off), as a season page did before. Prints the lowest of `repeat` reads.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ["SCOREKEEPER_CACHE"] = "off"  # the recount pays for its tables on every read

from scorekeeper.seasons import SeasonRule  # noqa: E402 - after the path is set
from scorekeeper.store import seasons as store_seasons  # noqa: E402
from scorekeeper.store.connection import connect, migrate  # noqa: E402
from scorekeeper.store.events import rounds as event_rounds  # noqa: E402
from scorekeeper.store.groups import group as groups  # noqa: E402
from tests.season_helpers import night  # noqa: E402


def lowest(read, repeat: int) -> float:
    """Returns the fastest of `repeat` calls, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        read()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--nights", type=int, default=52)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "season.db"
        migrate(path)
        db = connect(path)
        club = groups.create_group(db, "Club")
        pairs = [(f"Pair {i}", [f"P{i}a", f"P{i}b"]) for i in range(2 * args.tables)]
        made = time.perf_counter()
        events = [
            night(
                db,
                club.id,
                f"2026-{1 + n // 28:02d}-{1 + n % 28:02d}",
                pairs,
                lambda r, t, n=n: (500 + 50 * ((t + n) % 7), 600),
            )
            for n in range(args.nights)
        ]
        print(
            f"built {args.nights} nights x {args.tables} tables in {time.perf_counter() - made:.1f} s"
        )
        rule = SeasonRule(best=40, drop_worst=2, minimum=10)
        season = store_seasons.create_season(
            db, club.id, store_seasons.NewSeason("Year", "2026-01-01", "2026-12-31", rule)
        )
        stored = lowest(lambda: store_seasons.season_standings(db, season), args.repeat)
        recount = lowest(
            lambda: [event_rounds.standings(db, e) for e in events], max(3, args.repeat // 5)
        )
        print(f"season standings from stored figures: {stored:.1f} ms")
        print(
            f"every night counted again from its tables: {recount:.1f} ms ({recount / stored:.0f}x)"
        )


if __name__ == "__main__":
    main()

"""What a conditional GET saves on the public results pages (issue 37, second round).

    .venv/bin/python bench/public_results_304.py [--nights 12] [--pairs 16] [--repeat 40]

Builds a group of `nights` closed nights of `pairs` pairs (three rounds each), a public season
and the first night's public page, then times (Flask's test client, one process) a full read
of the season page, the night's page and a scorecard against a read that sends back the
page's ETag and gets a bare 304. Prints the mean of `repeat` reads in milliseconds.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.app import create_app  # noqa: E402 - after the path is set
from scorekeeper.store import seasons as store_seasons  # noqa: E402
from scorekeeper.store.connection import connect  # noqa: E402
from scorekeeper.store.groups.group import create_group  # noqa: E402
from tests.season_helpers import night  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--nights", type=int, default=12)
    parser.add_argument("--pairs", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=40)
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    app = create_app({"DATABASE": str(Path(folder) / "bench.db"), "TESTING": True})
    db = connect(app.config["DATABASE"])
    group = create_group(db, "Club")
    pairs = [(f"Pair {n}", [f"Ann{n} Smith", f"Bob{n} Jones"]) for n in range(args.pairs)]
    events = [
        night(db, group.id, f"2026-01-{k + 1:02d}", pairs, lambda r, t: (1000 + 37 * t, 500), 3)
        for k in range(args.nights)
    ]
    new = store_seasons.NewSeason("Winter", "2026-01-01", "2026-03-31")
    season = store_seasons.create_season(db, group.id, new)
    on_season = store_seasons.set_public(db, "season", season.id, True, "initial")
    on_night = store_seasons.set_public(db, "event", events[0], True, "initial")
    assert on_season and on_night
    client = app.test_client()
    pages = {
        "season page": f"/results/{on_season.slug}",
        "night page": f"/results/{on_night.slug}",
        "scorecard": f"/results/{on_night.slug}/entrants/0",
    }
    for name, address in pages.items():
        tag = client.get(address).headers["ETag"].strip('"')
        for label, headers in (("200", {}), ("304", {"If-None-Match": tag})):
            client.get(address, headers=headers)
            start = time.perf_counter()
            for _ in range(args.repeat):
                status = client.get(address, headers=headers).status_code
            spent = (time.perf_counter() - start) / args.repeat * 1000
            print(f"{name:12} {label} (got {status}): {spent:.1f} ms")


if __name__ == "__main__":
    main()

"""Times what one standings poll costs the server, in process: a 40-pair night, 20 tables.

    .venv/bin/python bench/events_reads.py [--polls 200]

Each figure is the median ms of a poll through the app (no network, no other clients), with
the speed room on and off (SCOREKEEPER_CACHE), interleaved in blocks of 10: "quiet" polls find nothing
changed since the last; "busy" polls follow a hand saved at one of the tables before each.
A poll that sends back its ETag while nothing changed gets a 304 ("revalidated").
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.store import cache  # noqa: E402

OUT = {"melded_points": 300, "canastas": {"natural": 1}, "went_out": "out"}


def main() -> int:
    """Makes the night, then times quiet, revalidated and busy polls, room on and off."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--polls", type=int, default=200, help="polls timed per figure")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE": f"{folder}/bench.db"})
        client = app.test_client()
        pairs = [{"name": f"Pair {i}", "players": [f"A{i}", f"B{i}"]} for i in range(40)]
        body = {
            "name": "Night",
            "format": "classic",
            "entrants": pairs,
            "rounds": 1,
            "deals_per_round": 20,
        }
        made = client.post("/api/v1/events", json=body).get_json()
        director = {"Authorization": f"Bearer {made['token']}"}
        view = {"Authorization": f"Bearer {made['view_token']}"}
        tables = client.post(f"/api/v1/events/{made['id']}/rounds", headers=director)
        drawn = tables.get_json()["tables"]
        versions = {t["game"]: 1 for t in drawn}
        url = f"/api/v1/events/{made['id']}/standings"

        def save(i: int) -> None:
            t = drawn[i % len(drawn)]
            hand = {"hand": {t["sides"][0]: OUT, t["sides"][1]: {"melded_points": 50}}}
            headers = {
                "Authorization": f"Bearer {t['token']}",
                "If-Match": f'"{versions[t["game"]]}"',
                "Idempotency-Key": uuid.uuid4().hex,
            }
            got = client.post(f"/api/v1/games/{t['game']}/hands", json=hand, headers=headers)
            versions[t["game"]] = int(got.headers["ETag"].strip('"'))

        for i in range(3 * len(drawn)):
            save(i)  # three hands a table: every table has scores
        saved = [3 * len(drawn)]

        def poll(kind: str) -> float:
            headers = dict(view)
            if kind == "busy":
                save(saved[0])
                saved[0] += 1
            if kind == "revalidated":
                headers["If-None-Match"] = client.get(url, headers=view).headers["ETag"]
            start = time.perf_counter()
            status = client.get(url, headers=headers).status_code
            assert status == (304 if kind == "revalidated" else 200), status
            return (time.perf_counter() - start) * 1000

        figures: dict[tuple[str, bool], list[float]] = {}
        # Interleaved in blocks: turning the room off drops what it keeps, so each block
        # starts with one poll that is not timed (the first after a switch fills the room).
        block = 10
        for i in range(max(1, args.polls // block)):
            for on in (True, False) if i % 2 else (False, True):
                cache.configure(on)
                poll("quiet")
                for kind in ("quiet", "revalidated", "busy"):
                    for _ in range(block):
                        if kind == "busy" and saved[0] >= 19 * len(drawn):
                            break  # every table at its last hand before the deal limit
                        figures.setdefault((kind, on), []).append(poll(kind))
    print(f"{'poll of the standings, ms':28} {'room on':>9} {'room off':>9}")
    for kind in ("quiet", "revalidated", "busy"):
        on, off = (statistics.median(figures[kind, flag]) for flag in (True, False))
        print(f"{kind:28} {on:>9.2f} {off:>9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

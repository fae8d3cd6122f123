"""Fair yardsticks, side by side in one run: the app beside the bare page and insert and beside
a minimal app on the same stack (issue 36).

    .venv/bin/python bench/fair.py [--rounds 5] [--requests 300] [--no-stats] [--long]

Three servers under `gunicorn --preload -w 2`: the bare yardstick (bench/baseline_app.py), the
minimal full-stack app (bench/full_stack_app.py: the same extensions, a 30-row sheet rendered
per request, a record with pydantic and one transaction) and Canasta Scorekeeper. Every page
request sends a browser's `Accept-Encoding: gzip, deflate, br`. Each case sends its requests
one at a time on one kept connection (no queueing: the figure is what one request costs), the
cases interleaved and their order turned round every other round, so the noise of a shared
machine falls on every case alike. Prints, per case, the median of the rounds' requests per
second and server CPU per request (master and workers, from /proc), and the goals' ratios.
"""

from __future__ import annotations

import argparse
import http.client
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_data import (  # noqa: E402
    SHEET_GAME,
    STATS_GROUP,
    STATS_TOKEN,
    add_long_pool,
    add_stats_group,
    build,
    token,
)
from bench_http import HAND, Gunicorn, pool_versions, session_cookie  # noqa: E402

BROWSER = {"Accept-Encoding": "gzip, deflate, br", "Accept-Language": "en"}
MAX_SECONDS = 20.0  # a case's requests in one round stop here, however many were asked


class Client:
    """One kept connection to a server, as a phone's browser holds one."""

    def __init__(self, server: Gunicorn) -> None:
        self.server = server
        self.conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)

    def send(self, method: str, path: str, headers: dict[str, str], body: bytes | None = None):
        """Returns (status, headers, body) of one request on the kept connection."""
        self.conn.request(method, path, body=body, headers=headers)
        answer = self.conn.getresponse()
        return answer.status, answer.headers, answer.read()


Case = Callable[[], int]  # sends one request; returns its status


def _get(client: Client, path: str, headers: dict[str, str]) -> Case:
    return lambda: client.send("GET", path, BROWSER | headers)[0]


def _plain_get(client: Client, path: str, headers: dict[str, str]) -> Case:
    return lambda: client.send("GET", path, headers)[0]


def _bare_insert(client: Client) -> Case:
    body = json.dumps({"name": "a row"}).encode()
    kind = {"Content-Type": "application/json"}
    return lambda: client.send("POST", "/rows", kind, body)[0]


def _recorder(client: Client, pool: list[tuple[str, str, int]], path: str, keyed: bool) -> Case:
    """Returns a case recording a hand on each game of the pool in turn, following versions."""
    body = json.dumps(HAND).encode()
    versions = {game: version for game, _token, version in pool}
    state = {"n": 0}

    def send() -> int:
        game, link, _ = pool[state["n"] % len(pool)]
        state["n"] += 1
        headers = {
            "Authorization": f"Bearer {link}",
            "If-Match": f'"{versions[game]}"',
            "Content-Type": "application/json",
        }
        if keyed:
            headers["Idempotency-Key"] = f"fair-{time.time_ns()}-{state['n']}"
        status, answer, _ = client.send("POST", path.format(game=game), headers, body)
        tag = answer.get("ETag", "").strip('W/"').split(":")[0]  # header names: any case
        if tag.isdigit():
            versions[game] = int(tag)
        return status

    return send


def measure(case: Case, server: Gunicorn, count: int) -> dict[str, float]:
    """Sends `count` requests (at most MAX_SECONDS); returns requests/s and CPU ms a request."""
    cpu, start, sent, bad = server.cpu_seconds(), time.perf_counter(), 0, 0
    while sent < count and time.perf_counter() - start < MAX_SECONDS:
        bad += case() >= 400
        sent += 1
    wall = time.perf_counter() - start
    used = server.cpu_seconds() - cpu
    return {"rps": sent / wall, "cpu_ms": 1000 * used / sent, "bad": bad}


GOALS = [  # (what, case, yardstick, figure, goal)
    ("full-stack page / bare page", "full_page", "bare_page", "rps", None),
    ("sheet / full-stack page", "sheet", "full_page", "rps", 0.7),
    ("sheet / bare page", "sheet", "bare_page", "rps", None),
    ("full-stack 304 / bare page", "full_304", "bare_page", "rps", None),
    ("sheet 304 / bare page", "sheet_304", "bare_page", "rps", 1.0),
    ("sheet 304 / full-stack 304", "sheet_304", "full_304", "rps", None),
    ("stats (1,000 games) / sheet", "stats", "sheet", "rps", 0.5),
    ("full-stack record / bare insert", "full_record", "bare_insert", "rps", None),
    ("record / bare insert", "record", "bare_insert", "rps", 0.7),
    ("record / bare insert, by CPU", "bare_insert", "record", "cpu_ms", None),
    ("record CPU / API read CPU", "record", "api_read", "cpu_ms", 1.0),
    ("the same, both sent without Accept-Encoding", "record", "api_read_plain", "cpu_ms", 1.0),
    ("1,000th hand's record / 10th's, by CPU", "record", "record_1000", "cpu_ms", 1 / 1.15),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--no-stats", action="store_true", help="skip the 1,000-game group")
    parser.add_argument("--long", action="store_true", help="add games at their 1,000th hand")
    parser.add_argument("--before", help="another checkout's root: its app served beside this one")
    args = parser.parse_args()
    rounds, count = max(1, min(args.rounds, 20)), max(10, min(args.requests, 5_000))
    folder = Path(tempfile.mkdtemp(prefix="fair-"))
    for name in ("app", "bare", "full"):
        (folder / name).mkdir()
    database = folder / "app" / "scorekeeper.db"
    build(database, filler=8, pool=200)
    if not args.no_stats:
        add_stats_group(database)
    # Enough games that none passes the most a game holds (1,000 hands) before the last round:
    # each game of the long pool starts at 950 and takes at most 40 records.
    long_games = max(20, (rounds * count + 20) // 40 + 1)
    long_pool = add_long_pool(database, long_games) if args.long else []
    servers: dict[str, Gunicorn] = {}
    try:  # each server stopped at the end, also when a later one fails to start
        servers["app"] = Gunicorn(
            "scorekeeper:create_app()",
            {"SCOREKEEPER_INSTANCE": str(folder / "app")},
            folder / "app" / "log",
        )
        servers["bare"] = Gunicorn(
            "baseline_app:create_app()",
            {"BASELINE_DB": str(folder / "bare" / "rows.db")},
            folder / "bare" / "log",
        )
        servers["full"] = Gunicorn(
            "full_stack_app:create_app()",
            {"FULL_STACK_DB": str(folder / "full" / "f.db")},
            folder / "full" / "log",
        )
        databases = {"app": database}
        if args.before:  # the same database, served by another checkout's app
            before = folder / "app_before"
            before.mkdir()
            shutil.copyfile(database, before / "scorekeeper.db")
            servers["app_before"] = Gunicorn(
                "scorekeeper:create_app()",
                {"SCOREKEEPER_INSTANCE": str(before)},
                before / "log",
                Path(args.before).resolve(),
            )
            databases["app_before"] = before / "scorekeeper.db"
        return _run(servers, databases, long_pool, rounds, count, not args.no_stats)
    finally:
        for server in servers.values():
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def _app_cases(server: Gunicorn, database: Path, suffix: str, stats: bool) -> dict:
    """Returns the app's cases on one server: sheet, its 304, API read, record, statistics."""
    app = Client(server)
    cookie = {"Cookie": session_cookie(server.port, SHEET_GAME)}
    sheet_path = f"/games/{SHEET_GAME}"
    tag = app.send("GET", sheet_path, BROWSER | cookie)[1]["ETag"]
    read = {"Authorization": f"Bearer {token(SHEET_GAME, 'edit')}"}
    cases = {
        "sheet": _get(app, sheet_path, cookie),
        "sheet_304": _get(app, sheet_path, cookie | {"If-None-Match": tag}),
        "api_read": _get(app, f"/api/v1/games/{SHEET_GAME}", read),
        # As the record is sent (a script's client may ask for no encoding): measured alike.
        "api_read_plain": _plain_get(app, f"/api/v1/games/{SHEET_GAME}", read),
        "record": _recorder(app, pool_versions(database), "/api/v1/games/{game}/hands", True),
    }
    if stats:
        app.send("GET", f"/groups/join/{STATS_TOKEN}", cookie)
        cases["stats"] = _get(app, f"/groups/{STATS_GROUP}/stats", cookie)
    return {name + suffix: (case, "app" + suffix) for name, case in cases.items()}


def _cases(
    servers: dict[str, Gunicorn], databases: dict[str, Path], long_pool, stats: bool
) -> dict:
    bare, full = Client(servers["bare"]), Client(servers["full"])
    full_cookie = full.send("GET", "/sheet", BROWSER)[1].get("Set-Cookie", "").split(";")[0]
    full_tag = full.send("GET", "/sheet", BROWSER | {"Cookie": full_cookie})[1]["ETag"]
    full_pool = [(f"pool{i}", f"pool{i}-token", 1) for i in range(400)]
    cases = {
        "bare_page": (_get(bare, "/rows", {}), "bare"),
        "full_page": (_get(full, "/sheet", {"Cookie": full_cookie}), "full"),
        "full_304": (
            _get(full, "/sheet", {"Cookie": full_cookie, "If-None-Match": full_tag}),
            "full",
        ),
        "bare_insert": (_bare_insert(bare), "bare"),
        "full_record": (_recorder(full, full_pool, "/games/{game}/hands", False), "full"),
    }
    for name, database in databases.items():
        cases |= _app_cases(servers[name], database, name.removeprefix("app"), stats)
    if long_pool:
        record_long = _recorder(
            Client(servers["app"]), long_pool, "/api/v1/games/{game}/hands", True
        )
        cases["record_1000"] = (record_long, "app")
    return cases


def _run(servers, databases, long_pool, rounds: int, count: int, stats: bool) -> int:
    cases = _cases(servers, databases, long_pool, stats)
    for case, _server in cases.values():  # every first view paid before timing
        for _ in range(20):
            case()
    seen: dict[str, list[dict[str, float]]] = {name: [] for name in cases}
    for number in range(rounds):
        order = list(cases) if number % 2 == 0 else list(reversed(cases))
        for name in order:
            case, server = cases[name]
            seen[name].append(measure(case, servers[server], count))
        print(f"round {number + 1} of {rounds} done", flush=True)
    medians = {
        name: {k: statistics.median(r[k] for r in runs) for k in ("rps", "cpu_ms", "bad")}
        for name, runs in seen.items()
    }
    print(f"\n{'case':<14}{'req/s':>10}{'CPU ms/req':>12}  (medians of {rounds} rounds)")
    for name, m in medians.items():
        print(
            f"{name:<14}{m['rps']:>10.0f}{m['cpu_ms']:>12.3f}"
            + (f"  {m['bad']:.0f} bad" if m["bad"] else "")
        )
    print()
    for suffix in ("", "_before"):
        if suffix and "sheet_before" not in medians:
            continue
        print(f"-- the app{' before (--before)' if suffix else ''}:")
        for what, case, yardstick, figure, goal in GOALS:
            case, yardstick = (
                n
                if n in ("bare_page", "full_page", "full_304", "bare_insert", "full_record")
                else n + suffix
                for n in (case, yardstick)
            )
            if case in medians and yardstick in medians:
                ratio = medians[case][figure] / medians[yardstick][figure]
                print(f"{what:<48}{ratio:>6.2f}" + (f"   goal >= {goal:.2f}" if goal else ""))
    if "sheet_before" in medians:
        print("-- after / before, by requests per second:")
        for name in medians:
            if name + "_before" in medians:
                print(f"{name:<48}{medians[name]['rps'] / medians[name + '_before']['rps']:>6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

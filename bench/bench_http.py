"""The app against bare Flask, in alternating short rounds: sheet, group stats, record, a huge database, PDF, weight.

    .venv/bin/python bench/bench_http.py            # 5 rounds of 5 s a case; writes the docs table
    .venv/bin/python bench/bench_http.py --quick    # 3 rounds of 2 s a case, under 90 s

Serves the bare Flask yardstick (bench/baseline_app.py) and the app on the 10-game and the
100,000-game databases at once, each under gunicorn as the README's production command runs
it (2 sync workers, --preload, loopback). Each round loads every case for a few seconds with
`wrk -t2 -c8`, the yardstick right beside the app, and the order turns round every other
round, so a neighbour's burst on this shared machine lands on both sides of a ratio. A case's
ratio is the median over the rounds of app/yardstick in the same round, with its range.
Writes bench/out/results.json and, without --quick, the table in docs/performance.md.
Needs `wrk` (apt-get install wrk).
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
DOCS = ROOT / "docs" / "performance.md"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import wrk_scripts  # noqa: E402
from bench_data import (  # noqa: E402
    LONG_HANDS,
    PDF_GAME,
    SHEET_GAME,
    STATS_GROUP,
    STATS_TOKEN,
    Built,
    add_long_pool,
    add_stats_group,
    build,
    long_pool_heads,
    rewind_long_pool,
    token,
)

POOL = 400
# Games at about their 1,000th hand, taken back to 950 before each load: 50 records a game,
# 10,000 a load, more than 2,000 a second for 5 s (the most a game holds is 1,000 hands).
LONG_POOL = 200
BIG_GAMES = 100_000
STATS_10K, STATS_10K_TOKEN = "stats10k", "stats10k-member-token"
# Scores nothing on either side, so the write pool's games never end however long the run.
HAND = {
    "hand": {
        "We": {"melded_points": 60, "hand_points": 60},
        "They": {"melded_points": 60, "hand_points": 60},
    }
}
ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')
BENCH_LINE = re.compile(r"^BENCH (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)$", re.MULTILINE)
# case: (server, kind, yardstick case); the yardstick's own ratio is 1 by definition.
CASES = {
    "rows": ("baseline", "read", "rows"),
    "sheet": ("small", "read", "rows"),
    # A group of 1,000 finished games (40,000 hands): its statistics page against the sheet.
    "stats": ("small", "stats", "sheet"),
    # A group of 10,000 finished games of 12 hands: against the 1,000-game group's page.
    "stats_10k": ("small", "stats_10k", "stats"),
    "insert": ("baseline", "write", "insert"),
    "record": ("small", "write", "insert"),
    # The same record on games at about their 1,000th hand: against the one at about the 10th.
    "record_1000": ("small", "write_long", "record"),
}
BIG_CASES = {
    "sheet_100k": ("big", "read", "rows"),
    "record_100k": ("big", "write", "insert"),
}
ALL_CASES = CASES | BIG_CASES
# Every page case asks as a browser does: Flask-Compress compresses each answer (issue 36).
BROWSER = ("-H", "Accept-Encoding: gzip, deflate, br")
TABLE_START, TABLE_END = "<!-- bench_http table: start -->", "<!-- bench_http table: end -->"


def free_port() -> int:
    """Returns a free loopback port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Gunicorn:
    """One app under gunicorn with 2 sync workers on a loopback port, as in production."""

    def __init__(self, app: str, env: dict[str, str], log: Path, root: Path = ROOT) -> None:
        self.port = free_port()
        # Each request's time inside its worker, in microseconds (gunicorn's %(D)s), a line
        # each: the same logging costs the yardstick and the app alike.
        self.access = log.with_name("access.log")
        command = [sys.executable, "-m", "gunicorn", "--preload", "-w", "2", "--timeout", "60"]
        command += ["--access-logfile", str(self.access), "--access-logformat", "%(D)s"]
        command += ["-b", f"127.0.0.1:{self.port}", "--pythonpath", "bench", app]
        # `root`'s app, not another: `python -m` and gunicorn put the working folder first on
        # sys.path, ahead of PYTHONPATH, so another checkout is served only from its own root.
        env = os.environ | env | {"PYTHONPATH": str(root)}
        with open(log, "ab") as out:
            self.process = subprocess.Popen(
                command, cwd=root, env=env, stdout=out, stderr=out, start_new_session=True
            )
        for _ in range(1200):
            try:
                get(self.port, "/static/favicon.svg" if "scorekeeper" in app else "/rows")
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"{app} did not start; see {log}")

    def cpu_seconds(self) -> float:
        """Returns the CPU time (user + system) of this gunicorn's master and workers so far."""
        tick = os.sysconf("SC_CLK_TCK")
        total = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # a process that ended meanwhile
            if int(fields[2]) == self.process.pid:  # the process group gunicorn leads
                total += int(fields[11]) + int(fields[12])
        return total / tick

    def logged(self) -> int:
        """Returns how far the access log has been written, to read one load's lines after it."""
        return self.access.stat().st_size if self.access.exists() else 0

    def in_worker(self, since: int) -> dict:
        """Returns the p50, p99 and p99.9 of the requests logged since `since`, in ms."""
        # The workers log each request as they answer it; the last few may lag wrk's end.
        time.sleep(0.2)
        with open(self.access, "rb") as log:
            log.seek(since)
            times = sorted(int(line) / 1000 for line in log.read().split() if line.isdigit())
        if not times:
            return {}
        return {
            f"worker_{name}_ms": times[min(len(times) - 1, round(q * (len(times) - 1)))]
            for name, q in (("p50", 0.5), ("p99", 0.99), ("p999", 0.999))
        }

    def stop(self) -> None:
        """Stops this gunicorn (its own process group) and waits for it."""
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=30)


def get(port: int, path: str, headers: dict[str, str] | None = None, timeout: float = 10):
    """Returns (status, headers, body) of one GET."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.request("GET", path, headers=headers or {})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, response.headers, body


def session_cookie(port: int, game_id: str) -> str:
    """Opens the game's owner link and its sheet once; returns the session cookie a phone then holds."""
    _status, headers, _ = get(port, f"/join/{token(game_id, 'owner')}")
    cookie = headers["Set-Cookie"].split(";", 1)[0]
    # The first sheet keeps the session's CSRF secret in the cookie, as a phone's browser
    # then holds it: a cookie from before it would make every request of the bench sign a
    # new cookie, which no phone does after its first page.
    _status, headers, _ = get(port, f"/games/{game_id}", {"Cookie": cookie})
    again = headers.get("Set-Cookie")
    return again.split(";", 1)[0] if again else cookie


def wrk(url: str, seconds: int, connections: int, script: Path, *extra: str, args=()) -> dict:
    """Runs wrk (2 threads) with a script that reports its percentiles; returns the figures."""
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s"]
    command += ["-s", str(script), *extra, url]
    command += ["--", *args] if args else []
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    found = BENCH_LINE.search(out)
    if found is None:
        raise RuntimeError(f"wrk printed no BENCH line:\n{out}")
    for line in re.findall(r"^NON2XX (.*)$", out, re.MULTILINE):
        print(f"  {script.stem}: answers other than 2xx: {line[:300]}", file=sys.stderr)
    requests, duration, p50, p99, p999, top, status, socket_errors = map(int, found.groups())
    return {
        "rps": requests / (duration / 1e6),
        "p50_ms": p50 / 1000,
        "p99_ms": p99 / 1000,
        "p999_ms": p999 / 1000,
        "max_ms": top / 1000,
        "non_2xx": status,
        "socket_errors": socket_errors,
    }


def pool_versions(database: Path, prefix: str = "pool") -> list[tuple[str, str, int]]:
    """Returns the write pool's (id, edit token, current version), once writes have settled."""
    # wrk stops with requests in flight; the server may still commit them after it exits,
    # so the versions are read until two reads a quarter of a second apart agree.
    conn = sqlite3.connect(database, timeout=10)
    try:
        rows, before = None, []
        while rows != before:
            before = rows
            time.sleep(0.25)
            rows = conn.execute(
                "SELECT id, edit_token, version FROM games WHERE id LIKE ? ORDER BY id",
                [prefix + "%"],
            ).fetchall()
    finally:
        conn.close()
    return [(g, t, v) for g, t, v in rows]


class Target:
    """A running server and how to load its read and write cases."""

    def __init__(self, name: str, server: Gunicorn, folder: Path, database: Path | None) -> None:
        self.name, self.server, self.folder, self.database = name, server, folder, database
        self.base = f"http://127.0.0.1:{server.port}"
        self.read_extra: tuple[str, ...] = ()
        self.runs = 0
        self.long_heads = long_pool_heads(database) if database is not None else []
        if database is not None:
            cookie = session_cookie(server.port, SHEET_GAME)
            self.read_extra = ("-H", f"Cookie: {cookie}")
            # The same browser joins the statistics group by its link (the small database's).
            get(server.port, f"/groups/join/{STATS_TOKEN}", {"Cookie": cookie})
            get(server.port, f"/groups/join/{STATS_10K_TOKEN}", {"Cookie": cookie})
            # Each page once, one at a time, before any load: whatever a first view costs (a
            # group's sums) is paid once by each worker, not by eight requests at once.
            for _ in range(4):
                for page in (f"/groups/{STATS_GROUP}/stats", f"/groups/{STATS_10K}/stats"):
                    get(server.port, page, {"Cookie": cookie}, timeout=120)

    def load(self, kind: str, seconds: int, connections: int) -> dict:
        """Loads a case of this server for `seconds`: wrk's figures, the worker's own, and the
        server's CPU per request."""
        since, cpu = self.server.logged(), self.server.cpu_seconds()
        figures = self._load(kind, seconds, connections)
        used = self.server.cpu_seconds() - cpu
        requests = max(1.0, figures["rps"] * seconds)
        return figures | self.server.in_worker(since) | {"cpu_ms": 1000 * used / requests}

    def _load(self, kind: str, seconds: int, connections: int) -> dict:
        self.runs += 1
        if self.database is None:
            url = f"{self.base}/rows"
            script = self.folder / ("baseline-insert.lua" if kind == "write" else "read.lua")
            script.write_text(wrk_scripts.INSERT if kind == "write" else wrk_scripts.READ)
            return wrk(url, seconds, connections, script, *(() if kind == "write" else BROWSER))
        if kind in ("read", "stats", "stats_10k"):
            script = self.folder / "read.lua"
            script.write_text(wrk_scripts.READ)
            pages = {
                "stats": f"/groups/{STATS_GROUP}/stats",
                "stats_10k": f"/groups/{STATS_10K}/stats",
                "read": f"/games/{SHEET_GAME}",
            }
            extra = (*self.read_extra, *BROWSER)
            return wrk(self.base + pages[kind], seconds, connections, script, *extra)
        prefix = "long" if kind == "write_long" else "pool"
        if kind == "write_long":
            rewind_long_pool(self.database, self.long_heads)
        pool = pool_versions(self.database, prefix)
        script = wrk_scripts.record_script(pool, HAND, self.folder / f"{prefix}.lua")
        tag = f"{os.getpid()}x{self.runs}x{time.time_ns()}"
        return wrk(self.base, seconds, connections, script, args=("2", tag))


def rounds(targets: dict[str, Target], args: argparse.Namespace) -> dict[str, list[dict]]:
    """Runs every case once a round, the yardstick beside the app, turning the order round."""
    cases = {n: c for n, c in ALL_CASES.items() if c[0] in targets}
    seen: dict[str, list[dict]] = {name: [] for name in cases}
    order = list(cases)
    for name in order:  # warm-up: templates compiled, caches filled, the pool's games read
        server, kind, _ = cases[name]
        targets[server].load(kind, 1, args.connections)
    for number in range(args.rounds):
        for name in order if number % 2 == 0 else reversed(order):
            server, kind, _ = cases[name]
            seen[name].append(targets[server].load(kind, args.seconds, args.connections))
        done = ", ".join(f"{n} {seen[n][-1]['rps']:,.0f}/s" for n in cases)
        print(f"round {number + 1}/{args.rounds}: {done}", flush=True)
    return seen


def summary(seen: dict[str, list[dict]]) -> dict[str, dict]:
    """Returns each case's medians over the rounds, their ranges, and its ratios to yardsticks."""
    cases: dict[str, dict] = {}
    for name, (server, _kind, yardstick) in ALL_CASES.items():
        if name not in seen:
            continue
        runs = seen[name]
        case: dict = {}
        keys = ("rps", "p50_ms", "p99_ms", "p999_ms", "max_ms")
        keys += ("worker_p50_ms", "worker_p99_ms", "worker_p999_ms", "cpu_ms")
        for key in keys:
            values = [r[key] for r in runs if key in r]
            if not values:
                continue
            case[key] = statistics.median(values)
            case[f"{key}_range"] = [min(values), max(values)]
        case["max_ms"] = max(r["max_ms"] for r in runs)  # the worst pause of all the rounds
        # A round where a side answered nothing (a stalled server) counts as a ratio of 0.
        pairs = zip(runs, seen[yardstick], strict=True)
        ratios = [r["rps"] / y["rps"] if y["rps"] else 0.0 for r, y in pairs]
        case["ratio"] = statistics.median(ratios)
        case["ratio_range"] = [min(ratios), max(ratios)]
        # By server CPU: the yardstick's CPU per request over this case's, round by round.
        pairs = zip(runs, seen[yardstick], strict=True)
        by_cpu = [y["cpu_ms"] / r["cpu_ms"] if r["cpu_ms"] else 0.0 for r, y in pairs]
        case["cpu_ratio"] = statistics.median(by_cpu)
        case["cpu_ratio_range"] = [min(by_cpu), max(by_cpu)]
        case["vs"] = yardstick
        if server == "big":  # the same request on the 10-game database, round by round
            small = seen[name.removesuffix("_100k")]
            same = [
                r["rps"] / s["rps"] if s["rps"] else 0.0 for r, s in zip(runs, small, strict=True)
            ]
            case["vs_10_game"] = statistics.median(same)
            case["vs_10_game_range"] = [min(same), max(same)]
        case["non_2xx"] = sum(r["non_2xx"] for r in runs)
        case["socket_errors"] = sum(r["socket_errors"] for r in runs)
        case["rounds"] = runs
        cases[name] = case
    return cases


def page_weight(port: int) -> dict:
    """Returns the bytes of a first load of the sheet page: HTML and every asset it names."""
    cookie = session_cookie(port, SHEET_GAME)
    files = {"page": get(port, f"/games/{SHEET_GAME}", {"Cookie": cookie})[2]}
    for path in dict.fromkeys(ASSET.findall(files["page"].decode())):
        files[path] = get(port, path)[2]
    raw = {name: len(body) for name, body in files.items()}
    zipped = {name: len(gzip.compress(body, 6, mtime=0)) for name, body in files.items()}
    return {"raw": sum(raw.values()), "gzip": sum(zipped.values()), "files": raw}


def _times_ms(work, runs: int) -> list[float]:
    work()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return times


def pdf_case(folder: Path, runs: int) -> dict:
    """Times the 40-hand game's PDF download in-process against a bare reportlab 40-row table."""
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

    from scorekeeper import create_app

    os.environ["SCOREKEEPER_INSTANCE"] = str(folder)
    client = create_app().test_client()
    client.get(f"/join/{token(PDF_GAME, 'owner')}")

    def app_pdf() -> bytes:
        response = client.get(f"/games/{PDF_GAME}/sheet.pdf")
        assert response.status_code == 200
        return response.data

    def bare_pdf() -> bytes:
        rows = [["Hand", "We", "We total", "They", "They total"]]
        rows += [[str(i), "+120", str(120 * i), "−35", str(-35 * i)] for i in range(1, 41)]
        buffer = BytesIO()
        table = Table(rows, repeatRows=1)
        table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, (0, 0, 0))]))
        SimpleDocTemplate(buffer, pagesize=A4).build([table])
        return buffer.getvalue()

    start = time.perf_counter()
    app_pdf()
    first_ms = (time.perf_counter() - start) * 1000  # the first download of this version
    app_ms = statistics.median(_times_ms(app_pdf, runs))
    bare_ms = statistics.median(_times_ms(bare_pdf, runs))
    return {"first_ms": first_ms, "app_ms": app_ms, "bare_ms": bare_ms, "ratio": app_ms / bare_ms}


def databases(folder: Path, big_too: bool) -> tuple[tuple[Path, Built], tuple[Path, Built] | None]:
    """Builds the small database (the sheet, the pools, the two groups), and with `big_too`
    copies (building once) the 100,000-game one."""
    small = folder / "small"
    small.mkdir(parents=True, exist_ok=True)
    small_built = build(small / "scorekeeper.db", filler=8, pool=POOL)
    games, hands = add_stats_group(small / "scorekeeper.db")
    more, more_hands = add_stats_group(
        small / "scorekeeper.db", STATS_10K, STATS_10K_TOKEN, count=10_000, hands_each=12
    )
    long_pool = add_long_pool(small / "scorekeeper.db", LONG_POOL)
    small_built = Built(
        small_built.games + games + more + len(long_pool),
        small_built.hands + hands + more_hands + len(long_pool) * LONG_HANDS,
        small_built.pool,
    )
    if not big_too:
        return (small / "scorekeeper.db", small_built), None
    big = folder / "big"
    big.mkdir(parents=True, exist_ok=True)
    template = OUT / "big-template.db"
    filler = BIG_GAMES - 2 - POOL
    if not template.exists():
        print("building the 100,000-game database once ...", flush=True)
        build(template, filler=filler, pool=POOL)
    big_built = Built(BIG_GAMES, 70 + POOL * 20 + filler * 10, small_built.pool)
    for stale in big.glob("scorekeeper.db*"):
        stale.unlink()
    shutil.copyfile(template, big / "scorekeeper.db")
    return (small / "scorekeeper.db", small_built), (big / "scorekeeper.db", big_built)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds of 2 s: under 90 s")
    parser.add_argument("--rounds", type=int, help="rounds of every case (default 5)")
    parser.add_argument("--seconds", type=int, help="seconds of each case a round (default 5)")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--out", type=Path, default=OUT / "results.json")
    parser.add_argument("--big", action="store_true", help="also the 100,000-game database")
    args = parser.parse_args()
    args.rounds = args.rounds or (3 if args.quick else 5)
    args.seconds = args.seconds or (2 if args.quick else 5)
    started = time.monotonic()
    work = OUT / "run"
    (small_db, small), big_one = databases(work, args.big)
    (work / "baseline").mkdir(parents=True, exist_ok=True)
    for stale in (work / "baseline").glob("baseline*.db*"):
        stale.unlink()
    env = {"BASELINE_DB": str(work / "baseline" / "baseline.db")}
    servers = {"baseline": Gunicorn("baseline_app:create_app()", env, work / "baseline.log")}
    apps = [("small", small_db)] + ([("big", big_one[0])] if big_one else [])
    for name, db in apps:
        env = {"SCOREKEEPER_INSTANCE": str(db.parent)}
        servers[name] = Gunicorn("scorekeeper:create_app()", env, db.parent / "gunicorn.log")
    try:
        targets = {"baseline": Target("baseline", servers["baseline"], work / "baseline", None)}
        for name, db in apps:
            targets[name] = Target(name, servers[name], db.parent, db)
        cases = summary(rounds(targets, args))
        weight = page_weight(servers["small"].port)
    finally:
        for server in servers.values():
            server.stop()
    pdf = pdf_case(small_db.parent, 10 if args.quick else 30)
    results = {
        "command": "bench/bench_http.py " + " ".join(sys.argv[1:]),
        "rounds": args.rounds,
        "seconds_per_case": args.seconds,
        "connections": args.connections,
        "databases": {
            "small": {"games": small.games, "hands": small.hands},
            **({"big": {"games": big_one[1].games, "hands": big_one[1].hands}} if big_one else {}),
        },
        "cases": cases,
        "pdf": pdf,
        "first_load_bytes": weight,
        "seconds": round(time.monotonic() - started, 1),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    text = table(results)
    print(text)
    if not args.quick and args.out == OUT / "results.json":
        write_docs_table(text)
        print(f"updated the table in {DOCS.relative_to(ROOT)}")
    print(f"\nwrote {args.out} in {results['seconds']} s")
    return 0


def _spread(case: dict, key: str, digits: int = 1) -> str:
    low, high = case[f"{key}_range"]
    return f"{case[key]:.{digits}f} ({low:.{digits}f}–{high:.{digits}f})"


def table(r: dict) -> str:
    """Returns the results as a Markdown table: medians over the rounds, ranges in brackets."""
    c = r["cases"]
    head = [
        f"{r['rounds']} rounds of {r['seconds_per_case']:g} s a case, `wrk -t2 -c{r['connections']}`;"
        " medians over the rounds with their range; max is the worst of all rounds.",
        "",
        "| case | req/s | p50 ms | p99 ms | p99.9 ms | max ms | in the worker: p50 / p99 / p99.9 ms | server CPU ms a request | ratio (req/s) | ratio by CPU | goal |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    targets = {
        "sheet": "≥ 0.8 of rows; p99 ≤ 3× p50",
        "stats": "≥ 0.5 of sheet",
        "stats_10k": "≥ 0.33 of stats (within 3×), never a timeout",
        "record": "≥ 0.7 of insert; p99 ≤ 3× p50",
        "record_1000": "0.85–1.15 of record",
        "sheet_100k": "0.85–1.15 of sheet; tails as sheet",
        "record_100k": "0.85–1.15 of record; tails as record",
    }
    lines = []
    for name, case in c.items():
        ratio = _spread(case, "ratio", 2) + f" of {case['vs']}"
        if "vs_10_game" in case:
            ratio += f"; {_spread(case, 'vs_10_game', 2)} of the 10-game db"
        bad = f", {case['non_2xx']} non-2xx" if case["non_2xx"] else ""
        worker = " / ".join(
            f"{case[k]:.1f}"
            for k in ("worker_p50_ms", "worker_p99_ms", "worker_p999_ms")
            if k in case
        )
        lines.append(
            f"| {name} | {_spread(case, 'rps', 0)}{bad} | {_spread(case, 'p50_ms')} | "
            f"{_spread(case, 'p99_ms')} | {_spread(case, 'p999_ms')} | {case['max_ms']:.1f} | "
            f"{worker} | {_spread(case, 'cpu_ms', 2)} | {ratio} | {_spread(case, 'cpu_ratio', 2)} | "
            f"{targets.get(name, 'yardstick')} |"
        )
    p, w = r["pdf"], r["first_load_bytes"]
    lines.append(
        f"| PDF, 40 hands (in-process) | | {p['app_ms']:.1f} (first {p['first_ms']:.1f}) | | | | | | "
        f"{p['ratio']:.2f} of bare reportlab ({p['bare_ms']:.1f} ms) | | ≤ 3.0 |"
    )
    lines.append(
        f"| first load of the sheet | {w['raw']:,} B raw, {w['gzip']:,} B gzipped | | | | | | | | | ≤ 30 KB raw |"
    )
    return "\n".join(head + lines)


def write_docs_table(text: str) -> None:
    """Replaces the table between the markers in docs/performance.md."""
    doc = DOCS.read_text()
    start, end = doc.index(TABLE_START) + len(TABLE_START), doc.index(TABLE_END)
    DOCS.write_text(doc[:start] + "\n" + text + "\n" + doc[end:])


if __name__ == "__main__":
    sys.exit(main())

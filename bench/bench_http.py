"""The app against bare Flask: sheet page, recording a hand, a huge database, PDF and page weight.

    .venv/bin/python bench/bench_http.py [--seconds 10] [--connections 8]

Starts each server under gunicorn (2 sync workers, --preload, loopback) one at a time, loads it
with wrk, prints a table and writes bench/out/results.json. Needs `wrk` (apt-get install wrk).
The 100,000-game database is built once into bench/out/big-template.db and copied per run.
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
import statistics
import subprocess
import sys
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_data import PDF_GAME, SHEET_GAME, Built, build, token  # noqa: E402

POOL = 400
BIG_GAMES = 100_000
HAND = {"hand": {"We": {"melded_points": 50, "hand_points": 10}, "They": {"melded_points": 60}}}
ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')
LATENCY = re.compile(r"^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$", re.MULTILINE)
UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}
WRITE_LUA = """
local games = {%s}
local counter, mine, idx, seq = 0, {}, 0, 0
local body = '%s'
function setup(thread) thread:set("tid", counter); counter = counter + 1 end
function init(args)
  local threads = tonumber(args[1])
  for i, g in ipairs(games) do
    if (i - 1) %% threads == tid then table.insert(mine, g) end
  end
end
function request()
  idx = idx %% #mine + 1
  seq = seq + 1
  local g = mine[idx]
  local headers = {
    ["Authorization"] = "Bearer " .. g[2],
    ["If-Match"] = '"' .. g[3] .. '"',
    ["Idempotency-Key"] = string.format("bench-%%d-%%010d", tid, seq),
    ["Content-Type"] = "application/json",
  }
  g[3] = g[3] + 1  -- the version this write makes; the game comes round again long after
  return wrk.format("POST", "/api/v1/games/" .. g[1] .. "/hands", headers, body)
end
"""
BASELINE_LUA = """
wrk.method = "POST"
wrk.body = '{"name": "a row"}'
wrk.headers["Content-Type"] = "application/json"
"""


def free_port() -> int:
    """Returns a free loopback port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Gunicorn:
    """One app under gunicorn with 2 sync workers on a loopback port, as in production."""

    def __init__(self, app: str, env: dict[str, str], log: Path) -> None:
        self.port = free_port()
        command = [sys.executable, "-m", "gunicorn", "--preload", "-w", "2", "--timeout", "60"]
        command += ["-b", f"127.0.0.1:{self.port}", "--pythonpath", "bench", app]
        with open(log, "ab") as out:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=os.environ | env, stdout=out, stderr=out,
                start_new_session=True,
            )  # fmt: skip
        for _ in range(600):
            try:
                get(self.port, "/static/favicon.svg" if "scorekeeper" in app else "/rows")
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"{app} did not start; see {log}")

    def stop(self) -> None:
        """Stops this gunicorn (its own process group) and waits for it."""
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=30)


def get(port: int, path: str, headers: dict[str, str] | None = None):
    """Returns (status, headers, body) of one GET."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers=headers or {})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, response.headers, body


def session_cookie(port: int, game_id: str) -> str:
    """Opens the game's owner link once and returns the session cookie it sets."""
    _status, headers, _ = get(port, f"/join/{token(game_id, 'owner')}")
    return headers["Set-Cookie"].split(";", 1)[0]


def wrk(url: str, seconds: int, connections: int, *extra: str, args: tuple = ()) -> dict:
    """Runs wrk with 2 threads and returns requests/s, p50 and p99 in ms and non-2xx count."""
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", *extra, url]
    command += ["--", *args] if args else []
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    latency = {q: float(v) * UNITS[u] for q, v, u in LATENCY.findall(out)}
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50_ms": latency["50"],
        "p99_ms": latency["99"],
        "errors": int(bad.group(1)) if bad else 0,
    }


def write_script(pool: list[tuple[str, str, int]], path: Path) -> Path:
    """Writes the wrk Lua script that records hands through the API over the write pool."""
    games = ", ".join(f'{{"{g}", "{t}", {v}}}' for g, t, v in pool)
    path.write_text(WRITE_LUA % (games, json.dumps(HAND)))
    return path


def app_cases(folder: Path, built: Built, args: argparse.Namespace) -> dict:
    """Serves one database with the app and loads its sheet page, then its record-hand API."""
    server = Gunicorn(
        "scorekeeper:create_app()", {"SCOREKEEPER_INSTANCE": str(folder)}, folder / "gunicorn.log"
    )
    try:
        base = f"http://127.0.0.1:{server.port}"
        cookie = session_cookie(server.port, SHEET_GAME)
        wrk(f"{base}/games/{SHEET_GAME}", 2, args.connections, "-H", f"Cookie: {cookie}")  # warm
        read = wrk(
            f"{base}/games/{SHEET_GAME}", args.seconds, args.connections, "-H", f"Cookie: {cookie}"
        )
        script = write_script(built.pool, folder / "record.lua")
        record = wrk(base, args.seconds, args.connections, "-s", str(script), args=("2",))
        return {"read": read, "record": record, "port": server.port, "cookie": cookie}
    finally:
        server.stop()


def baseline_cases(folder: Path, args: argparse.Namespace, connection: str = "kept") -> dict:
    """Serves the bare Flask app and loads its 30-row page, then its one-row insert."""
    db = folder / f"baseline-{connection}.db"
    env = {"BASELINE_DB": str(db), "BASELINE_CONNECTION": connection}
    server = Gunicorn("baseline_app:create_app()", env, folder / "baseline.log")
    try:
        base = f"http://127.0.0.1:{server.port}/rows"
        wrk(base, 2, args.connections)
        read = wrk(base, args.seconds, args.connections)
        script = folder / "baseline.lua"
        script.write_text(BASELINE_LUA)
        record = wrk(base, args.seconds, args.connections, "-s", str(script))
        return {"read": read, "record": record}
    finally:
        server.stop()


def page_weight(folder: Path) -> dict:
    """Returns the bytes of a first load of the sheet page: HTML and every asset it names."""
    server = Gunicorn(
        "scorekeeper:create_app()", {"SCOREKEEPER_INSTANCE": str(folder)}, folder / "gunicorn.log"
    )
    try:
        cookie = session_cookie(server.port, SHEET_GAME)
        files = {"page": get(server.port, f"/games/{SHEET_GAME}", {"Cookie": cookie})[2]}
        for path in dict.fromkeys(ASSET.findall(files["page"].decode())):
            files[path] = get(server.port, path)[2]
    finally:
        server.stop()
    raw = {name: len(body) for name, body in files.items()}
    zipped = {name: len(gzip.compress(body, 6, mtime=0)) for name, body in files.items()}
    return {"raw": sum(raw.values()), "gzip": sum(zipped.values()), "files": raw}


def _median_ms(work, runs: int) -> float:
    work()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def pdf_case(folder: Path, runs: int = 30) -> dict:
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

    app_ms, bare_ms = _median_ms(app_pdf, runs), _median_ms(bare_pdf, runs)
    return {"app_ms": app_ms, "bare_ms": bare_ms, "ratio": app_ms / bare_ms}


def databases() -> tuple[tuple[Path, Built], tuple[Path, Built]]:
    """Builds the 10-game database, and copies (building once) the 100,000-game one."""
    small = OUT / "small"
    small.mkdir(parents=True, exist_ok=True)
    small_built = build(small / "scorekeeper.db", filler=8, pool=POOL)
    big = OUT / "big"
    big.mkdir(parents=True, exist_ok=True)
    template = OUT / "big-template.db"
    filler = BIG_GAMES - 2 - POOL
    if not template.exists():
        print("building the 100,000-game database once (about a minute) ...", flush=True)
        build(template, filler=filler, pool=POOL)
    big_built = Built(BIG_GAMES, 70 + POOL * 20 + filler * 10, small_built.pool)
    for stale in big.glob("scorekeeper.db*"):
        stale.unlink()
    shutil.copyfile(template, big / "scorekeeper.db")
    return (small / "scorekeeper.db", small_built), (big / "scorekeeper.db", big_built)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=8)
    args = parser.parse_args()
    started = time.monotonic()
    (small_db, small), (big_db, big) = databases()
    baseline_dir = OUT / "baseline"
    baseline_dir.mkdir(parents=True, exist_ok=True)
    for stale in baseline_dir.glob("baseline*.db*"):
        stale.unlink()
    base = baseline_cases(baseline_dir, args)
    flaskr = baseline_cases(baseline_dir, args, "per-request")
    at_small = app_cases(small_db.parent, small, args)
    at_big = app_cases(big_db.parent, big, args)
    weight = page_weight(small_db.parent)
    pdf = pdf_case(small_db.parent)
    results = {
        "command": f"bench/bench_http.py --seconds {args.seconds} --connections {args.connections}",
        "databases": {
            "small": {"games": small.games, "hands": small.hands},
            "big": {"games": big.games, "hands": big.hands},
        },
        "baseline": base,
        "baseline_per_request": flaskr,
        "app_small_db": {k: at_small[k] for k in ("read", "record")},
        "app_big_db": {k: at_big[k] for k in ("read", "record")},
        "ratios": {
            "1_sheet_vs_jinja_rows": at_small["read"]["rps"] / base["read"]["rps"],
            "2_record_vs_insert": at_small["record"]["rps"] / base["record"]["rps"],
            "1_sheet_vs_rows_per_request": at_small["read"]["rps"] / flaskr["read"]["rps"],
            "2_record_vs_insert_per_request": at_small["record"]["rps"] / flaskr["record"]["rps"],
            "3_sheet_big_vs_small": at_big["read"]["rps"] / at_small["read"]["rps"],
            "3_record_big_vs_small": at_big["record"]["rps"] / at_small["record"]["rps"],
            "4_pdf_vs_bare_reportlab": pdf["ratio"],
        },
        "pdf": pdf,
        "first_load_bytes": weight,
        "seconds": round(time.monotonic() - started, 1),
    }
    (OUT / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    print(table(results))
    print(f"\nwrote {OUT / 'results.json'} in {results['seconds']} s")
    return 0


def table(r: dict) -> str:
    """Returns the results as a Markdown table with each target."""
    b, s, g, q = r["baseline"], r["app_small_db"], r["app_big_db"], r["ratios"]
    f = r["baseline_per_request"]

    def load(x: dict) -> str:
        bad = f", {x['errors']} non-2xx" if x["errors"] else ""
        return f"{x['rps']:,.0f} req/s, p50 {x['p50_ms']:.1f} ms, p99 {x['p99_ms']:.1f} ms{bad}"

    w = r["first_load_bytes"]
    rows = [
        ("1. sheet page, 30 hands", load(s["read"]), load(b["read"]), q["1_sheet_vs_jinja_rows"], "≥ 0.80"),
        ("2. record a hand (API)", load(s["record"]), load(b["record"]), q["2_record_vs_insert"], "≥ 0.80"),
        ("1'. sheet page, 30 hands", "as 1", load(f["read"]) + ", connection per request", q["1_sheet_vs_rows_per_request"], "≥ 0.80"),
        ("2'. record a hand (API)", "as 2", load(f["record"]) + ", connection per request", q["2_record_vs_insert_per_request"], "≥ 0.80"),
        ("3a. sheet page, 100k-game db", load(g["read"]), "same page, 10-game db", q["3_sheet_big_vs_small"], "0.85–1.15"),
        ("3b. record, 100k-game db", load(g["record"]), "same write, 10-game db", q["3_record_big_vs_small"], "0.85–1.15"),
        ("4. PDF, 40 hands", f"{r['pdf']['app_ms']:.1f} ms", f"{r['pdf']['bare_ms']:.1f} ms (reportlab table)", q["4_pdf_vs_bare_reportlab"], "≤ 3.0"),
    ]  # fmt: skip
    lines = ["| case | app | baseline | ratio | target |", "|---|---|---|---|---|"]
    lines += [f"| {a} | {b_} | {c} | {d:.2f} | {e} |" for a, b_, c, d, e in rows]
    lines.append(
        f"| 5. first load of the sheet | {w['raw']:,} B raw, {w['gzip']:,} B gzipped | | | ≤ 30 KB raw |"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())

"""A club night under load: 20 tables record hands while 40 phones and the big screen follow
the standings; prints p50/p99 of a hand save beside one table recording alone.

A club night's table saves a hand every few minutes (`--every`, default 180 s; the tables'
first saves spread over the first interval or the phase, whichever is shorter); the saturation
case, every table saving back to back, is a phase of its own. Everything runs on loopback
against the app under gunicorn (2 sync workers, --preload), and every loop is bounded by a
count and by time: `--seconds` (default 20) at most per phase.

    .venv/bin/python bench/events_load.py [--seconds 20] [--followers 40] [--tables 20] [--every 180]
"""

from __future__ import annotations

import argparse
import http.client
import json
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import Server, free_port, percentile  # noqa: E402

DEALS = 20  # each table's game ends after 20 deals; a table records at most 19
OUT = {"melded_points": 300, "canastas": {"natural": 1}, "went_out": "out"}


def call(
    port: int,
    method: str,
    path: str,
    token: str = "",
    body: object = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], object]:
    """Sends one request on a fresh loopback connection and returns status, headers, JSON."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    sent = dict(headers or {})
    if token:
        sent["Authorization"] = f"Bearer {token}"
    data = None
    if body is not None:
        data, sent["Content-Type"] = json.dumps(body), "application/json"
    try:
        conn.request(method, path, body=data, headers=sent)
        response = conn.getresponse()
        raw = response.read()
        found = (
            json.loads(raw)
            if raw and response.getheader("Content-Type", "").endswith("json")
            else None
        )
        # Header names in lower case: waitress writes `Etag`, gunicorn `ETag`.
        return response.status, {k.lower(): v for k, v in response.getheaders()}, found
    finally:
        conn.close()


def make_event(port: int, tables: int) -> tuple[str, str, list[dict]]:
    """Makes an event of 2 x tables pairs, starts round 1; returns id, view token and tables."""
    entrants = [{"name": f"Pair {i}", "players": [f"A{i}", f"B{i}"]} for i in range(2 * tables)]
    body = {
        "name": "Load night",
        "format": "classic",
        "entrants": entrants,
        "movement": "round_robin",
        "rounds": 1,
        "deals_per_round": DEALS,
    }
    status, _, made = call(port, "POST", "/api/v1/events", body=body)
    assert status == 201 and isinstance(made, dict), (status, made)
    status, _, first = call(port, "POST", f"/api/v1/events/{made['id']}/rounds", made["token"])
    assert status == 201 and isinstance(first, dict), (status, first)
    return made["id"], made["view_token"], first["tables"]


def record_table(
    port: int,
    table: dict,
    deadline: float,
    pace: tuple[float, float],
    saves: list[float],
    errors: list[str],
) -> None:
    """Records up to DEALS - 1 hands at one table, as its phone would: the first `pace[0]`
    seconds in, then one every `pace[1]` seconds (0: back to back)."""
    version = 1
    hand = {"hand": {table["sides"][0]: OUT, table["sides"][1]: {"melded_points": 50}}}
    offset, every = pace
    due = time.monotonic() + offset
    for _ in range(DEALS - 1):
        if due > deadline:
            return
        time.sleep(max(0.0, due - time.monotonic()))
        due += every
        headers = {"If-Match": f'"{version}"', "Idempotency-Key": uuid.uuid4().hex}
        start = time.perf_counter()
        status, got, _ = call(
            port, "POST", f"/api/v1/games/{table['game']}/hands", table["token"], hand, headers
        )
        saves.append(time.perf_counter() - start)
        if status != 201:
            errors.append(f"hand save {status}")
            return
        version = int(got["etag"].strip('"'))


def follow(
    port: int,
    path: str,
    token: str,
    every: float,
    deadline: float,
    stop: threading.Event,
    reads: list[float],
    errors: list[str],
    unchanged: list[int],
) -> None:
    """Polls a standings address every `every` seconds until the recording stops.

    Like a phone's browser, it sends back the ETag of the answer it holds (If-None-Match),
    so unchanged standings may come back as a bare 304.
    """
    tag = ""
    while not stop.is_set() and time.monotonic() < deadline:
        start = time.perf_counter()
        status, got, _ = call(
            port, "GET", path, token, headers={"If-None-Match": tag} if tag else None
        )
        reads.append(time.perf_counter() - start)
        if status == 200:
            tag = got.get("etag", "")
        elif status == 304:
            unchanged.append(1)
        else:
            errors.append(f"standings {status}")
        stop.wait(every)


def phase(
    port: int, tables: int, followers: int, seconds: float, every: float
) -> dict[str, float | int]:
    """Runs one phase: `tables` tables recording a hand each `every` seconds (0: back to
    back), `followers` phones and one big screen polling."""
    event_id, view, drawn = make_event(port, tables)
    saves: list[float] = []
    reads: list[float] = []
    errors: list[str] = []
    unchanged: list[int] = []
    stop, deadline = threading.Event(), time.monotonic() + seconds
    screen = f"/events/screen/{view}/live.json"
    standings = f"/api/v1/events/{event_id}/standings"
    watchers = [
        threading.Thread(
            target=follow,
            args=(port, standings, view, 1.0, deadline, stop, reads, errors, unchanged),
        )
        for _ in range(followers)
    ]
    if followers:
        watchers.append(
            threading.Thread(
                target=follow,
                args=(port, screen, "", 3.0, deadline, stop, reads, errors, unchanged),
            )
        )
    writers = [
        threading.Thread(
            target=record_table,
            args=(port, t, deadline, (i * min(every, seconds) / len(drawn), every), saves, errors),
        )
        for i, t in enumerate(drawn)
    ]
    for thread in (*watchers, *writers):
        thread.start()
    for thread in writers:
        thread.join()
    stop.set()
    for thread in watchers:
        thread.join()
    return {
        "tables": len(drawn),
        "followers": followers,
        "saves": len(saves),
        "reads": len(reads),
        "not_modified": len(unchanged),
        "save_p50_ms": round(percentile(saves, 50), 1),
        "save_p99_ms": round(percentile(saves, 99), 1),
        "read_p50_ms": round(percentile(reads, 50), 1),
        "read_p99_ms": round(percentile(reads, 99), 1),
        "errors": len(errors),
    }


def main() -> int:
    """Runs the single-table phase, then the club night, and prints both side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="time limit of each phase")
    parser.add_argument("--tables", type=int, default=20, help="tables recording at once")
    parser.add_argument("--followers", type=int, default=40, help="phones polling the standings")
    parser.add_argument(
        "--every", type=float, default=180.0, help="seconds between a table's hands"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder), free_port())
        server.start()
        try:
            alone = phase(server.port, 1, 0, args.seconds, 0.0)
            night = phase(server.port, args.tables, args.followers, args.seconds, args.every)
            saturated = phase(server.port, args.tables, args.followers, args.seconds, 0.0)
        finally:
            server.stop()
    print(f"{'':28} {'saves':>6} {'p50 ms':>8} {'p99 ms':>8}  standings reads p50/p99 ms")
    for name, got in (
        ("one table alone", alone),
        (f"club night ({night['tables']} + {night['followers']})", night),
        ("saturation (back to back)", saturated),
    ):
        print(
            f"{name:28} {got['saves']:>6} {got['save_p50_ms']:>8} {got['save_p99_ms']:>8}  "
            f"{got['reads']} reads ({got['not_modified']} 304) "
            f"{got['read_p50_ms']}/{got['read_p99_ms']}  errors {got['errors']}"
        )
    print(json.dumps({"alone": alone, "club_night": night, "saturation": saturated}))
    return 0 if not any(p["errors"] for p in (alone, night, saturated)) else 1


if __name__ == "__main__":
    sys.exit(main())

"""Where a record's time goes against the bare insert: CPU per request, in one process.

    .venv/bin/python bench/record_floor.py [--requests 1000]

Through each app's test client (no server, no network), the CPU time per request of:
the yardstick's bare insert (bench/baseline_app.py), an empty JSON endpoint added to the real
app (its request handling alone: hooks, headers, compression check), a bare Flask route that
runs only a record's SQL on the app's database (the same 12 statements: role, the game's row
and rules on one snapshot, then the one-time key, the version check, the hand and the new
version in one write; no checking, no scoring), and a real record
(`POST /api/v1/games/<id>/hands`, round-robin over 100 games of 20 to 30 hands, as in the
write pool of bench_http.py). Prints the
lowest and the median of five batches; the record's ratio to the insert is what
bench_http.py's `record` ratio approaches when the server has the machine to itself.
Then the same record sent straight to the app's WSGI callable (no test client), and, since a
shared machine moves timings by 2x between runs of the same code, what a record does, counted:
Python calls and C calls inside the app's WSGI call, and SQL statements, a record.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

GAMES = 100
HAND = {"hand": {s: {"melded_points": 60, "hand_points": 60} for s in ("We", "They")}}
GAME = {
    "format": "classic",
    "sides": [{"name": "We", "players": ["Ann", "Bob"]}, {"name": "They", "players": ["Cy", "Di"]}],
    "first_dealer": "Ann",
}


def cpu_ms(send: Callable[[], object], requests: int) -> tuple[float, float]:
    """Returns the lowest and the median CPU ms per request over five batches, after a warm-up."""
    for _ in range(200):
        send()
    batches = []
    for _ in range(5):
        start = time.process_time()
        for _ in range(requests // 5):
            send()
        batches.append((time.process_time() - start) / (requests // 5) * 1000)
    return min(batches), statistics.median(batches)


def bare_record_app(path: str) -> object:
    """Returns a bare Flask app that runs a record's statements, and nothing else, on `path`."""
    import sqlite3

    from flask import Flask, request

    conn = sqlite3.connect(path, isolation_level=None, timeout=5)
    conn.execute("PRAGMA synchronous=NORMAL")
    app = Flask("bare_record")

    @app.post("/games/<game_id>/hands")
    def record(game_id: str) -> dict:
        token = request.headers["Authorization"].removeprefix("Bearer ")
        conn.execute(
            "SELECT id FROM games WHERE (owner_token = ? OR edit_token = ?) AND id = ?",
            [token, token, game_id],
        ).fetchone()
        entry = json.dumps(request.get_json())
        conn.execute("BEGIN")
        conn.execute("SELECT * FROM games WHERE id = ?", [game_id]).fetchone()
        conn.execute("SELECT digest FROM game_rules WHERE game_id = ?", [game_id]).fetchall()
        conn.execute("COMMIT")
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("DELETE FROM used_form_tokens WHERE used_at < ?", ["2000-01-01"])
        conn.execute(
            "INSERT INTO used_form_tokens (token, game_id, used_at, digest) VALUES (?, ?, ?, ?)",
            [request.headers["Idempotency-Key"], game_id, stamp, ""],
        )
        version = conn.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()[0]
        number = conn.execute("SELECT count(*) FROM hands WHERE game_id = ?", [game_id]).fetchone()[
            0
        ]
        conn.execute(
            "INSERT INTO hands (game_id, number, entry, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?)",
            [game_id, number + 1, entry, stamp, stamp],
        )
        conn.execute("UPDATE games SET version = version + 1 WHERE id = ?", [game_id])
        conn.execute("COMMIT")
        return {"version": version + 1, "hand": number + 1}

    return app


def new_games(client: Any, count: int = GAMES) -> list[list[str]]:
    """Starts `count` games through the app's API; returns each one's [id, edit token, ETag]."""
    games = []
    for _ in range(count):
        made = client.post("/api/v1/games", json=GAME)
        games.append([made.json["id"], made.json["tokens"]["edit"], made.headers["ETag"]])
    return games


def post_environ(path: str, body: bytes, authorization: str, if_match: str) -> dict[str, Any]:
    """Returns the environ gunicorn builds for a JSON POST with a token, a version and a fresh key."""
    return {
        "REQUEST_METHOD": "POST",
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "RAW_URI": path,
        "QUERY_STRING": "",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "127.0.0.1:8000",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "HTTP_AUTHORIZATION": authorization,
        "HTTP_IF_MATCH": if_match,
        "HTTP_IDEMPOTENCY_KEY": uuid.uuid4().hex,
        "wsgi.input": io.BytesIO(body),
        "wsgi.url_scheme": "http",
        "wsgi.errors": sys.stderr,
        "wsgi.version": (1, 0),
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.input_terminated": True,
    }


def wsgi_record(app: Any, games: list[list[str]], turn: Any) -> Callable[[], None]:
    """Returns a record sent straight to the app's WSGI callable with the environ gunicorn
    builds: the app's own work, without the test client's."""
    body = json.dumps(HAND).encode()
    seen: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]], _exc: Any = None) -> None:
        seen["status"], seen["headers"] = status, headers

    def send() -> None:
        game = games[next(turn) % len(games)]
        path = f"/api/v1/games/{game[0]}/hands"
        environ = post_environ(path, body, f"Bearer {game[1]}", game[2])
        answer = app(environ, start_response)
        try:
            b"".join(answer)
        finally:
            answer.close()
        assert seen["status"].startswith("201"), seen["status"]
        game[2] = dict(seen["headers"])["ETag"]

    return send


def counted(app: Any, record: Callable[[], None], database: str, records: int = 100) -> str:
    """Returns the Python calls, C calls and SQL statements a record makes inside the app."""
    from scorekeeper.store.connection import thread_connection

    calls = {"call": 0, "c_call": 0}

    def count(_frame: object, event: str, _arg: object) -> None:
        if event in calls:
            calls[event] += 1

    inner = app.wsgi_app

    def counting(environ: dict[str, Any], start_response: Any) -> Any:
        sys.setprofile(count)
        try:
            return inner(environ, start_response)
        finally:
            sys.setprofile(None)

    statements: list[str] = []
    connection = thread_connection(database).conn  # the one the test client's requests borrow
    app.wsgi_app = counting
    connection.set_trace_callback(statements.append)
    try:
        for _ in range(records):
            record()
    finally:
        app.wsgi_app = inner
        connection.set_trace_callback(None)
    # A trigger's run is traced with its statement's text again: counted once, as the app ran it.
    ran = [s for i, s in enumerate(statements) if i == 0 or s != statements[i - 1]]
    return (
        f"a record, counted over {records}: {calls['call'] / records:.0f} Python calls, "
        f"{calls['c_call'] / records:.0f} C calls, {len(ran) / records:.1f} SQL statements"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="record-floor-")
    os.environ["SCOREKEEPER_INSTANCE"] = f"{folder}/instance"
    os.environ["BASELINE_DB"] = f"{folder}/baseline.db"
    import baseline_app
    from flask import jsonify

    from scorekeeper import create_app
    from scorekeeper.extensions import csrf

    app = create_app({"DATABASE": f"{folder}/scorekeeper.db"})

    @app.post("/api/v1/empty")
    def empty() -> object:
        return jsonify({"ok": True})

    csrf.exempt(empty)
    bare, client = baseline_app.create_app().test_client(), app.test_client()
    statements_only = bare_record_app(f"{folder}/scorekeeper.db").test_client()

    games = new_games(client)
    turn = iter(range(10**9))

    def record() -> None:
        game = games[next(turn) % len(games)]
        headers = {"Authorization": f"Bearer {game[1]}", "If-Match": game[2]}
        headers["Idempotency-Key"] = uuid.uuid4().hex
        answer = client.post(f"/api/v1/games/{game[0]}/hands", json=HAND, headers=headers)
        assert answer.status_code == 201, answer.get_data(as_text=True)
        game[2] = answer.headers["ETag"]

    own_games = [made[:2] for made in new_games(client)]  # theirs alone

    def bare_record() -> None:
        game = own_games[next(turn) % len(own_games)]
        headers = {"Authorization": f"Bearer {game[1]}", "Idempotency-Key": uuid.uuid4().hex}
        answer = statements_only.post(f"/games/{game[0]}/hands", json=HAND, headers=headers)
        assert answer.status_code == 200, answer.get_data(as_text=True)

    for _ in range(20 * GAMES):  # 20 hands a game before the figures start
        record()
    rows = {
        "bare insert (yardstick)": cpu_ms(
            lambda: bare.post("/rows", json={"name": "x"}), args.requests
        ),
        "the app, an empty JSON endpoint": cpu_ms(
            lambda: client.post("/api/v1/empty", json={"name": "x"}), args.requests
        ),
        "a record's SQL alone, bare Flask": cpu_ms(bare_record, args.requests),
        "the app, a record": cpu_ms(record, args.requests),
    }
    straight = cpu_ms(wsgi_record(app, games, turn), args.requests)
    insert = rows["bare insert (yardstick)"][1]
    print(f"CPU ms per request through the test client, {args.requests} requests each:")
    for name, (low, middle) in rows.items():
        print(
            f"  {name:<34} lowest {low:.3f}  median {middle:.3f}  ({insert / middle:.2f} of the insert's rate)"
        )
    low, middle = straight
    print(
        f"The app's record straight through WSGI (no test client): lowest {low:.3f}  median {middle:.3f}"
    )
    print(counted(app, record, f"{folder}/scorekeeper.db"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

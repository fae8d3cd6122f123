"""The yardstick: bare Flask + sqlite-utils, a 30-row Jinja page and a one-row insert.

Fair on both sides: the page's template is compiled once, when the app is built (as the app's
own templates are), and the insert runs on a connection kept per worker (as the app keeps one
per thread). Until issue 22 it used `render_template_string`, which compiles the template on
every request: 2.57x slower, which made the app look faster than it was.

Served by bench/bench_http.py under gunicorn next to the real app:
    BASELINE_DB=path gunicorn --pythonpath bench 'baseline_app:create_app()'
"""

from __future__ import annotations

import os
import sqlite3

from flask import Flask, g, request
from sqlite_utils import Database

PAGE = """<!doctype html><title>Rows</title><table>
{% for row in rows %}<tr><td>{{ row.id }}</td><td>{{ row.name }}</td><td>{{ row.points }}</td></tr>
{% endfor %}</table>"""


_kept: dict[str, Database] = {}
# "kept" (default): one connection per worker, as the app keeps one per thread; the faster
# yardstick. "per-request": flaskr's pattern, a connection opened and closed by each request.
PER_REQUEST = os.environ.get("BASELINE_CONNECTION") == "per-request"


def _connect() -> Database:
    db = Database(sqlite3.connect(os.environ["BASELINE_DB"], timeout=5, isolation_level=None))
    db.execute("PRAGMA synchronous=NORMAL")
    return db


def _db() -> Database:
    if PER_REQUEST:
        if "db" not in g:
            g.db = _connect()
        return g.db
    if "db" not in _kept:
        _kept["db"] = _connect()
    return _kept["db"]


def create_app() -> Flask:
    """Builds the baseline app on $BASELINE_DB, creating its one table in WAL mode."""
    db = Database(sqlite3.connect(os.environ["BASELINE_DB"], isolation_level=None))
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, name TEXT, points INT)")
    if not db.execute("SELECT count(*) FROM rows").fetchone()[0]:
        db["rows"].insert_all({"name": f"row {i}", "points": 5 * i} for i in range(30))
    db.close()
    app = Flask(__name__)
    page = app.jinja_env.from_string(PAGE)  # compiled once, as a template file is

    @app.teardown_appcontext
    def close(_error: BaseException | None) -> None:
        db = g.pop("db", None)
        if db is not None:
            db.close()

    @app.get("/rows")
    def rows() -> str:
        found = _db().query("SELECT id, name, points FROM rows ORDER BY id LIMIT 30")
        return page.render(rows=list(found))

    @app.post("/rows")
    def insert() -> dict:
        db = _db()
        db.execute("BEGIN IMMEDIATE")
        db["rows"].insert({"name": request.get_json()["name"], "points": 5})
        db.execute("COMMIT")
        return {"ok": True}

    return app

"""The fair yardstick: a minimal app on the same stack and extensions as Canasta Scorekeeper.

Beside the bare page and the bare insert (bench/baseline_app.py), what an ordinary app of this
stack costs for the same two jobs (issue 36): Flask-WTF's CSRF token in a form, Flask-Babel
choosing the language per request, a signed session, the same security headers, Flask-Compress
(brotli first, as the app). `GET /sheet` renders a 30-row We/They sheet from SQLite rows on
every request, or a 304 when the browser holds the current one (an ETag of the game's version,
the browser and the language); `POST /games/<id>/hands` reads a bearer token and If-Match, judges a pydantic
body, inserts the hand and updates a totals row in one BEGIN IMMEDIATE transaction, and answers
JSON. Served under gunicorn by bench/fair.py:
    FULL_STACK_DB=path gunicorn --pythonpath bench 'full_stack_app:create_app()'
"""

from __future__ import annotations

import os
import secrets
import sqlite3

from flask import Flask, Response, jsonify, request, session
from flask_babel import Babel, format_decimal, get_locale, gettext
from flask_compress import Compress
from flask_wtf.csrf import CSRFProtect
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlite_utils import Database

PAGE = """<!doctype html><html lang="{{ lang }}"><head><meta charset="utf-8">
<title>{{ _("We") }} · {{ _("They") }}</title></head><body>
<form method="post" action="/language"><input type="hidden" name="csrf_token" value="{{ csrf_token() }}">
<button>{{ _("Language") }}</button></form>
<h1>{{ _("We") }} {{ totals.we|points }} · {{ _("They") }} {{ totals.they|points }}</h1>
<section class="sheet">
{% for row in rows %}<a class="row" id="hand-{{ row.number }}" href="/hands/{{ row.number }}"><span class="n">{{ row.number }}</span><span><small>{{ row.we_score|points }}</small> <b>{{ row.we_total|points }}</b></span><span><small>{{ row.they_score|points }}</small> <b>{{ row.they_total|points }}</b></span></a>
{% endfor %}</section></body></html>"""
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}
_kept: dict[str, Database] = {}


class Side(BaseModel):
    """One side's counts in a hand."""

    model_config = ConfigDict(strict=True, extra="forbid")
    melded_points: int = Field(ge=-10_000, le=10_000)
    hand_points: int = Field(default=0, ge=-10_000, le=10_000)


class HandBody(BaseModel):
    """A hand's body: each side's counts."""

    model_config = ConfigDict(strict=True, extra="forbid")
    hand: dict[str, Side]


def _db() -> Database:
    if "db" not in _kept:
        db = Database(sqlite3.connect(os.environ["FULL_STACK_DB"], timeout=5, isolation_level=None))
        db.execute("PRAGMA synchronous=NORMAL")
        _kept["db"] = db
    return _kept["db"]


def _prepare(path: str) -> None:
    """Creates the tables in WAL mode: a game with 30 hands and a pool of games to record on."""
    db = Database(sqlite3.connect(path, isolation_level=None))
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(
        "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, token TEXT UNIQUE, version INT,"
        " we INT, they INT, hand_count INT)"
    )
    db.execute(
        "CREATE TABLE IF NOT EXISTS hands (game_id TEXT, number INT, we_score INT, we_total INT,"
        " they_score INT, they_total INT, entry TEXT, PRIMARY KEY (game_id, number))"
    )
    if not db.execute("SELECT count(*) FROM games").fetchone()[0]:
        we = they = 0
        for number in range(1, 31):
            we, they = we + 175, they + 90
            db["hands"].insert(
                {"game_id": "sheet", "number": number, "we_score": 175, "we_total": we}
                | {"they_score": 90, "they_total": they, "entry": "{}"}
            )
        db["games"].insert_all(
            [
                {
                    "id": "sheet",
                    "token": "sheet-token",
                    "version": 31,
                    "we": we,
                    "they": they,
                    "hand_count": 30,
                }
            ]
            + [
                {
                    "id": f"pool{i}",
                    "token": f"pool{i}-token",
                    "version": 1,
                    "we": 0,
                    "they": 0,
                    "hand_count": 0,
                }
                for i in range(400)
            ]
        )
    db.close()


def create_app() -> Flask:
    """Builds the full-stack yardstick on $FULL_STACK_DB."""
    _prepare(os.environ["FULL_STACK_DB"])
    app = Flask(__name__)
    app.config.update(
        SECRET_KEY="bench-only-secret",
        COMPRESS_ALGORITHM=["br", "gzip", "zstd", "deflate"],
        COMPRESS_BR_LEVEL=6,
        COMPRESS_MIN_SIZE=600,
    )
    CSRFProtect(app)
    Compress(app)
    Babel(app, locale_selector=lambda: request.accept_languages.best_match(["en", "de"]) or "en")
    app.add_template_filter(lambda n: format_decimal(n), "points")
    app.jinja_env.globals["_"] = gettext
    page = app.jinja_env.from_string(PAGE)  # compiled once, as a template file is

    @app.after_request
    def headers(response):  # type: ignore[no-untyped-def]
        response.headers.update(HEADERS)
        return response

    @app.get("/sheet")
    def sheet() -> Response:
        browser = session.setdefault("browser", secrets.token_urlsafe(16))
        db = _db()
        version, we, they = db.execute(
            "SELECT version, we, they FROM games WHERE id = 'sheet'"
        ).fetchone()
        # The ordinary conditional GET: a tag from the game's version, the browser (the page
        # holds its CSRF token) and the language, answered 304 before any row is read.
        tag = f"{version}-{browser}-{get_locale()}"
        held = request.if_none_match  # Flask-Compress tags a compressed page "tag:br"
        if any(held.contains_weak(tag + s) for s in ("", ":br", ":gzip", ":zstd", ":deflate")):
            unchanged = Response(status=304)
            unchanged.set_etag(tag)
            return unchanged
        rows = db.query(
            "SELECT number, we_score, we_total, they_score, they_total FROM hands"
            " WHERE game_id = 'sheet' ORDER BY number"
        )
        answer = Response(page.render(rows=list(rows), totals={"we": we, "they": they}, lang="en"))
        answer.set_etag(tag)
        answer.headers["Cache-Control"] = "private, no-cache"
        return answer

    @app.post("/games/<game_id>/hands")
    def record(game_id: str):  # type: ignore[no-untyped-def]
        auth = request.headers.get("Authorization", "")
        try:
            body = HandBody.model_validate_json(request.get_data())
        except ValidationError as error:
            return jsonify({"problems": error.errors(include_url=False)}), 422
        db = _db()
        db.execute("BEGIN IMMEDIATE")
        try:
            found = db.execute(
                "SELECT version, we, they, hand_count FROM games WHERE id = ? AND token = ?",
                [game_id, auth.removeprefix("Bearer ")],
            ).fetchone()
            if found is None:
                db.execute("ROLLBACK")
                return jsonify({"error": "not found"}), 404
            version, we, they, count = found
            if request.headers.get("If-Match") != f'"{version}"':
                db.execute("ROLLBACK")
                return jsonify({"error": "stale"}), 412
            scored = {k: s.melded_points + s.hand_points for k, s in body.hand.items()}
            we, they, count = we + scored.get("We", 0), they + scored.get("They", 0), count + 1
            db.execute(
                "INSERT INTO hands VALUES (?, ?, ?, ?, ?, ?, ?)",
                [game_id, count, scored.get("We", 0), we, scored.get("They", 0), they, "{}"],
            )
            db.execute(
                "UPDATE games SET version = ?, we = ?, they = ?, hand_count = ? WHERE id = ?",
                [version + 1, we, they, count, game_id],
            )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        answer = jsonify({"id": game_id, "number": count, "totals": {"We": we, "They": they}})
        answer.set_etag(str(version + 1))
        return answer, 201

    app.config["WTF_CSRF_CHECK_DEFAULT"] = False  # the API write carries a bearer token
    return app

"""GET /healthz: whether this instance can read its database, for systemd, a proxy or a monitor."""

from __future__ import annotations

import sqlite3

from flask import Blueprint, Response, current_app, jsonify

from scorekeeper.store.health import schema_version

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> tuple[Response, int]:
    """Answers 200 with the schema version when the database reads, else 503; nothing private."""
    try:
        version = schema_version(current_app.config["DATABASE"])
    except (sqlite3.Error, OSError):
        # The error's text can name the file's path: only the state is said.
        answer, status = jsonify(status="unavailable"), 503
    else:
        answer, status = jsonify(status="ok", schema=version), 200
    answer.headers["Cache-Control"] = "no-store"  # a monitor must see now, never a kept answer
    return answer, status

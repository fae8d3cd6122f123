"""GET /healthz: 200 with the schema version while the database reads; 503 when it cannot."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.store.migrations import STEPS


def test_a_readable_database_is_healthy_and_says_nothing_private(app, client) -> None:
    client.post("/api/v1/events", json={})  # something written first, so there is a past
    answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer.get_json() == {"status": "ok", "schema": STEPS[-1][0]}
    assert answer.headers["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in answer.headers  # no session, so no browser id, is made
    text = answer.get_data(as_text=True)
    assert app.config["DATABASE"] not in text and Path(app.config["DATABASE"]).name not in text
    said = text.replace(STEPS[-1][0], "")  # the migration's name is the one long word it says
    assert not re.search(r"[A-Za-z0-9_-]{20,}", said)  # nothing token-shaped


def test_a_database_that_cannot_be_read_is_a_503(app, client) -> None:
    database = Path(app.config["DATABASE"])
    database.write_bytes(b"not a database, a disk gone bad " * 256)
    answer = client.get("/healthz")
    assert answer.status_code == 503
    assert answer.get_json() == {"status": "unavailable"}
    assert str(database) not in answer.get_data(as_text=True)


def test_a_missing_database_is_a_503_and_is_not_made_anew(app, client) -> None:
    database = Path(app.config["DATABASE"])
    database.unlink()
    assert client.get("/healthz").status_code == 503
    assert not database.exists()

"""The API's record path: the token checked and the game's head read in one statement, then
one short write; every refusal as before (issue 36)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from scorekeeper.api.openapi import EXAMPLE_HAND
from scorekeeper.store.connection import thread_connection
from tests.test_api import Api, problem


@contextmanager
def statements(app) -> Iterator[list[str]]:
    """Collects the SQL the app's connection (this thread's) runs inside the block."""
    conn = thread_connection(app.config["DATABASE"]).conn
    seen: list[str] = []
    conn.set_trace_callback(seen.append)
    try:
        yield seen
    finally:
        conn.set_trace_callback(None)


def test_a_record_checks_its_token_with_the_head_in_one_statement(app, client):
    api = Api(client)
    with statements(app) as seen:
        response = api.send("POST")
    assert response.status_code == 201, response.get_json()
    token = api.tokens["edit"]
    with_token = [s for s in seen if token in s]
    assert len(with_token) == 1, with_token  # no separate look-up of the link
    assert "json_group_array" in with_token[0]  # the same statement reads rules and seats
    begin = next(i for i, s in enumerate(seen) if s.startswith("BEGIN"))
    assert seen.index(with_token[0]) < begin  # read before the write lock is taken
    inside = seen[begin : seen.index("COMMIT")]
    assert not any("json_group_array" in s for s in inside)  # not read again under the lock
    assert api.game()["hands"][0]["number"] == 1


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        pytest.param("PUT", "/hands/1", EXAMPLE_HAND, id="edit"),
        pytest.param("DELETE", "/hands/last", None, id="delete-last"),
    ],
)
def test_every_api_write_checks_its_token_with_the_head_in_one_statement(
    app, client, method, path, body
):
    """An edit and a delete read the token with the game's head, rules and sides, as a record
    does: no separate look-up of the link, and the head not read again before the lock."""
    api = Api(client)
    assert api.send("POST").status_code == 201
    with statements(app) as seen:
        response = api.send(method, path, body)
    assert response.status_code == 200, response.get_json()
    with_token = [s for s in seen if api.tokens["edit"] in s]
    assert len(with_token) == 1 and "json_group_array" in with_token[0], with_token
    begin = next(i for i, s in enumerate(seen) if s.startswith("BEGIN"))
    before_lock = seen[:begin]
    assert sum("json_group_array" in s for s in before_lock) == 1  # head, rules, seats once


def test_a_game_changed_between_the_read_and_the_write_is_read_again(app, client, monkeypatch):
    """When another write lands after the head was read, the record reads it again under the
    lock: the If-Match version decides, never the earlier read."""
    from scorekeeper.api import access

    api = Api(client)
    read, changed = access.writer_whole, []

    def read_then_change(game_id: str):
        whole = read(game_id)
        if changed:
            return whole
        changed.append(True)
        with app.test_client() as second:  # another phone records first
            second.open(
                api.path + "/hands",
                method="POST",
                json=EXAMPLE_HAND,
                headers=api.headers(),
            )
        return whole

    monkeypatch.setattr(access, "writer_whole", read_then_change)
    stale = api.send("POST")
    assert problem(stale, 409)["type"].endswith("stale-version")
    monkeypatch.undo()
    assert len(api.game()["hands"]) == 1  # the other phone's hand; ours refused as stale


@pytest.mark.parametrize(
    ("authorization", "status"),
    [
        pytest.param(None, 401, id="no-token"),
        pytest.param("Bearer nosuchtoken123", 401, id="unknown-token"),
        pytest.param("other", 404, id="another-games-token"),
        pytest.param("view", 403, id="view-only"),
    ],
)
def test_a_record_refuses_a_token_as_before(client, authorization, status):
    api, other = Api(client), Api(client)
    headers = api.headers()
    if authorization is None:
        del headers["Authorization"]
    elif authorization == "other":
        headers["Authorization"] = f"Bearer {other.tokens['edit']}"
    elif authorization == "view":
        headers["Authorization"] = f"Bearer {api.tokens['view']}"
    else:
        headers["Authorization"] = authorization
    response = client.post(api.path + "/hands", json=EXAMPLE_HAND, headers=headers)
    problem(response, status)
    assert api.game()["hands"] == []


def test_a_deleted_games_token_writes_nothing(app, client, db):
    api = Api(client)
    db.execute("UPDATE games SET deleted_at = '2026-01-01T00:00:00+00:00' WHERE id = ?", [api.id])
    db.conn.commit()
    response = api.send("POST")
    problem(response, 401)


def test_a_record_writes_three_statements_under_the_lock(app, client):
    """The hand is judged and scored before the write lock; under it the token is spent, the
    head moved (if the game is still at that version) and the hand inserted, nothing else."""
    api = Api(client)
    with statements(app) as seen:
        response = api.send("POST")
    assert response.status_code == 201, response.get_json()
    begin = next(i for i, s in enumerate(seen) if s.startswith("BEGIN"))
    # Each statement once: the trace names a statement again for each trigger it fires.
    inside = [
        s.split("(")[0].split(" SET")[0].strip()
        for s in dict.fromkeys(seen[begin + 1 : seen.index("COMMIT")])
        if s.split()[0] in ("SELECT", "INSERT", "UPDATE")  # not a pruning's DELETE
    ]
    assert inside == ["INSERT INTO used_form_tokens", "UPDATE games", "INSERT INTO hands"]
    assert " AND version = 1" in next(s for s in seen if s.startswith("UPDATE games"))


def test_a_game_deleted_between_the_read_and_the_write_is_not_found(app, client, monkeypatch):
    from scorekeeper.api import access

    api = Api(client)
    read = access.writer_whole

    def read_then_delete(game_id: str):
        whole = read(game_id)
        db = thread_connection(app.config["DATABASE"])
        db.execute("DELETE FROM games WHERE id = ?", [game_id])
        db.conn.commit()
        return whole

    monkeypatch.setattr(access, "writer_whole", read_then_delete)
    problem(api.send("POST"), 404)

"""What an API record costs: one read and its writes in one transaction, no session, lean hooks."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest
from flask.sessions import SecureCookieSession

from scorekeeper import store
from scorekeeper.api.openapi import EXAMPLE_GAME, EXAMPLE_HAND
from scorekeeper.store import cache, scores
from scorekeeper.store.connection import thread_connection, write
from scorekeeper.store.game_rules import rule_book
from scorekeeper.web.language import chosen_locale
from scorekeeper.web.security import HEADERS

GAMES = {  # format: sides
    "classic": [("We", ["Ann", "Bob"]), ("They", ["Cy", "Di"])],
    "six_hand_three_teams": [("A", ["Ann", "Bob"]), ("B", ["Cy", "Di"]), ("C", ["Ed", "Flo"])],
}


def _new_game(client) -> tuple[str, str]:
    body = client.post("/api/v1/games", json=EXAMPLE_GAME).get_json()
    return body["id"], body["tokens"]["edit"]


def _record(client, game_id: str, token: str, version: int, key: str, **extra: str):
    headers = {"Authorization": f"Bearer {token}", "If-Match": f'"{version}"'}
    return client.post(
        f"/api/v1/games/{game_id}/hands",
        json=EXAMPLE_HAND,
        headers=headers | {"Idempotency-Key": key} | extra,
    )


@pytest.mark.parametrize("room", [True, False], ids=["cache-on", "cache-off"])
def test_a_record_reads_its_game_once_inside_its_one_write_transaction(
    app, client, monkeypatch, room
) -> None:
    """Between BEGIN IMMEDIATE and COMMIT: one SELECT (the game's row, rules and seats), the
    one-time key, the hand and the head; the hand is saved and answered as before. With the
    speed room off, no rules are kept by digest: their document is the one more read."""
    monkeypatch.setattr(cache, "on", room)
    game_id, token = _new_game(client)
    connection = thread_connection(app.config["DATABASE"])  # the one the request borrows
    statements: list[str] = []
    connection.conn.set_trace_callback(statements.append)
    try:
        response = _record(client, game_id, token, 1, "record-path-0000001")
    finally:
        connection.conn.set_trace_callback(None)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["hand"] == 1 and response.headers["ETag"] == '"2"'
    begin, commit = statements.index("BEGIN IMMEDIATE"), statements.index("COMMIT")
    inside = [s for s in statements[begin + 1 : commit] if not s.startswith("PRAGMA")]
    # SQLite traces each trigger a statement fires (club nights' hand checks, migration 0010)
    # as that statement again: one statement run is one entry here.
    inside = [s for i, s in enumerate(inside) if i == 0 or s != inside[i - 1]]
    reads = [s for s in inside if s.startswith("SELECT")]
    assert len(reads) == (1 if room else 2), reads
    assert all(s.startswith("SELECT document FROM game_rules") for s in reads[1:]), reads
    assert all(f"FROM {table}" in reads[0] for table in ("games", "game_rules", "sides"))
    assert [s.split(" (")[0] for s in inside if s.startswith("INSERT")] == [
        "INSERT INTO used_form_tokens",
        "INSERT INTO hands",
    ]
    assert statements.count("COMMIT") == 1  # one transaction: nothing written after it


@pytest.mark.parametrize("format_id", list(GAMES))
def test_the_one_read_gives_what_the_three_reads_gave(store_db, format_id) -> None:
    """The game's row, its rule book and its setup, from one statement, equal the separate reads,
    whatever order SQLite's aggregates visit the rules and the seats in."""
    sides = GAMES[format_id]
    game = store.create_game(store_db, format_id=format_id, sides=sides, first_dealer="Ann")
    with write(store_db):  # a second rules segment from hand 3, and a side whose players left
        store_db.execute(
            "INSERT INTO game_rules (game_id, from_hand, source, source_id, options, document, "
            "digest, frozen_at) SELECT game_id, 3, source, source_id, options, document, digest, "
            "frozen_at FROM game_rules WHERE game_id = ?",
            [game.id],
        )
        store_db.execute("DELETE FROM players WHERE game_id = ? AND side_position = 1", [game.id])
    row, rule_rows, seats = scores.game_row_whole(store_db, game.id)
    assert row == scores.game_row(store_db, game.id)
    assert [r["from_hand"] for r in rule_rows] == [1, 3]
    assert rule_book(store_db, game.id, rule_rows) == rule_book(store_db, game.id)
    alone = scores.setup_of(store_db, row)
    assert scores.setup_of(store_db, row, seats) == alone
    assert alone.sides[1].players == ()  # a side left without players is still a side
    with pytest.raises(store.GameNotFound):
        scores.game_row_whole(store_db, "no-such-game")


def test_api_requests_open_no_session_and_pages_still_do(app, client) -> None:
    """The API takes bearer tokens: its requests get Flask's null session (no cookie read or
    written, even when a browser sends one); every page still has the signed session."""
    interface = app.session_interface
    with app.test_request_context("/api/v1/games/x", headers={"Cookie": "session=forged"}):
        from flask import request

        assert interface.open_session(app, request) is None
    with app.test_request_context("/games/new"):
        from flask import request

        assert isinstance(interface.open_session(app, request), SecureCookieSession)
    client.get("/")  # a page: the browser's session cookie is set
    assert client.get_cookie("session") is not None
    game_id, token = _new_game(client)
    response = _record(client, game_id, token, 1, "record-path-0000002")
    assert response.status_code == 201
    assert "Set-Cookie" not in response.headers
    assert "Cookie" not in response.headers.get("Vary", "")


def test_an_api_answer_carries_each_security_header_once(client) -> None:
    """The security headers are added once each, beside the answer's own Cache-Control."""
    game_id, token = _new_game(client)
    response = _record(client, game_id, token, 1, "record-path-0000003")
    for name, value in HEADERS.items():
        assert response.headers.getlist(name) == [value], name
    assert response.headers.getlist("Cache-Control") == ["private, no-cache"]


def test_a_language_is_one_locale_object_and_the_api_still_follows_accept_language(
    app, client
) -> None:
    """Flask-Babel gets one Locale per language, made once; the API answers in the language
    the request asks for (Accept-Language, ?lang=) and in English otherwise."""
    with app.test_request_context("/api/v1/games/x", headers={"Accept-Language": "de"}):
        first = chosen_locale()
        assert str(first) == "de" and chosen_locale() is first
    game_id, token = _new_game(client)
    english = _record(client, game_id, token, 1, "record-path-0000004")
    german = _record(
        client, game_id, token, 2, "record-path-0000005", **{"Accept-Language": "de-AT"}
    )
    italian = client.get(
        f"/api/v1/games/{game_id}?lang=it", headers={"Authorization": f"Bearer {token}"}
    )
    messages = [r.get_json()["game"]["status"]["message"] for r in (english, german)]
    messages.append(italian.get_json()["status"]["message"])
    assert messages[0].startswith("First to") and len(set(messages)) == 3, messages


def test_a_connection_sets_its_busy_timeout_once_and_a_write_still_waits_its_turn(
    store_db, tmp_path
) -> None:
    """The first write of a connection sets SQLite's busy timeout to 0 (the retry loop waits
    instead); later writes run no PRAGMA, and a write still waits while another holds the lock."""
    statements: list[str] = []
    store_db.conn.set_trace_callback(statements.append)
    try:
        for _ in range(2):
            with write(store_db):
                store_db.execute("SELECT 1")
    finally:
        store_db.conn.set_trace_callback(None)
    assert [s for s in statements if s.startswith("PRAGMA")] == ["PRAGMA busy_timeout = 0"]
    assert statements.count("BEGIN IMMEDIATE") == 2
    other = sqlite3.connect(tmp_path / "store.db", isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # another process's write, holding the lock a while
    released = threading.Timer(0.2, other.execute, ["COMMIT"])
    released.start()
    started = time.monotonic()
    try:
        with write(store_db):
            store_db.execute("CREATE TABLE waited (n INTEGER)")
    finally:
        released.join()
        other.close()
    assert time.monotonic() - started >= 0.15  # it waited for the lock, and then wrote
    assert store_db.execute("SELECT count(*) FROM waited").fetchone() == (0,)


def test_the_status_sentence_follows_the_language_with_one_speaker_each(app) -> None:
    """Each language's words and numbers come from one speaker made once, in its own grouping."""
    from scorekeeper.language import i18n, problem_words

    with app.test_request_context("/api/v1/games/x", headers={"Accept-Language": "de"}):
        assert problem_words._speaker() is problem_words._speaker()  # noqa: SLF001
        german = problem_words.words("first_to", {"target": 5000, "hands": 1})
    with i18n.speaking("en"):
        english = problem_words.words("first_to", {"target": 5000, "hands": 1})
    assert "5.000" in german and "5,000" in english, (german, english)
    assert problem_words._speaker_of("de") is not problem_words._speaker_of("en")  # noqa: SLF001


def test_a_record_answers_its_cache_headers_as_before(client) -> None:
    """The answer's ETag, Cache-Control and Vary, appended as they are, read as werkzeug's did."""
    game_id, token = _new_game(client)
    response = _record(client, game_id, token, 1, "record-path-0000006")
    assert response.headers.getlist("ETag") == ['"2"']
    assert response.headers.getlist("Vary") == ["Authorization, Accept-Encoding"]
    assert response.headers.getlist("Cache-Control") == ["private, no-cache"]

"""A real HTTP client that asks for compression writes through the API with the ETags it gets."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from werkzeug.serving import make_server

from scorekeeper.api.openapi import EXAMPLE_GAME, EXAMPLE_HAND

if TYPE_CHECKING:
    import requests  # imported by the test that uses it: collecting need not load it

TIMEOUT = 10  # seconds a request may take before the test fails instead of hanging


@pytest.fixture
def origin(app) -> Iterator[str]:
    """Serves the app on a loopback port for one test, then stops it."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/api/v1"
    finally:
        server.shutdown()
        thread.join(TIMEOUT)


def _write(session, method: str, url: str, etag: str, **more) -> requests.Response:
    headers = {"If-Match": etag, "Idempotency-Key": uuid.uuid4().hex}
    return session.request(method, url, headers=headers, timeout=TIMEOUT, **more)


def test_each_write_takes_the_etag_a_gzipped_answer_gave_as_its_if_match(origin):
    """requests asks for gzip, as fetch and curl --compressed do; each ETag works as If-Match."""
    import requests

    session = requests.Session()
    session.headers["Accept-Encoding"] = "gzip"
    created = session.post(f"{origin}/games", json=EXAMPLE_GAME, timeout=TIMEOUT)
    assert created.status_code == 201
    assert created.headers["Content-Encoding"] == "gzip"  # the case that broke every write
    game = f"{origin}/games/{created.json()['id']}"
    session.headers["Authorization"] = f"Bearer {created.json()['tokens']['edit']}"

    read = session.get(game, timeout=TIMEOUT)
    assert read.headers["Content-Encoding"] == "gzip"
    assert read.headers["ETag"] == '"1:gzip"'  # what docs/api.md shows a compressing client
    recorded = _write(session, "POST", f"{game}/hands", read.headers["ETag"], json=EXAMPLE_HAND)
    assert recorded.status_code == 201, recorded.text
    assert recorded.json()["game"]["version"] == 2
    fixed = _write(session, "PUT", f"{game}/hands/1", recorded.headers["ETag"], json=EXAMPLE_HAND)
    assert fixed.status_code == 200, fixed.text
    deleted = _write(session, "DELETE", f"{game}/hands/last", fixed.headers["ETag"])
    assert deleted.status_code == 200, deleted.text
    assert deleted.json()["game"]["version"] == 4

    polled = session.get(game, headers={"If-None-Match": deleted.headers["ETag"]}, timeout=10)
    assert polled.status_code == 304
    stale = _write(session, "POST", f"{game}/hands", recorded.headers["ETag"], json=EXAMPLE_HAND)
    assert stale.status_code == 409 and stale.json()["type"].endswith("#stale-version")
    assert len(session.get(game, timeout=TIMEOUT).json()["hands"]) == 0


@pytest.mark.parametrize("tag", ['"3"', '"3:gzip"', 'W/"3:br"', '"3:zstd"', '"3:deflate"'])
def test_if_match_reads_the_version_whatever_the_encoding_marked_on_it(tag):
    from scorekeeper.api.access import version_of

    assert version_of(tag) == 3


@pytest.mark.parametrize("tag", ['"3:"', '"three"', '"3:gzip:br"', '"3" "4"'])
def test_if_match_still_refuses_what_is_no_version(tag):
    from scorekeeper.api.access import version_of

    assert version_of(tag) is None


GERMAN = {"Accept-Language": "de"}


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        pytest.param(b"{not json", "Der Inhalt ist kein JSON (Zeile 1, Spalte 2).", id="not-json"),
        pytest.param(b'{"a": 1, "a": 2}', "Der Schlüssel 'a' kommt in einem Objekt zweimal vor.", id="duplicate"),
        pytest.param(b"[" * 20 + b"]" * 20, "Der Inhalt ist tiefer als 8 Ebenen verschachtelt.", id="deep"),
        pytest.param(b"[1]", "Der Inhalt ist nicht ein einzelnes JSON-Objekt.", id="not-an-object"),
    ],
)  # fmt: skip
def test_a_body_that_is_not_json_is_refused_in_the_requests_language(client, body, detail):
    response = client.post(
        "/api/v1/games", data=body, content_type="application/json", headers=GERMAN
    )
    problem = response.get_json()
    assert (response.status_code, problem["type"]) == (400, "/api/v1/problems#bad-body")
    assert problem["detail"] == detail
    assert problem["errors"][0]["field"] == "document"
    assert problem["errors"][0]["message"] in (detail, "Erwartet wird ein einzelnes JSON-Objekt.")


def test_a_body_that_is_not_json_keeps_its_english_words_in_english(client):
    response = client.post("/api/v1/games", data=b"{not json", content_type="application/json")
    detail = response.get_json()["detail"]
    assert detail.startswith("The body is not JSON (line 1, column 2: Expecting property name")


def test_the_if_match_problems_speak_the_requests_language(client):
    game = client.post("/api/v1/games", json=EXAMPLE_GAME).get_json()
    headers = {**GERMAN, "Authorization": f"Bearer {game['tokens']['edit']}"}
    path = f"/api/v1/games/{game['id']}/hands"
    missing = client.post(path, json=EXAMPLE_HAND, headers=headers).get_json()
    assert missing["detail"].startswith("Schick die zuletzt gelesene Version")
    assert missing["errors"] == [
        {"side": None, "field": "If-Match", "message": 'Schick die Version des Spiels, etwa "3".'}
    ]
    headers |= {"If-Match": "gestern", "Idempotency-Key": "k" * 16}
    malformed = client.post(path, json=EXAMPLE_HAND, headers=headers).get_json()
    assert malformed["type"].endswith("#bad-header") and "If-Match" in malformed["detail"]
    assert malformed["detail"] != 'If-Match must hold one game version, like "3".'
    assert malformed["errors"][0]["message"] == 'Schick die Version des Spiels, etwa "3".'
    headers |= {"If-Match": '"1"', "Idempotency-Key": "kurz"}
    keyless = client.post(path, json=EXAMPLE_HAND, headers=headers).get_json()
    assert keyless["errors"][0]["message"].startswith("Schick einen neuen Idempotency-Key")

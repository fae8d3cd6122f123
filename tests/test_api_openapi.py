"""The OpenAPI document is valid, lists exactly the API's routes, and the API keeps to it."""

from __future__ import annotations

import json
import re
import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.api.openapi import EXAMPLE_GAME, EXAMPLE_HAND, document
from scorekeeper.store.connection import connect


def conformance_checks() -> list:
    """Returns schemathesis' checks that an answer is what the document says it is."""
    # Imported here: schemathesis takes a second or two to import, and only the slow tests
    # use it, so the fast loop never pays for it.
    from schemathesis.specs.openapi import checks

    return [
        checks.status_code_conformance,
        checks.content_type_conformance,
        checks.response_headers_conformance,
        checks.response_schema_conformance,
    ]


METHODS = {"GET", "POST", "PUT", "DELETE", "PATCH"}


@pytest.mark.slow  # the full OpenAPI 3.1 validator over the document (the fast loop skips it; CI runs it)
def test_the_document_is_valid_openapi_3_1():
    from openapi_spec_validator import validate  # slow to import: only this slow test needs it

    validate(document())
    assert document()["openapi"].startswith("3.1")


def test_the_document_lists_exactly_the_api_routes(app):
    routes = {
        (re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule), method.lower())
        for rule in app.url_map.iter_rules()
        if rule.endpoint.startswith("api.")
        for method in rule.methods & METHODS
    }
    documented = {(path, method) for path, ops in document()["paths"].items() for method in ops}
    assert documented == routes


def test_the_document_is_served(client):
    assert client.get("/api/v1/openapi.json").get_json() == document()


OPERATIONS = [
    pytest.param(method.upper(), path, id=op["operationId"])
    for path, ops in document()["paths"].items()
    for method, op in ops.items()
]


def _call(app, case, game_id: str, token: str) -> None:
    """Sends one generated request as a client of this game would, and checks the answer."""
    if "game_id" in (case.path_parameters or {}):
        case.path_parameters["game_id"] = game_id
    conn = connect(app.config["DATABASE"])
    version = conn.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()[0]
    conn.close()
    # identity: schemathesis' WSGI transport does not undo the app's gzip
    headers = {"Authorization": f"Bearer {token}", "Accept-Encoding": "identity"}
    if case.headers and "If-Match" in case.headers:  # reach the body checks, not only a 409
        headers |= {"If-Match": f'"{version}"', "Idempotency-Key": uuid.uuid4().hex}
    response = case.call(headers=headers)
    assert response.status_code < 500, response.text
    case.validate_response(response, checks=conformance_checks())
    if "Idempotency-Key" in headers and 200 <= response.status_code < 300:
        _reuse_the_key(app, case, headers)


def _reuse_the_key(app, case, headers: dict) -> None:
    """Sends a saved write again under its key: the same request replays, another is a 422."""
    again = case.call(headers=headers)
    assert again.status_code == 200, again.text
    assert again.json()["replayed"] is True, again.text
    case.validate_response(again, checks=conformance_checks())
    path = case.formatted_path
    sent = case.body if isinstance(case.body, dict | list | str | int | float) else None
    body = (json.dumps(sent) if sent is not None else "") + " "  # another request
    other = app.test_client().open(
        path,
        method=case.method,
        data=body,
        content_type="application/json",
        headers=headers,
    )
    assert other.status_code == 422, other.get_data(as_text=True)
    assert other.get_json()["type"].endswith("#idempotency-key-reused")
    documented = document()["paths"][case.path][case.method.lower()]["responses"]
    assert "422" in documented


# schemathesis' own pytest loader needs pytest < 9.2 (it sets node._nodeid), so each
# operation runs its strategies under plain hypothesis: the document's examples, then 15 more.
@pytest.mark.slow  # hypothesis-generated requests per operation: seconds each
@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_the_api_answers_generated_requests_as_documented(app, method, path):
    client = app.test_client()
    body = client.post("/api/v1/games", json=EXAMPLE_GAME).get_json()
    game_id, token = body["id"], body["tokens"]["edit"]
    headers = {"Authorization": f"Bearer {token}", "If-Match": '"1"', "Idempotency-Key": "k" * 16}
    client.post(f"/api/v1/games/{game_id}/hands", json=EXAMPLE_HAND, headers=headers)
    import schemathesis  # see conformance_checks

    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    operation = schema[path][method]
    strategies = [*schema.get_strategies_from_examples(operation), operation.as_strategy()]

    @given(case=st.one_of(strategies))
    @settings(max_examples=15, deadline=None)
    def check(case) -> None:
        _call(app, case, game_id, token)

    check()

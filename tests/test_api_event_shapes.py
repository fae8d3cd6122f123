"""The club-night bodies come from their shapes: the document shows them, the views use them."""

from __future__ import annotations

import uuid

from scorekeeper.api.openapi import document
from tests.test_api_events import PAIRS, body


def _schemas() -> dict:
    return document()["components"]["schemas"]


def test_the_event_bodies_are_the_shapes_schemas() -> None:
    paths = document()["paths"]
    body_of = {
        ("/api/v1/events", "post"): "NewEvent",
        ("/api/v1/events/{event_id}/rounds/{number}/tables/{table}", "put"): "TableCorrection",
        ("/api/v1/events/{event_id}/entrants", "post"): "LateEntrant",
        ("/api/v1/tables/hands", "post"): "HandInput",
    }
    for (path, method), name in body_of.items():
        content = paths[path][method]["requestBody"]["content"]["application/json"]
        assert content["schema"]["$ref"].endswith(f"/{name}")
    new_event = _schemas()["NewEvent"]
    assert new_event["additionalProperties"] is False
    assert set(new_event["required"]) == {"name", "format", "entrants", "rounds", "deals_per_round"}
    assert new_event["properties"]["entrants"]["maxItems"] == 80
    assert _schemas()["TableCorrection"]["maxProperties"] == 1


def test_a_side_hand_without_a_hand_is_refused_not_a_crash(client) -> None:
    """POST /api/v1/tables/hands with {} raised KeyError (a 500) before its body had a shape."""
    made = client.post("/api/v1/events", json=body(entrants=PAIRS[:2], rounds=1, confirm=True))
    event, director = made.get_json()["id"], {"Authorization": f"Bearer {made.get_json()['token']}"}
    client.post(f"/api/v1/events/{event}/rounds", headers=director)
    table = client.get(f"/api/v1/events/{event}/rounds", headers=director).get_json()[0]
    side = table["tables"][0]["side_tokens"][0]
    headers = {
        "Authorization": f"Bearer {side}",
        "If-Match": '"1"',
        "Idempotency-Key": uuid.uuid4().hex,
    }
    refused = client.post("/api/v1/tables/hands", json={}, headers=headers)
    assert refused.status_code == 422
    assert refused.get_json()["type"].endswith("#invalid-hand")
    assert [e["field"] for e in refused.get_json()["errors"]] == ["hand"]

"""The OpenAPI 3.1 document of /api/v1, written from the operations' declarations and shapes.

Nothing here describes a body by hand: each schema is pydantic's JSON Schema of a shape in
a room's bodies.py or answers.py, the same shapes `spec.body()` validates requests against.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import TypeAdapter
from pydantic.json_schema import JsonSchemaMode

from scorekeeper.api import shapes, spec
from scorekeeper.api.events import openapi as openapi_events
from scorekeeper.api.examples import EXAMPLE_FORMAT, EXAMPLE_GAME, EXAMPLE_HAND

__all__ = ["EXAMPLE_FORMAT", "EXAMPLE_GAME", "EXAMPLE_HAND", "document"]

JSON = "application/json"
PROBLEM = "application/problem+json"
REF = "#/components/schemas/{model}"
PATH_PARAMETERS: dict[str, dict[str, Any]] = {
    "game_id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
    "group_id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
    "format_id": {
        "type": "string",
        "description": "a preset id (`classic`) or a house format id (`h-...`)",
    },
    "number": {"type": "integer", "minimum": 1},
    "event_id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
    "table": {"type": "integer", "minimum": 1},
    "season_id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
}
REQUEST_HEADERS: dict[str, dict[str, Any]] = {
    "If-Match": {
        "required": True,
        "description": 'The ETag last read, as it came: "3", or "3:gzip" from a compressed answer.',
        "schema": {"type": "string", "pattern": '^(W/)?"[0-9]{1,9}(:[a-z-]{1,16})?"$'},
    },
    "Idempotency-Key": {
        "required": True,
        "description": "A fresh key per write; a repeat saves nothing and answers 200.",
        "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$"},
    },
    "If-None-Match": {"required": False, "schema": {"type": "string"}},
}
RESPONSE_HEADERS: dict[str, dict[str, Any]] = {
    "ETag": {
        "required": True,
        "description": 'The game\'s version in quotes: "3" ("3:gzip" when the answer was gzipped).',
        "schema": {"type": "string"},
    },
    "Location": {"required": True, "schema": {"type": "string"}},
    "WWW-Authenticate": {"required": True, "schema": {"type": "string"}},
}
SECURITY: dict[str, dict[str, Any]] = {
    "formatToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The token a new house format answers with: it edits or deletes it.",
    },
    "linkToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "A token of the game's links: owner or edit to change it, view to read.",
    },
    "groupToken": {
        "type": "http",
        "scheme": "bearer",
        "description": (
            "One of a group's API tokens (POST /api/v1/groups answers the first; its admins "
            "make and revoke more on the group's page). The join link is not one."
        ),
    },
}


def _shapes() -> tuple[dict[tuple[Any, str], Any], dict[str, Any]]:
    """Returns each shape's schema (a $ref) and the components they refer to."""
    inputs: dict[tuple[Any, JsonSchemaMode], Any] = {}
    for op in spec.OPERATIONS.values():
        for shape in (op.body, op.query):
            if shape is not None:
                inputs[(shape, "validation")] = shape
        for answer in op.answers:
            if answer.shape is not None:
                inputs[(answer.shape, "serialization")] = answer.shape
    inputs[(shapes.Problem, "serialization")] = shapes.Problem
    refs, defs = TypeAdapter.json_schemas(
        [(key, key[1], spec.adapter(shape)) for key, shape in inputs.items()],
        ref_template=REF,
    )
    return {(key[0], key[1]): schema for (key, _mode), schema in refs.items()}, defs.get(
        "$defs", {}
    )


def _parameters(
    op: spec.Operation, refs: dict[tuple[Any, str], Any], defs: dict[str, Any]
) -> list[dict[str, Any]]:
    """Returns the path, header and query parameters of an operation."""
    found = [
        {
            "name": name,
            "in": "path",
            "required": True,
            "schema": PATH_PARAMETERS.get(name, {"type": "string"}),
        }
        for name, _converter in spec.path_names(op.rule)
    ]
    found += [{"name": name, "in": "header", **REQUEST_HEADERS[name]} for name in op.headers]
    if op.query is not None:
        ref = refs[(op.query, "validation")]["$ref"].rsplit("/", 1)[1]
        schema = defs[ref]
        for name, prop in schema["properties"].items():
            required = name in schema.get("required", ())
            words = {"description": prop["description"]} if "description" in prop else {}
            found.append(
                {"name": name, "in": "query", "required": required, **words, "schema": prop}
            )
    return found


def _answer(answer: spec.Answer, refs: dict[tuple[Any, str], Any]) -> dict[str, Any]:
    written: dict[str, Any] = {"description": answer.description}
    if answer.shape is not None:
        written["content"] = {JSON: {"schema": refs[(answer.shape, "serialization")]}}
    if answer.headers:
        written["headers"] = {name: RESPONSE_HEADERS[name] for name in answer.headers}
    return written


def _problem(status: int, description: str, problem: Any) -> dict[str, Any]:
    written: dict[str, Any] = {
        "description": description,
        "content": {PROBLEM: {"schema": problem}},
    }
    if status == 401:
        written["headers"] = {"WWW-Authenticate": RESPONSE_HEADERS["WWW-Authenticate"]}
    return written


def _operation(
    op: spec.Operation, refs: dict[tuple[Any, str], Any], defs: dict[str, Any]
) -> dict[str, Any]:
    problem = refs[(shapes.Problem, "serialization")]
    written: dict[str, Any] = {"operationId": op.operation_id, "summary": op.summary}
    if op.security:
        written["security"] = [{op.security: []}]
    parameters = _parameters(op, refs, defs)
    if parameters:
        written["parameters"] = parameters
    if op.body is not None:
        content: dict[str, Any] = {"schema": refs[(op.body, "validation")]}
        if op.example is not None:
            content["example"] = op.example
        written["requestBody"] = {"required": True, "content": {JSON: content}}
    written["responses"] = {
        **{str(a.status): _answer(a, refs) for a in op.answers},
        **{str(status): _problem(status, words, problem) for status, words in op.problems.items()},
    }
    return written


@cache
def document() -> dict[str, Any]:
    """Returns the OpenAPI 3.1 document of the API."""
    refs, defs = _shapes()
    paths: dict[str, dict[str, Any]] = {}
    for op in spec.OPERATIONS.values():
        path = "/api/v1" + spec.openapi_path(op.rule)
        paths.setdefault(path, {})[op.method.lower()] = _operation(op, refs, defs)
    # Club-night reads without a body are still written by hand (api/events/openapi.py); their
    # answers' $refs name shapes the declared event operations bring (Event, EventRound).
    paths.update(openapi_events.PATHS)
    defs.update(openapi_events.SCHEMAS)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Canasta Scorekeeper API",
            "version": "1.0.0",
            "description": "Games, hands and previews; see docs/api.md for curl examples.",
        },
        "paths": paths,
        "components": {
            "schemas": defs,
            "securitySchemes": {**SECURITY, **openapi_events.SECURITY},
        },
    }

"""Each API operation declared once, beside its view: its route, body, answers and problems.

`operation` registers the Flask route and remembers what it takes and answers; the OpenAPI
document (scorekeeper/api/openapi.py) is written from these declarations, and `body()` and
`query()` validate a request against the very shapes the document shows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from flask import Blueprint, request
from pydantic import TypeAdapter, ValidationError

from scorekeeper.api import access, refusals

View = TypeVar("View", bound=Callable[..., Any])


@dataclass(frozen=True)
class Answer:
    """One answer an operation gives: its status, words, body shape and headers."""

    status: int
    description: str
    shape: Any = None  # a TypedDict from a room's answers.py; None: no body
    headers: tuple[str, ...] = ()  # names in RESPONSE_HEADERS


@dataclass(frozen=True)
class Operation:
    """One method on one path, as the OpenAPI document shows it and the view checks it."""

    method: str
    rule: str  # the Flask rule, under the blueprint's /api/v1
    operation_id: str
    summary: str
    answers: tuple[Answer, ...]
    problems: Mapping[int, str]  # status -> when; the body is always a Problem
    body: Any = None  # a TypedDict from a room's bodies.py
    example: Any = None
    query: Any = None  # a TypedDict whose keys are the query parameters
    security: str | None = None  # a name in SECURITY
    headers: tuple[str, ...] = ()  # request headers, names in REQUEST_HEADERS


OPERATIONS: dict[str, Operation] = {}  # by Flask endpoint, "api.read"


def operation(bp: Blueprint, method: str, rule: str, **declared: Any) -> Callable[[View], View]:
    """Routes the view and declares what it takes and answers (see Operation)."""

    def register(view: View) -> View:
        found = Operation(method=method, rule=rule, **declared)
        OPERATIONS[f"{bp.name}.{view.__name__}"] = found
        bp.add_url_rule(rule, view_func=view, methods=[method])
        return view

    return register


@cache
def adapter(shape: Any) -> TypeAdapter[Any]:
    """Returns the (built once) pydantic validator of a shape."""
    return TypeAdapter(shape)


def _current() -> Operation:
    return OPERATIONS[str(request.endpoint)]


def body() -> dict[str, Any]:
    """Returns the request's JSON body checked against its operation's shape; a problem if not."""
    shape = _current().body
    data = access.json_body()  # size, depth and keys bounded; 415 or 400 otherwise
    try:
        checked: dict[str, Any] = adapter(shape).validate_python(data)
    except ValidationError as error:
        raise refusals.refuse(shape, error.errors(include_url=False), data) from None
    return checked


def query() -> dict[str, str]:
    """Returns the query's parameters checked against its operation's shape; a problem if not."""
    shape = _current().query
    args = {key: request.args[key] for key in request.args}
    try:
        checked: dict[str, str] = adapter(shape).validate_python(args)
    except ValidationError as error:
        raise refusals.refuse(shape, error.errors(include_url=False), args) from None
    return checked


def openapi_path(rule: str) -> str:
    """Returns a Flask rule as an OpenAPI path: <int:number> -> {number}."""
    return re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule)


def path_names(rule: str) -> list[tuple[str, str]]:
    """Returns each path parameter of a rule with its converter: [("number", "int")]."""
    return [(name, conv or "string") for conv, name in re.findall(r"<(?:(\w+):)?(\w+)>", rule)]


GAME_PROBLEMS = {
    400: "Malformed request: not JSON, or a malformed If-Match or Idempotency-Key header.",
    401: "No bearer token, or one that opens no game (a new game for a group: no token).",
    403: "A view-only token tried to change the game.",
    404: (
        "No such game for this token (the same answer whether or not the id exists), or no "
        "such hand; for a new game, no such group for the bearer token."
    ),
    409: "The game changed since the version in If-Match, or it is over and not reopened.",
    413: "The body is larger than 64 KB.",
    415: "The body is not sent as application/json.",
    422: (
        "The body is JSON but not a valid hand or game (one error per bad field), or the "
        "Idempotency-Key was used on this game and link for a different request."
    ),
    428: "The write carries no If-Match version.",
}


def problems(*statuses: int, **words: str) -> dict[int, str]:
    """Returns the problem answers of an operation: the usual words, or its own (`_404="..."`)."""
    found = {status: GAME_PROBLEMS[status] for status in statuses}
    found.update({int(key.strip("_")): text for key, text in words.items()})
    return dict(sorted(found.items()))

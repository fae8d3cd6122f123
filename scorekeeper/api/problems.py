"""Errors as JSON problem details (RFC 9457), one entry per bad field, in the web form's words."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from flask import jsonify
from werkzeug import Response
from werkzeug.exceptions import HTTPException

from scorekeeper.engine import Problem

MEDIA_TYPE = "application/problem+json"
TYPES = "/api/v1/problems#"  # each kind of problem is explained under this anchor in docs/api.md
TITLES = {
    400: "Bad request",
    401: "A token is needed",
    403: "This token may only read",
    404: "Not found",
    405: "Method not allowed",
    409: "Conflict",
    413: "Request too large",
    415: "Unsupported media type",
    422: "Invalid input",
    428: "Version needed",
    500: "Server error",
}


class ApiProblem(Exception):
    """A request the API refuses; the view stops and the client gets a problem document."""

    def __init__(
        self,
        status: int,
        detail: str,
        *,
        kind: str = "",
        errors: Iterable[Problem | Mapping[str, Any]] = (),
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(detail)
        self.status, self.detail, self.kind = status, detail, kind
        self.errors = [e.as_dict() if isinstance(e, Problem) else dict(e) for e in errors]
        self.headers = dict(headers or {})


def field_error(field: str, message: str, side: str | None = None) -> dict[str, Any]:
    """Returns one entry of a problem's `errors` list."""
    return {"side": side, "field": field, "message": message}


def problem_response(problem: ApiProblem) -> Response:
    """Returns the problem as an application/problem+json response."""
    body: dict[str, Any] = {
        "type": TYPES + problem.kind if problem.kind else "about:blank",
        "title": TITLES.get(problem.status, "Error"),
        "status": problem.status,
        "detail": problem.detail,
        "errors": problem.errors,
    }
    response = jsonify(body)
    response.status_code = problem.status
    response.mimetype = MEDIA_TYPE
    response.headers.update(problem.headers)
    return response


def from_http(code: int, message: str | None = None) -> Response:
    """Returns a problem document for an HTTP error raised outside the API's own checks."""
    detail = message or {
        404: "There is nothing at this address.",
        405: "This address does not take that method.",
        413: "The request body is too large.",
        500: "Something went wrong on the server; nothing was saved.",
    }.get(code, "The request could not be understood.")
    return problem_response(ApiProblem(code, detail))


def http_error(error: HTTPException) -> Response:
    """Turns an HTTP exception raised in an API view into a problem document."""
    default = type(error).description
    message = error.description if error.description != default else None
    response = from_http(error.code or 500, message)
    if error.code == 405 and getattr(error, "valid_methods", None):
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response

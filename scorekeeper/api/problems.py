"""Errors as JSON problem details (RFC 9457), one entry per bad field, in the web form's words."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from flask import jsonify
from flask_babel import gettext, lazy_gettext
from werkzeug import Response
from werkzeug.exceptions import HTTPException

from scorekeeper.engine import Problem
from scorekeeper.language import problem_words
from scorekeeper.sentences.marked import N_

MEDIA_TYPE = "application/problem+json"
TYPES = "/api/v1/problems#"  # each kind of problem is explained under this anchor in docs/api.md
# English unless the request asks for a language (Accept-Language or ?lang=): i18n.select_locale.
TITLES = {
    400: lazy_gettext("Bad request"),
    401: lazy_gettext("A token is needed"),
    403: lazy_gettext("This token may only read"),
    404: lazy_gettext("Not found"),
    405: lazy_gettext("Method not allowed"),
    409: lazy_gettext("Conflict"),
    413: lazy_gettext("Request too large"),
    415: lazy_gettext("Unsupported media type"),
    422: lazy_gettext("Invalid input"),
    428: lazy_gettext("Version needed"),
    429: lazy_gettext("Too many"),
    500: lazy_gettext("Server error"),
}


def _entry(found: Problem) -> dict[str, Any]:
    """Returns one engine problem as an `errors` entry, its message in the request's language."""
    # Every language, English included, from the one table of sentences (problem_texts).
    return {"side": found.side, "field": found.field, "message": problem_words.problem(found)}


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
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(detail)
        self.status, self.detail, self.kind = status, detail, kind
        self.params = dict(params or {})  # filled into the detail after it is translated
        self.errors = [_entry(e) if isinstance(e, Problem) else dict(e) for e in errors]
        self.headers = dict(headers or {})


def field_error(field: str, message: str, side: str | None = None) -> dict[str, Any]:
    """Returns one entry of a problem's `errors` list, its message in the request's language."""
    # A sentence marked N_() where it was written is translated here; one already worded
    # (or made of values) is not in the catalogue and passes as it is.
    return {"side": side, "field": field, "message": gettext(message)}


def problem_response(problem: ApiProblem) -> Response:
    """Returns the problem as an application/problem+json response."""
    body: dict[str, Any] = {
        "type": TYPES + problem.kind if problem.kind else "about:blank",
        "title": str(TITLES.get(problem.status, "Error")),
        "status": problem.status,
        # Its words, when marked N_() where it was written; params filled in after.
        "detail": gettext(problem.detail, **problem.params),
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
        404: N_("There is nothing at this address."),
        405: N_("This address does not take that method."),
        413: N_("The request body is too large."),
        500: N_("Something went wrong on the server; nothing was saved."),
    }.get(code, N_("The request could not be understood."))
    return problem_response(ApiProblem(code, detail))


def http_error(error: HTTPException) -> Response:
    """Turns an HTTP exception raised in an API view into a problem document."""
    default = type(error).description
    message = error.description if error.description != default else None
    response = from_http(error.code or 500, message)
    allowed = getattr(error, "valid_methods", None)
    if error.code == 405 and allowed:
        response.headers["Allow"] = ", ".join(allowed)
    return response

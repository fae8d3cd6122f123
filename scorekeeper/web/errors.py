"""Error pages: plain words and a way back, in HTML, or JSON for the live preview."""

from __future__ import annotations

from flask import Flask, jsonify, make_response, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug import Response
from werkzeug.exceptions import HTTPException, InternalServerError

PAGES = (400, 403, 404, 405, 413, 500)
EXPIRED = (
    "This form has expired or did not come from this app. Go back, reload the page and try again."
)


def _page(code: int, message: str | None = None) -> Response:
    if request.endpoint == "hands.preview":
        body = jsonify(ok=False, sides={}, errors=[{"field": "_form", "message": message}])
        return make_response(body, code)
    return make_response(render_template(f"errors/{code}.html", message=message), code)


def http_error(error: HTTPException) -> Response:
    """Renders a client error page; the description is shown when a view wrote one."""
    code = error.code if error.code in PAGES else 400
    default = type(error).description
    message = error.description if error.description != default else None
    response = _page(code, message)
    if code == 405 and getattr(error, "valid_methods", None):
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response


def csrf_error(_error: CSRFError) -> Response:
    """Explains a missing or stale CSRF token without alarming words."""
    return _page(400, EXPIRED)


def server_error(_error: InternalServerError) -> Response:
    """Renders the 500 page."""
    return _page(500)


def init_app(app: Flask) -> None:
    """Registers the error handlers."""
    app.register_error_handler(CSRFError, csrf_error)
    app.register_error_handler(InternalServerError, server_error)
    for code in (400, 403, 404, 405, 413):
        app.register_error_handler(code, http_error)

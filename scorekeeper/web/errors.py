"""Error pages: plain words and a way back, in HTML, or JSON for the live preview."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from flask import Flask, current_app, jsonify, make_response, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug import Response
from werkzeug.exceptions import HTTPException, InternalServerError

from scorekeeper.store import RulesUnreadable

# Each error page: a headline and the advice shown when the view gave no message of its own.
PAGES = {
    400: ("Something in that request was wrong.", "Go back and try again."),
    403: (
        "This link lets you look at the game, not change it.",
        "Ask whoever shared it for an edit link.",
    ),
    404: (
        "There is nothing here.",
        "The game may have been shared with another phone only, or the link is mistyped.",
    ),
    405: ("That is not how this page is used.", "Use the buttons on the page."),
    409: (
        "This game's rules cannot be read.",
        "Its hands are kept. Ask whoever runs this app to restore the game's rules from a backup.",
    ),
    413: ("That was far more than a score sheet needs.", "Send a shorter form."),
    500: (
        "Something went wrong on our side.",
        "Nothing you typed caused it; try again in a moment.",
    ),
}
Renderer = Callable[[int, str | None], Response]
EXPIRED = (
    "This form has expired or did not come from this app. Go back, reload the page and try again."
)


def _page(code: int, message: str | None = None) -> Response:
    for prefix, render in current_app.extensions["error_renderers"].items():
        if request.path.startswith(prefix):  # e.g. the API's problem+json, even for a bad URL
            return render(code, message)
    if request.endpoint == "hands.preview":
        body = jsonify(ok=False, sides={}, errors=[{"field": "_form", "message": message}])
        return make_response(body, code)
    headline, advice = PAGES[code]
    page = render_template("errors/page.html", headline=headline, message=message or advice)
    return make_response(page, code)


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


def rules_unreadable(error: RulesUnreadable) -> Response:
    """Says plainly that a game's frozen rules are missing or broken; nothing is lost or guessed."""
    # Scoring such a game under today's preset would silently rescore it, so it is not shown.
    current_app.logger.warning("unreadable rules: %s", error)
    return _page(409, f"{error} Its hands are kept; nothing was changed.")


def init_app(app: Flask, renderers: Mapping[str, Renderer] | None = None) -> None:
    """Registers the error handlers; paths under a prefix in `renderers` get its own answer."""
    # The factory passes the API's renderer in, so the web layer never imports the API.
    app.extensions["error_renderers"] = dict(renderers or {})
    app.register_error_handler(CSRFError, csrf_error)
    app.register_error_handler(InternalServerError, server_error)
    app.register_error_handler(RulesUnreadable, rules_unreadable)
    for code in (400, 403, 404, 405, 413):
        app.register_error_handler(code, http_error)

"""Error pages: plain words and a way back, in HTML, or JSON for the live preview."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from flask import Flask, current_app, jsonify, make_response, render_template, request
from flask_babel import gettext, lazy_gettext
from flask_wtf.csrf import CSRFError
from werkzeug import Response
from werkzeug.exceptions import HTTPException, InternalServerError

from scorekeeper.store import RulesUnreadable

# Each error page: a headline and the advice shown when the view gave no message of its own.
_ = lazy_gettext
PAGES = {
    400: (_("Something in that request was wrong."), _("Go back and try again.")),
    403: (
        _("This link lets you look at the game, not change it."),
        _("Ask whoever shared it for an edit link."),
    ),
    404: (
        _("There is nothing here."),
        _("The game may have been shared with another phone only, or the link is mistyped."),
    ),
    405: (_("That is not how this page is used."), _("Use the buttons on the page.")),
    409: (
        _("This game's rules cannot be read."),
        _(
            "Its hands are kept. Ask whoever runs this app to restore the game's rules from a backup."
        ),
    ),
    413: (_("That was far more than a score sheet needs."), _("Send a shorter form.")),
    500: (
        _("Something went wrong on our side."),
        _("Nothing you typed caused it; try again in a moment."),
    ),
}
# A 404's advice where the missing thing is not a game: the first prefix of the path that fits.
NOT_FOUND = {
    "/groups/": _(
        "The group may be open only on its members' phones, its join link may have been "
        "replaced, or the link is mistyped."
    ),
}
Renderer = Callable[[int, str | None], Response]
EXPIRED = _(
    "This form has expired or did not come from this app. Go back, reload the page and try again."
)


def _page(code: int, message: str | None = None) -> Response:
    for prefix, render in current_app.extensions["error_renderers"].items():
        if request.path.startswith(prefix):  # e.g. the API's problem+json, even for a bad URL
            answer: Response = render(code, str(message) if message else None)
            return answer
    if request.endpoint == "hands.preview":
        body = jsonify(ok=False, sides={}, errors=[{"field": "_form", "message": str(message)}])
        return make_response(body, code)
    headline, advice = PAGES[code]
    if code == 404:
        advice = next((a for p, a in NOT_FOUND.items() if request.path.startswith(p)), advice)
    shown = str(message or advice)
    page = render_template("errors/page.html", headline=str(headline), message=shown)
    return make_response(page, code)


def http_error(error: HTTPException) -> Response:
    """Renders a client error page; the description is shown when a view wrote one."""
    code = error.code if error.code in PAGES else 400
    default = type(error).description
    message = error.description if error.description != default else None
    response = _page(code, message)
    allowed = getattr(error, "valid_methods", None)
    if code == 405 and allowed:
        response.headers["Allow"] = ", ".join(allowed)
    return response


def csrf_error(_error: CSRFError) -> Response:
    """Explains a missing or stale CSRF token without alarming words."""
    return _page(400, str(EXPIRED))


def server_error(_error: InternalServerError) -> Response:
    """Renders the 500 page."""
    return _page(500)


def rules_unreadable(error: RulesUnreadable) -> Response:
    """Says plainly that a game's frozen rules are missing or broken; nothing is lost or guessed."""
    # Scoring such a game under today's preset would silently rescore it, so it is not shown.
    current_app.logger.warning("unreadable rules: %s", error)
    return _page(409, gettext("%(error)s Its hands are kept; nothing was changed.", error=error))


def init_app(app: Flask, renderers: Mapping[str, Renderer] | None = None) -> None:
    """Registers the error handlers; paths under a prefix in `renderers` get its own answer."""
    # The factory passes the API's renderer in, so the web layer never imports the API.
    app.extensions["error_renderers"] = dict(renderers or {})
    app.register_error_handler(CSRFError, csrf_error)
    app.register_error_handler(InternalServerError, server_error)
    app.register_error_handler(RulesUnreadable, rules_unreadable)
    for code in (400, 403, 404, 405, 413):
        app.register_error_handler(code, http_error)

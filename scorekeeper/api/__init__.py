"""The JSON API under /api/v1: bearer link tokens, versioned one-time writes, problem details."""

from __future__ import annotations

from flask import Flask
from werkzeug import Response
from werkzeug.exceptions import HTTPException

from scorekeeper.api import (
    event_night,  # noqa: F401 - adds the director's timer and adjusted scores
    event_tables,  # noqa: F401 - adds the director's and the table sides' routes
    events,  # noqa: F401 - adds the /events routes to the blueprint
    formats,  # noqa: F401 - adds the /formats routes to the blueprint
    groups,  # noqa: F401 - adds the /groups routes to the blueprint
    ratings,  # noqa: F401 - adds a group's /ratings routes to the blueprint
    seasons,  # noqa: F401 - adds the seasons' and the public results' routes
)
from scorekeeper.api.problems import ApiProblem, http_error, problem_response
from scorekeeper.api.routes import bp
from scorekeeper.store.errors import EventIsClosed, RoundMovedOn

bp.register_error_handler(ApiProblem, problem_response)
bp.register_error_handler(HTTPException, http_error)


def _closed(error: EventIsClosed) -> Response:
    """Answers any change to a closed event's standings, whichever route tried it: 409."""
    return problem_response(ApiProblem(409, error.message, kind="event-closed"))


bp.register_error_handler(EventIsClosed, _closed)


def _moved_on(error: RoundMovedOn) -> Response:
    """Answers a hand at a table of an earlier round, whichever route tried it: 409."""
    return problem_response(ApiProblem(409, error.message, kind="round-moved-on"))


bp.register_error_handler(RoundMovedOn, _moved_on)


def init_app(app: Flask) -> None:
    """Registers the API blueprint; it takes bearer tokens, not cookies, so CSRF does not apply."""
    app.register_blueprint(bp)
    app.extensions["csrf"].exempt(bp)

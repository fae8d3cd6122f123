"""The JSON API under /api/v1: bearer link tokens, versioned one-time writes, problem details."""

from __future__ import annotations

from flask import Flask
from werkzeug import Response
from werkzeug.exceptions import HTTPException

from scorekeeper.api.blueprint import bp
from scorekeeper.api.events import night as event_night  # noqa: F401 - timer, adjusted scores
from scorekeeper.api.events import routes as event_routes  # noqa: F401 - the /events routes
from scorekeeper.api.events import tables as event_tables  # noqa: F401 - corrections, sides
from scorekeeper.api.formats import routes as format_routes  # noqa: F401 - the /formats routes
from scorekeeper.api.games import routes as game_routes  # noqa: F401 - games, hands, previews
from scorekeeper.api.groups import ratings  # noqa: F401 - a group's /ratings routes
from scorekeeper.api.groups import routes as group_routes  # noqa: F401 - the /groups routes
from scorekeeper.api.problems import ApiProblem, http_error, problem_response
from scorekeeper.api.seasons import routes as season_routes  # noqa: F401 - seasons, results
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

"""The director's night through the API: the round timer and adjusted scores."""

from __future__ import annotations

from werkzeug import Response

from scorekeeper.api import spec
from scorekeeper.api.access import private_json
from scorekeeper.api.blueprint import bp
from scorekeeper.api.events import answers as answers_events
from scorekeeper.api.events import bodies as bodies_events
from scorekeeper.api.events.routes import _event, event_json
from scorekeeper.api.events.tables import BODY, RUNS
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.api.spec import Answer, operation
from scorekeeper.db import get_db
from scorekeeper.events.bounds import MAX_ROUND_MINUTES
from scorekeeper.language import problem_words
from scorekeeper.sentences.marked import N_
from scorekeeper.store.events import event as store_events
from scorekeeper.store.events import night as event_night
from scorekeeper.store.events.event import EventClosed, EventNotFound, InvalidEvent


def _refused(error: InvalidEvent) -> ApiProblem:
    """Returns the 422 of a store's refusal, worded in the reader's language."""
    found = error.problems[0]
    message = problem_words.words(found.code, found.params)
    return ApiProblem(
        422, message, kind="invalid-event", errors=[field_error(found.field, message)]
    )


@operation(
    bp,
    "PUT",
    "/events/<event_id>/timer",
    operation_id="setRoundTimer",
    summary="Set the minutes a round lasts on the big screen (0: no timer)",
    security="eventToken",
    body=bodies_events.RoundTimer,
    example={"round_minutes": 25},
    answers=(Answer(200, "The event", answers_events.Event),),
    problems={**RUNS, **BODY, 422: f"Not 0 to {MAX_ROUND_MINUTES} minutes."},
)
def set_timer(event_id: str) -> Response:
    """Sets the round timer (the director's token)."""
    event, _ = _event(event_id, director=True)
    try:
        event_night.set_round_minutes(get_db(), event.id, spec.body()["round_minutes"])
    except InvalidEvent as error:
        raise _refused(error) from None
    return private_json(event_json(store_events.get_event(get_db(), event_id)))


@operation(
    bp,
    "PUT",
    "/events/<event_id>/rounds/<int:number>/adjustments/<int:entrant>",
    operation_id="adjustScore",
    summary="Give an entrant an adjusted score for a round it did not play, or clear it",
    security="eventToken",
    body=bodies_events.Adjustment,
    example={"kind": "fixed", "victory_points": 12, "margin": 300},
    answers=(Answer(200, "The event", answers_events.Event),),
    problems={
        **RUNS,
        **BODY,
        409: "The event is closed.",
        422: "A round not started, a round with a result for the entrant, or a bad award.",
    },
)
def adjust(event_id: str, number: int, entrant: int) -> Response:
    """Saves an adjusted score: the entrant's average, a fixed award, the bye's, or none."""
    event, _ = _event(event_id, director=True)
    data = spec.body()
    # A fixed award names its points, as the director's form asks (-1: none, refused by the
    # store in its words); the margin may be left out, as there, for 0.
    points = data.get("victory_points", -1 if data["kind"] == "fixed" else 0)
    award = (points, data.get("margin", 0))
    try:
        event_night.adjust(get_db(), event.id, number, entrant, data["kind"], award)
    except InvalidEvent as error:
        raise _refused(error) from None
    except EventNotFound:
        raise ApiProblem(404, N_("There is no such entrant.")) from None
    except EventClosed as error:
        raise ApiProblem(409, error.message) from None
    return private_json(event_json(store_events.get_event(get_db(), event_id)))

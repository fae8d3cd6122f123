"""The event endpoints: a club night, its rounds and tables, standings, and a side's confirm."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import request, url_for
from werkzeug import Response

from scorekeeper.api import access, spec
from scorekeeper.api.blueprint import bp
from scorekeeper.api.events import answers as answers_events
from scorekeeper.api.events import bodies as bodies_events
from scorekeeper.api.events import refusals  # noqa: F401 - registers its words for refused bodies
from scorekeeper.api.events.new_event import INVALID, new_event
from scorekeeper.api.examples import EXAMPLE_EVENT
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.api.spec import Answer, operation
from scorekeeper.db import get_db
from scorekeeper.events.bounds import entrant_id
from scorekeeper.language import i18n, problem_words
from scorekeeper.origin import public_url
from scorekeeper.papers import csv_text
from scorekeeper.papers import event_papers as papers_of
from scorekeeper.pdf import event_sheets
from scorekeeper.pdf.layout import PAPERS
from scorekeeper.sentences.marked import N_
from scorekeeper.store.events import checks as event_checks
from scorekeeper.store.events import event as store_events
from scorekeeper.store.events import handicaps as event_handicaps
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.errors import TableRefused
from scorekeeper.store.events.event import Event, EventClosed, EventNotFound, InvalidEvent
from scorekeeper.store.events.rounds import TableResult
from scorekeeper.store.groups import group as store_groups


def _event(event_id: str, *, director: bool = False) -> tuple[Event, str]:
    """Returns the event and the bearer token's role; 401, 404 or 403 as a problem otherwise."""
    token = access.bearer_token(access.EVENT_TOKEN)
    try:
        role = store_events.token_role(get_db(), event_id, token)
    except EventNotFound:  # an unknown event and another event's token answer the same
        raise ApiProblem(404, N_("There is no such event for this token.")) from None
    if director and role != "director":
        raise ApiProblem(403, N_("Only the director's token runs the event."))
    return store_events.get_event(get_db(), event_id), role


def _invalid(error: InvalidEvent) -> ApiProblem:
    errors = [field_error(p.field, problem_words.words(p.code, p.params)) for p in error.problems]
    return ApiProblem(422, INVALID, kind="invalid-event", errors=errors)


@operation(
    bp,
    "POST",
    "/events",
    operation_id="createEvent",
    summary="Make a club night; the answer holds the director's token",
    body=bodies_events.NewEvent,
    example=EXAMPLE_EVENT,
    answers=(
        Answer(
            201,
            "The event's id, director token and view token",
            answers_events.CreatedEvent,
            ("Location",),
        ),
    ),
    problems={
        400: "The body is not one JSON object.",
        401: "A group was named without a bearer token.",
        404: "No such group for this token.",
        413: "The body is larger than 64 KB.",
        415: "The body is not sent as application/json.",
        422: "One entry per bad field.",
    },
)
def create_event() -> Response:
    """Makes an event and returns its id, the director's token and the screen's read-only token."""
    body = spec.body()
    new = new_event(body)
    if "group" in body:
        new = replace(new, group=_group(body["group"]))
    try:
        event = store_events.create_event(get_db(), new)
    except InvalidEvent as error:
        raise _invalid(error) from None
    screen = public_url(url_for("events.screen", token=event.view_token))
    body = {
        "id": event.id,
        "token": event.director_token,
        "view_token": event.view_token,
        "screen": screen,
    }
    response = access.private_json(body, 201)
    response.headers["Location"] = url_for("api.read_event", event_id=event.id)
    return response


def _group(group_id: str) -> str:
    """Returns the group an event is for, checked against the bearer member token."""
    try:
        return store_groups.token_group(get_db(), group_id, access.bearer_token()).id
    except store_groups.GroupNotFound:
        raise ApiProblem(404, N_("There is no such group for this token.")) from None


def event_json(event: Event) -> dict[str, Any]:
    """Returns an event's settings and entrants as JSON."""
    return {
        "id": event.id,
        "name": event.name,
        "date": event.day,
        "format": event.format,
        "options": list(event.options),
        "movement": event.movement,
        "rounds": event.rounds,
        "deals_per_round": event.deals_per_round,
        "started": event.started,
        "closed": event.closed,
        "confirm": event.confirm,
        "seating": event.seating,
        "ranking": event.ranking,
        "round_minutes": event.round_minutes,
        "handicap": event.handicap,
        "balance": event.balance,
        "victory_points": {"bands": [vars(b) for b in event.table.bands]},
        "bye": {"victory_points": event.bye.victory_points, "margin": event.bye.margin},
        "entrants": [
            {
                "id": e.position,
                "name": e.name,
                "players": list(e.players),
                "from_round": e.from_round,
                "withdrawn_after": e.withdrawn_after,
            }
            for e in event.entrants
        ],
    }


@bp.get("/events/<event_id>")
def read_event(event_id: str) -> Response:
    """Returns the event's settings and entrants, to the director's or the screen's token."""
    event, _ = _event(event_id)
    return access.private_json(event_json(event))


def table_json(event: Event, table: TableResult, director: bool) -> dict[str, Any]:
    """Returns one table as JSON; its writing tokens only to the director."""
    tokens = (
        event_checks.side_tokens(get_db(), table.game_id) if director and table.game_id else None
    )
    return {
        "table": table.number,
        "game": table.game_id,
        "token": table.token if director else None,
        "side_tokens": list(tokens) if tokens else None,
        "sides": list(table.sides),
        "entrants": [list(side) for side in table.seats],
        "deals": table.deals,
        "scores": list(table.scores),
        "finished": table.finished,
        "no_play": table.no_play,
        "corrected": table.corrected,
        "pending": table.pending,
        "disputed": table.disputed,
    }


def rounds_json(event: Event, director: bool) -> list[dict[str, Any]]:
    """Returns every started round with its tables."""
    found = event_rounds.tables(get_db(), event)
    return [
        {"number": n, "tables": [table_json(event, t, director) for t in found if t.round == n]}
        for n in range(1, event.started + 1)
    ]


@bp.get("/events/<event_id>/rounds")
def event_rounds_list(event_id: str) -> Response:
    """Returns the rounds started so far with their tables (tokens to the director only)."""
    event, role = _event(event_id)
    return access.private_json(rounds_json(event, role == "director"))


@bp.post("/events/<event_id>/rounds")
def start_round(event_id: str) -> Response:
    """Starts the next round by the event's movement and returns it with its tables."""
    event, _ = _event(event_id, director=True)
    try:
        number = event_rounds.start_round(get_db(), event.id)
    except EventClosed as error:
        raise ApiProblem(409, error.message, kind="event-closed") from None
    except TableRefused as error:
        raise ApiProblem(409, problem_words.store_error(error), kind="table-refused") from None
    event = store_events.get_event(get_db(), event_id)
    response = access.private_json(rounds_json(event, True)[number - 1], 201)
    response.headers["Location"] = url_for("api.event_rounds_list", event_id=event_id)
    return response


@bp.get("/events/<event_id>/standings")
def event_standings(event_id: str) -> Response:
    """Returns the live standings: rank, name, victory points, margin and tables played."""
    event, _ = _event(event_id)
    # A phone polling the standings sends back the ETag it has: while no table's game, check
    # or result changed (the event's version, moved by SQL triggers), it gets a bare 304.
    tag = f"event-{event.version}"
    if request.if_none_match.contains(tag):
        unchanged = Response(status=304)
        unchanged.headers["Cache-Control"] = "private, no-cache"
        unchanged.vary.add("Authorization")
        unchanged.set_etag(tag)
        return unchanged
    names = {e.position: e.name for e in event.entrants}
    gone = {e.position for e in event.entrants if e.withdrawn_after is not None}
    lines = event_rounds.standings(get_db(), event.id).lines
    body = [
        {
            "rank": ln.rank,
            "id": ln.entrant,
            "name": names[ln.entrant],
            "victory_points": ln.victory_points,
            "margin": ln.margin,
            "played": ln.played,
            "withdrawn": ln.entrant in gone,
            "average": round(float(ln.average), 3),
        }
        for ln in lines
    ]
    answer = {"standings": body, "started": event.started, "rounds": event.rounds}
    if event.handicap:  # beside the scratch standings, which stay first and unchanged
        answer["handicap"] = [
            {
                "place": ln.place,
                "id": ln.entrant,
                "name": names[ln.entrant],
                "handicap": ln.handicap,
                "rated": ln.rated,
                "victory_points": ln.victory_points,
                "points": ln.points,
                "margin": ln.margin,
            }
            for ln in event_handicaps.ranking(get_db(), event.id)
        ]
    response = access.private_json(answer)
    response.set_etag(tag)
    return response


@bp.get("/events/<event_id>/standings.pdf", defaults={"kind": "standings.pdf"})
@bp.get("/events/<event_id>/scorecards.pdf", defaults={"kind": "scorecards.pdf"})
@bp.get("/events/<event_id>/standings.csv", defaults={"kind": "standings.csv"})
def event_papers(event_id: str, kind: str) -> Response:
    """Returns the standings as PDF or CSV, or the scorecards as PDF (?entrant= for one)."""
    event, _ = _event(event_id)
    paper = request.args.get("paper", "a4").lower()
    typed = request.args.get("entrant")
    entrant = None if typed is None else entrant_id(typed)
    errors = []
    if paper not in PAPERS:
        errors.append(field_error("paper", N_("The paper is a4 or letter.")))
    if typed is not None and entrant not in {e.position for e in event.entrants}:
        errors.append(field_error("entrant", N_("The entrant is an id of the event's entrants.")))
    if errors:
        raise ApiProblem(422, N_("No such download."), kind="invalid-query", errors=errors)
    if kind == "standings.csv":
        body: bytes | str = csv_text.text(papers_of.standings_rows(get_db(), event))
        response = Response(body, mimetype="text/csv")  # Werkzeug adds "; charset=utf-8" to text/*
    else:
        papers = papers_of.gather(get_db(), event, cards=kind == "scorecards.pdf")
        body = event_sheets.document(papers, kind, paper, entrant, i18n.current())
        response = Response(body, mimetype="application/pdf")
    name = papers_of.filename(event, kind, paper, entrant)
    response.headers.set("Content-Disposition", "attachment", filename=name)
    response.headers["Cache-Control"] = "private, no-cache"
    response.vary.add("Authorization")
    return response

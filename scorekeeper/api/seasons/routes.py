"""The season endpoints: make a season, read its standings, open public results pages."""

from __future__ import annotations

from typing import Any

from flask import url_for
from werkzeug import Response

from scorekeeper.api import access, spec
from scorekeeper.api.blueprint import bp
from scorekeeper.api.events.routes import _event
from scorekeeper.api.groups.routes import member_token
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.api.seasons.shapes import (
    BAD_SEASON,
    CreatedSeason,
    NewSeason,
    PublicAnswer,
    PublicInput,
    SeasonStandings,
)
from scorekeeper.api.spec import Answer, operation
from scorekeeper.db import get_db
from scorekeeper.language import problem_words
from scorekeeper.origin import public_url
from scorekeeper.seasons import SeasonLine, SeasonRule, figure
from scorekeeper.sentences.marked import N_
from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.groups import tokens as group_tokens
from scorekeeper.store.groups.group import GroupNotFound, token_group
from scorekeeper.store.seasons import InvalidSeason, Season, SeasonNotFound

BODY = {
    400: "The body is not one JSON object.",
    413: "The body is larger than 64 KB.",
    415: "The body is not sent as application/json.",
}
SEASON_404 = "No such season for this token (the same answer whether or not it exists)."
ADMIN_403 = "A token of the group's, but not an admin's: it reads seasons, never writes them."


def _admin_only(group_id: str) -> None:
    """Refuses (403) a group's token that is not one of its admins': it may only read."""
    if not group_tokens.is_admin_token(get_db(), group_id, access.bearer_token()):
        raise ApiProblem(
            403,
            N_("Only a group admin's API token makes seasons and opens their results."),
            kind="admin-token",
        )


def _new_season(body: dict[str, Any]) -> store_seasons.NewSeason:
    """Returns the season a checked body asks for (the store judges the values)."""
    rule = SeasonRule(
        score=body.get("score", "victory_points"),
        place_points=tuple(body.get("place_points", ())),
        best=body.get("best"),
        minimum=body.get("minimum", 0),
        drop_worst=body.get("drop_worst", 0),
        by=body.get("by", "entrant"),
    )
    events = body.get("events")
    return store_seasons.NewSeason(
        name=body["name"],
        date_from=body["from"],
        date_to=body["to"],
        rule=rule,
        events=None if events is None else tuple(events),
        format=body.get("format"),
        handicap=body.get("handicap", False),
    )


@operation(
    bp,
    "POST",
    "/groups/<group_id>/seasons",
    operation_id="createSeason",
    summary="Make a season of the group's closed nights between two dates (an admin's token)",
    security="groupToken",
    body=NewSeason,
    example={
        "name": "Winter",
        "from": "2026-01-01",
        "to": "2026-03-31",
        "score": "place_points",
        "place_points": [10, 8, 6, 5, 4, 3, 2, 1],
        "best": 3,
        "minimum": 2,
        "drop_worst": 0,
        "by": "entrant",
    },
    answers=(Answer(201, "The season's id", CreatedSeason, ("Location",)),),
    problems={
        **BODY,
        401: "No bearer token.",
        403: ADMIN_403,
        404: "No such group for this token.",
        422: "One entry per bad field.",
    },
)
def create_season(group_id: str) -> Response:
    """Makes a season of the group; 422 names each bad field."""
    group = member_token(group_id)
    _admin_only(group.id)
    try:
        season = store_seasons.create_season(get_db(), group.id, _new_season(spec.body()))
    except InvalidSeason as error:
        errors = [
            field_error(p.field, problem_words.words(p.code, p.params)) for p in error.problems
        ]
        raise ApiProblem(422, BAD_SEASON, kind="invalid-season", errors=errors) from None
    response = access.private_json({"id": season.id}, 201)
    response.headers["Location"] = url_for("api.season_standings", season_id=season.id)
    return response


def _season(season_id: str) -> Season:
    """Returns the season when the bearer token is one of its group's API tokens; 404 if not."""
    token = access.bearer_token()
    try:
        season = store_seasons.get_season(get_db(), season_id)
        token_group(get_db(), season.group, token)
    except (SeasonNotFound, GroupNotFound):
        raise ApiProblem(404, "There is no such season for this token.") from None
    return season


def line_json(line: SeasonLine) -> dict[str, Any]:
    """Returns one line of a season's standings as the API gives it."""
    return {
        "rank": line.rank,
        "name": line.name,
        "score": figure(line.score),
        "nights": line.nights,
        "counted": [figure(s) for s in line.counted],
        "dropped": [figure(s) for s in line.dropped],
        "qualified": line.qualified,
    }


@operation(
    bp,
    "GET",
    "/seasons/<season_id>/standings",
    operation_id="seasonStandings",
    summary="A season's standings, read from each closed night's stored figures",
    security="groupToken",
    answers=(Answer(200, "The standings", SeasonStandings),),
    problems={401: "No bearer token.", 404: SEASON_404},
)
def season_standings(season_id: str) -> Response:
    """Returns the season's standings: the qualified by score, then the rest."""
    season = _season(season_id)
    _nights, lines = store_seasons.season_standings(get_db(), season)
    answer = {"standings": [line_json(line) for line in lines]}
    if season.handicap:  # beside the scratch standings, which stay first and unchanged
        handicap = store_seasons.handicap_standings(get_db(), season)
        answer["handicap"] = [line_json(line) for line in handicap]
    return access.private_json(answer)


def _opened(kind: str, subject: str) -> Response:
    """Opens or closes the public page the body asks for and answers where it is."""
    body = spec.body()
    found = store_seasons.set_public(
        get_db(), kind, subject, body["public"], body.get("names", "initial")
    )
    url = public_url(url_for("seasons.results", slug=found.slug)) if found else None
    return access.private_json({"url": url})


PUBLIC_ANSWERS = (Answer(200, "Where the public page is (null: closed)", PublicAnswer),)


@operation(
    bp,
    "PUT",
    "/events/<event_id>/public",
    operation_id="eventPublic",
    summary="Open or close the event's public results page (no token in it)",
    security="eventToken",
    body=PublicInput,
    example={"public": True, "names": "initial"},
    answers=PUBLIC_ANSWERS,
    problems={
        **BODY,
        401: "No bearer token.",
        403: "Not the director's token.",
        404: "No such event for this token.",
        422: "public is not true or false, or names is not full, initial or hidden.",
    },
)
def event_public(event_id: str) -> Response:
    """Opens or closes the event's public results page, naming entrants as asked."""
    event, _role = _event(event_id, director=True)
    return _opened("event", event.id)


@operation(
    bp,
    "PUT",
    "/seasons/<season_id>/public",
    operation_id="seasonPublic",
    summary="Open or close the season's public results page (no token in it)",
    security="groupToken",
    body=PublicInput,
    example={"public": True, "names": "full"},
    answers=PUBLIC_ANSWERS,
    problems={
        **BODY,
        401: "No bearer token.",
        403: ADMIN_403,
        404: SEASON_404,
        422: "public is not true or false, or names is not full, initial or hidden.",
    },
)
def season_public(season_id: str) -> Response:
    """Opens or closes the season's public results page, naming entrants as asked."""
    season = _season(season_id)
    _admin_only(season.group)
    return _opened("season", season.id)

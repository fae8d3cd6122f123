"""The /api/v1/formats endpoints: presets and house formats, made, read, changed and deleted."""

from __future__ import annotations

from typing import Any

from flask import current_app, jsonify, request, url_for
from werkzeug import Response

from scorekeeper.api import access, spec
from scorekeeper.api.blueprint import bp
from scorekeeper.api.examples import EXAMPLE_FORMAT
from scorekeeper.api.formats import (
    answers,
    bodies,
    refusals,  # noqa: F401 - registers its words for refused bodies
)
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.api.spec import Answer, operation, problems
from scorekeeper.db import get_db
from scorekeeper.language.problem_words import format_problem
from scorekeeper.rate_limits import FORMATS_TOO_OFTEN, HOUSE_FORMATS, minutes
from scorekeeper.rules.documents import FormatError, preset_document
from scorekeeper.rules.presets import format_summaries, load_presets, summary
from scorekeeper.sentences.marked import N_
from scorekeeper.store.formats import house as houses

FORMAT_404 = "No such preset or house format."
TOO_MANY = N_(
    "This address keeps at most %(most)s house formats made through the API: "
    "delete one with its token first."
)


def all_summaries() -> list[dict[str, Any]]:
    """Returns the presets, then the house format the bearer token edits, if any.

    A house format is listed only to whoever made it: the API knows its maker by the format's
    token. Anyone holding its id (its share link) reads it with GET /api/v1/formats/{id}.
    """
    found = access.BEARER.fullmatch(request.headers.get("Authorization", "").strip())
    mine = houses.house_format_of_token(get_db(), found.group(1)) if found else None
    return format_summaries() + ([mine.summary()] if mine else [])


def _impossible(error: FormatError) -> ApiProblem:
    """Returns the 422 of impossible rules: one entry per field."""
    errors = [field_error(p.field, format_problem(p)) for p in error.problems]
    return ApiProblem(
        422, N_("These rules cannot be played."), kind="invalid-format", errors=errors
    )


def _token() -> str:
    """Returns the bearer token of the request; 401 without one."""
    found = access.BEARER.fullmatch(request.headers.get("Authorization", "").strip())
    if not found:
        message = "Send the house format's token as `Authorization: Bearer TOKEN`."
        raise ApiProblem(401, message, headers=access.CHALLENGE)
    return found.group(1)


def _house(format_id: str) -> houses.HouseFormat:
    try:
        return houses.get_house_format(get_db(), format_id)
    except houses.HouseFormatNotFound as error:
        raise ApiProblem(404, error.message) from None


@operation(
    bp,
    "GET",
    "/formats",
    operation_id="listFormats",
    summary="The presets with their house options, and the bearer's own house format",
    answers=(Answer(200, "The formats", answers.FormatList),),
    problems={},
)
def formats() -> Response:
    """Lists the presets, and the caller's own house format (by its token)."""
    return jsonify({"formats": all_summaries()})


@operation(
    bp,
    "POST",
    "/formats",
    operation_id="createFormat",
    summary="Save a house format made from a preset; the token edits or deletes it",
    body=bodies.HouseFormatInput,
    example=EXAMPLE_FORMAT,
    answers=(
        Answer(201, "Its id, its token and the format", answers.CreatedFormat, ("Location",)),
    ),
    problems=problems(
        400,
        413,
        415,
        _422="These rules cannot be played (one error per field).",
        _429="This address already keeps 50 house formats made through the API, or made 30 "
        "on the web and through the API in the last hour (Retry-After says when to come back).",
    ),
)
def create_format() -> Response:
    """Saves a house format made from a preset; answers its id and the token that edits it."""
    data = spec.body()
    # The API's anonymous client is known by its address (behind the one trusted proxy, the
    # forwarded one): each keeps at most houses.MAX_PER_BROWSER, as a browser does.
    maker = houses.API_MAKER + (request.remote_addr or "unknown")
    # web and API share the count, and every worker process too (the instance's rate-limits.db)
    wait = HOUSE_FORMATS.take(current_app.instance_path, request.remote_addr)
    if wait is not None:
        raise ApiProblem(
            429,
            FORMATS_TOO_OFTEN,
            kind="too-many-formats",
            headers={"Retry-After": str(wait)},
            params={"most": HOUSE_FORMATS.most, "minutes": minutes(wait)},
        )
    try:
        house, token = houses.create_house_format(
            get_db(),
            name=data.get("name"),
            base=data.get("base"),
            changes=data.get("set", {}),
            made_by=maker,
        )
    except FormatError as error:
        raise _impossible(error) from None
    except houses.TooManyHouseFormats as error:
        raise ApiProblem(429, TOO_MANY, kind="too-many-formats", params=error.params) from None
    response = jsonify({"id": house.id, "token": token, "format": _house_json(house)})
    response.status_code = 201
    response.headers["Location"] = url_for("api.read_format", format_id=house.id)
    return response


def _house_json(house: houses.HouseFormat) -> dict[str, Any]:
    return {**house.as_dict(), "document": house.document}


@operation(
    bp,
    "GET",
    "/formats/<format_id>",
    operation_id="readFormat",
    summary="A preset or a house format with its whole rules document; anyone may read",
    answers=(Answer(200, "The format", answers.PresetFormat | answers.HouseFormat),),
    problems={404: FORMAT_404},
)
def read_format(format_id: str) -> Response:
    """Returns a preset or a house format with its whole rules document; anyone may read it."""
    preset = load_presets().get(format_id)
    if preset is not None:
        body = {**summary(preset.rules), "document": preset_document(format_id)}
        return jsonify(body)
    return jsonify(_house_json(_house(format_id)))


@operation(
    bp,
    "PUT",
    "/formats/<format_id>",
    operation_id="updateFormat",
    summary="Change a house format; games already played keep their rules",
    security="formatToken",
    body=bodies.HouseFormatInput,
    example=EXAMPLE_FORMAT,
    answers=(Answer(200, "The house format as saved", answers.HouseFormat),),
    problems=problems(
        400,
        413,
        415,
        _401="No bearer token.",
        _403="The token is not this house format's.",
        _404=FORMAT_404,
        _422="These rules cannot be played (one error per field).",
    ),
)
def update_format(format_id: str) -> Response:
    """Replaces a house format's name, base and changes; games already played keep theirs."""
    token = _token()
    _house(format_id)
    data = spec.body()
    try:
        house = houses.update_house_format(
            get_db(),
            format_id,
            token,
            name=data.get("name"),
            base=data.get("base"),
            changes=data.get("set", {}),
        )
    except FormatError as error:
        raise _impossible(error) from None
    except houses.NotYourHouseFormat as error:
        raise ApiProblem(403, error.message) from None
    return jsonify(_house_json(house))


@operation(
    bp,
    "DELETE",
    "/formats/<format_id>",
    operation_id="deleteFormat",
    summary="Delete a house format no game was played with",
    security="formatToken",
    answers=(Answer(204, "Deleted"),),
    problems=problems(
        _401="No bearer token.",
        _403="The token is not this house format's.",
        _404=FORMAT_404,
        _409="Games were played with it, so it stays.",
    ),
)
def delete_format(format_id: str) -> Response:
    """Deletes a house format that no game was played with."""
    token = _token()
    _house(format_id)
    try:
        houses.delete_house_format(get_db(), format_id, token)
    except houses.NotYourHouseFormat as error:
        raise ApiProblem(403, error.message) from None
    except houses.HouseFormatInUse as error:
        raise ApiProblem(409, error.message, kind="format-in-use") from None
    return Response(status=204)

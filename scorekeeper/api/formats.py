"""The /api/v1/formats endpoints: presets and house formats, made, read, changed and deleted."""

from __future__ import annotations

from typing import Any

from flask import jsonify, request, url_for
from werkzeug import Response

from scorekeeper.api import access
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.api.routes import bp
from scorekeeper.db import get_db
from scorekeeper.format_documents import FormatError, preset_document
from scorekeeper.marked import N_
from scorekeeper.presets import format_summaries, load_presets, summary
from scorekeeper.problem_words import format_problem
from scorekeeper.store import house_formats as houses

BODY_KEYS = {"name", "base", "set"}


def all_summaries() -> list[dict[str, Any]]:
    """Returns the presets, then this instance's house formats (with "house": true)."""
    return format_summaries() + [h.summary() for h in houses.house_formats(get_db())]


def _body() -> dict[str, Any]:
    """Returns a house format body, {"name", "base", "set"}; 400 for anything else."""
    data = access.json_body()
    unknown = sorted(set(data) - BODY_KEYS)
    if unknown:
        message = f"A house format has no field {unknown[0]!r} (fields: name, base, set)."
        raise ApiProblem(400, message, kind="bad-body", errors=[field_error(unknown[0], message)])
    return data


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


@bp.get("/formats")
def formats() -> Response:
    """Lists the presets and this instance's house formats."""
    return jsonify({"formats": all_summaries()})


@bp.post("/formats")
def create_format() -> Response:
    """Saves a house format made from a preset; answers its id and the token that edits it."""
    data = _body()
    try:
        house, token = houses.create_house_format(
            get_db(), name=data.get("name"), base=data.get("base"), changes=data.get("set", {})
        )
    except FormatError as error:
        raise _impossible(error) from None
    response = jsonify({"id": house.id, "token": token, "format": _house_json(house)})
    response.status_code = 201
    response.headers["Location"] = url_for("api.read_format", format_id=house.id)
    return response


def _house_json(house: houses.HouseFormat) -> dict[str, Any]:
    return {**house.as_dict(), "document": house.document}


@bp.get("/formats/<format_id>")
def read_format(format_id: str) -> Response:
    """Returns a preset or a house format with its whole rules document; anyone may read it."""
    preset = load_presets().get(format_id)
    if preset is not None:
        body = {**summary(preset.rules), "document": preset_document(format_id)}
        return jsonify(body)
    return jsonify(_house_json(_house(format_id)))


@bp.put("/formats/<format_id>")
def update_format(format_id: str) -> Response:
    """Replaces a house format's name, base and changes; games already played keep theirs."""
    token = _token()
    _house(format_id)
    data = _body()
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


@bp.delete("/formats/<format_id>")
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

"""The API's one blueprint under /api/v1, which every room's routes join, and its OpenAPI route."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify
from werkzeug import Response

from scorekeeper.api.spec import Answer, operation

bp = Blueprint("api", __name__, url_prefix="/api/v1")


@operation(
    bp,
    "GET",
    "/openapi.json",
    operation_id="openapi",
    summary="This document",
    answers=(Answer(200, "The OpenAPI document", dict[str, Any]),),
    problems={},
)
def openapi() -> Response:
    """Returns the OpenAPI 3.1 document of this API."""
    from scorekeeper.api.openapi import document  # written from every operation, once all exist

    return jsonify(document())

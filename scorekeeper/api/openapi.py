"""The OpenAPI 3.1 document of /api/v1, written as data; tests check it against the routes."""

from __future__ import annotations

from functools import cache
from typing import Any

from scorekeeper.api import openapi_groups

JSON = "application/json"
PROBLEM = "application/problem+json"
NULLABLE_STRING = {"type": ["string", "null"]}
INTEGER = {"type": "integer"}
COUNT = {"type": "integer", "minimum": 0}
EXAMPLE_HAND = {
    "hand": {
        "We": {
            "melded_points": 120,
            "hand_points": 0,
            "red_threes": 1,
            "canastas": {"natural": 1},
            "went_out": "out",
        },
        "They": {"melded_points": 90, "hand_points": 35, "canastas": {}, "went_out": "no"},
    }
}
EXAMPLE_GAME = {
    "format": "classic",
    "options": [],
    "sides": [
        {"name": "We", "players": ["Ann", "Bob"]},
        {"name": "They", "players": ["Cy", "Di"]},
    ],
    "first_dealer": "Ann",
    "start_totals": {},
}
ERRORS = {
    304: "Not modified: the version in If-None-Match is still the current one.",
    400: "Malformed request: not JSON, or a malformed If-Match or Idempotency-Key header.",
    401: "No bearer token, or one that opens no game (a new game for a group: no token).",
    403: "A view-only token tried to change the game.",
    404: (
        "No such game for this token (the same answer whether or not the id exists), or no "
        "such hand; for a new game, no such group for the bearer token."
    ),
    409: "The game changed since the version in If-Match, or it is over and not reopened.",
    413: "The body is larger than 64 KB.",
    415: "The body is not sent as application/json.",
    422: (
        "The body is JSON but not a valid hand or game (one error per bad field), or the "
        "Idempotency-Key was used on this game and link for a different request."
    ),
    428: "The write carries no If-Match version.",
}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _object(required: list[str], properties: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": properties, **more}


def _map(values: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": values}


SCHEMAS: dict[str, Any] = {
    "FieldError": _object(
        ["side", "field", "message"],
        {"side": NULLABLE_STRING, "field": {"type": "string"}, "message": {"type": "string"}},
    ),
    "Warning": _object(
        ["side", "field", "message", "code", "params"],
        {
            "side": NULLABLE_STRING,
            "field": {"type": "string"},
            "message": {"type": "string"},
            "code": {"type": "string", "description": "the engine's code, e.g. opening_short"},
            "params": {"type": "object", "description": "the numbers the message names"},
        },
    ),
    "Problem": _object(
        ["type", "title", "status", "detail", "errors"],
        {
            "type": {"type": "string"},
            "title": {"type": "string"},
            "status": INTEGER,
            "detail": {"type": "string"},
            "errors": {"type": "array", "items": _ref("FieldError")},
        },
    ),
    "SideEntry": {
        "type": "object",
        "description": "One score column's entry, as in `scorekeeper score`; format extras are counts.",
        "properties": {
            "melded_points": COUNT,
            "hand_points": COUNT,
            "red_threes": COUNT,
            "black_threes": COUNT,
            "canastas": _map(COUNT),
            "went_out": {"enum": ["no", "out", "concealed"]},
        },
        "additionalProperties": COUNT,
    },
    "HandInput": {
        "type": "object",
        "required": ["hand"],
        "properties": {"hand": _map(_ref("SideEntry")), "lone_hand": NULLABLE_STRING},
        "additionalProperties": False,
    },
    "PreviewInput": {
        "type": "object",
        "required": ["hand"],
        "properties": {
            "hand": _map(_ref("SideEntry")),
            "lone_hand": NULLABLE_STRING,
            "number": {"type": "integer", "minimum": 1, "description": "default: the next hand"},
        },
        "additionalProperties": False,
    },
    "Opening": {
        "oneOf": [
            {"type": "null"},
            _object(
                ["points", "needs", "label"],
                {"points": INTEGER, "needs": NULLABLE_STRING, "label": {"type": "string"}},
            ),
        ]
    },
    "BreakdownItem": _object(
        ["item", "label", "points"],
        {
            "item": {"type": "string"},
            "label": {"type": "string"},
            "points": INTEGER,
            "count": INTEGER,
            "reason": {
                "type": "string",
                "description": "why the item counts minus: the preset's sign rule",
                "enum": ["no_meld", "no_canasta", "under_two_canastas"],
            },
        },
    ),
    "SideScore": _object(
        ["score", "breakdown", "total"],
        {
            "score": INTEGER,
            "breakdown": {"type": "array", "items": _ref("BreakdownItem")},
            "total": INTEGER,
        },
    ),
    "HandRow": _object(
        ["number", "dealer", "sitting_out", "minimums", "entry", "sides", "after_end"],
        {
            "after_end": {
                "type": "boolean",
                "description": "played after the hand that ended the game: shown, never counted",
            },
            "number": INTEGER,
            "dealer": {"type": "string"},
            "sitting_out": NULLABLE_STRING,
            "minimums": _map(_ref("Opening")),
            "entry": _ref("HandInput"),
            "sides": _map(_ref("SideScore")),
        },
    ),
    "Side": _object(
        ["name"],
        {
            "name": {"type": "string"},
            "players": {"type": "array", "items": {"type": "string"}},
        },
    ),
    "Game": _object(
        [
            "id",
            "format",
            "format_name",
            "options",
            "sides",
            "first_dealer",
            "start_totals",
            "version",
            "reopened",
            "locked",
            "created_at",
            "updated_at",
            "hands",
            "totals",
            "to_target",
            "target",
            "target_raises",
            "next",
            "status",
        ],  # fmt: skip
        {
            "id": {"type": "string"},
            "format": {"type": "string"},
            "format_name": {"type": "string"},
            "options": {"type": "array", "items": {"type": "string"}},
            "sides": {"type": "array", "items": _ref("Side")},
            "first_dealer": {"type": "string"},
            "start_totals": _map(INTEGER),
            "version": INTEGER,
            "reopened": {"type": "boolean"},
            "locked": {"type": "boolean"},
            "created_at": {"type": "string"},
            "updated_at": {"type": "string"},
            "hands": {"type": "array", "items": _ref("HandRow")},
            "totals": _map(INTEGER),
            "to_target": _map({"type": ["integer", "null"]}),
            "target": {
                "type": ["integer", "null"],
                "description": "the target in force (raised when the table played on); null for deals",
            },
            "target_raises": {
                "type": "array",
                "items": _object(
                    ["after_hand", "from_target", "to_target"],
                    {"after_hand": INTEGER, "from_target": INTEGER, "to_target": INTEGER},
                ),
            },
            "next": _object(
                ["number", "dealer", "sitting_out", "minimums"],
                {
                    "number": INTEGER,
                    "dealer": NULLABLE_STRING,
                    "sitting_out": NULLABLE_STRING,
                    "minimums": _map(_ref("Opening")),
                },
            ),
            "status": _object(
                ["over", "winner", "tied", "margin", "message", "ended_at"],
                {
                    "ended_at": {
                        "type": ["integer", "null"],
                        "description": "the hand that ended the game; totals are those after it",
                    },
                    "over": {"type": "boolean"},
                    "winner": NULLABLE_STRING,
                    "tied": {"type": "boolean"},
                    "margin": {"type": ["integer", "null"]},
                    "message": {"type": "string"},
                },
            ),
        },
    ),
    "HandResult": _object(
        ["hand", "replayed", "game"],
        {
            "hand": {
                "type": ["integer", "null"],
                "description": "the hand saved; null on a replay",
            },
            "replayed": {"type": "boolean"},
            "game": _ref("GameSummary"),
        },
    ),
    "ReopenInput": {
        "type": "object",
        "properties": {"reopened": {"type": "boolean", "default": True}},
        "additionalProperties": False,
    },
    "NewGame": {
        "type": "object",
        "required": ["format", "sides"],
        "properties": {
            "format": {
                "description": "a preset id, a house format id, or an inline format",
                "oneOf": [{"type": "string"}, _ref("InlineFormat")],
            },
            "options": {"type": "array", "items": {"type": "string"}},
            "sides": {"type": "array", "items": _ref("Side")},
            "first_dealer": {"type": "string", "description": "default: the first player"},
            "start_totals": _map(INTEGER),
            "group": {
                "type": "string",
                "description": "a group id; send one of the group's API tokens as the bearer token",
            },
        },
        "additionalProperties": False,
    },
    "Links": _object(
        ["owner", "edit", "view"],
        {role: {"type": "string"} for role in ("owner", "edit", "view")},
    ),
    "CreatedGame": _object(
        ["id", "tokens", "links", "game"],
        {
            "id": {"type": "string"},
            "tokens": _ref("Links"),
            "links": _ref("Links"),
            "game": _ref("Game"),
        },
    ),
    "Preview": _object(
        ["number", "sides", "warnings"],
        {
            "number": INTEGER,
            "sides": _map(_ref("SideScore")),
            "warnings": {"type": "array", "items": _ref("Warning")},
        },
    ),
    "Format": _object(
        ["id", "name", "description", "target", "deals", "sides", "min_sides", "max_sides"],
        {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "description": {"type": "string"},
            "target": {"type": ["integer", "null"]},
            "deals": {"type": ["integer", "null"]},
            "sides": {"type": "array", "items": INTEGER},
            "min_sides": INTEGER,
            "max_sides": INTEGER,
            "canastas": {"type": "array", "items": {"type": "object"}},
            "options": {"type": "array", "items": {"type": "object"}},
            "house": {"type": "boolean", "description": "true for a house format"},
            "base": {"type": "string", "description": "house formats: the preset it starts from"},
            "set": {"type": "object", "description": "house formats: the changed keys"},
            "document": {"type": "object", "description": "the whole rules document"},
        },
    ),
    "InlineFormat": {
        "type": "object",
        "description": "A preset with changes, keyed as in the preset TOML (docs/house-formats.md).",
        "required": ["base"],
        "properties": {
            "base": {"type": "string"},
            "set": {"type": "object"},
            "name": {"type": "string"},
            "options": {"type": "array", "items": {"type": "string"}},
        },
        "additionalProperties": False,
    },
    "HouseFormatInput": {
        "type": "object",
        "required": ["name", "base"],
        "properties": {
            "name": {"type": "string"},
            "base": {"type": "string"},
            "set": {"type": "object"},
        },
        "additionalProperties": False,
    },
    "HouseFormat": _object(
        ["id", "name", "base", "set", "digest", "house", "document"],
        {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "base": {"type": "string"},
            "set": {"type": "object"},
            "digest": {"type": "string"},
            "house": {"const": True},
            "document": {"type": "object"},
        },
    ),
    "CreatedFormat": _object(
        ["id", "token", "format"],
        {"id": {"type": "string"}, "token": {"type": "string"}, "format": _ref("HouseFormat")},
    ),
}
EXAMPLE_FORMAT = {
    "name": "Grandma's Classic",
    "base": "classic",
    "set": {"going_out.bonus": 200, "ending.target": 7500},
}


def _problems(*codes: int) -> dict[str, Any]:
    responses: dict[str, Any] = {}
    for code in codes:
        response: dict[str, Any] = {
            "description": ERRORS[code],
            "content": {PROBLEM: {"schema": _ref("Problem")}},
        }
        if code == 401:
            response["headers"] = {"WWW-Authenticate": {"$ref": "#/components/headers/Challenge"}}
        responses[str(code)] = response
    return responses


def _ok(description: str, schema: str, *, etag: bool = False) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": description,
        "content": {JSON: {"schema": _ref(schema)}},
    }
    if etag:
        response["headers"] = {"ETag": {"$ref": "#/components/headers/ETag"}}
    return response


def _body(schema: str, example: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {JSON: {"schema": _ref(schema), "example": example}}}


GAME_ID = {"$ref": "#/components/parameters/GameId"}
WRITE = [GAME_ID, {"$ref": "#/components/parameters/IfMatch"}]
WRITE.append({"$ref": "#/components/parameters/IdempotencyKey"})
BEARER = [{"linkToken": []}]
FORMAT_ID = {"$ref": "#/components/parameters/FormatId"}
FORMAT_BEARER = [{"formatToken": []}]
WRITE_ERRORS = (400, 401, 403, 404, 409, 413, 415, 422, 428)

PATHS: dict[str, Any] = {
    "/api/v1/openapi.json": {
        "get": {
            "operationId": "openapi",
            "summary": "This document",
            "responses": {
                "200": {
                    "description": "The OpenAPI document",
                    "content": {JSON: {"schema": {"type": "object"}}},
                }
            },
        }
    },
    "/api/v1/formats": {
        "get": {
            "operationId": "listFormats",
            "summary": "The presets with their house options, and this server's house formats",
            "responses": {
                "200": {
                    "description": "The formats",
                    "content": {
                        JSON: {
                            "schema": _object(
                                ["formats"], {"formats": {"type": "array", "items": _ref("Format")}}
                            )
                        }
                    },
                }
            },
        },
        "post": {
            "operationId": "createFormat",
            "summary": "Save a house format made from a preset; the token edits or deletes it",
            "requestBody": _body("HouseFormatInput", EXAMPLE_FORMAT),
            "responses": {
                "201": {
                    **_ok("Its id, its token and the format", "CreatedFormat"),
                    "headers": {"Location": {"required": True, "schema": {"type": "string"}}},
                },
                **_problems(400, 413, 415, 422),
            },
        },
    },
    "/api/v1/formats/{format_id}": {
        "get": {
            "operationId": "readFormat",
            "summary": "A preset or a house format with its whole rules document; anyone may read",
            "parameters": [FORMAT_ID],
            "responses": {"200": _ok("The format", "Format"), **_problems(404)},
        },
        "put": {
            "operationId": "updateFormat",
            "summary": "Change a house format; games already played keep their rules",
            "security": FORMAT_BEARER,
            "parameters": [FORMAT_ID],
            "requestBody": _body("HouseFormatInput", EXAMPLE_FORMAT),
            "responses": {
                "200": _ok("The house format as saved", "HouseFormat"),
                **_problems(400, 401, 403, 404, 413, 415, 422),
            },
        },
        "delete": {
            "operationId": "deleteFormat",
            "summary": "Delete a house format no game was played with",
            "security": FORMAT_BEARER,
            "parameters": [FORMAT_ID],
            "responses": {"204": {"description": "Deleted"}, **_problems(401, 403, 404, 409)},
        },
    },
    "/api/v1/games": {
        "post": {
            "operationId": "createGame",
            "summary": "Start a game; the answer holds its owner, edit and view tokens",
            "requestBody": _body("NewGame", EXAMPLE_GAME),
            "responses": {
                "201": {
                    **_ok("The new game, its tokens and links", "CreatedGame", etag=True),
                    "headers": {
                        "ETag": {"$ref": "#/components/headers/ETag"},
                        "Location": {"required": True, "schema": {"type": "string"}},
                    },
                },
                **_problems(400, 401, 404, 413, 415, 422),
            },
        }
    },
    "/api/v1/games/{game_id}": {
        "get": {
            "operationId": "readGame",
            "summary": "The game: every hand with its breakdown, totals, what comes next, the result",
            "security": BEARER,
            "parameters": [
                GAME_ID,
                {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": False,
                    "schema": {"type": "string"},
                },
            ],
            "responses": {
                "200": _ok("The game", "Game", etag=True),
                "304": {
                    "description": ERRORS[304],
                    "headers": {"ETag": {"$ref": "#/components/headers/ETag"}},
                },
                **_problems(401, 404),
            },
        }
    },
    "/api/v1/games/{game_id}/hands": {
        "post": {
            "operationId": "recordHand",
            "summary": "Record the next hand",
            "security": BEARER,
            "parameters": WRITE,
            "requestBody": _body("HandInput", EXAMPLE_HAND),
            "responses": {
                "201": _ok(
                    "Saved: the hand's number and the game after it", "HandResult", etag=True
                ),
                "200": _ok(
                    "This Idempotency-Key was used before: nothing saved, the game as it is",
                    "HandResult",
                    etag=True,
                ),
                **_problems(*WRITE_ERRORS),
            },
        }
    },
    "/api/v1/games/{game_id}/hands/{number}": {
        "put": {
            "operationId": "editHand",
            "summary": "Replace hand `number`; later totals, minimums and the result follow",
            "security": BEARER,
            "parameters": [*WRITE, {"$ref": "#/components/parameters/HandNumber"}],
            "requestBody": _body("HandInput", EXAMPLE_HAND),
            "responses": {
                "200": _ok(
                    "Saved (or a repeat of a used Idempotency-Key)", "HandResult", etag=True
                ),
                **_problems(*WRITE_ERRORS),
            },
        }
    },
    "/api/v1/games/{game_id}/hands/last": {
        "delete": {
            "operationId": "deleteLastHand",
            "summary": "Delete the last hand",
            "security": BEARER,
            "parameters": WRITE,
            "responses": {
                "200": _ok(
                    "Deleted (or a repeat of a used Idempotency-Key)", "HandResult", etag=True
                ),
                **_problems(400, 401, 403, 404, 409, 422, 428),
            },
        }
    },
    "/api/v1/games/{game_id}/reopen": {
        "post": {
            "operationId": "reopenGame",
            "summary": "Reopen a finished game to fix a hand (or close it again with false)",
            "security": BEARER,
            "parameters": WRITE,
            "requestBody": _body("ReopenInput", {"reopened": True}),
            "responses": {
                "200": _ok(
                    "Done (or a repeat of a used Idempotency-Key); `hand` is null",
                    "HandResult",
                    etag=True,
                ),
                **_problems(400, 401, 403, 404, 409, 413, 415, 422, 428),
            },
        }
    },
    "/api/v1/games/{game_id}/preview": {
        "post": {
            "operationId": "previewHand",
            "summary": "Score a hand without saving it",
            "security": BEARER,
            "parameters": [GAME_ID],
            "requestBody": _body("PreviewInput", EXAMPLE_HAND),
            "responses": {
                "200": _ok("The hand scored as hand `number`", "Preview"),
                **_problems(400, 401, 404, 413, 415, 422),
            },
        }
    },
}

# A write answers with the game less its hands (GET the game for them): cheap to send.
SCHEMAS["GameSummary"] = {
    **SCHEMAS["Game"],
    "required": [name for name in SCHEMAS["Game"]["required"] if name != "hands"],
    "properties": {k: v for k, v in SCHEMAS["Game"]["properties"].items() if k != "hands"},
}

SCHEMAS.update(openapi_groups.SCHEMAS)
PATHS.update(openapi_groups.PATHS)

COMPONENTS: dict[str, Any] = {
    "schemas": SCHEMAS,
    "securitySchemes": {
        **openapi_groups.SECURITY,
        "formatToken": {
            "type": "http",
            "scheme": "bearer",
            "description": "The token a new house format answers with: it edits or deletes it.",
        },
        "linkToken": {
            "type": "http",
            "scheme": "bearer",
            "description": "A token of the game's links: owner or edit to change it, view to read.",
        },
    },
    "parameters": {
        "FormatId": {
            "name": "format_id",
            "in": "path",
            "required": True,
            "schema": {"type": "string"},
            "description": "a preset id (`classic`) or a house format id (`h-...`)",
        },
        "GameId": {
            "name": "game_id",
            "in": "path",
            "required": True,
            "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
        },
        "HandNumber": {
            "name": "number",
            "in": "path",
            "required": True,
            "schema": {"type": "integer", "minimum": 1},
        },
        "IfMatch": {
            "name": "If-Match",
            "in": "header",
            "required": True,
            "description": 'The version last read, as the ETag gives it: "3" (W/"3" when gzipped).',
            "schema": {"type": "string", "pattern": '^(W/)?"[0-9]{1,9}"$'},
        },
        "IdempotencyKey": {
            "name": "Idempotency-Key",
            "in": "header",
            "required": True,
            "description": "A fresh key per write; a repeat saves nothing and answers 200.",
            "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$"},
        },
    },
    "headers": {
        "ETag": {
            "required": True,
            "description": 'The game\'s version in quotes, for If-Match and If-None-Match: "3".',
            "schema": {"type": "string"},
        },
        "Challenge": {"required": True, "schema": {"type": "string"}},
    },
}


@cache
def document() -> dict[str, Any]:
    """Returns the OpenAPI 3.1 document of the API."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Canasta Scorekeeper API",
            "version": "1.0.0",
            "description": "Games, hands and previews; see docs/api.md for curl examples.",
        },
        "paths": PATHS,
        "components": COMPONENTS,
    }

"""The group part of the OpenAPI document: making a group, its history and its statistics."""

from __future__ import annotations

from typing import Any

JSON = "application/json"
PROBLEM = "application/problem+json"
NUMBER_OR_NULL = {"type": ["number", "null"]}
COUNT = {"type": "integer", "minimum": 0}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _object(required: list[str], properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": properties}


FIGURES = _object(
    ["format", "label", "games", "wins", "win_rate"],
    {
        "format": {"type": "string", "description": "the rules source and options"},
        "label": {"type": "string"},
        "games": COUNT,
        "wins": COUNT,
        "win_rate": NUMBER_OR_NULL,
        "average_margin": NUMBER_OR_NULL,
        "hands": COUNT,
        "average_hand": NUMBER_OR_NULL,
        "best_hand": {"type": ["integer", "null"]},
        "canastas_per_hand": {"type": "object", "additionalProperties": NUMBER_OR_NULL},
        "went_out": COUNT,
        "went_out_concealed": COUNT,
        "red_threes_per_hand": NUMBER_OR_NULL,
        "below_zero": COUNT,
    },
)
RESULTS = {
    "games": COUNT,
    "wins": COUNT,
    "win_rate": {**NUMBER_OR_NULL, "description": "wins per game, 0 to 1"},
    "streak": {"type": "integer", "description": "+N: the last N games won; -N: not won"},
    "longest_win_streak": COUNT,
    "by_format": {"type": "array", "items": _ref("GroupFigures")},
}
STRINGS = {"type": "array", "items": {"type": "string"}}

SCHEMAS: dict[str, Any] = {
    "NewGroup": {
        "type": "object",
        "required": ["name"],
        "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 60}},
        "additionalProperties": False,
    },
    "CreatedGroup": _object(
        ["id", "name", "token", "join"],
        {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "token": {
                "type": "string",
                "description": "the group's first API token, apart from the join link",
            },
            "join": {"type": "string", "description": "the join link for a browser"},
        },
    ),
    "GroupFigures": FIGURES,
    "GroupHistory": _object(
        ["games"],
        {
            "games": {
                "type": "array",
                "items": _object(
                    ["id", "finished", "format", "label", "hands", "tied", "winner", "sides"],
                    {
                        "id": {"type": "string"},
                        "finished": {"type": "string"},
                        "format": {"type": "string"},
                        "label": {"type": "string"},
                        "hands": COUNT,
                        "tied": {"type": "boolean"},
                        "winner": {"type": ["string", "null"]},
                        "sides": {
                            "type": "array",
                            "items": _object(
                                ["name", "players", "player_ids", "total", "won"],
                                {
                                    "name": {"type": "string"},
                                    "players": STRINGS,
                                    "player_ids": {
                                        "type": "array",
                                        "items": {"type": ["string", "null"]},
                                    },
                                    "total": {"type": "integer"},
                                    "won": {"type": "boolean"},
                                },
                            ),
                        },
                    },
                ),
            }
        },
    ),
    "GroupStats": _object(
        ["games", "formats", "players", "partnerships", "head_to_head"],
        {
            "games": COUNT,
            "formats": {"type": "array", "items": {"type": "object"}},
            "players": {
                "type": "array",
                "items": _object(
                    ["id", "name", "games", "wins", "win_rate"],
                    {"id": {"type": "string"}, "name": {"type": "string"}, **RESULTS},
                ),
            },
            "partnerships": {
                "type": "array",
                "items": _object(
                    ["ids", "names", "games", "wins", "win_rate"],
                    {"ids": STRINGS, "names": STRINGS, **RESULTS},
                ),
            },
            "head_to_head": {
                "type": "array",
                "items": _object(
                    ["partnerships", "games", "wins"],
                    {
                        "partnerships": {"type": "array", "items": STRINGS},
                        "games": COUNT,
                        "wins": {"type": "array", "items": COUNT},
                    },
                ),
            },
        },
    ),
}

GROUP_ID = {
    "name": "group_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
}
MEMBER = [{"groupToken": []}]
SECURITY = {
    "groupToken": {
        "type": "http",
        "scheme": "bearer",
        "description": (
            "One of a group's API tokens (POST /api/v1/groups answers the first; its admins "
            "make and revoke more on the group's page). The join link is not one."
        ),
    }
}


def _problem(description: str) -> dict[str, Any]:
    return {"description": description, "content": {PROBLEM: {"schema": _ref("Problem")}}}


READ_ERRORS = {
    "401": {
        **_problem("No bearer token."),
        "headers": {"WWW-Authenticate": {"$ref": "#/components/headers/Challenge"}},
    },
    "404": _problem("No such group for this token (the same answer whether or not it exists)."),
}


def _filter(name: str, description: str) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "required": False,
        "schema": {"type": "string"},
        "description": description,
    }


PATHS: dict[str, Any] = {
    "/api/v1/groups": {
        "post": {
            "operationId": "createGroup",
            "summary": "Make a group; the answer holds its first API token and its join link",
            "requestBody": {
                "required": True,
                "content": {JSON: {"schema": _ref("NewGroup"), "example": {"name": "Tuesday"}}},
            },
            "responses": {
                "201": {
                    "description": "The group's id, first API token and join link",
                    "content": {JSON: {"schema": _ref("CreatedGroup")}},
                    "headers": {"Location": {"required": True, "schema": {"type": "string"}}},
                },
                "400": _problem("The body is not one JSON object."),
                "413": _problem("The body is larger than 64 KB."),
                "415": _problem("The body is not sent as application/json."),
                "422": _problem("No name, or one that is blank, too long or not text."),
            },
        }
    },
    "/api/v1/groups/{group_id}/history": {
        "get": {
            "operationId": "groupHistory",
            "summary": "The group's finished games, the latest first",
            "security": MEMBER,
            "parameters": [
                GROUP_ID,
                _filter("format", "a format key, as the history gives it"),
                _filter("player", "a player id"),
                _filter("partnership", "two or more player ids joined by +"),
                _filter("since", "YYYY-MM-DD, inclusive"),
                _filter("until", "YYYY-MM-DD, inclusive"),
            ],
            "responses": {
                "200": {
                    "description": "The games",
                    "content": {JSON: {"schema": _ref("GroupHistory")}},
                },
                **READ_ERRORS,
                "422": _problem("A filter names no player of the group, or a date is malformed."),
            },
        }
    },
    "/api/v1/groups/{group_id}/stats": {
        "get": {
            "operationId": "groupStats",
            "summary": "Players, partnerships and head-to-head records, overall and per format",
            "security": MEMBER,
            "parameters": [GROUP_ID],
            "responses": {
                "200": {
                    "description": "The statistics",
                    "content": {JSON: {"schema": _ref("GroupStats")}},
                },
                **READ_ERRORS,
            },
        }
    },
}

"""The event part of the OpenAPI document: club nights, rounds, standings and table sides."""

from __future__ import annotations

from typing import Any

from scorekeeper.events import MOVEMENTS, TEMPLATES

JSON = "application/json"
PROBLEM = "application/problem+json"
COUNT = {"type": "integer", "minimum": 0}
CHALLENGE = {"required": True, "schema": {"type": "string"}}
IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": True,
    "schema": {"type": "string"},
    "description": 'The game version last read, like "3"',
}
IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": True,
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$"},
}
INT = {"type": "integer"}
NAME = {"type": "string", "minLength": 1, "maxLength": 40}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _object(required: list[str], properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": properties}


BAND = _object(
    ["up_to", "winner", "loser"],
    {"up_to": {"type": ["integer", "null"]}, "winner": INT, "loser": INT},
)
TABLE = _object(
    ["table", "game", "token", "sides"],
    {
        "table": {"type": "integer", "minimum": 1},
        "game": {"type": ["string", "null"], "description": "an ordinary game's id"},
        "token": {
            "type": ["string", "null"],
            "description": "the table's token: records hands through /api/v1/games/{game}/hands "
            "(the director's answer only)",
        },
        "side_tokens": {"type": ["array", "null"], "items": {"type": "string"}},
        "sides": {"type": "array", "items": {"type": "string"}},
        "entrants": {"type": "array", "items": {"type": "array", "items": INT}},
        "deals": COUNT,
        "scores": {"type": "array", "items": INT},
        "finished": {"type": "boolean", "description": "the result counts in the standings"},
        "no_play": {"type": "boolean"},
        "corrected": {"type": "boolean"},
        "pending": COUNT,
        "disputed": COUNT,
    },
)
ROUND = _object(
    ["number", "tables"],
    {"number": {"type": "integer", "minimum": 1}, "tables": {"type": "array", "items": TABLE}},
)
EVENT = _object(
    ["id", "name", "movement", "rounds", "deals_per_round", "started", "closed", "entrants"],
    {
        "id": {"type": "string"},
        "name": {"type": "string"},
        "date": {"type": "string"},
        "format": {"type": "string"},
        "options": {"type": "array", "items": {"type": "string"}},
        "movement": {"enum": list(MOVEMENTS)},
        "rounds": INT,
        "deals_per_round": INT,
        "started": COUNT,
        "closed": {"type": "boolean"},
        "confirm": {"type": "boolean"},
        "victory_points": _object(["bands"], {"bands": {"type": "array", "items": BAND}}),
        "bye": {"type": "object"},
        "entrants": {"type": "array", "items": {"type": "object"}},
    },
)
EXAMPLE_EVENT = {
    "name": "Tuesday club",
    "format": "classic",
    "entrants": [
        {"name": "Aces", "players": ["Ann", "Bob"]},
        {"name": "Kings", "players": ["Cy", "Di"]},
        {"name": "Queens", "players": ["Ed", "Flo"]},
        {"name": "Jacks", "players": ["Gus", "Hal"]},
    ],
    "movement": "round_robin",
    "rounds": 3,
    "deals_per_round": 3,
    "victory_points": {
        "bands": [
            {"up_to": 150, "winner": 10, "loser": 10},
            {"up_to": 1500, "winner": 14, "loser": 6},
            {"up_to": None, "winner": 20, "loser": 0},
        ]
    },
}
SCHEMAS: dict[str, Any] = {
    "NewEvent": {
        "type": "object",
        "required": ["name", "format", "entrants", "rounds", "deals_per_round"],
        "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": 80},
            "format": {"type": "string", "description": "a preset id or a house format's id"},
            "options": {"type": "array", "items": {"type": "string"}},
            "entrants": {
                "type": "array",
                "minItems": 2,
                "maxItems": 80,
                "items": _object(
                    ["name"], {"name": NAME, "players": {"type": "array", "items": NAME}}
                ),
            },
            "movement": {"enum": list(MOVEMENTS), "default": "round_robin"},
            "rounds": {"type": "integer", "minimum": 1, "maximum": 40},
            "deals_per_round": {"type": "integer", "minimum": 1, "maximum": 20},
            "victory_points": {
                "description": 'bands (the last "up_to": null; none: plain total points) or a '
                f"template: {', '.join(TEMPLATES)}; default canasta_3",
                "oneOf": [
                    _object(["bands"], {"bands": {"type": "array", "items": BAND}}),
                    _object(["template"], {"template": {"enum": list(TEMPLATES)}}),
                ],
            },
            "bye": _object(["victory_points", "margin"], {"victory_points": INT, "margin": INT}),
            "confirm": {"type": "boolean", "description": "opponents confirm each hand"},
            "date": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
            "group": {"type": "string", "description": "a group's id (bearer: its member token)"},
        },
        "additionalProperties": False,
    },
    "CreatedEvent": _object(
        ["id", "token"],
        {
            "id": {"type": "string"},
            "token": {"type": "string", "description": "the director's bearer token"},
            "view_token": {"type": "string", "description": "reads only: entrants, big screen"},
            "screen": {"type": "string", "description": "the big screen's page"},
        },
    ),
    "Event": EVENT,
    "EventRound": ROUND,
    "EventRounds": {"type": "array", "items": ROUND},
    "Standings": _object(
        ["standings"],
        {
            "standings": {
                "type": "array",
                "items": _object(
                    ["rank", "name", "victory_points", "margin", "played"],
                    {
                        "rank": {"type": "integer", "minimum": 1},
                        "id": INT,
                        "name": {"type": "string"},
                        "victory_points": INT,
                        "margin": INT,
                        "played": COUNT,
                    },
                ),
            },
            "started": COUNT,
            "rounds": INT,
        },
    ),
    "TableCorrection": {
        "oneOf": [
            _object(["scores"], {"scores": {"type": ["array", "null"], "items": INT}}),
            _object(["no_play"], {"no_play": {"type": "boolean"}}),
        ]
    },
    "LateEntrant": _object(["name"], {"name": NAME, "players": {"type": "array", "items": NAME}}),
    "HandCheck": _object(
        ["hand", "state"], {"hand": INT, "state": {"enum": ["confirmed", "disputed"]}}
    ),
}
SECURITY = {
    "eventToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "An event's director token (runs it) or its view token (reads only).",
    },
    "sideToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "One side of one table (an event with opponents confirming).",
    },
}
EVENT_ID = {
    "name": "event_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
}
ROUND_NUMBER = {
    "name": "number",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 0},
}
TABLE_NUMBER = {
    "name": "table",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 0},
}
DOWNLOAD = [
    {"name": "paper", "in": "query", "schema": {"enum": ["a4", "letter"], "default": "a4"}},
    {"name": "lang", "in": "query", "schema": {"enum": ["en", "es", "pt_BR", "it", "de"]}},
    {
        "name": "entrant",
        "in": "query",
        "schema": {"type": "string", "pattern": "^[0-9]{1,3}$"},
        "description": "scorecards.pdf: only this entrant's card (its id)",
    },
]
DOWNLOADS = [
    ("standings.pdf", "eventStandingsPdf", "application/pdf", "The standings as PDF"),
    ("scorecards.pdf", "eventScorecardsPdf", "application/pdf", "Each entrant's scorecard as PDF"),
    ("standings.csv", "eventStandingsCsv", "text/csv", "The standings as CSV"),
]
DIRECTOR: list[dict[str, list[str]]] = [{"eventToken": []}]
SIDE: list[dict[str, list[str]]] = [{"sideToken": []}]


def _problem(description: str) -> dict[str, Any]:
    return {"description": description, "content": {PROBLEM: {"schema": _ref("Problem")}}}


def _ok(description: str, schema: str) -> dict[str, Any]:
    return {"description": description, "content": {JSON: {"schema": _ref(schema)}}}


AUTH = {
    "401": {
        **_problem("No bearer token."),
        "headers": {"WWW-Authenticate": CHALLENGE},
    },
    "404": _problem("No such event for this token (the same answer whether or not it exists)."),
}
RUNS = {**AUTH, "403": _problem("The event's view token only reads.")}
BODY = {
    "400": _problem("The body is not one JSON object."),
    "413": _problem("The body is larger than 64 KB."),
    "415": _problem("The body is not sent as application/json."),
}


def _body(schema: str, example: Any = None) -> dict[str, Any]:
    content: dict[str, Any] = {"schema": _ref(schema)}
    if example is not None:
        content["example"] = example
    return {"required": True, "content": {JSON: content}}


def _op(op_id: str, summary: str, responses: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"operationId": op_id, "summary": summary, **more, "responses": responses}


PATHS: dict[str, Any] = {
    "/api/v1/events": {
        "post": _op(
            "createEvent",
            "Make a club night; the answer holds the director's token",
            {
                "201": {
                    **_ok("The event's id, director token and view token", "CreatedEvent"),
                    "headers": {"Location": {"required": True, "schema": {"type": "string"}}},
                },
                **BODY,
                "404": _problem("No such group for this token."),
                "401": {
                    **_problem("A group was named without a bearer token."),
                    "headers": {"WWW-Authenticate": CHALLENGE},
                },
                "422": _problem("One entry per bad field."),
            },
            requestBody=_body("NewEvent", EXAMPLE_EVENT),
        )
    },
    "/api/v1/events/{event_id}": {
        "get": _op(
            "readEvent",
            "The event's settings and entrants",
            {"200": _ok("The event", "Event"), **AUTH},
            security=DIRECTOR,
            parameters=[EVENT_ID],
        )
    },
    "/api/v1/events/{event_id}/rounds": {
        "get": _op(
            "eventRounds",
            "The rounds started so far and their tables (tokens: the director only)",
            {"200": _ok("The rounds", "EventRounds"), **AUTH},
            security=DIRECTOR,
            parameters=[EVENT_ID],
        ),
        "post": _op(
            "startRound",
            "Start the next round by the event's movement",
            {
                "201": {
                    **_ok("The round and its tables", "EventRound"),
                    "headers": {"Location": {"required": True, "schema": {"type": "string"}}},
                },
                **RUNS,
                "409": _problem("The event is closed or every round has started."),
            },
            security=DIRECTOR,
            parameters=[EVENT_ID],
        ),
    },
    "/api/v1/events/{event_id}/standings": {
        "get": _op(
            "eventStandings",
            "Live standings: a table counts once it played its deals or ended",
            {"200": _ok("The standings", "Standings"), **AUTH},
            security=DIRECTOR,
            parameters=[EVENT_ID],
        )
    },
    **{
        f"/api/v1/events/{{event_id}}/{kind}": {
            "get": _op(
                op_id,
                summary,
                {
                    "200": {
                        "description": summary,
                        "content": {mime: {"schema": {"type": "string", "format": "binary"}}},
                    },
                    **AUTH,
                    "422": _problem("A paper other than a4 or letter, or no such entrant."),
                },
                security=DIRECTOR,
                parameters=[EVENT_ID, *DOWNLOAD],
            )
        }
        for kind, op_id, mime, summary in DOWNLOADS
    },
    "/api/v1/events/{event_id}/rounds/{number}/tables/{table}": {
        "put": _op(
            "correctTable",
            "Correct a table's result, clear the correction, or mark it not played",
            {
                "200": _ok("The round after the change", "EventRound"),
                **RUNS,
                **BODY,
                "422": _problem("Not two whole scores, null, or a no_play true or false."),
            },
            security=DIRECTOR,
            parameters=[EVENT_ID, ROUND_NUMBER, TABLE_NUMBER],
            requestBody=_body("TableCorrection", {"scores": [2150, 1400]}),
        )
    },
    "/api/v1/events/{event_id}/close": {
        "post": _op(
            "closeEvent",
            "Close the event: no more rounds; the standings stay",
            {"200": _ok("The event", "Event"), **RUNS},
            security=DIRECTOR,
            parameters=[EVENT_ID],
        )
    },
    "/api/v1/events/{event_id}/entrants": {
        "post": _op(
            "lateEntrant",
            "Add a late arrival, who plays from the next round",
            {
                "201": _ok("The event", "Event"),
                **RUNS,
                **BODY,
                "422": _problem("A name already taken, or none."),
            },
            security=DIRECTOR,
            parameters=[EVENT_ID],
            requestBody=_body("LateEntrant", {"name": "Tens", "players": ["Ivy", "Jo"]}),
        )
    },
    "/api/v1/events/{event_id}/entrants/{position}": {
        "delete": _op(
            "withdrawEntrant",
            "Withdraw an entrant after the rounds started so far",
            {"200": _ok("The event", "Event"), **RUNS},
            security=DIRECTOR,
            parameters=[
                EVENT_ID,
                {
                    "name": "position",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "integer", "minimum": 0},
                },
            ],
        )
    },
    "/api/v1/tables/hands": {
        "post": _op(
            "recordHandAsSide",
            "Record the next hand of the side token's table; it waits for the other side",
            {
                "201": _ok("Saved: the hand's number and the game after it", "HandResult"),
                "200": _ok("This Idempotency-Key was used before: nothing saved", "HandResult"),
                "401": {
                    **_problem("No bearer token, or one that opens no table."),
                    "headers": {"WWW-Authenticate": CHALLENGE},
                },
                **BODY,
                "409": _problem("The game changed since that version, or is over."),
                "422": _problem("The hand is impossible, or the key was used for another hand."),
                "428": _problem("No If-Match version."),
            },
            security=SIDE,
            parameters=[
                IF_MATCH,
                IDEMPOTENCY_KEY,
            ],
            requestBody={"required": True, "content": {JSON: {"schema": _ref("HandInput")}}},
        )
    },
    "/api/v1/tables/hands/{number}/{state}": {
        "post": _op(
            "checkHand",
            "Confirm or dispute a hand from the other side's phone",
            {
                "200": _ok("The hand's new state", "HandCheck"),
                "401": {
                    **_problem("No bearer token, or one that opens no table."),
                    "headers": {"WWW-Authenticate": CHALLENGE},
                },
                "404": _problem("No such path."),
                "409": _problem("The side that saved a hand does not confirm it, or no such hand."),
            },
            security=SIDE,
            parameters=[
                {
                    "name": "number",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "integer", "minimum": 0},
                },
                {
                    "name": "state",
                    "in": "path",
                    "required": True,
                    "schema": {"enum": ["confirm", "dispute"]},
                },
            ],
        )
    },
}

"""The hand-written part of the event API's document: its reads, downloads and a side's check.

Every event operation that takes a body is declared with spec.operation from the shapes in
events/bodies.py and events/answers.py; this part still describes the ones that take none.
"""

from __future__ import annotations

from typing import Any

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


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _object(required: list[str], properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": properties}


SCHEMAS: dict[str, Any] = {
    "EventRounds": {"type": "array", "items": _ref("EventRound")},
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
                        "withdrawn": {"type": "boolean", "description": "withdrawn, plays no more"},
                        "average": {
                            "type": "number",
                            "description": "VP per round counted (a table, a bye, an award)",
                        },
                    },
                ),
            },
            "started": COUNT,
            "rounds": INT,
            "handicap": {
                "type": "array",
                "description": "the handicap ranking, with the event's handicap option only",
                "items": _object(
                    [
                        "place",
                        "id",
                        "name",
                        "handicap",
                        "rated",
                        "victory_points",
                        "points",
                        "margin",
                    ],
                    {
                        "place": {"type": "integer", "minimum": 1},
                        "id": INT,
                        "name": {"type": "string"},
                        "handicap": {
                            "type": "integer",
                            "description": "points a round, frozen when its first round started",
                        },
                        "rated": {"type": "boolean", "description": "false: no rating yet (0)"},
                        "victory_points": INT,
                        "points": INT,
                        "margin": {
                            "type": "integer",
                            "description": "the handicapped margin: it breaks a tie on VP",
                        },
                    },
                ),
            },
        },
    ),
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
        "description": (
            "One side of one table (an event with opponents confirming), or an entrant's "
            "card token: its side at its table of the latest round."
        ),
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
    "/api/v1/events/{event_id}/close": {
        "post": _op(
            "closeEvent",
            "Close the event: no more rounds; the standings stay",
            {"200": _ok("The event", "Event"), **RUNS},
            security=DIRECTOR,
            parameters=[EVENT_ID],
        )
    },
    "/api/v1/events/{event_id}/reopen": {
        "post": _op(
            "reopenEvent",
            "Reopen a closed event: its tables, hands and rounds may change again",
            {"200": _ok("The event", "Event"), **RUNS},
            security=DIRECTOR,
            parameters=[EVENT_ID],
        )
    },
    "/api/v1/events/{event_id}/rounds/{number}/tables/{table}/hands/{hand}/confirm": {
        "post": _op(
            "settleHand",
            "Confirm a hand as the director: a disputed one kept as saved, or one saved outside "
            "the sides' tokens",
            {
                "200": _ok("The hand's new state", "HandCheck"),
                **RUNS,
                "409": _problem("The event is closed."),
            },
            security=DIRECTOR,
            parameters=[
                EVENT_ID,
                *(
                    {
                        "name": name,
                        "in": "path",
                        "required": True,
                        "schema": {"type": "integer", "minimum": 1},
                    }
                    for name in ("number", "table", "hand")
                ),
            ],
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
                "409": _problem(
                    "The side that saved a hand does not confirm it; a hand confirmed, "
                    "disputed or saved outside the sides' tokens is the director's; no such "
                    "hand; or the event is closed."
                ),
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

"""Words for a club-night body its shape refuses: the problem documents docs/events.md shows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic_core import ErrorDetails

from scorekeeper.api.event_body import read_new_event
from scorekeeper.api.events import bodies as bodies_events
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.api.refusals import field_path, register

RESULT = (
    'Send {"scores": [north-south, east-west]} (a third score at a table of three), '
    '{"scores": null} or {"no_play": true|false}.'
)
GROUP = "The group is its id, as POST /api/v1/groups answered it."
ENTRANT = 'Send {"name": "...", "players": ["...", "..."]}.'


def _new_event(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    """The event reader words each bad field, as it always has; pydantic's words are a fallback."""
    _new, entries = read_new_event(dict(data))
    if any(e["loc"][:1] == ("group",) for e in errors):
        entries.append(field_error("group", GROUP))
    if not entries:  # a value the shape refuses and the reader would take (none known)
        entries = [field_error(field_path(e["loc"]), e["msg"]) for e in errors]
    # A bad group alone is refused as the view refuses it: the group's words as the detail.
    alone = [e["field"] for e in entries] == ["group"]
    detail = GROUP if alone else "The event cannot be made like this."
    return ApiProblem(422, detail, kind="invalid-event", errors=entries)


def _correction(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    """One entry: the whole document when a key is not scores or no_play, else the bad key."""
    keys = [str(e["loc"][0]) if e["loc"] else "document" for e in errors]
    unknown = any(e["type"] == "extra_forbidden" for e in errors)
    field = "document" if unknown or not keys else keys[0]
    return ApiProblem(422, RESULT, kind="invalid-result", errors=[field_error(field, RESULT)])


def _late_entrant(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    return ApiProblem(422, ENTRANT, kind="invalid-event", errors=[field_error("name", ENTRANT)])


register(bodies_events.NewEvent, _new_event)
register(bodies_events.TableCorrection, _correction)
register(bodies_events.LateEntrant, _late_entrant)

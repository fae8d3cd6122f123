"""Words for a body its shape refuses: today's problem documents, one entry per bad field.

pydantic says which value is wrong and where; each body's refusal, registered by its room,
says it as the API always has (the same status, type, detail and per-field message), using the
engine's, the number reader's and the format checker's own words where they have them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic_core import ErrorDetails

from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.engine import Problem
from scorekeeper.sentences.marked import N_

Entry = Problem | dict[str, Any]
Refusal = Callable[[Sequence[ErrorDetails], Mapping[str, Any]], ApiProblem]
REFUSALS: dict[Any, Refusal] = {}  # each room registers its bodies' words


def field_path(loc: Sequence[int | str]) -> str:
    """Returns a location as the API names fields: sides[1].players[0], start_totals.We."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def one_field(message: str, kind: str, status: int, detail: str) -> Callable[..., ApiProblem]:
    """Returns the refusal of a body whose every bad field gets the same message."""

    def refuse(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
        entries = [field_error(field_path(e["loc"]), message) for e in errors]
        return ApiProblem(status, detail, kind=kind, errors=unique(entries))

    return refuse


def unique(entries: Sequence[Entry]) -> list[Entry]:
    """Returns the entries less repeats (a union's members can each refuse one value)."""
    seen, kept = set(), []
    for entry in entries:
        found = (
            {"side": entry.side, "field": entry.field, "message": entry.message}
            if isinstance(entry, Problem)
            else entry
        )
        key = (found["side"], found["field"], found["message"])
        if key not in seen:
            seen.add(key)
            kept.append(entry)
    return kept


def _any_body(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    """Refuses a body that has no words of its own: each bad field, as pydantic names it."""
    entries = [field_error(field_path(e["loc"]), e["msg"]) for e in errors]
    return ApiProblem(
        422, N_("The request is not valid; nothing was saved."), kind="bad-body", errors=entries
    )


def register(shape: Any, refusal: Refusal) -> None:
    """Gives a new body shape its own words (the API's, the engine's) for what it refuses."""
    REFUSALS[shape] = refusal


def refuse(shape: Any, errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    """Returns the problem document for a body (or query) its shape refused."""
    return REFUSALS.get(shape, _any_body)(errors, data)

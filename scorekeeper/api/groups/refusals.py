"""Words for a new group or a history filter their shapes refuse."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic_core import ErrorDetails

from scorekeeper.api.groups import bodies
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.api.refusals import one_field, register
from scorekeeper.sentences.marked import N_


def _group(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    entries = []
    for error in errors:
        key = str(error["loc"][0])
        if error["type"] == "extra_forbidden":
            entries.append(field_error(key, f"A new group has no field {key!r}."))
        else:
            message = N_('Send the group\'s name as text, like "Tuesday table".')
            entries.append(field_error("name", message))
    return ApiProblem(
        422, N_("The group cannot be made like this."), kind="invalid-group", errors=entries
    )


register(bodies.NewGroup, _group)
register(
    bodies.HistoryQuery,
    one_field(
        N_("Dates are YYYY-MM-DD."),
        "bad-filter",
        422,
        N_("The history cannot be filtered like this."),
    ),
)

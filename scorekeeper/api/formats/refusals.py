"""Words for a house format its shape refuses, as the format checker words them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic_core import ErrorDetails

from scorekeeper.api.formats import bodies
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.api.refusals import field_path, register
from scorekeeper.language.problem_words import format_problem
from scorekeeper.rules.documents import FormatError
from scorekeeper.sentences.marked import N_
from scorekeeper.store.formats.house import build


def _house_format(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    unknown = [str(e["loc"][0]) for e in errors if e["type"] == "extra_forbidden"]
    if unknown:
        message = f"A house format has no field {unknown[0]!r} (fields: name, base, set)."
        return ApiProblem(400, message, kind="bad-body", errors=[field_error(unknown[0], message)])
    try:  # the format checker words what is wrong with a name, a base or the changes
        build(data.get("name"), data.get("base"), data.get("set", {}))
    except FormatError as error:
        entries = [field_error(p.field, format_problem(p)) for p in error.problems]
    else:
        entries = [
            field_error(field_path(e["loc"]), "Send name and base as text, set as an object.")
            for e in errors
        ]
    return ApiProblem(
        422, N_("These rules cannot be played."), kind="invalid-format", errors=entries
    )


register(bodies.HouseFormatInput, _house_format)

"""What every room's shapes share: strict bodies, a day, whole numbers, the problem document.

Each request and answer shape is a TypedDict (a body that passes is still the plain dict the
views read), written once beside its room's views: pydantic validates requests against them
and writes their schemas into the OpenAPI document.
"""

from __future__ import annotations

from typing import Any

from pydantic import BeforeValidator, ConfigDict, ValidationError, WrapValidator
from pydantic_core import PydanticCustomError
from typing_extensions import TypedDict

# Strict: "3" is not 3, "true" is not true; a number sent as text is read by scorekeeper.language.i18n.
SHAPE = ConfigDict(extra="forbid", strict=True)
# A day as YYYY-MM-DD, or nothing; [0-9], not \d, which counts other scripts' digits in Python.
DAY = r"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$"


def one_error(kind: str) -> WrapValidator:
    """Reports a value that matches no member of its union as one error of `kind`, not one a member."""

    def check(value: Any, handler: Any) -> Any:
        try:
            return handler(value)
        except ValidationError:
            raise PydanticCustomError(kind, "not a {kind}", {"kind": kind}) from None

    return WrapValidator(check)


def _whole_float(value: Any) -> Any:
    """Returns 3.0 as 3: JSON Schema counts it an integer, so the shape takes it as one."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


WHOLE = BeforeValidator(_whole_float)


Nullable = str | None


class FieldError(TypedDict):
    """One bad field of a refused request, with the message the web form shows beside it."""

    side: Nullable
    field: str
    message: str


class Problem(TypedDict):
    """An error as application/problem+json (RFC 9457), one `errors` entry per bad field."""

    type: str
    title: str
    status: int
    detail: str
    errors: list[FieldError]

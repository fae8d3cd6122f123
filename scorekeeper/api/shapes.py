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
# A day of the calendar as YYYY-MM-DD, or nothing: the pattern itself knows the months' lengths
# and the leap years (2026-13-45 and 2025-02-29 fail), so the schema and the validator agree
# with basics.days.real_day. [0-9], not \d, which counts other scripts' digits in Python.
_YEAR = r"(?:[1-9][0-9]{3}|0[1-9][0-9]{2}|00[1-9][0-9]|000[1-9])"  # 0001 to 9999
_LONG = r"(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])"
_SHORT = r"(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)"
_FEBRUARY = r"02-(?:0[1-9]|1[0-9]|2[0-8])"
_LEAP = r"(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)-02-29"
DAY = rf"^({_YEAR}-(?:{_LONG}|{_SHORT}|{_FEBRUARY})|{_LEAP})?$"


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

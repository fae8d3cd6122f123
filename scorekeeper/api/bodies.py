"""The request bodies of /api/v1, written once: pydantic validates them and writes their schema.

Each shape is a TypedDict, so a body that passes is still the plain dict the views read. The
shapes say what JSON may look like (types, keys, number ranges); the engine and the store
judge the rest (a side name that is not in the game, a format's own fields, a name's rules),
with their own problems on each field.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, TypeAlias

from pydantic import (
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    WrapValidator,
)
from pydantic_core import PydanticCustomError
from typing_extensions import TypedDict

from scorekeeper.engine.hand import MAX_ENTRY
from scorekeeper.engine.setup import MAX_START_TOTAL
from scorekeeper.language.i18n import MAX_COUNT

# Strict: "3" is not 3, "true" is not true; a number sent as text is read by scorekeeper.language.i18n.
SHAPE = ConfigDict(extra="forbid", strict=True)
# Digits as a person types them, grouped or not ("1,250", "1.250", "1 250"); the request's
# language decides which grouping it takes (i18n.parse_whole).
DIGITS = r"^ *(-? *[0-9]{1,3}([,. '\u00a0\u202f\u2019]?[0-9]{3})*)? *$"
# A day as YYYY-MM-DD, or nothing; [0-9], not \d, which counts other scripts' digits in Python.
DAY = r"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$"


def _one_error(kind: str) -> WrapValidator:
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


ONE_NUMBER = _one_error("number")
WHOLE = BeforeValidator(_whole_float)
Typed = Annotated[str, StringConstraints(pattern=DIGITS, max_length=40)]
Points: TypeAlias = Annotated[
    Annotated[int, Field(ge=0, le=MAX_ENTRY), WHOLE] | Typed | None,
    ONE_NUMBER,
    Field(description='points: a whole number, or digits as typed ("1,250")'),
]
Count: TypeAlias = Annotated[
    Annotated[int, Field(ge=0, le=MAX_COUNT), WHOLE] | Typed | None,
    ONE_NUMBER,
    Field(description="a count: a whole number, or digits as typed"),
]
StartTotal: TypeAlias = Annotated[
    Annotated[int, Field(ge=-MAX_START_TOTAL, le=MAX_START_TOTAL), WHOLE] | Typed | None,
    ONE_NUMBER,
    Field(description="a multiple of 5, below the target; may be below 0"),
]


class SideEntry(TypedDict, total=False, extra_items=Count):  # type: ignore[call-arg]  # PEP 728's extra_items, unknown to mypy
    """One score column's entry, as in `scorekeeper score`; a format's extra fields are counts."""

    __pydantic_config__ = ConfigDict(strict=True)  # type: ignore[misc]  # pydantic reads it; mypy allows only keys in a TypedDict
    melded_points: Points
    hand_points: Points
    red_threes: Count
    black_threes: Count
    canastas: dict[str, Count] | None
    went_out: Literal["no", "out", "concealed", ""] | None
    special_hand: Annotated[
        str | None, Field(description="formats with special hands (Modern American): its id")
    ]


class HandInput(TypedDict):
    """A hand: each side's entry by the side's name, and the lone hand in cutthroat."""

    __pydantic_config__ = SHAPE  # type: ignore[misc]  # pydantic reads it; mypy allows only keys in a TypedDict
    hand: dict[str, SideEntry]
    lone_hand: NotRequired[str | None]


class PreviewInput(HandInput):
    """A hand to score without saving it, as the next hand or as hand `number`."""

    number: NotRequired[Annotated[int, Field(ge=1, description="default: the next hand"), WHOLE]]


class ReopenInput(TypedDict, total=False):
    """Reopens a finished game (true, the default) or closes it again (false)."""

    __pydantic_config__ = SHAPE  # type: ignore[misc]  # pydantic reads it; mypy allows only keys in a TypedDict
    reopened: Annotated[bool, Field(default=True)]


class Side(TypedDict):
    """One side of a new game: its name and, in partnership formats, its players."""

    __pydantic_config__ = SHAPE  # type: ignore[misc]  # pydantic reads it; mypy allows only keys in a TypedDict
    name: str | None
    players: NotRequired[list[str | None]]


class InlineFormat(TypedDict):
    """A preset with changes, keyed as in the preset TOML (docs/house-formats.md)."""

    __pydantic_config__ = SHAPE  # type: ignore[misc]  # pydantic reads it; mypy allows only keys in a TypedDict
    base: str
    set: NotRequired[dict[str, Any]]
    name: NotRequired[str]
    options: NotRequired[list[str]]


FormatChoice = Annotated[
    str | InlineFormat,
    _one_error("format"),
    Field(description="a preset id, a house format id, or an inline format"),
]


class NewGame(TypedDict):
    """A new game: its format and house options, its sides, who deals first, starting totals."""

    __pydantic_config__ = SHAPE  # type: ignore[misc]  # pydantic reads it; mypy allows only keys in a TypedDict
    format: FormatChoice
    options: NotRequired[list[str]]
    sides: list[Side]
    first_dealer: NotRequired[Annotated[str | None, Field(description="default: the first player")]]
    start_totals: NotRequired[dict[str, StartTotal] | None]
    group: NotRequired[
        Annotated[
            str,
            Field(
                min_length=1,
                description="a group id; send one of the group's API tokens as the bearer token",
            ),
        ]
    ]


class HouseFormatInput(TypedDict):
    """A house format: its name, the preset it starts from, and the keys it changes."""

    __pydantic_config__ = SHAPE  # type: ignore[misc]  # pydantic reads it; mypy allows only keys in a TypedDict
    name: str
    base: str
    set: NotRequired[dict[str, Any]]


class NewGroup(TypedDict):
    """A new group: its name."""

    __pydantic_config__ = SHAPE  # type: ignore[misc]  # pydantic reads it; mypy allows only keys in a TypedDict
    name: str


class HistoryQuery(TypedDict, total=False):
    """The filters of a group's history, each optional; other query keys (?lang=) pass."""

    __pydantic_config__ = ConfigDict(strict=True)  # type: ignore[misc]  # pydantic reads it; mypy allows only keys in a TypedDict
    format: Annotated[str, Field(description="a format key, as the history gives it")]
    player: Annotated[str, Field(description="a player id")]
    partnership: Annotated[str, Field(description="two or more player ids joined by +")]
    since: Annotated[str, Field(pattern=DAY, description="YYYY-MM-DD")]
    until: Annotated[str, Field(pattern=DAY, description="YYYY-MM-DD")]

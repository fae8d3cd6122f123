"""The game API's request bodies: a hand, a preview, a reopening, a new game.

The shapes say what JSON may look like (types, keys, number ranges) and read the numbers a
person types ("1,250": a hand's, a new game's starting totals) into ints in the request's
language; the engine and the store judge the rest (a side name that is not in the game, a
format's own fields, a name's rules), with their own problems on each field. A body the shape
refuses gets the shape's problems alone, before any of the engine's.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, TypeAlias

from pydantic import AfterValidator, ConfigDict, Field, StringConstraints
from pydantic_core import PydanticCustomError
from typing_extensions import TypedDict

from scorekeeper.api.shapes import SHAPE, WHOLE, one_error
from scorekeeper.engine.hand import MAX_ENTRY
from scorekeeper.engine.setup import MAX_START_TOTAL
from scorekeeper.language import i18n
from scorekeeper.language.i18n import MAX_COUNT

# Digits as a person types them, grouped or not ("1,250", "1.250", "1 250"); the request's
# language decides which grouping it takes (i18n.parse_whole).
DIGITS = r"^ *([-\u2212]? *[0-9]{1,3}([,. '\u00a0\u202f\u2019]?[0-9]{3})*)? *$"

ONE_NUMBER = one_error("number")
Typed = Annotated[str, StringConstraints(pattern=DIGITS, max_length=40)]


def _read(limit: int, *, negative: bool = False) -> AfterValidator:
    """Reads digits as typed into a whole number, as the web form reads them in the request's language."""

    def read(text: str) -> int | str:
        if not text.strip():
            return ""  # left out, like an empty box on the form: the engine counts it as 0
        try:
            return i18n.parse_whole(text, limit=limit, negative=negative)
        except i18n.NumberProblem:
            # The pattern cannot say a language's grouping or the limit; the refusal words
            # the value with its field's name (games/refusals.py), as the form's reader does.
            raise PydanticCustomError("number", "not a {kind}", {"kind": "number"}) from None

    return AfterValidator(read)


Points: TypeAlias = Annotated[
    Annotated[int, Field(ge=0, le=MAX_ENTRY), WHOLE] | Annotated[Typed, _read(MAX_ENTRY)] | None,
    ONE_NUMBER,
    Field(description='points: a whole number, or digits as typed ("1,250")'),
]
Count: TypeAlias = Annotated[
    Annotated[int, Field(ge=0, le=MAX_COUNT), WHOLE] | Annotated[Typed, _read(MAX_COUNT)] | None,
    ONE_NUMBER,
    Field(description="a count: a whole number, or digits as typed"),
]
StartTotal: TypeAlias = Annotated[
    Annotated[int, Field(ge=-MAX_START_TOTAL, le=MAX_START_TOTAL), WHOLE]
    | Annotated[Typed, _read(MAX_START_TOTAL, negative=True)],
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
    one_error("format"),
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

"""The request bodies of the club-night endpoints, written once: validators and schema agree.

Like bodies.py, each shape is a TypedDict (a body that passes is the plain dict the views
read); the shapes say what the JSON may look like, and new_event.py and the store judge the
rest (names taken twice, bands out of order, too many rounds for the movement).
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import ConfigDict, Field, StringConstraints
from typing_extensions import TypedDict

from scorekeeper.api.shapes import DAY, SHAPE, WHOLE
from scorekeeper.events.bounds import (
    MAX_DEALS,
    MAX_ENTRANT_NAME,
    MAX_ENTRANTS,
    MAX_EVENT_NAME,
    MAX_FORMAT_ID,
    MAX_ROUND_MINUTES,
    MAX_ROUNDS,
    MAX_TABLE_SCORE,
)
from scorekeeper.events.victory import MAX_VP

# Something other than white space, the same in every regex dialect: a bare \S is not, since
# JSON Schema's (ECMAScript) counts U+0085 as a letter and U+FEFF as a space, and the
# validator's (Rust's, Unicode) the other way round; a name of one U+0085 passed the schema.
NOT_BLANK = r"[^\x09-\x0d \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]"
# The spaces a name's ends may hold (the edges strip them), and what no stored name holds: a
# control character or a text-direction one (engine.names). Written with explicit classes,
# so JSON Schema's dialect and the validator's read the pattern alike.
_PADDING = r" \xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_NEVER = r"\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"


def name_pattern(most: int) -> str:
    """Returns the pattern of a name of 1 to `most` characters once its ends' spaces are cut."""
    end = f"[^{_NEVER}{_PADDING}\\ufeff]"
    return f"^[{_PADDING}]*{end}(?:[^{_NEVER}]{{0,{most - 2}}}{end})?[{_PADDING}]*$"


Name = Annotated[
    str,
    StringConstraints(pattern=name_pattern(MAX_ENTRANT_NAME)),
    Field(description=f"1 to {MAX_ENTRANT_NAME} characters, spaces at either end aside"),
]
# 3.0 is 3, as JSON Schema counts it (bodies.WHOLE), wherever a whole number is asked for.
Int = Annotated[int, WHOLE]
Whole = Annotated[int, Field(ge=-MAX_TABLE_SCORE, le=MAX_TABLE_SCORE), WHOLE]


# Other keys of an entrant or a band are let through, as they always were (and not kept).
ITEM = ConfigDict(strict=True)


class EntrantInput(TypedDict):
    """One entrant: a pair's (or a player's) name and, for pairs, its players."""

    __pydantic_config__ = ITEM  # type: ignore[misc]  # pydantic reads it on a TypedDict; mypy knows no such key
    name: Name
    players: NotRequired[list[Name]]


class BandInput(TypedDict):
    """One band: a margin up to `up_to` (null in the last band: any) scores these points."""

    __pydantic_config__ = ITEM  # type: ignore[misc]  # pydantic reads it on a TypedDict; mypy knows no such key
    up_to: Int | None
    winner: Int
    loser: Int


class VictoryBands(TypedDict):
    """The victory-point table as bands, the last one's up_to null; none: plain total points."""

    __pydantic_config__ = SHAPE  # type: ignore[misc]  # pydantic reads it on a TypedDict; mypy knows no such key
    bands: list[BandInput]


class VictoryTemplate(TypedDict):
    """The victory-point table as one of the templates."""

    __pydantic_config__ = SHAPE  # type: ignore[misc]  # pydantic reads it on a TypedDict; mypy knows no such key
    template: Literal["canasta_3", "canasta_4", "burraco_3", "burraco_4", "points"]


class ByeInput(TypedDict):
    """What a bye scores: victory points and a margin."""

    __pydantic_config__ = SHAPE  # type: ignore[misc]  # pydantic reads it on a TypedDict; mypy knows no such key
    victory_points: Annotated[int, Field(ge=0, le=MAX_VP), WHOLE]
    margin: Whole


class NewEvent(TypedDict):
    """A new club night: name, format, entrants, movement, rounds, deals and scoring."""

    __pydantic_config__ = SHAPE  # type: ignore[misc]  # pydantic reads it on a TypedDict; mypy knows no such key
    name: Annotated[
        str,
        StringConstraints(pattern=name_pattern(MAX_EVENT_NAME)),
        Field(description=f"1 to {MAX_EVENT_NAME} characters, spaces at either end aside"),
    ]
    format: Annotated[
        str,
        StringConstraints(min_length=1, max_length=MAX_FORMAT_ID, pattern=NOT_BLANK),
        Field(description="a preset id or a house format's id"),
    ]
    options: NotRequired[list[str]]
    entrants: Annotated[list[EntrantInput], Field(min_length=2, max_length=MAX_ENTRANTS)]
    movement: NotRequired[
        Annotated[
            Literal["round_robin", "mitchell", "danish", "individual"],
            Field(description="default: round_robin"),
        ]
    ]
    rounds: Annotated[int, Field(ge=1, le=MAX_ROUNDS), WHOLE]
    deals_per_round: Annotated[int, Field(ge=1, le=MAX_DEALS), WHOLE]
    victory_points: NotRequired[
        Annotated[
            VictoryBands | VictoryTemplate | None,
            Field(description="bands or a template; default canasta_3"),
        ]
    ]
    bye: NotRequired[ByeInput | None]
    confirm: NotRequired[Annotated[bool, Field(description="opponents confirm each hand")]]
    seating: NotRequired[
        Annotated[
            Literal["sit_out", "five_six", "cutthroat"],
            Field(
                description="an individual event's rest: sit out, tables of five and six, "
                "or three-handed Cutthroat tables"
            ),
        ]
    ]
    ranking: NotRequired[
        Annotated[
            Literal["total", "average"],
            Field(description="by total VP (default) or the average VP per table played"),
        ]
    ]
    round_minutes: NotRequired[
        Annotated[int, Field(ge=0, le=MAX_ROUND_MINUTES, description="0: no timer"), WHOLE]
    ]
    handicap: NotRequired[
        Annotated[bool, Field(description="a handicap ranking from the group's ratings")]
    ]
    balance: NotRequired[
        Annotated[bool, Field(description="an individual event's partners balanced by rating")]
    ]
    date: NotRequired[Annotated[str, Field(pattern=DAY)]]
    group: NotRequired[
        Annotated[
            str,
            Field(
                min_length=1,
                description="a group's id; send one of its API tokens as the bearer token",
            ),
        ]
    ]


class TableCorrection(TypedDict, total=False):
    """A table's result: a score a side (null clears a correction), or no_play; one key of the two."""

    __pydantic_config__ = ConfigDict(  # type: ignore[misc]  # pydantic reads it on a TypedDict; mypy knows no such key
        extra="forbid", strict=True, json_schema_extra={"minProperties": 1, "maxProperties": 1}
    )
    scores: Annotated[list[Whole], Field(min_length=2, max_length=3)] | None
    no_play: bool


class LateEntrant(TypedDict):
    """A late arrival: a name and, for pairs, its players (the store judges them as a new event's)."""

    __pydantic_config__ = SHAPE  # type: ignore[misc]  # pydantic reads it on a TypedDict; mypy knows no such key
    name: Name
    players: NotRequired[list[Name]]


class RoundTimer(TypedDict):
    """The minutes a round lasts on the big screen's timer (0: none)."""

    __pydantic_config__ = ConfigDict(strict=True)  # type: ignore[misc]  # pydantic reads it on a TypedDict; mypy knows no such key
    round_minutes: Annotated[int, Field(ge=0, le=MAX_ROUND_MINUTES), WHOLE]


class Adjustment(TypedDict):
    """An entrant's adjusted score for a round it did not play; "clear" removes it."""

    __pydantic_config__ = ConfigDict(strict=True)  # type: ignore[misc]  # pydantic reads it on a TypedDict; mypy knows no such key
    kind: Literal["average", "fixed", "bye", "clear"]
    victory_points: NotRequired[Annotated[int, Field(ge=0, le=MAX_VP), WHOLE]]
    margin: NotRequired[Whole]

"""The event endpoints' response bodies: a new event, an event, a round and its tables."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

Count = Annotated[int, Field(ge=0)]


class CreatedEvent(TypedDict):
    """A new event: its id, the director's token, and the read-only token and screen."""

    id: str
    token: Annotated[str, Field(description="the director's bearer token")]
    view_token: NotRequired[Annotated[str, Field(description="reads only: entrants, big screen")]]
    screen: NotRequired[Annotated[str, Field(description="the big screen's page")]]


class EventTable(TypedDict):
    """One table of a round: its game, its token (the director's answer only), its sides."""

    table: Annotated[int, Field(ge=1)]
    game: Annotated[str | None, Field(description="an ordinary game's id")]
    token: Annotated[
        str | None,
        Field(
            description="the table's token: records hands through /api/v1/games/{game}/hands "
            "(the director's answer only)"
        ),
    ]
    side_tokens: NotRequired[list[str] | None]
    sides: list[str]
    entrants: NotRequired[list[list[int]]]
    deals: NotRequired[Count]
    scores: NotRequired[list[int]]
    finished: NotRequired[Annotated[bool, Field(description="the result counts in the standings")]]
    no_play: NotRequired[bool]
    corrected: NotRequired[bool]
    pending: NotRequired[Count]
    disputed: NotRequired[Count]


class EventRound(TypedDict):
    """A round: its number and its tables."""

    number: Annotated[int, Field(ge=1)]
    tables: list[EventTable]


class Band(TypedDict):
    """One band of the victory-point table: a margin up to `up_to` (null: any) scores these."""

    up_to: int | None
    winner: int
    loser: int


class EventBands(TypedDict):
    """The event's victory-point table."""

    bands: list[Band]


class Event(TypedDict):
    """An event's settings and entrants."""

    id: str
    name: str
    date: NotRequired[str]
    format: NotRequired[str]
    options: NotRequired[list[str]]
    movement: Literal["round_robin", "mitchell", "danish", "individual"]
    rounds: int
    deals_per_round: int
    started: Count
    closed: bool
    confirm: NotRequired[bool]
    seating: NotRequired[Literal["sit_out", "five_six", "cutthroat"]]
    ranking: NotRequired[Literal["total", "average"]]
    round_minutes: NotRequired[int]
    handicap: NotRequired[bool]
    balance: NotRequired[bool]
    victory_points: NotRequired[EventBands]
    bye: NotRequired[dict[str, Any]]
    entrants: list[dict[str, Any]]

"""The group endpoints' response bodies: a new group, its history and its statistics."""

from __future__ import annotations

from typing import Annotated, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

Count = Annotated[int, Field(ge=0)]
Rate = float | None


class CreatedGroup(TypedDict):
    """A new group: its id, name, first API token and join link (apart)."""

    id: str
    name: str
    token: Annotated[
        str, Field(description="the group's first API token, apart from the join link")
    ]
    join: Annotated[str, Field(description="the join link for a browser")]


class HistorySide(TypedDict):
    """One side of a finished game in the history."""

    name: str
    players: list[str]
    player_ids: list[str | None]
    total: int
    won: bool


class HistoryGame(TypedDict):
    """One finished game of a group's history."""

    id: str
    finished: str
    format: str
    label: str
    hands: Count
    tied: bool
    winner: str | None
    sides: list[HistorySide]


class GroupHistory(TypedDict):
    """A group's finished games, the latest first."""

    games: list[HistoryGame]


class GroupFigures(TypedDict):
    """A player's or partnership's figures in one format."""

    format: Annotated[str, Field(description="the rules source and options")]
    label: str
    games: Count
    wins: Count
    win_rate: Rate
    average_margin: NotRequired[Rate]
    hands: NotRequired[Count]
    average_hand: NotRequired[Rate]
    best_hand: NotRequired[int | None]
    canastas_per_hand: NotRequired[dict[str, Rate]]
    went_out: NotRequired[Count]
    went_out_concealed: NotRequired[Count]
    red_threes_per_hand: NotRequired[Rate]
    below_zero: NotRequired[Count]


class Results(TypedDict):
    """A player's or partnership's results over every format, then per format."""

    games: Count
    wins: Count
    win_rate: Annotated[Rate, Field(description="wins per game, 0 to 1")]
    streak: Annotated[int, Field(description="+N: the last N games won; -N: not won")]
    longest_win_streak: Count
    by_format: list[GroupFigures]


class PlayerLine(Results):
    """A player's line of the statistics."""

    id: str
    name: str


class PartnershipLine(Results):
    """A partnership's line of the statistics."""

    ids: list[str]
    names: list[str]


class CanastaLabel(TypedDict):
    """A kind of canasta a format scores, with its words."""

    kind: str
    label: str


class FormatPlayed(TypedDict):
    """A format the group played, and how often."""

    format: str
    label: str
    games: Count
    canastas: list[CanastaLabel]


class HeadToHead(TypedDict):
    """Two partnerships that met: games and each one's wins."""

    partnerships: list[list[str]]
    games: Count
    wins: list[Count]


class GroupStats(TypedDict):
    """A group's statistics: players, partnerships and head-to-head records."""

    games: Count
    formats: list[FormatPlayed]
    players: list[PlayerLine]
    partnerships: list[PartnershipLine]
    head_to_head: list[HeadToHead]

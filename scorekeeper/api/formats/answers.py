"""The formats API's answers: format lists, a preset, a house format, a new one."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict


class CanastaKind(TypedDict):
    """A kind of canasta a format scores."""

    id: str
    label: str
    bonus: int


class SpecialHandKind(TypedDict):
    """A special hand a format scores (Modern American): its value replaces the side's score."""

    id: str
    label: str
    points: int


class HouseOption(TypedDict):
    """A house option a preset offers."""

    id: str
    label: str
    description: str
    source: str


class FormatSummary(TypedDict):
    """A preset or house format as format lists show it."""

    house: Annotated[bool, Field(description="true for a house format")]
    id: str
    name: str
    description: str
    target: int | None
    deals: int | None
    sides: list[int]
    min_sides: int
    max_sides: int
    canastas: list[CanastaKind]
    special_hands: list[SpecialHandKind]
    options: list[HouseOption]
    base: NotRequired[Annotated[str, Field(description="house formats: the preset it starts from")]]
    set: NotRequired[Annotated[dict[str, Any], Field(description="house formats: the changes")]]


class FormatList(TypedDict):
    """The presets, then the bearer token's own house format."""

    formats: list[FormatSummary]


class PresetFormat(FormatSummary):
    """A preset with its whole rules document."""

    document: Annotated[dict[str, Any], Field(description="the whole rules document")]


class HouseFormat(TypedDict):
    """A house format with its whole rules document."""

    id: str
    name: str
    base: str
    set: dict[str, Any]
    digest: str
    house: Literal[True]
    document: Annotated[dict[str, Any], Field(description="the whole rules document")]


class CreatedFormat(TypedDict):
    """A new house format, its id, and the token that edits or deletes it."""

    id: str
    token: str
    format: HouseFormat

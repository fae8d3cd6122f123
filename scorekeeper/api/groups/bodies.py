"""The group API's request body and query: a new group, and the filters of its history."""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field
from typing_extensions import TypedDict

from scorekeeper.api.shapes import DAY, SHAPE


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

"""The formats API's request body: a house format."""

from __future__ import annotations

from typing import Any, NotRequired

from typing_extensions import TypedDict

from scorekeeper.api.shapes import SHAPE


class HouseFormatInput(TypedDict):
    """A house format: its name, the preset it starts from, and the keys it changes."""

    __pydantic_config__ = SHAPE  # type: ignore[misc]  # pydantic reads it; mypy allows only keys in a TypedDict
    name: str
    base: str
    set: NotRequired[dict[str, Any]]

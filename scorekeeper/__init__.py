"""Canasta Scorekeeper: the We/They score sheet for every Canasta format."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Builds the web app; Flask loads only here, so the engine and CLI stay light."""
    from scorekeeper.app import create_app as build

    return build(test_config)

"""The table app's web layer: blueprints, error pages and the template filters they share."""

from __future__ import annotations

from collections.abc import Mapping

from flask import Flask

from scorekeeper.web import (
    compress,
    errors,
    game_end,
    games,
    hands,
    home,
    opening,
    portable,
    security,
    share,
    sheets,
    shell,
)


def points(value: int) -> str:
    """Returns points with thousands separators and a true minus sign, e.g. −1,250."""
    return f"{value:,}".replace("-", "\N{MINUS SIGN}")


def signed(value: int) -> str:
    """Returns a hand score with its sign, e.g. +520 or −150."""
    return f"+{value:,}" if value > 0 else points(value)


def init_app(app: Flask, error_renderers: Mapping[str, errors.Renderer] | None = None) -> None:
    """Registers the blueprints, error pages and filters on the app."""
    for blueprint in (
        home.bp,
        games.bp,
        game_end.bp,
        hands.bp,
        sheets.bp,
        share.bp,
        opening.bp,
        shell.bp,
        portable.bp,
    ):
        app.register_blueprint(blueprint)
    security.init_app(app)
    compress.init_app(app)
    errors.init_app(app, error_renderers)
    app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks = True  # lighter pages
    app.add_template_filter(points)
    app.add_template_filter(signed)

"""Renders a game's sheet: the totals panel, the rows and the buttons this browser may use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import render_template

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.engine.ending import next_target
from scorekeeper.store import Game
from scorekeeper.web import follow
from scorekeeper.web.access import can_write
from scorekeeper.web.game_summary import course_of
from scorekeeper.web.posting import new_form_token


def render_sheet(game: Game, role: str, status: int = 200) -> tuple[str, int]:
    """Returns the sheet page for this browser's role, with a given status code."""
    live = follow.etag(game.id, game.version, role)
    changed = store.rules_changed(get_db(), game)
    return _render(game, role, changed, {"form_token": new_form_token(), "live_etag": live}), status


def kept_sheet(game: Game, role: str, live: str) -> str:
    """Returns the sheet page for this browser: rendered for it alone, from stored rows."""
    changed = store.rules_changed(get_db(), game)
    return _render(game, role, changed, {"form_token": new_form_token(), "live_etag": live})


def _render(game: Game, role: str, changed: bool, tokens: Mapping[str, str]) -> str:
    """Returns the sheet page rendered with the given per-request tokens."""
    # A finished game shows how it went at once; one in play loads the chart when asked.
    shown: dict[str, Any] = course_of(game) if game.head.status.over else {}
    return render_template(
        "games/sheet.html",
        game=game,
        state=game.state,
        rules=game.rules,
        to_target=game.state.to_target(game.rules),
        play_on_to=next_target(game.rules, game.state, game.raises)
        if game.head.status.over
        else None,
        can_write=can_write(role),
        rules_changed=changed,
        **tokens,
        **shown,
    )

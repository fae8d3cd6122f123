"""Who may see or change a game: a random browser id in the session, and its role per game."""

from __future__ import annotations

import secrets

from flask import abort, session

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.store import Game

WRITERS = ("owner", "edit")


def browser_id() -> str:
    """Returns this browser's random id, creating it (and a long-lived session) on first use."""
    if "browser" not in session:
        session["browser"] = secrets.token_urlsafe(16)
    if not session.permanent:  # set once: setting it marks the session changed, re-signed
        session.permanent = True  # a phone keeps its games across restarts of the browser
    return str(session["browser"])


def role(game_id: str) -> str | None:
    """Returns this browser's role in a game, or None."""
    return store.role_of(get_db(), browser_id(), game_id)


def held(game_id: str) -> str:
    """Returns this browser's role in a game; 404 without one."""
    found = role(game_id)
    if found is None:
        abort(404)  # the same answer as an unknown id, so ids reveal nothing
    return found


def open_game(game_id: str, *, write: bool = False) -> tuple[Game, str]:
    """Returns the game and this browser's role; 404 without a role, 403 for a viewer's write."""
    held_role = held(game_id)
    if write and held_role not in WRITERS:
        abort(403)
    try:
        return store.get_game(get_db(), game_id), held_role
    except store.GameNotFound:
        abort(404)


def join(token: str) -> str:
    """Gives this browser the role a link grants and returns the game id; 404 when unknown."""
    try:
        game_id, _ = store.join(get_db(), browser_id(), token)
    except store.GameNotFound:
        abort(404)
    return game_id


def can_write(held: str) -> bool:
    """Tells whether a role may change the game."""
    return held in WRITERS

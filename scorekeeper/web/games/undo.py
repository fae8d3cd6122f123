"""Undo on the sheet for the last destructive tap: a deleted hand, "Keep playing", reopening."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Blueprint, flash, redirect, session, url_for
from flask_babel import gettext
from werkzeug import Response

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.language import i18n
from scorekeeper.store import Game
from scorekeeper.web import access
from scorekeeper.web.posting import posted

bp = Blueprint("undo", __name__, url_prefix="/games/<game_id>")

# Kept in this browser's (signed) session: the phone that tapped is the one offered the undo,
# and only while the game stands as the tap left it (its version), for as long as a deleted
# game can be brought back.
KEY = "undo"


def offer(game_id: str, kind: str, version: int, **details: Any) -> None:
    """Offers this browser an undo of what it just did to the game, now at `version`."""
    until = datetime.now(UTC) + timedelta(minutes=store.UNDO_MINUTES)
    session[KEY] = {
        "game": game_id,
        "kind": kind,
        "version": version,
        "until": until.isoformat(timespec="seconds"),
        **details,
    }


def offered(game_id: str, version: int) -> dict[str, Any] | None:
    """Returns this browser's undo for the game as it stands now (at `version`), or None."""
    undo = session.get(KEY)
    if not isinstance(undo, dict) or undo.get("game") != game_id:
        return None
    fresh = undo.get("version") == version and undo.get("until", "") > datetime.now(UTC).isoformat(
        timespec="seconds"
    )
    return undo if fresh else None


def said(undo: dict[str, Any]) -> str:
    """Says what the undo would take back, beside its button."""
    if undo["kind"] == "delete":
        return gettext("Hand %(number)s deleted.", number=undo["number"])
    if undo["kind"] == "play_on":
        return gettext("Playing on: first to %(target)s wins.", target=i18n.number(undo["target"]))
    return gettext("Game reopened: tap a hand to fix it.")


def _token() -> str:
    return secrets.token_urlsafe(16)


def _put_back(game: Game, undo: dict[str, Any], version: int, token: str) -> str:
    """Records the deleted hand again, with the raise and the reopening it took along."""
    db = get_db()
    store.record_hand(db, game.id, undo["hand"], version=version, form_token=token)
    now = store.get_game(db, game.id)
    for target in undo.get("targets", []):  # the raises made after it, in order
        store.play_on(db, game.id, target, version=now.version, form_token=_token())
        now = store.get_game(db, game.id)
    if undo.get("reopened") and now.state.status.over:
        store.set_reopened(db, game.id, True, version=now.version, form_token=_token())
    return gettext("Hand %(number)s is back.", number=undo["number"])


@bp.post("/undo")
def undo(game_id: str) -> Response:
    """Takes back this browser's last destructive tap, if the game has not changed since."""
    game, _role = access.open_game(game_id, write=True)
    version, token = posted()
    undo = offered(game.id, game.version)
    if undo is None or version != game.version:
        flash(gettext("Nothing to undo: the game has changed since."), "error")
        return redirect(url_for("games.sheet", game_id=game_id))
    session.pop(KEY, None)
    db = get_db()
    try:
        if undo["kind"] == "delete":
            message = _put_back(game, undo, version, token)
        elif undo["kind"] == "play_on":
            target = store.take_back_raise(db, game_id, version=version, form_token=token)
            message = gettext(
                "Undone: no playing on to %(target)s; the game is over.",
                target=i18n.number(target),
            )
        else:
            store.set_reopened(db, game_id, False, version=version, form_token=token)
            message = gettext("Undone: the game is closed again.")
    except (store.StaleGame, store.AlreadySaved, store.GameOver, store.HandNotFound):
        flash(gettext("Nothing to undo: the game has changed since."), "error")
        return redirect(url_for("games.sheet", game_id=game_id))
    flash(message, "ok")
    return redirect(url_for("games.sheet", game_id=game_id))

"""Archive or delete a game from home, undo it for a while, and the list of archived games."""

from __future__ import annotations

import contextlib

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_babel import gettext, lazy_gettext
from werkzeug import Response

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.language import words
from scorekeeper.web import access
from scorekeeper.web.posting import new_form_token, posted_token

bp = Blueprint("shelf", __name__)


def _owner_only(game_id: str) -> store.Game:
    """Returns the game when this browser owns it; 404 without a role, 403 for another role."""
    game, role = access.open_game(game_id, write=True)
    if role != "owner":
        abort(403, gettext(store.NotOwner.message))
    return game


def _title(game: store.Game) -> str:
    """Returns the words that tell a game apart: format and sides, e.g. "Classic, We v They"."""
    return f"{words.text(game.rules.name)}, {words.versus(s.name for s in game.setup.sides)}"


@bp.get("/games/<game_id>/remove")
def confirm(game_id: str) -> str:
    """Asks whether to archive or delete the game, and says what each does."""
    game = _owner_only(game_id)
    return render_template(
        "shelf/confirm.html",
        game=game,
        form_token=new_form_token(),
        minutes=store.UNDO_MINUTES,
    )


def _shelve(game_id: str, shelf: str) -> Response:
    game = _owner_only(game_id)
    with contextlib.suppress(store.AlreadySaved):  # the same button twice: done once
        store.shelve(get_db(), game.id, access.browser_id(), shelf, form_token=posted_token())
    # No flash: home's Undo strip says what was archived or deleted, with its Undo button.
    return redirect(url_for("home.index"))


@bp.post("/games/<game_id>/archive")
def archive(game_id: str) -> Response:
    """Archives the game: off the home list, kept under Archived games until restored."""
    return _shelve(game_id, "archived")


@bp.post("/games/<game_id>/delete")
def delete(game_id: str) -> Response:
    """Deletes the game, undoable from home or Archived games for the undo window."""
    return _shelve(game_id, "deleted")


def _owned_shelved(game_id: str) -> store.Shelved | None:
    """Returns this browser's archived or restorable deleted game, or None; 403 if not owned."""
    held = store.role_of(get_db(), access.browser_id(), game_id, deleted=True)
    if held is None:  # gone for good (a second tap), or never this phone's: one answer
        return None
    if held != "owner":
        abort(403, gettext(store.NotOwner.message))
    for shelved in store.shelved_for_browser(get_db(), access.browser_id()):
        if shelved.game.id == game_id:
            return shelved
    return None


GONE = lazy_gettext(
    "That game is not archived or deleted on this phone, or it is already gone for good."
)


@bp.post("/games/<game_id>/restore")
def restore(game_id: str) -> Response:
    """Puts an archived or deleted game back on the home list."""
    shelved = _owned_shelved(game_id)
    if shelved is None:
        flash(str(GONE), "error")
        return redirect(url_for("home.index"))
    try:
        store.restore(get_db(), game_id, access.browser_id(), form_token=posted_token())
    except store.AlreadySaved:
        pass
    else:
        flash(gettext("%(game)s: back on the home list.", game=_title(shelved.game)), "ok")
    return redirect(url_for("home.index"))


@bp.post("/games/<game_id>/delete-for-good")
def delete_for_good(game_id: str) -> Response:
    """Deletes an archived or deleted game at once, without waiting for the undo window."""
    shelved = _owned_shelved(game_id)
    posted_token()  # the form is this app's; deleting twice finds nothing the second time
    if shelved is None:
        return redirect(url_for("shelf.archived"))
    store.delete_for_good(get_db(), game_id, access.browser_id())
    flash(gettext("%(game)s: deleted for good.", game=_title(shelved.game)), "ok")
    return redirect(url_for("shelf.archived"))


@bp.get("/archived")
def archived() -> str:
    """Lists this browser's archived games, and deleted ones while they can be restored."""
    store.purge_expired(get_db())
    shelved = store.shelved_for_browser(get_db(), access.browser_id())
    return render_template(
        "shelf/archived.html",
        archived=[s for s in shelved if s.deleted_at is None],
        deleted=[s for s in shelved if s.deleted_at is not None],
        form_token=new_form_token,
    )


def recent(browser_id: str) -> list[store.Shelved]:
    """Returns the games this browser archived or deleted within the undo window, for home."""
    return store.shelved_for_browser(get_db(), browser_id, since=store.undo_cutoff())

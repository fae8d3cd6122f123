"""Games as JSON files: download one game or all of this browser's, and import a file."""

from __future__ import annotations

import threading
from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext, ngettext
from werkzeug.exceptions import RequestEntityTooLarge

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.extensions import csrf
from scorekeeper.language import problem_words
from scorekeeper.store import portable_read as portable
from scorekeeper.store.portable import InvalidImport, dumps, export_games, import_games
from scorekeeper.web import access

bp = Blueprint("portable", __name__)

FORM_SLACK = 64 * 1024  # the multipart envelope and the CSRF field around the file
# A file over portable.WEB_MAX_BYTES costs up to ten times its size in memory while it is
# read: one such import at a time (per process), the others are told to wait.
LARGE_IMPORT = threading.Lock()


def download(document: dict[str, Any], filename: str) -> Response:
    """Returns an export document as a JSON attachment that no cache keeps."""
    response = Response(dumps(document), mimetype="application/json")
    response.headers.set("Content-Disposition", "attachment", filename=filename)
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/games/<game_id>/export.json")
def export_game(game_id: str) -> Response:
    """Downloads one game as JSON, for anyone who may see it (the links are never in it)."""
    game, _role = access.open_game(game_id)
    document = export_games(get_db(), [game.id])
    return download(document, f"canasta-{game.created_at[:10]}-{game.id[:8]}.json")


@bp.get("/export.json")
def export_mine() -> Response:
    """Downloads every game this browser has, as one JSON file."""
    ids = [game.id for _role, game in store.games_for_browser(get_db(), access.browser_id())]
    document = export_games(get_db(), ids)
    return download(document, f"canasta-games-{document['exported_at'][:10]}.json")


def _page(error: str | None, status: int) -> ResponseReturnValue:
    most = portable.WEB_IMPORT_MAX_BYTES // (1024 * 1024)
    return render_template("portable/import.html", error=error, most=most), status


def _too_large() -> str:
    return gettext(
        "The file is larger than %(mb)s MB, more than any export of this app; nothing was "
        "imported.",
        mb=portable.WEB_IMPORT_MAX_BYTES // (1024 * 1024),
    )


@bp.route("/import", methods=["GET", "POST"])
@csrf.exempt  # checked below, once the larger upload limit is in place
def import_file() -> ResponseReturnValue:
    """Offers a file upload; a valid export's games become this browser's, all or none.

    It takes what the app's own exports make, up to portable.WEB_IMPORT_MAX_BYTES: the
    upload is spooled to a temporary file by werkzeug's form parser, never held whole twice.
    """
    request.max_content_length = portable.WEB_IMPORT_MAX_BYTES + FORM_SLACK
    if request.method == "GET":
        return _page(None, 200)
    if (request.content_length or 0) > request.max_content_length:
        return _page(_too_large(), 413)  # said before a byte of it is read or spooled
    try:
        if current_app.config.get("WTF_CSRF_ENABLED", True):
            csrf.protect()
        upload = request.files.get("file")
    except RequestEntityTooLarge:
        return _page(_too_large(), 413)
    if upload is None or not upload.filename:
        return _page(gettext("Choose a file to import."), 422)
    data = upload.read(portable.WEB_IMPORT_MAX_BYTES + 1)
    if len(data) > portable.WEB_IMPORT_MAX_BYTES:
        return _page(_too_large(), 413)
    large = len(data) > portable.WEB_MAX_BYTES
    if large and not LARGE_IMPORT.acquire(blocking=False):
        busy = gettext("Another large file is being imported: try again when it is done.")
        return _page(busy, 429)
    try:
        ids = import_games(
            get_db(),
            data,
            owner=access.browser_id(),
            max_bytes=portable.WEB_IMPORT_MAX_BYTES,
            max_hands=portable.WEB_IMPORT_MAX_HANDS,
        )
    except InvalidImport as error:
        said = problem_words.store_error(error)
        return _page(gettext("%(problem)s Nothing was imported.", problem=said), 422)
    finally:
        if large:
            LARGE_IMPORT.release()
    flash(ngettext("Imported %(num)s game.", "Imported %(num)s games.", len(ids)), "ok")
    return redirect(url_for("home.index"))

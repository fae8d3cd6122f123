"""Games as JSON files: download one game or all of this browser's, and import a file."""

from __future__ import annotations

import os
import shutil
import tempfile
from typing import IO, Any

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
from scorekeeper.memory import trim
from scorekeeper.rate_limits import IMPORTS
from scorekeeper.store.portable import read as portable
from scorekeeper.store.portable.apart import import_apart
from scorekeeper.store.portable.importing import InvalidImport, dumps, export_games, import_games
from scorekeeper.web import access
from scorekeeper.web.games.import_gate import RETRY_SECONDS, only_import

bp = Blueprint("portable", __name__)

COPY_CHUNK = 1024 * 1024
FORM_SLACK = 64 * 1024  # the multipart envelope and the CSRF field around the file
# A file costs up to ten times its size in memory while it is read: one import at a time in
# the instance (web/games/import_gate.py), the others are told when to come back.


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


def _import_here(upload: IO[bytes], *, owner: str, max_bytes: int, max_hands: int) -> list[str]:
    """Imports a small file on this request's connection."""
    data = upload.read()
    return import_games(get_db(), data, owner=owner, max_bytes=max_bytes, max_hands=max_hands)


def _import_apart(upload: IO[bytes], *, owner: str, max_bytes: int, max_hands: int) -> list[str]:
    """Imports a large file in a process of its own, which reads it from a copy a game at a time."""
    # werkzeug spooled the upload to a file without a name; the child opens this copy by its
    # name, in the instance folder, copied a megabyte at a time and deleted once imported.
    handle, path = tempfile.mkstemp(prefix="import-", suffix=".json", dir=current_app.instance_path)
    try:
        with os.fdopen(handle, "wb") as copy:
            shutil.copyfileobj(upload, copy, COPY_CHUNK)
        database = current_app.config["DATABASE"]
        return import_apart(database, path, owner=owner, max_bytes=max_bytes, max_hands=max_hands)
    finally:
        os.unlink(path)


def _refused(said: str, seconds: int) -> ResponseReturnValue:
    """Returns the import page with why, as 429 with Retry-After; the file is not kept."""
    most = portable.WEB_IMPORT_MAX_BYTES // (1024 * 1024)
    page = render_template("portable/import.html", error=said, most=most)
    return page, 429, {"Retry-After": str(seconds)}


def _too_often(seconds: int) -> str:
    return gettext(
        "This network address imported %(most)s files in the last hour: try again in "
        "%(minutes)s minutes. Nothing was imported.",
        most=IMPORTS.most,
        minutes=max(1, round(seconds / 60)),
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
    size = upload.stream.seek(0, os.SEEK_END)  # spooled by werkzeug: seekable, never read whole
    upload.stream.seek(0)
    if size > portable.WEB_IMPORT_MAX_BYTES:
        return _page(_too_large(), 413)
    with only_import(current_app.instance_path) as mine:
        if not mine:
            busy = gettext("Another file is being imported: try again in a minute.")
            return _refused(busy, RETRY_SECONDS)
        wait = IMPORTS.take(current_app.instance_path, request.remote_addr)
        if wait is not None:
            return _refused(_too_often(wait), wait)
        # A large file is read in a process of its own: its checks hold the interpreter for
        # seconds; a small one is not worth a process's start.
        run = _import_apart if size > portable.WEB_MAX_BYTES else _import_here
        try:
            ids = run(
                upload.stream,
                owner=access.browser_id(),
                max_bytes=portable.WEB_IMPORT_MAX_BYTES,
                max_hands=portable.WEB_IMPORT_MAX_HANDS,
            )
        except InvalidImport as error:
            said = problem_words.store_error(error)
            return _page(gettext("%(problem)s Nothing was imported.", problem=said), 422)
        finally:
            trim()  # a large file's parse leaves hundreds of MB the allocator would keep
    flash(ngettext("Imported %(num)s game.", "Imported %(num)s games.", len(ids)), "ok")
    return redirect(url_for("home.index"))

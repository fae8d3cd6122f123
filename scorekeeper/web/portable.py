"""Games as JSON files: download one game or all of this browser's, and import a file."""

from __future__ import annotations

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

from scorekeeper import problem_words, store
from scorekeeper.db import get_db
from scorekeeper.extensions import csrf
from scorekeeper.store.portable import (
    WEB_MAX_BYTES,
    InvalidImport,
    dumps,
    export_games,
    import_games,
)
from scorekeeper.web import access

bp = Blueprint("portable", __name__)

UPLOAD_LIMIT = WEB_MAX_BYTES  # the app's 64 KiB is for forms


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


@bp.route("/import", methods=["GET", "POST"])
@csrf.exempt  # checked below, once the larger upload limit is in place
def import_file() -> ResponseReturnValue:
    """Offers a file upload; a valid export's games become this browser's, all or none."""
    request.max_content_length = UPLOAD_LIMIT
    if request.method == "GET":
        return render_template("portable/import.html", error=None), 200
    if current_app.config.get("WTF_CSRF_ENABLED", True):
        csrf.protect()
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return render_template(
            "portable/import.html", error=gettext("Choose a file to import.")
        ), 422
    try:
        data, owner = upload.read(UPLOAD_LIMIT + 1), access.browser_id()
        ids = import_games(get_db(), data, owner=owner, max_bytes=UPLOAD_LIMIT)
    except InvalidImport as error:
        said = problem_words.store_error(error)
        message = gettext("%(problem)s Nothing was imported.", problem=said)
        return render_template("portable/import.html", error=message), 422
    flash(ngettext("Imported %(num)s game.", "Imported %(num)s games.", len(ids)), "ok")
    return redirect(url_for("home.index"))

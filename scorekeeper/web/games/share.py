"""The Share page: a QR code and the read-only link, the co-scorer's link, and replacing them."""

from __future__ import annotations

import segno
from flask import (
    Blueprint,
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext, lazy_gettext
from markupsafe import escape
from werkzeug import Response

from scorekeeper.db import get_db
from scorekeeper.store.games.sharing import replace_link
from scorekeeper.web import access
from scorekeeper.web.origin import public_origin, public_url, reachable_by_other_phones

bp = Blueprint("share", __name__, url_prefix="/games/<game_id>/share")
qr_bp = Blueprint("qr", __name__)
MAX_QR_URL = 300  # a join link at any origin fits; a QR of more would not scan at the table

MADE = {
    "view": lazy_gettext("New read-only link made. The old one no longer opens this game."),
    "edit": lazy_gettext("New edit link made. The old one no longer opens this game."),
}


def qr_svg(url: str) -> str:
    """Returns an inline SVG QR code of a link: paths only, no script and no style.

    A relative link (no trusted origin: see origin.public_origin) becomes an image that
    static/js/share.js points at /qr.svg with the address the browser itself shows.
    """
    if url.startswith("/"):
        return (
            f'<img class="qr-later" data-qr-path="{escape(url)}" alt="QR code of the link" hidden>'
        )
    code = segno.make(url, error="m")
    return code.svg_inline(
        scale=5, dark="#000", light="#fff", omitsize=True, title="QR code of the link"
    )


@qr_bp.get("/qr.svg")
def qr_image() -> Response:
    """Draws a QR code of an http(s) link the page completed with its own address."""
    url = request.args.get("url", "")
    if len(url) > MAX_QR_URL or not url.startswith(("http://", "https://")):
        abort(400)
    code = segno.make(url, error="m")
    response = make_response(code.svg_inline(scale=5, dark="#000", light="#fff"))
    response.mimetype = "image/svg+xml"
    response.headers["Cache-Control"] = "no-store"  # a join link: kept nowhere
    return response


@bp.get("")
def page(game_id: str) -> Response:
    """Shows the links to this game: a viewer sees only the read-only one."""
    game, role = access.open_game(game_id)
    # Built from the address other phones reach: never 127.0.0.1 while serving on the LAN.
    view_url = public_url(url_for("games.join", token=game.tokens.view))
    edit_url = (
        public_url(url_for("games.join", token=game.tokens.edit))
        if access.can_write(role)
        else None
    )
    # "Show QR" on the sheet: the phone that joins comes in as viewer or co-scorer, chosen here.
    shown = "edit" if edit_url and request.args.get("as") == "edit" else "view"
    body = render_template(
        "share/page.html",
        game=game,
        rules=game.rules,
        role=role,
        view_url=view_url,
        edit_url=edit_url,
        shown=shown,
        qr=qr_svg(edit_url if edit_url and shown == "edit" else view_url),
        reachable=reachable_by_other_phones(),
        origin=public_origin(),
    )
    response = make_response(body)
    response.headers["Cache-Control"] = "no-store"  # the links are keys to the game
    return response


@bp.post("/<any(view, edit):which>/replace")
def replace(game_id: str, which: str) -> Response:
    """Replaces the read-only or edit link; browsers that came in through the old one lose it."""
    _game, role = access.open_game(game_id, write=True)
    if role != "owner":
        abort(403, gettext("Only the phone that started the game can replace its links."))
    replace_link(get_db(), game_id, which)
    flash(str(MADE[which]), "ok")
    return redirect(url_for("share.page", game_id=game_id))

"""The Share page: a QR code and the read-only link, the co-scorer's link, and replacing them."""

from __future__ import annotations

import segno
from flask import Blueprint, abort, flash, make_response, redirect, render_template, url_for
from flask_babel import gettext, lazy_gettext
from werkzeug import Response

from scorekeeper.db import get_db
from scorekeeper.store.sharing import replace_link
from scorekeeper.web import access
from scorekeeper.web.origin import public_origin, public_url, reachable_by_other_phones

bp = Blueprint("share", __name__, url_prefix="/games/<game_id>/share")

MADE = {
    "view": lazy_gettext("New read-only link made. The old one no longer opens this game."),
    "edit": lazy_gettext("New edit link made. The old one no longer opens this game."),
}


def qr_svg(url: str) -> str:
    """Returns an inline SVG QR code of a link: paths only, no script and no style."""
    code = segno.make(url, error="m")
    return code.svg_inline(
        scale=5, dark="#000", light="#fff", omitsize=True, title="QR code of the link"
    )


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
    body = render_template(
        "share/page.html",
        game=game,
        rules=game.rules,
        role=role,
        view_url=view_url,
        edit_url=edit_url,
        qr=qr_svg(view_url),
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

"""Large type for older eyes: a switch on every page, remembered by the browser, no JavaScript.

Every page names the same small stylesheet, `/text-size.css`, whose answer follows this
browser's cookie: a page's HTML stays the same for every browser (pages kept for many
browsers, and their ETags, need no hole for it), and the choice reaches every page at once.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug import Response

from scorekeeper.language import i18n
from scorekeeper.web import language

bp = Blueprint("text_size", __name__)

COOKIE = "type"  # "large" when this browser asked for large type
SIZES = ("normal", "large")
# The whole page scales: the app's sizes are in rem, so 24 px for its 18 px makes all a third larger.
LARGE = ":root { font-size: 24px; }\n"


def large() -> bool:
    """Tells whether this browser asked for large type."""
    return request.cookies.get(COOKIE) == "large"


def text_size_link() -> str:
    """Returns the address of the text size switch, coming back to this page."""
    return url_for("text_size.pick", next=language.here())


@bp.get("/text-size")
def pick() -> str:
    """Offers normal and large type as two links, the one in use marked."""
    return render_template("text_size.html", back=_back(), large=large())


@bp.get("/text-size/<size>")
def choose(size: str) -> Response:
    """Remembers the size chosen and goes back to the page the switch was tapped on."""
    if size not in SIZES:
        abort(404)
    response = redirect(_back())
    response.set_cookie(COOKIE, size, max_age=i18n.COOKIE_AGE, samesite="Lax", httponly=True)
    return response


@bp.get("/text-size.css")
def stylesheet() -> Response:
    """Returns the rule for this browser's type size: empty for normal type."""
    response = Response(LARGE if large() else "", mimetype="text/css")
    # Per browser (its cookie), checked again on each page: a change shows on the next page.
    response.headers["Cache-Control"] = "private, no-cache"
    response.vary.add("Cookie")
    return response


def _back() -> str:
    """Returns the page to go back to: ?next= when it is a page of this app, else home."""
    back = request.args.get("next", "/")
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        return "/"  # only pages of this app: never a way to send someone elsewhere
    return back

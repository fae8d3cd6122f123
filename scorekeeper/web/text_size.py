"""Large type for older eyes: a switch on every page, remembered by the browser, no JavaScript.

A page chosen in large type holds the one rule that makes it large, in its own <style>:
no page waits for a stylesheet of its own to paint. A page's ETag names the size it shows.
"""

from __future__ import annotations

from flask import Blueprint, abort, g, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug import Response

from scorekeeper.language import i18n
from scorekeeper.web import language
from scorekeeper.web.shell import style_source

bp = Blueprint("text_size", __name__)

COOKIE = "type"  # "large" when this browser asked for large type
SIZES = ("normal", "large")
# The whole page scales: the app's sizes are in rem, so 24 px for its 18 px makes all a third larger.
LARGE = ":root { font-size: 24px; }\n"
LARGE_SOURCE = style_source(LARGE)  # what the page's CSP names to allow it


def large() -> bool:
    """Tells whether this browser asked for large type."""
    return request.cookies.get(COOKIE) == "large"


def size() -> str:
    """Returns the type size this browser reads ("normal" or "large"), for a page's ETag."""
    return "large" if large() else "normal"


def large_type() -> Markup:
    """Returns the large-type rule as a <style> for a browser that chose it, else nothing."""
    # In the page, not a stylesheet of its own: a linked one held the first paint of every
    # page one round trip more (150 ms on the throttled phone, docs/table-app.md).
    if not large():
        return Markup("")
    g.setdefault("style_hashes", []).append(LARGE_SOURCE)
    return Markup(f"<style>{LARGE}</style>")


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


def _back() -> str:
    """Returns the page to go back to: ?next= when it is a page of this app, else home."""
    back = request.args.get("next", "/")
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        return "/"  # only pages of this app: never a way to send someone elsewhere
    return back

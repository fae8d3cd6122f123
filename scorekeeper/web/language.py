"""The language switch on every page: a link to the languages, the choice kept in a cookie."""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, abort, has_request_context, redirect, render_template, request
from werkzeug import Response

from scorekeeper import i18n

bp = Blueprint("language", __name__)


def here() -> str:
    """Returns the page being shown, to come back to after switching (without ?lang=)."""
    args = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"]
    if not args:
        return request.path
    return f"{request.path}?{urlencode(args)}"


# Addresses that speak no language: files, and the service worker (one script for every page).
UNSPOKEN = frozenset({"static", "shell.service_worker"})


def keep_language(endpoint: str, values: dict[str, object]) -> None:
    """Carries a page's ?lang= into every link, form and script address built on it."""
    # A shared link's language is not remembered (no cookie), so without this the next page,
    # a form's answer, the live preview or "Can we open?" would fall back to the browser's.
    if not has_request_context() or "lang" in values or endpoint in UNSPOKEN:
        return
    chosen = i18n.language_code(request.args.get("lang"))
    if chosen and not request.path.startswith("/api/"):
        values["lang"] = chosen


def context() -> dict[str, object]:
    """Gives every template the language in use and the others to switch to."""
    lang = i18n.current()
    return {"lang": lang, "languages": i18n.LANGUAGES, "group": i18n.group_symbol(lang)}


def _back() -> str:
    """Returns the page to go back to: ?next= when it is a page of this app, else home."""
    back = request.args.get("next", "/")
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        return "/"  # only pages of this app: never a way to send someone elsewhere
    return back


@bp.get("/language")
def pick() -> str:
    """Lists the languages, each in its own words, as links that choose it."""
    return render_template("language.html", back=_back())


@bp.get("/language/<code>")
def choose(code: str) -> Response:
    """Remembers the language chosen and goes back to the page the switch was tapped on."""
    chosen = i18n.language_code(code)
    if chosen is None:
        abort(404)
    back = _back()
    response = redirect(back)
    response.set_cookie(i18n.COOKIE, chosen, max_age=i18n.COOKIE_AGE, samesite="Lax", httponly=True)
    return response

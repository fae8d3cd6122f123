"""A request's language: chosen from ?lang=, the cookie the switch on every page keeps, or the
browser's; told to `scorekeeper.language`, so the words shared with the PDF follow it too."""

from __future__ import annotations

import gettext as stdlib_gettext
from collections.abc import Callable
from functools import cache
from typing import Any, cast
from urllib.parse import urlencode

import flask_babel
from babel import Locale
from babel.support import NullTranslations
from flask import (
    Blueprint,
    abort,
    g,
    has_app_context,
    has_request_context,
    redirect,
    render_template,
    request,
)
from flask_babel import get_locale
from jinja2 import pass_context
from jinja2.runtime import Context
from werkzeug import Response

from scorekeeper.language import i18n
from scorekeeper.language import translations as catalogue

bp = Blueprint("language", __name__)


def select_locale() -> str:
    """Returns the request's language: ?lang=, then the remembered choice, then the browser's."""
    if not has_request_context():
        return i18n.DEFAULT_LOCALE  # the command line and scripts: English
    environ = request.environ  # what was sent is looked at before anything is parsed
    if environ.get("QUERY_STRING"):
        chosen = i18n.language_code(request.args.get("lang"))
        if chosen:
            return chosen
    if not request.path.startswith("/api/"):  # the API answers in what each request asks for
        chosen = i18n.language_code(request.cookies.get(i18n.COOKIE))
        if chosen:
            return chosen
    if not environ.get("HTTP_ACCEPT_LANGUAGE"):
        return i18n.DEFAULT_LOCALE
    for tag, _quality in request.accept_languages:
        chosen = i18n.language_code(tag)
        if chosen:
            return chosen
    return i18n.DEFAULT_LOCALE


@cache
def _babel_locale(code: str) -> Locale:
    return Locale.parse(code)


def chosen_locale() -> Locale:
    """Returns select_locale()'s language as Flask-Babel keeps it: one Locale a language, made
    once (parsing the code again cost every request, the API's included, about 10 µs)."""
    return _babel_locale(select_locale())


def in_use() -> str | None:
    """Returns the language Flask-Babel speaks here (a request's, or forced); None outside an app."""
    if not has_app_context():
        return None  # the command line and scripts: scorekeeper.language decides
    if not has_request_context():
        return str(get_locale() or i18n.DEFAULT_LOCALE)
    # Flask-Babel's lookup costs about 20 µs; kept, a page's `lang`, its numbers and its words
    # (read from `lang`) follow force_locale() as one language.
    return str(_kept("kept_locale_code", lambda: str(get_locale() or i18n.DEFAULT_LOCALE)))


def _kept(key: str, find: Callable[[], object]) -> object:
    """Returns what `find` gives for the request's language, kept on `g` under `key` with the
    Locale object it was found for: force_locale() and refresh() replace that object, so a
    switch is followed as Flask-Babel follows it."""
    locale = getattr(g.get("_flask_babel"), "babel_locale", None)
    kept = g.get(key)
    if kept is not None and locale is not None and kept[0] is locale:
        return kept[1]
    found = find()  # chooses the request's locale first, if nothing has yet
    setattr(g, key, (getattr(g.get("_flask_babel"), "babel_locale", None), found))
    return found


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
    if not request.environ.get("QUERY_STRING"):
        return  # no ?lang= to carry: a sheet builds over twenty addresses, most without one
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


def _catalogue() -> NullTranslations:
    return cast(NullTranslations, flask_babel.get_translations())


def translations() -> NullTranslations:
    """Returns the catalogue of the language in use: looked up once per request and language."""
    # Flask-Babel looks the domain, the locale and its cache up again for every string, about
    # 40 µs each: a sheet's 40 strings cost more than its 30 rows.
    if not has_request_context():
        return _catalogue()
    return cast(NullTranslations, _kept("kept_translations", _catalogue))


def _page_catalogue(context: Context) -> stdlib_gettext.NullTranslations:
    """Returns the catalogue of the language a page is written in: its `lang` (`context()`)."""
    # Read from the template, not asked of the request for each of a sheet's thirty strings;
    # a macro imported without the page's context has no `lang` and asks the request.
    code = context.get("lang")
    return catalogue(code) if code else translations()


@pass_context
def _gettext(context: Context, message: str) -> str:
    return _page_catalogue(context).gettext(message)


@pass_context
def _ngettext(context: Context, singular: str, plural: str, n: int) -> str:
    return _page_catalogue(context).ngettext(singular, plural, n)


@pass_context
def _pgettext(context: Context, where: str, message: str) -> str:
    return _page_catalogue(context).pgettext(where, message)


@pass_context
def _npgettext(context: Context, where: str, singular: str, plural: str, n: int) -> str:
    return _page_catalogue(context).npgettext(where, singular, plural, n)


def install_translations(env: Any) -> None:
    """Makes a Jinja environment's _(), gettext and {% trans %} use the page's catalogue."""
    env.install_gettext_callables(
        gettext=_gettext,
        ngettext=_ngettext,
        pgettext=_pgettext,
        npgettext=_npgettext,
        newstyle=True,
    )

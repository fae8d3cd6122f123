"""Live following: a page's ETag, and a cheap 304 when its game or group has not changed."""

from __future__ import annotations

import hashlib
import secrets

from flask import Response, make_response, request, session

from scorekeeper.language import i18n
from scorekeeper.web import access, text_size
from scorekeeper.web.games import paper

# flask-compress tags a compressed page's ETag with its encoding ("abc" -> "abc:br").
ENCODED = ("", ":zstd", ":br", ":gzip", ":deflate")


def _bare(held: str) -> str:
    """Returns a tag the browser holds without the encoding flask-compress added to it."""
    name, colon, encoding = held.rpartition(":")
    return name if colon and ":" + encoding in ENCODED else held


# New with each server start, so a restart with new templates never serves a stale page.
BUILD = secrets.token_hex(4)
CACHE = "private, no-cache"  # keep a copy, but ask every time: the sheet changes each hand


def etag(game_id: str, version: int, role: str) -> str:
    """Returns the tag of a sheet as this browser sees it: game, version, role, browser, paper."""
    return page_tag(game_id, str(version), role)


def page_tag(*names: str) -> str:
    """Returns the tag of a page named by `names` as this browser asks for it."""
    # Joined by what the request says, not by what is chosen from it: the page's language,
    # paper and type size follow from these alone, and a poll of an unchanged page (a 304)
    # is answered without choosing them. The browser is part of it: a page holds its CSRF token.
    cookies, environ = request.cookies, request.environ
    asked = (
        request.args.get("lang", "") if environ.get("QUERY_STRING") else "",
        cookies.get(i18n.COOKIE, ""),
        cookies.get(paper.COOKIE, ""),
        cookies.get(text_size.COOKIE, ""),
        environ.get("HTTP_ACCEPT_LANGUAGE", ""),
    )
    seed = "\n".join((BUILD, *names, access.browser_id(), *asked))
    return hashlib.sha256(seed.encode()).hexdigest()[:32]


def not_modified(tag: str) -> Response | None:
    """Returns a 304 when the browser's copy of the sheet, tagged `tag`, is current."""
    if not request.if_none_match or "_flashes" in session:
        return None  # a message waits to be shown: render the page afresh
    held_tag = next(
        (held for held in request.if_none_match.as_set(True) if _bare(held) == tag), None
    )
    if held_tag is None:
        return None
    response = Response(status=304)
    response.set_etag(held_tag)
    response.headers["Cache-Control"] = CACHE
    return response


def untagged(page: str | bytes) -> Response:
    """Returns a rendered sheet the browser must not revalidate: it shows a one-time message."""
    response = make_response(page)
    response.headers["Cache-Control"] = "no-store"
    return response


def tagged(page: str | bytes, tag: str) -> Response:
    """Returns the rendered sheet with its ETag (`etag()`), so the next request can be a 304."""
    response = make_response(page)
    response.set_etag(tag)
    response.headers["Cache-Control"] = CACHE
    return response

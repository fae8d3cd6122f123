"""Live following: a page's ETag, and a cheap 304 when its game or group has not changed."""

from __future__ import annotations

import hashlib
import secrets

from flask import Response, make_response, request, session

from scorekeeper.language import i18n
from scorekeeper.store import SheetHead
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


def etag(game_id: str, head: SheetHead, role: str, version: int | None = None) -> str:
    """Returns the tag of a sheet as this browser sees it: the game at its version (`head`'s,
    unless another is given), the role, and what changes the page without moving the version:
    rules moved on, its club night closed."""
    moved = ("rules" if head.rules_changed else "", "closed" if head.event_closed else "")
    return page_tag(game_id, str(head.version if version is None else version), role, *moved)


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
    held = request.if_none_match
    if not held or "_flashes" in session:
        return None  # a message waits to be shown: render the page afresh
    if held.star_tag:  # "*": any current copy of the page will do (RFC 9110, 13.1.2)
        held_tag: str | None = tag
    else:
        held_tag = next((h for h in held.as_set(True) if _bare(h) == tag), None)
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

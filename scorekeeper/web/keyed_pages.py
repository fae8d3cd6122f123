"""Pages rendered from a key alone and kept by it; each browser's own pieces filled in per request.

A keyed page is rendered in a request made up from its key, run in a fresh context where no
browser's request, session, cookies or `g` exist: nothing one browser holds can enter the text
kept for others, whatever a template or filter reads. What belongs to one browser (its CSRF
and form tokens, its messages, its Undo, its follow tag) is a named hole in that text, filled
for each request by `filled`; the page's address and language come from the key. Rendering takes the same path with the room on or off;
off (`store/cache.py`), nothing is kept and every request renders its page again.
"""

from __future__ import annotations

import contextvars
import re
import secrets
from collections.abc import Callable, Hashable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from functools import partial
from typing import Protocol, TypeVar

from flask import Flask, current_app, get_flashed_messages, request, url_for
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape
from werkzeug.test import EnvironBuilder

from scorekeeper.db import get_db
from scorekeeper.language import i18n
from scorekeeper.store import cache
from scorekeeper.web import language
from scorekeeper.web.shell import Notes, note, noted, tag

# A hole's mark: random per process, so no text a player types can pose as one.
MARK = f"\x00{secrets.token_hex(8)}:"
HOLES = re.compile(re.escape(MARK) + "([a-z_]+)\x00")

_keying: ContextVar[bool] = ContextVar("keying", default=False)
_unkeepable: ContextVar[bool] = ContextVar("unkeepable", default=False)


@dataclass(frozen=True)
class Reading:
    """How a request reads a page, from which database: what a keyed render is made up from."""

    database: str  # the database file; "" for one in memory, whose pages are never kept
    language: str
    linked: bool  # the address carried ?lang=, so every link carries it too
    root_url: str
    path: str


class PageKey(Hashable, Protocol):
    """A keyed page's key: how it is read, and all the rest its page is rendered from."""

    @property
    def reading(self) -> Reading: ...


K = TypeVar("K", bound=PageKey)


@dataclass(frozen=True)
class Keyed:
    """A rendered page: its text between holes (text, hole, text, ..., text) and its notes."""

    parts: tuple[str, ...]
    notes: Notes
    keep: bool = True

    def size(self) -> int:
        """Returns the characters held, to bound the room."""
        return sum(map(len, self.parts)) + self.notes.size()


def reading(path: str | None = None) -> Reading:
    """Returns how this request reads a page (at `path`, else its own address), for its key."""
    database = cache.key(get_db(), "pages")
    return Reading(
        database=database[0] if database else "",
        language=i18n.current(),
        linked=i18n.language_code(request.args.get("lang")) is not None,
        root_url=request.root_url,
        path=path or request.path,
    )


def hole(name: str) -> Markup:
    """Returns the mark of a hole that `filled` fills with this browser's value of `name`."""
    return Markup(f"{MARK}{name}\x00")  # noqa: S704 - a fixed mark, no outside text


def own(name: str) -> Markup:
    """Returns a piece every page may show (PIECES), escaped; in a keyed render, its hole."""
    if _keying.get():
        return hole(name)
    return escape(PIECES[name]())


def unkeepable() -> None:
    """Marks the page being rendered as not for keeping (its data moved on since its key)."""
    _unkeepable.set(True)


def page(key: K, build: Callable[[K], str], *, keep: bool = True) -> Keyed:
    """Returns the page of `key`: kept, or rendered by `build(key)` alone and kept."""
    # In debug, templates change under a running app; a database in memory has no file to
    # name it by.
    keep = keep and bool(key.reading.database) and not current_app.debug
    found = cache.pages.get(key) if keep else None
    if found is None:
        app = current_app._get_current_object()  # type: ignore[attr-defined]  # noqa: SLF001
        found = contextvars.Context().run(_render_alone, app, key, build)
        if keep and found.keep:
            cache.pages.put(key, found)
    return found


def _render_alone(app: Flask, key: K, build: Callable[[K], str]) -> Keyed:
    """Renders a page in a request made up from its key (run in an empty context)."""
    _keying.set(True)
    read = key.reading
    environ = EnvironBuilder(
        path=read.path,
        base_url=read.root_url,
        query_string=f"lang={read.language}" if read.linked else None,
        headers=[("Accept-Language", tag(read.language))],
    ).get_environ()
    with app.request_context(environ):
        text = build(key)
        return Keyed(tuple(HOLES.split(text)), noted(), keep=not _unkeepable.get())


def filled(kept: Keyed, values: Mapping[str, Callable[[], str]]) -> str:
    """Returns a keyed page with its holes filled for this request, each computed once."""
    note(kept.notes)  # the headers it needs: Link preloads, inline styles' hashes
    found: dict[str, str] = {}
    text = []
    for index, part in enumerate(kept.parts):
        if index % 2 == 0:
            text.append(part)
            continue
        if part not in found:
            found[part] = str(escape((values.get(part) or PIECES[part])()))
        text.append(found[part])
    return "".join(text)


def flashes() -> Markup:
    """Returns this browser's waiting messages as the page shows them, once."""
    waiting: list[tuple[str, str]] = get_flashed_messages(with_categories=True)  # type: ignore[assignment]
    return Markup(  # noqa: S704 - category and message are escaped
        "".join(
            f'  <p class="flash {escape(category)}" role="'
            f'{"alert" if category == "error" else "status"}">{escape(message)}</p>\n'
            for category, message in waiting
        )
    )


def language_link() -> str:
    """Returns the address of the language switch, coming back to this page (a keyed page's
    own address, also when a form's answer shows it)."""
    return url_for("language.pick", next=language.here())


def back_path() -> str:
    """Returns this page's address with its query, for a form to come back to."""
    return request.full_path if request.query_string else request.path


# The pieces any page may show that belong to one browser, by hole name.
PIECES: dict[str, Callable[[], str]] = {"csrf_token": generate_csrf, "flashes": flashes}


def init_app(app: Flask) -> None:
    """Gives templates the pieces (`csrf_token()` included) as holes in keyed renders, and the
    page's own address: in a keyed render, the address its key names (no hole needed)."""
    pieces: dict[str, Callable[[], str]] = {name: partial(own, name) for name in PIECES}
    pieces |= {"language_link": language_link, "back_path": back_path}
    app.jinja_env.globals.update(pieces)  # for imported macros, which see only globals
    # Flask-WTF also hands templates its csrf_token() through a context processor; this one,
    # registered after it, puts the hole-aware one in its place.
    app.context_processor(lambda: pieces)

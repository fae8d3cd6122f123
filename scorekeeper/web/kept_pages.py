"""Pages rendered once and kept as bytes while what they show stands; each answer its own tokens."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from flask import current_app, request, session
from flask_wtf.csrf import generate_csrf

from scorekeeper import i18n
from scorekeeper.store import cache
from scorekeeper.web import paper
from scorekeeper.web.shell import note, noted

# A kept page holds a stand-in where each answer's own token goes: the CSRF token, and any the
# page names (a form's one-time token, a follow tag naming the browser). NUL never appears in
# a rendered page, so a stand-in cannot clash with what the page says.
CSRF = b"\x00csrf\x00"

Tokens = Mapping[str, Callable[[], str]]


def stand_in(name: str) -> str:
    """Returns the text a kept page holds where the token `name` goes."""
    return f"\x00{name}\x00"


def kept_page(
    key: tuple | None, render: Callable[[Mapping[str, str]], str], tokens: Tokens
) -> bytes | str:
    """Returns the page kept under `key`, rendering and keeping it first (None: just rendered)."""
    # `key` names all the page shows but its language, paper and address, added here;
    # `render` is given each token's value, or its stand-in when the page is to be kept.
    if key is None or request.query_string or "_flashes" in session or current_app.debug:
        # A query can change the page, a waiting message shows once, and in debug mode the
        # templates themselves may change: all of these render afresh.
        return render({name: make() for name, make in tokens.items()})
    key = (*key, request.path, i18n.current(), paper.chosen())
    csrf = generate_csrf().encode()  # the same value csrf_token() gives the templates
    kept = cache.pages.get(key)
    if kept is None:
        page = render({name: stand_in(name) for name in tokens}).encode().replace(csrf, CSRF)
        kept = (page, noted())  # its Link preloads and styles' hashes go with it
        cache.pages.put(key, kept)
    else:
        note(kept[1])
    page = kept[0].replace(CSRF, csrf)
    for name, make in tokens.items():
        page = page.replace(stand_in(name).encode(), make().encode())
    return page

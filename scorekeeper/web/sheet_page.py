"""Renders a game's sheet: the totals panel, the rows and the buttons this browser may use."""

from __future__ import annotations

from typing import Any

from flask import current_app, render_template, request, session
from flask_wtf.csrf import generate_csrf

from scorekeeper import i18n, store
from scorekeeper.db import get_db
from scorekeeper.engine.ending import next_target
from scorekeeper.store import Game, cache
from scorekeeper.web import follow, paper
from scorekeeper.web.access import can_write
from scorekeeper.web.game_summary import course_of
from scorekeeper.web.posting import new_form_token
from scorekeeper.web.shell import note_assets, noted_assets

# Stand-ins for the three things two requests of one page never share: the CSRF token, the
# forms' one-time token and the live-follow tag (it names the browser). A kept page holds
# these; each answer swaps in its own. NUL never appears in a rendered page.
CSRF, FORM, FOLLOW = b"\x00csrf\x00", "\x00form\x00", "\x00follow\x00"


def render_sheet(game: Game, role: str, status: int = 200) -> tuple[str, int]:
    """Returns the sheet page for this browser's role, with a given status code."""
    live = follow.etag(game.id, game.version, role)
    changed = store.rules_changed(get_db(), game)
    return _render(game, role, new_form_token(), live, changed), status


def kept_sheet(game: Game, role: str) -> bytes | str:
    """Returns the sheet page, rendered once per version for every browser that sees it alike."""
    # Everyone following a game fetches each new version once: the first renders it, the
    # other phones at the table (and every repeat) get the kept copy with their own tokens.
    changed = store.rules_changed(get_db(), game)
    live = follow.etag(game.id, game.version, role)
    key = _page_key(game, role, changed)
    if key is None:
        return _render(game, role, new_form_token(), live, changed)
    csrf = generate_csrf().encode()  # the same value csrf_token() gives the templates
    kept = cache.pages.get(key)
    if kept is None:
        page = _render(game, role, FORM, FOLLOW, changed).encode().replace(csrf, CSRF)
        kept = (page, noted_assets())
        cache.pages.put(key, kept)
    else:
        note_assets(kept[1])
    page = kept[0].replace(CSRF, csrf).replace(FORM.encode(), new_form_token().encode())
    return page.replace(FOLLOW.encode(), live.encode())


def _page_key(game: Game, role: str, changed: bool) -> tuple | None:
    """Returns what the page shows besides per-request tokens, or None when it is not kept."""
    if request.query_string or "_flashes" in session or current_app.debug:
        return None  # the page names its query, shows a message once, or templates may change
    game_key = cache.key(get_db(), game.id)
    if game_key is None:
        return None  # a database in memory: nothing is kept for it
    # The version moves with every hand, rule and target change; the row's `updated_at` with
    # names and links; role, paper and language are what the same version looks like here.
    return (*game_key, game.version, game.updated_at, role, paper.chosen(), i18n.current(), changed)


def _render(game: Game, role: str, form_token: str, live_etag: str, changed: bool) -> str:
    """Returns the sheet page rendered with the given per-request tokens."""
    # A finished game shows how it went at once; one in play loads the chart when asked.
    shown: dict[str, Any] = course_of(game) if game.state.status.over else {}
    return render_template(
        "games/sheet.html",
        game=game,
        state=game.state,
        rules=game.rules,
        to_target=game.state.to_target(game.rules),
        play_on_to=next_target(game.rules, game.state, game.raises)
        if game.state.status.over
        else None,
        can_write=can_write(role),
        form_token=form_token,
        live_etag=live_etag,
        rules_changed=changed,
        **shown,
    )

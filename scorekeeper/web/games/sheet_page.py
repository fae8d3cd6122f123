"""Renders a game's sheet from its stored rows on every request: totals, rows, this browser's buttons."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import render_template, url_for
from flask_babel import gettext
from markupsafe import Markup

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.engine.ending import next_target
from scorekeeper.store import Game, SheetHead
from scorekeeper.web.access import browser_id, can_write
from scorekeeper.web.games import follow, paper
from scorekeeper.web.games.game_summary import course_of
from scorekeeper.web.games.undo import said
from scorekeeper.web.posting import new_form_token


def render_sheet(
    game: Game, role: str, status: int = 200, undo: Mapping[str, Any] | None = None
) -> tuple[str, int]:
    """Returns the sheet page for this browser's role, with a given status code (and the
    Undo this browser is offered, if any)."""
    head = store.sheet_head(get_db(), game.id, browser_id())  # what else the tag names
    live = follow.etag(game.id, head, role, game.version)
    return sheet_html(game, head, role, live, undo), status  # as tests wrap it


def offline_copy(game: Game, role: str, as_of: str) -> str:
    """Returns the sheet as the phone keeps it to read offline: no form, no token, no button."""
    # The service worker asks for it beside each sheet it loads and keeps it in this
    # browser's cache under the sheet's address; offline, it is what the address opens.
    head = store.sheet_head(get_db(), game.id, browser_id())
    return sheet_html(game, head, role, "", offline_as_of=as_of)


def sheet_html(
    game: Game,
    head: SheetHead,
    role: str,
    live: str,
    undo: Mapping[str, Any] | None = None,
    offline_as_of: str = "",
) -> str:
    """Renders the sheet from the game's stored rows, with this browser's tokens and Undo;
    `head` says whether its rules moved on and its club night closed."""
    offline = bool(offline_as_of)
    form_token = "" if offline else new_form_token()  # one for every form of the page
    # A finished game shows how it went at once; one in play loads the chart when asked.
    shown: dict[str, Any] = course_of(game) if game.head.status.over else {}
    return render_template(
        "games/sheet.html",
        game=game,
        state=game.glance,  # no breakdown: the sheet shows scores and totals, a tap shows more
        rules=game.rules,
        to_target=game.head.to_target(game.rules),
        play_on_to=next_target(game.rules, game.state, game.raises)
        if game.head.status.over
        else None,
        side_keys=game.side_keys,
        # ".../hands/": each row adds its number; no ?lang= on rows (sheet.js adds the page's)
        hand_url=url_for("hands.detail", game_id=game.id, number=0, lang=None)[:-1],
        can_write=can_write(role) and not offline,
        offline_as_of=offline_as_of,
        undo_form="" if offline else _undo_form(game.id, game.version, form_token, undo),
        rules_changed=head.rules_changed,
        # a closed event's table: "Reopen to fix a hand" would only be refused at the save
        event_closed=game.head.status.over and head.event_closed,
        form_token=form_token,
        live_etag=live,
        **paper.described(*paper.chosen()),
        **shown,
    )


def _undo_form(
    game_id: str, version: int, form_token: str, undo: Mapping[str, Any] | None
) -> Markup:
    """Returns this browser's Undo form for the sheet, or nothing."""
    if not undo:
        return Markup()
    page = render_template(
        "games/_undo.html",
        game_id=game_id,
        version=version,
        form_token=form_token,
        undo_said=said(dict(undo)),
    )
    return Markup(page)  # noqa: S704 - rendered by Jinja, escaped there


def outbox_words() -> dict[str, str]:
    """Returns the words the sheet's outbox panel says (outbox.js), in the reader's language."""
    return {
        "one": gettext("1 hand waiting to be sent."),
        "many": gettext("%(count)s hands waiting to be sent.", count="{count}"),
        "later": gettext("They go by themselves when the connection is back."),
        "sent": gettext("Hand %(number)s was sent.", number="{number}"),
        "repeat": gettext("A waiting hand had already reached the server: it was saved once."),
        "returned": gettext(
            "Hand %(number)s was not saved: %(reason)s", number="{number}", reason="{reason}"
        ),
        "open": gettext("Open it"),
        "behind": gettext(
            "it was typed after hand %(number)s, which was not saved.", number="{number}"
        ),
        "gone": gettext(
            "A waiting hand could not be sent: this game is no longer open to this phone."
        ),
        **clash_words(),
    }


def clash_words() -> dict[str, str]:
    """Returns the words of a waiting hand whose number another phone took (outbox.js)."""
    return {
        "clash": gettext(
            "Another phone saved hand %(number)s before this one reached it. Which is the hand"
            " that was played?",
            number="{number}",
        ),
        "theirs": gettext("Theirs, as saved"),
        "mine": gettext("Mine, as typed"),
        "keep": gettext("Keep theirs"),
        "mine_next": gettext("Record mine as hand %(number)s", number="{number}"),
        "needs": gettext(
            "Without the connection this phone still records hands; other phones' hands and"
            " the preview's exact score wait for it."
        ),
    }

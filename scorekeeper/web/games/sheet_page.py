"""Renders a game's sheet: the totals panel, the rows and the buttons this browser may use."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import render_template, url_for
from flask_babel import gettext
from markupsafe import Markup, escape

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.engine import Row
from scorekeeper.engine.ending import next_target
from scorekeeper.language import i18n
from scorekeeper.store import Game, SheetHead
from scorekeeper.web import keyed_pages
from scorekeeper.web.access import can_write
from scorekeeper.web.games import follow, paper
from scorekeeper.web.games.game_summary import course_of
from scorekeeper.web.games.undo import said
from scorekeeper.web.posting import new_form_token


@dataclass(frozen=True)
class SheetKey:
    """Everything a sheet's kept text is rendered from: its game's state and how it is read."""

    game_id: str
    version: int
    reopened: bool
    role: str
    rules_changed: bool  # the rules' source may move on without a new version
    paper: tuple[str, str]  # (size, why): the PDF link names it
    offline_as_of: str
    reading: keyed_pages.Reading


def render_sheet(
    game: Game, role: str, status: int = 200, undo: Mapping[str, Any] | None = None
) -> tuple[str, int]:
    """Returns the sheet page for this browser's role, with a given status code (and the
    Undo this browser is offered, if any)."""
    live = follow.etag(game.id, game.version, role)
    return sheet_html(game.id, head_of(game), role, live, undo), status  # as tests wrap it


def offline_copy(game: Game, role: str, as_of: str) -> str:
    """Returns the sheet as the phone keeps it to read offline: no form, no token, no button."""
    # The service worker asks for it beside each sheet it loads and keeps it in this
    # browser's cache under the sheet's address; offline, it is what the address opens.
    return sheet_html(game.id, head_of(game), role, "", offline_as_of=as_of)


def head_of(game: Game) -> SheetHead:
    """Returns what names the sheet of a game already read."""
    return SheetHead(game.version, game.reopened, store.rules_changed(get_db(), game))


def sheet_html(
    game_id: str,
    head: SheetHead,
    role: str,
    live: str,
    undo: Mapping[str, Any] | None = None,
    offline_as_of: str = "",
) -> str:
    """Returns the sheet for this request: the text its key names, this browser's pieces in it."""
    key = SheetKey(
        game_id=game_id,
        version=head.version,
        reopened=head.reopened,
        role=role,
        rules_changed=head.rules_changed,
        paper=paper.chosen(),
        offline_as_of=offline_as_of,
        # The sheet's own address, also when a form's answer (409) shows it.
        reading=keyed_pages.reading(url_for("games.sheet", game_id=game_id, lang=None)),
    )
    # An offline copy says when it was taken: one of a kind, never kept.
    kept = keyed_pages.page(key, _built, keep=not offline_as_of)
    form_token = "" if offline_as_of else new_form_token()  # one for every form of the page
    return keyed_pages.filled(
        kept,
        {
            "form_token": lambda: form_token,
            "live_etag": lambda: live,
            "undo": lambda: _undo_form(game_id, head.version, form_token, undo),
        },
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


def _built(key: SheetKey) -> str:
    """Renders a sheet from its key alone, the browser's own pieces left as holes."""
    game = store.get_game(get_db(), key.game_id)
    if (game.version, game.reopened) != (key.version, key.reopened):
        keyed_pages.unkeepable()  # it moved on since the request read it: shown, not kept
    offline = bool(key.offline_as_of)
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
        cells=sheet_lines(game),
        can_write=can_write(key.role) and not offline,
        offline_as_of=key.offline_as_of,
        outbox_words=outbox_words,
        undo_form="" if offline else keyed_pages.hole("undo"),
        rules_changed=key.rules_changed,
        form_token="" if offline else keyed_pages.hole("form_token"),
        live_etag="" if offline else keyed_pages.hole("live_etag"),
        **paper.described(*key.paper),
        **shown,
    )


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


# One row of the sheet: the hand's link with each side's score and total. Written here, not
# by the template: 30 rows of Jinja expressions, each escaped on its own, were a third of a
# sheet's render; here every value is escaped once and each row is one string.
ROW = '<a class="row{after}" id="hand-{number}" href="{url}{number}"><span class="n">{number}</span>{cells}</a>'
CELL = "<span><small>{score}</small> <b>{total}</b></span>"


def sheet_lines(game: Game) -> list[tuple[Row, Markup]]:
    """Returns each row with its line of the sheet, numbers written the locale's way."""
    locale, keys = i18n.current(), game.side_keys  # asked once, not per number
    url = escape(url_for("hands.detail", game_id=game.id, number=0, lang=None)[:-1])  # ".../hands/"
    lines = []
    for row in game.glance.rows:
        cells = "".join(
            CELL.format(
                score=escape(i18n.signed(row.scores[k].score, locale)),
                total=escape(i18n.number(row.totals[k], locale)),
            )
            for k in keys
        )
        after = " after" if row.after_end else ""
        line = ROW.format(after=after, number=row.number, url=url, cells=cells)
        lines.append((row, Markup(line)))  # noqa: S704 - every value above is escaped
    return lines

"""Renders a game's sheet: the totals panel, the rows and the buttons this browser may use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import render_template, url_for
from flask_babel import gettext
from markupsafe import Markup, escape

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.engine import Row
from scorekeeper.engine.ending import next_target
from scorekeeper.language import i18n
from scorekeeper.store import Game
from scorekeeper.web.access import can_write
from scorekeeper.web.games import follow
from scorekeeper.web.games.game_summary import course_of
from scorekeeper.web.games.undo import said
from scorekeeper.web.posting import new_form_token


def render_sheet(
    game: Game, role: str, status: int = 200, undo: Mapping[str, Any] | None = None
) -> tuple[str, int]:
    """Returns the sheet page for this browser's role, with a given status code (and the
    Undo this browser is offered, if any)."""
    live = follow.etag(game.id, game.version, role)
    changed = store.rules_changed(get_db(), game)
    tokens = {"form_token": new_form_token(), "live_etag": live}
    return _render(game, role, changed, tokens, "", undo), status  # positional: as tests wrap it


def kept_sheet(game: Game, role: str, live: str) -> str:
    """Returns the sheet page for this browser: rendered for it alone, from stored rows."""
    changed = store.rules_changed(get_db(), game)
    return _render(game, role, changed, {"form_token": new_form_token(), "live_etag": live})


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
    }


def offline_copy(game: Game, role: str, as_of: str) -> str:
    """Returns the sheet as the phone keeps it to read offline: no form, no token, no button."""
    # The service worker asks for it beside each sheet it loads and keeps it in this
    # browser's cache under the sheet's address; offline, it is what the address opens.
    changed = store.rules_changed(get_db(), game)
    return _render(game, role, changed, {"form_token": "", "live_etag": ""}, offline_as_of=as_of)


def _render(
    game: Game,
    role: str,
    changed: bool,
    tokens: Mapping[str, str],
    offline_as_of: str = "",
    undo: Mapping[str, Any] | None = None,
) -> str:
    """Returns the sheet page rendered with the given per-request tokens."""
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
        can_write=can_write(role) and not offline_as_of,
        offline_as_of=offline_as_of,
        outbox_words=outbox_words,
        undo=undo,
        undo_said=said(dict(undo)) if undo else "",
        rules_changed=changed,
        **tokens,
        **shown,
    )


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

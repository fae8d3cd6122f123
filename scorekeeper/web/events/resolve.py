"""The director's word: disputed hands kept or corrected, reopening a closed event, late cards."""

from __future__ import annotations

from typing import Any

import segno
from flask import abort, flash, jsonify, make_response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug import Response

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.store import Game
from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.errors import EventIsClosed, HandNotFound, RoundMovedOn
from scorekeeper.store.events import cards as entrant_cards
from scorekeeper.store.events import checks as event_checks
from scorekeeper.store.events import event as store_events
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import Event
from scorekeeper.web.events import side_hands
from scorekeeper.web.events.cards import absolute
from scorekeeper.web.events.common import bp, by_token
from scorekeeper.web.posting import new_form_token


@bp.app_template_global()
def director_extras(event: Event) -> dict[str, Any]:
    """Returns what the director's partials show: hands to settle and each entrant's card."""
    tokens = entrant_cards.card_tokens(get_db(), event.id)
    return {
        "waiting": event_checks.for_director(get_db(), event.id) if event.confirm else [],
        "cards": [(e, tokens.get(e.position, "")) for e in event.entrants],
    }


@bp.app_template_global()
def card_qr(token: str) -> Markup:
    """Returns an entrant card's QR code as inline SVG, for a late arrival to scan on the spot."""
    link = absolute(url_for("events.entrant", token=token))
    svg = segno.make(link, error="m").svg_inline(
        scale=4, dark="#000", light="#fff", omitsize=True, title=_("QR code of the pair card")
    )
    return Markup(svg)  # noqa: S704 - segno's own SVG of our link: paths only


def _table_game(event: Event, game_id: str) -> Game:
    """Returns a game of one of the event's tables; 404 for any other."""
    if game_id not in {t.game_id for t in event_rounds.tables(get_db(), event)}:
        abort(404)
    return side_hands.current(game_id)


@bp.post("/director/<token>/hands/<game>/<int:number>/keep")
def keep_hand(token: str, game: str, number: int) -> Response:
    """Settles a hand as saved: the director's confirmation, which counts like the other side's."""
    event = by_token(token, "director")
    _table_game(event, game)
    try:
        event_checks.resolve(get_db(), game, number)
    except HandNotFound:
        abort(404)
    flash(_("Hand %(number)s confirmed.", number=number), "ok")
    return redirect(url_for("events.director", token=token, _anchor="to-settle"))


@bp.route("/director/<token>/hands/<game>/<int:number>/edit", methods=["GET", "POST"])
def correct_hand(token: str, game: str, number: int) -> ResponseReturnValue:
    """Corrects a hand as the director: the hand form, then the corrected hand counts."""
    event = by_token(token, "director")
    table_game = _table_game(event, game)
    if not 1 <= number <= table_game.hand_count:
        abort(404)
    back = side_hands.Back(
        url_for("events.director", token=token, _anchor="to-settle"),
        _("Back to the director's page"),
    )
    if event.closed:
        return side_hands.refused(_(EventIsClosed.message), back)
    if request.method != "POST":
        return side_hands.blank(table_game, number, back)

    def save(found: Game, document: dict[str, object], version: int, key: str) -> int:
        _director_edit(found, number, document, version, key)
        return number

    return side_hands.save_form(table_game, number, back, save)


def _director_edit(
    game: Game, number: int, document: dict[str, object], version: int, key: str
) -> None:
    """Rewrites hand `number` (reopening a finished table for it) and confirms it as corrected."""
    db = get_db()
    locked = game.locked and game.version == version
    if locked:  # a finished table: reopened for the fix, finished again after it
        store.set_reopened(db, game.id, version=version, form_token=new_form_token())
        version += 1
    store.edit_hand(db, game.id, number, document, version=version, form_token=key)
    after = store.get_game(db, game.id)
    if locked and after.head.status.over and not after.locked:
        store.set_reopened(db, game.id, False, version=after.version, form_token=new_form_token())
    event_checks.resolve(db, game.id, number)


@bp.post("/director/<token>/reopen")
def reopen(token: str) -> Response:
    """Reopens a closed event: tables, hands and rounds may change again."""
    event_id = by_token(token, "director").id
    store_events.reopen_event(get_db(), event_id)
    store_seasons.night_changed(get_db(), event_id)  # the night leaves its seasons until closed
    flash(_("The event is open again."), "ok")
    return redirect(url_for("events.director", token=token))


@bp.app_errorhandler(EventIsClosed)
def closed(error: EventIsClosed) -> ResponseReturnValue:
    """Answers any change to a closed event's standings: 409, the page or the outbox's JSON."""
    said = _(error.message)
    if request.accept_mimetypes.best == "application/json":
        return jsonify(ok=False, reason=said, errors=[]), 409
    page = render_template("errors/page.html", headline=_("The event is closed"), message=said)
    return make_response(page, 409)


@bp.app_errorhandler(RoundMovedOn)
def moved_on(error: RoundMovedOn) -> ResponseReturnValue:
    """Answers a hand at a table of an earlier round: 409, the page or the outbox's JSON."""
    said = _(error.message)
    if request.accept_mimetypes.best == "application/json":
        return jsonify(ok=False, reason=said, errors=[]), 409
    headline = _("This round is over")
    return make_response(render_template("errors/page.html", headline=headline, message=said), 409)

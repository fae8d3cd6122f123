"""A table's phone: the round notice (table, side, opponents) and Confirm/Dispute of hands."""

from __future__ import annotations

from flask import abort, flash, jsonify, redirect, render_template, url_for
from flask_babel import gettext as _
from werkzeug import Response

from scorekeeper.db import get_db
from scorekeeper.store import event_checks, games
from scorekeeper.store import events as store_events
from scorekeeper.store.event_checks import Place
from scorekeeper.web.events.common import bp


def _place(token: str) -> tuple[store_events.Event, Place | None]:
    try:
        event_id, _ours, place = event_checks.latest_place(get_db(), token)
    except event_checks.SideNotFound:
        abort(404)
    return store_events.get_event(get_db(), event_id), place


@bp.get("/table/<token>")
def table(token: str) -> str:
    """Tells this phone where its entrant sits this round, and lists hands awaiting a check."""
    event, place = _place(token)
    if place is None:
        return render_template("events/table.html", event=event, place=None, token=token)
    game = games.get_game(get_db(), place.game_id)
    names = {e.position: e.name for e in event.entrants}
    states = event_checks.states(get_db(), place.game_id)
    hands = [(n, states.get(n, ("pending", -1))) for n in range(1, game.hand_count + 1)]
    return render_template(
        "events/table.html",
        event=event,
        place=place,
        token=token,
        game=game,
        opponents=" & ".join(names[p] for p in place.theirs),
        hands=hands,
    )


@bp.get("/table/<token>/round.json")
def table_round(token: str) -> Response:
    """Returns the round this phone's entrant plays now: the page reloads when it changes."""
    _event, place = _place(token)
    return jsonify(
        {"round": place.round if place else None, "token": place.token if place else None}
    )


@bp.post("/table/<token>/hands/<int:number>/<any(confirm, dispute):state>")
def check(token: str, number: int, state: str) -> Response:
    """Confirms or disputes a hand from this side's phone; a dispute flags it to the director."""
    try:
        event_checks.check(
            get_db(), token, number, "confirmed" if state == "confirm" else "disputed"
        )
    except event_checks.SideNotFound:
        abort(404)
    except event_checks.NotYours as error:
        flash(_(error.message), "error")
        return redirect(url_for("events.table", token=token))
    if state == "confirm":
        flash(_("Hand %(number)s confirmed.", number=number), "ok")
    else:
        flash(_("Hand %(number)s disputed: the director will look at it.", number=number), "error")
    return redirect(url_for("events.table", token=token))

"""An entrant's own page, opened by its card: where to sit, its side's hands, Confirm/Dispute.

The card's token acts for the entrant's side only, at whichever table the entrant sits each
round; no page here carries a link that edits a table's game outside that flow.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort, flash, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug import Response

from scorekeeper.db import get_db
from scorekeeper.store import Game
from scorekeeper.store.errors import EventIsClosed, HandNotFound
from scorekeeper.store.events import cards as entrant_cards
from scorekeeper.store.events import checks as event_checks
from scorekeeper.store.events import event as store_events
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.cards import Seat
from scorekeeper.store.events.event import Event
from scorekeeper.store.events.rounds import TableResult
from scorekeeper.store.games import game as games
from scorekeeper.web.events import side_hands
from scorekeeper.web.events.common import bp


@dataclass(frozen=True)
class Sitting:
    """One of the entrant's tables as its page shows it: the seat, the game, its hands' checks."""

    seat: Seat
    game: Game
    opponents: str
    hands: list[tuple[int, event_checks.Check]]
    partner: str = ""  # an individual event's partner this round
    result: TableResult | None = None  # the table as it counts: a director's correction


def _card(token: str) -> tuple[Event, int]:
    try:
        event_id, position = entrant_cards.card_of(get_db(), token)
    except entrant_cards.CardNotFound:
        abort(404)
    return store_events.get_event(get_db(), event_id), position


def _sitting(
    event: Event, seat: Seat, position: int, results: dict[str | None, TableResult]
) -> Sitting:
    names = {e.position: e.name for e in event.entrants}
    game = games.get_game(get_db(), seat.game_id)
    checks = event_checks.states(get_db(), seat.game_id)
    hands = [(n, checks.get(n, event_checks.UNCHECKED)) for n in range(1, game.hand_count + 1)]
    opponents = (" · " if seat.sides == 3 else " & ").join(names[p] for p in seat.theirs)
    partner = " & ".join(names[p] for p in seat.ours if p != position)
    return Sitting(seat, game, opponents, hands, partner, results.get(seat.game_id))


def _now(event: Event, position: int) -> Seat | None:
    """Returns the entrant's seat in the round now played (None: not started, or a bye)."""
    found = entrant_cards.seats(get_db(), event.id, position)
    return next((s for s in found if s.round == event.started), None)


@bp.get("/entrant/<token>")
def entrant(token: str) -> str:
    """Shows the entrant where it sits this round, its side's hands, and what to confirm."""
    event, position = _card(token)
    seats = entrant_cards.seats(get_db(), event.id, position)
    # the tables as they count, so a director's correction shows as the standings read it
    results = {t.game_id: t for t in event_rounds.tables(get_db(), event)} if seats else {}
    sittings = [_sitting(event, s, position, results) for s in reversed(seats)]
    now = sittings[0] if sittings and sittings[0].seat.round == event.started else None
    return render_template(
        "events/entrant.html",
        event=event,
        me=event.entrants[position],
        token=token,
        now=now,
        earlier=[s for s in sittings if s is not now],
    )


@bp.get("/entrant/<token>/round.json")
def entrant_round(token: str) -> Response:
    """Returns the round now played: the entrant's page reloads itself when it changes."""
    event, _position = _card(token)
    return jsonify({"round": event.started, "token": token})


@bp.route("/entrant/<token>/hands/new", methods=["GET", "POST"])
def entrant_hand(token: str) -> ResponseReturnValue:
    """Records the next hand of the entrant's table this round, pending for the other side."""
    event, position = _card(token)
    seat = _now(event, position)
    back = side_hands.Back(url_for("events.entrant", token=token), _("Back to your card"))
    if seat is None:
        return side_hands.refused(_("You have no table this round."), back)
    game = side_hands.current(seat.game_id)
    if event.closed:
        return side_hands.refused(_(EventIsClosed.message), back)
    if game.locked or game.head.status.over:
        return side_hands.refused(_("This table has played all its deals."), back)
    number = game.hand_count + 1
    if request.method != "POST":
        return side_hands.blank(game, number, back)

    def save(game: Game, document: dict[str, object], version: int, key: str) -> int:
        made = event_checks.record_for(
            get_db(), game.id, seat.side, dict(document), version=version, form_token=key
        )
        return made.hand_count

    def clash(fresh: Game, taken: int) -> str:
        saver = event_checks.states(get_db(), fresh.id).get(taken, event_checks.UNCHECKED)
        words = {"number": taken, "next": fresh.hand_count + 1}
        if saver.saved_by == seat.side:
            return _(
                "Hand %(number)s was already saved from your side (a partner's phone). What you "
                "typed is kept below: record it as hand %(next)s only if it is another hand.",
                **words,
            )
        if event.confirm and saver.saved_by != event_checks.NOBODY:
            return _(
                "Hand %(number)s was already saved by the other side. What you typed is kept "
                "below: go back to your card to confirm or dispute theirs, or record yours as "
                "hand %(next)s if it is another hand.",
                **words,
            )
        return _(
            "Hand %(number)s was already saved by another phone. What you typed is kept below: "
            "record it as hand %(next)s only if it is another hand.",
            **words,
        )

    return side_hands.save_form(game, number, back, save, clash)


@bp.post(
    "/entrant/<token>/rounds/<int:round_number>/hands/<int:number>/<any(confirm,dispute):state>"
)
def entrant_check(token: str, round_number: int, number: int, state: str) -> Response:
    """Confirms or disputes a hand the other side saved; a dispute goes to the director."""
    event, position = _card(token)
    seats = entrant_cards.seats(get_db(), event.id, position)
    seat = next((s for s in seats if s.round == round_number), None)
    if seat is None:
        abort(404)
    back = url_for("events.entrant", token=token, _anchor=f"r{round_number}-hand-{number}")
    try:
        checked = "confirmed" if state == "confirm" else "disputed"
        event_checks.check_as(get_db(), seat.game_id, seat.side, number, checked)
    except HandNotFound:
        abort(404)
    except event_checks.NotYours as error:
        flash(_(error.message), "error")
        return redirect(back)
    if state == "confirm":
        flash(_("Hand %(number)s confirmed.", number=number), "ok")
    else:
        flash(_("Hand %(number)s disputed: the director will look at it.", number=number), "error")
    return redirect(back)


@bp.get("/table/<token>")
def table(token: str) -> Response:
    """Sends a side's link given out before entrant cards to its entrant's own page."""
    try:
        card = entrant_cards.card_of_side(get_db(), token)
    except entrant_cards.CardNotFound:
        abort(404)
    return redirect(url_for("events.entrant", token=card))

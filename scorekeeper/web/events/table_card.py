"""A table card's QR: the table's round, sides and score, read-only, and a word to scan a pair card."""

from __future__ import annotations

from flask import abort, render_template

from scorekeeper.db import get_db
from scorekeeper.store.events import cards as entrant_cards
from scorekeeper.store.events import event as store_events
from scorekeeper.store.games import game as games
from scorekeeper.web.events.common import bp


@bp.get("/at/<token>")
def table_card(token: str) -> str:
    """Shows a table as its card's QR opens it: who sits where and the score, nothing to change."""
    try:
        event_id, round_number, number, game_id = entrant_cards.table_of_card(get_db(), token)
    except entrant_cards.CardNotFound:
        abort(404)
    event = store_events.get_event(get_db(), event_id)
    names = {e.position: e.name for e in event.entrants}
    seats = entrant_cards.table_sides(get_db(), event_id, game_id)[0]
    return render_template(
        "events/table_card.html",
        event=event,
        round_number=round_number,
        number=number,
        sides=[" & ".join(names[p] for p in side) for side in seats],
        game=games.get_game(get_db(), game_id),
    )

"""The director's printable cards: a table card per table of the round, and each entrant's card."""

from __future__ import annotations

from flask import Response, abort, request, url_for
from flask_babel import gettext as _

from scorekeeper.db import get_db
from scorekeeper.events.bounds import entrant_id
from scorekeeper.language import i18n
from scorekeeper.pdf.layout import PAPERS
from scorekeeper.pdf.table_cards import Card, PairCard, table_cards
from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.events import cards as entrant_cards
from scorekeeper.store.games import game as games
from scorekeeper.web.events.common import Board, board, bp, by_token
from scorekeeper.web.origin import public_url


def absolute(path: str) -> str:
    """Returns the absolute link a card's QR opens."""
    url = public_url(path)
    # Without a configured origin the director's own address is the best guess; the PDF goes
    # only to the director who asked, so that Host header reaches nobody else.
    return url if not url.startswith("/") else request.host_url.rstrip("/") + url


def _paper() -> str:
    paper = request.args.get("paper", "a4").lower()
    if paper not in PAPERS:
        abort(400)
    return paper


def _pairs(found: Board, only: int | None = None) -> list[PairCard]:
    """Returns the entrants' cards (or the one entrant `only` names), in entrant order."""
    tokens = entrant_cards.card_tokens(get_db(), found.event.id)
    public = store_seasons.public_of(get_db(), "event", found.event.id)
    made = [
        PairCard(
            e.name,
            " & ".join(e.players) if e.players != (e.name,) else "",
            absolute(url_for("events.entrant", token=tokens[e.position])),
            # published before printing: the card carries the entrant's scorecard address
            absolute(url_for("seasons.card", slug=public.slug, position=e.position))
            if public
            else "",
        )
        for e in found.event.entrants
        if only is None or e.position == only
    ]
    if only is not None and not made:
        abort(404)
    return made


def _pdf(data: bytes, filename: str) -> Response:
    response = Response(data, mimetype="application/pdf")
    response.headers.set("Content-Disposition", "attachment", filename=filename)
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/director/<token>/cards.pdf")
def cards(token: str) -> Response:
    """Downloads the round's table cards (A4 or Letter), round 1's with the entrants' cards."""
    paper = _paper()
    found = board(by_token(token, "director"))
    # A table card's QR opens the table read-only (the game's view link): each side records
    # and confirms from its own entrant card, never from the table's.
    made = [
        Card(
            t.number,
            t.round,
            found.side(t.north_south),
            found.side(t.east_west),
            absolute(
                url_for("events.table_card", token=games.get_game(get_db(), t.game_id).tokens.view)
            ),
            found.side(t.third) if t.third else "",
        )
        for t in found.tables
        if t.game_id
    ]
    pairs = _pairs(found) if found.event.started == 1 else []
    title = f"{found.event.name} · {_('Tables')}"
    data = table_cards(made, paper, title, lang=i18n.current(), pairs=pairs, event=found.event.name)
    return _pdf(data, f"table-cards-round-{found.event.started}.pdf")


@bp.get("/director/<token>/pair-cards.pdf")
def pair_cards(token: str) -> Response:
    """Downloads the entrants' own cards (A4 or Letter), or one entrant's with ?entrant=<id>."""
    paper = _paper()
    found = board(by_token(token, "director"))
    typed = request.args.get("entrant")
    only = None if typed is None else entrant_id(typed)
    if typed is not None and only is None:
        abort(404)
    pairs = _pairs(found, only)
    title = f"{found.event.name} · {_('Pair cards')}"
    data = table_cards([], paper, title, lang=i18n.current(), pairs=pairs, event=found.event.name)
    return _pdf(data, "pair-cards.pdf")

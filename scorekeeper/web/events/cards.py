"""The director's printable table cards: one per table of the round, each with its QR code."""

from __future__ import annotations

from flask import Response, abort, request, url_for
from flask_babel import gettext as _

from scorekeeper.language import i18n
from scorekeeper.pdf.layout import PAPERS
from scorekeeper.pdf.table_cards import Card, table_cards
from scorekeeper.web.events.common import board, bp, by_token
from scorekeeper.web.origin import public_url


def _link(path: str) -> str:
    """Returns the absolute link a card's QR opens."""
    url = public_url(path)
    # Without a configured origin the director's own address is the best guess; the PDF goes
    # only to the director who asked, so that Host header reaches nobody else.
    return url if not url.startswith("/") else request.host_url.rstrip("/") + url


@bp.get("/director/<token>/cards.pdf")
def cards(token: str) -> Response:
    """Downloads the round's table cards (A4 or Letter) in the reader's language."""
    paper = request.args.get("paper", "a4").lower()
    if paper not in PAPERS:
        abort(400)
    found = board(by_token(token, "director"))
    made = [
        Card(
            t.number,
            t.round,
            found.side(t.north_south),
            found.side(t.east_west),
            _link(url_for("games.join", token=t.token)),
        )
        for t in found.tables
    ]
    title = f"{found.event.name} · {_('Tables')}"
    data = table_cards(made, paper, title, lang=i18n.current())
    response = Response(data, mimetype="application/pdf")
    response.headers.set(
        "Content-Disposition", "attachment", filename=f"table-cards-round-{found.event.started}.pdf"
    )
    response.headers["Cache-Control"] = "private, no-store"
    return response

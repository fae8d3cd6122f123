"""The director's downloads: standings as PDF or CSV, and the entrants' scorecards as PDF."""

from __future__ import annotations

from flask import abort, request
from werkzeug import Response

from scorekeeper import event_papers
from scorekeeper.db import get_db
from scorekeeper.pdf.layout import PAPERS
from scorekeeper.web.events.common import bp, by_token


@bp.get("/director/<token>/<any('standings.pdf', 'scorecards.pdf', 'standings.csv'):kind>")
def papers(token: str, kind: str) -> Response:
    """Downloads the standings (PDF, CSV) or scorecards (every entrant's, or ?entrant=N's)."""
    event = by_token(token, "director")
    paper = request.args.get("paper", "a4").lower()
    if paper not in PAPERS:
        abort(400)
    entrant = request.args.get("entrant")
    if entrant is not None and entrant not in {e.key for e in event.entrants}:
        abort(404)
    return event_papers.download(get_db(), event, kind, paper, entrant)

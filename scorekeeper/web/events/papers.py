"""The director's downloads: standings as PDF or CSV, and the entrants' scorecards as PDF."""

from __future__ import annotations

from flask import abort, request
from werkzeug import Response

from scorekeeper.db import get_db
from scorekeeper.events.bounds import entrant_id
from scorekeeper.language import i18n
from scorekeeper.papers import csv_text, event_papers
from scorekeeper.pdf import event_sheets
from scorekeeper.pdf.layout import PAPERS
from scorekeeper.store.events.event import Event
from scorekeeper.web.events.common import bp, by_token


def download(event: Event, kind: str, paper: str, entrant: int | None) -> Response:
    """Returns one of event_papers.KINDS as an attachment, in the request's language."""
    if kind == "standings.csv":
        body: bytes | str = csv_text.text(event_papers.standings_rows(get_db(), event))
        mimetype = "text/csv"  # Werkzeug adds "; charset=utf-8" to text/*
    else:
        papers = event_papers.gather(get_db(), event, cards=kind == "scorecards.pdf")
        body, mimetype = (
            event_sheets.document(papers, kind, paper, entrant, i18n.current()),
            "application/pdf",
        )
    response = Response(body, mimetype=mimetype)
    name = event_papers.filename(event, kind, paper, entrant)
    response.headers.set("Content-Disposition", "attachment", filename=name)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.get("/director/<token>/<any('standings.pdf', 'scorecards.pdf', 'standings.csv'):kind>")
def papers(token: str, kind: str) -> Response:
    """Downloads the standings (PDF, CSV) or scorecards (every entrant's, or ?entrant=N's)."""
    event = by_token(token, "director")
    paper = request.args.get("paper", "a4").lower()
    if paper not in PAPERS:
        abort(400)
    typed = request.args.get("entrant")
    entrant = None if typed is None else entrant_id(typed)
    if typed is not None and entrant not in {e.position for e in event.entrants}:
        abort(404)
    return download(event, kind, paper, entrant)

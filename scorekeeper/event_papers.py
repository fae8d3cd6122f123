"""An event's downloads (standings PDF and CSV, scorecards PDF), for its web pages and the API."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from flask_babel import gettext
from sqlite_utils import Database
from werkzeug import Response

from scorekeeper import csv_text, i18n
from scorekeeper.pdf.event_sheets import Entry, Heading, scorecards_pdf, standings_pdf
from scorekeeper.store import event_rounds
from scorekeeper.store.events import Entrant, Event

CSV_HEAD = ["rank", "entrant", "name", "players", "victory_points", "margin", "played", "points"]


def _players(entrant: Entrant) -> str:
    """Returns a pair's players ("Ann & Bob"), or nothing when the entrant is one player."""
    return "" if entrant.players in ((), (entrant.name,)) else " & ".join(entrant.players)


def heading(event: Event) -> Heading:
    """Returns what tops each page: name, day, and the round reached (or closed)."""
    state = gettext("Round %(number)s of %(rounds)s", number=event.started, rounds=event.rounds)
    if event.closed:
        state = f"{state} · {gettext('closed')}"
    return Heading(event.name, i18n.day(event.day), state)


def entries(db: Database, event: Event) -> list[Entry]:
    """Returns the entrants in standings order with their totals."""
    by_key = {e.key: e for e in event.entrants}
    return [
        Entry(
            ln.entrant,
            by_key[ln.entrant].name,
            _players(by_key[ln.entrant]),
            ln.rank,
            ln.victory_points,
            ln.margin,
            ln.played,
        )
        for ln in event_rounds.standings(db, event.id).lines
    ]


def standings_document(db: Database, event: Event, paper: str) -> bytes:
    """Returns the standings PDF in the request's language."""
    return standings_pdf(heading(event), entries(db, event), paper, event.table.plain)


def scorecards_document(db: Database, event: Event, paper: str, entrant: str | None) -> bytes:
    """Returns the scorecards PDF: one entrant's, or every entrant's in standings order."""
    cards = event_rounds.scorecards(db, event)
    names = {e.key: e.name for e in event.entrants}

    def words(keys: Sequence[str]) -> str:
        return " & ".join(names[k] for k in keys)

    chosen = [(e, cards[e.key]) for e in entries(db, event) if entrant in (None, e.key)]
    return scorecards_pdf(
        heading(event), chosen, words, paper, individual=event.individual, plain=event.table.plain
    )


def standings_rows(db: Database, event: Event) -> list[list[Any]]:
    """Returns the standings as CSV rows under an English header, numbers as plain integers."""
    by_key = {e.key: e for e in event.entrants}
    rows: list[list[Any]] = [CSV_HEAD]
    for ln in event_rounds.standings(db, event.id).lines:
        e = by_key[ln.entrant]
        rows.append(
            [
                ln.rank,
                e.position,
                e.name,
                _players(e),
                ln.victory_points,
                ln.margin,
                ln.played,
                ln.points,
            ]
        )
    return rows


def slug(text: str) -> str:
    """Returns text as a file name's part: ASCII letters and digits joined by hyphens."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "-", ascii_text).strip("-").lower() or "event"


KINDS = ("standings.pdf", "scorecards.pdf", "standings.csv")


def download(
    db: Database, event: Event, kind: str, paper: str = "a4", entrant: str | None = None
) -> Response:
    """Returns one of the event's KINDS as an attachment, in the request's language."""
    if kind == "standings.csv":
        body: bytes | str = csv_text.text(standings_rows(db, event))
        mimetype = "text/csv; charset=utf-8"
    elif kind == "standings.pdf":
        body, mimetype = standings_document(db, event, paper), "application/pdf"
    else:
        body = scorecards_document(db, event, paper, entrant)
        mimetype = "application/pdf"
    stem = kind.split(".")[0] + (f"-{entrant}" if entrant is not None else "")
    paper_part = f"-{paper}" if kind.endswith(".pdf") else ""
    filename = f"{slug(event.name)}-{stem}{paper_part}.{kind.split('.')[1]}"
    response = Response(body, mimetype=mimetype)
    response.headers.set("Content-Disposition", "attachment", filename=filename)
    response.headers["Cache-Control"] = "private, no-cache"
    return response

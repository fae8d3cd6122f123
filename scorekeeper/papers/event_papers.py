"""What an event's downloads print, gathered from the store: headings, entrants, cards, CSV rows."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlite_utils import Database

from scorekeeper.events.scorecards import CardLine
from scorekeeper.language import gettext, i18n
from scorekeeper.store.events import handicaps as event_handicaps
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import Entrant, Event

KINDS = ("standings.pdf", "scorecards.pdf", "standings.csv")
CSV_HEAD = [
    "rank",
    "entrant",
    "name",
    "players",
    "victory_points",
    "margin",
    "played",
    "points",
    "withdrawn_after",  # the last round a withdrawn entrant played; empty while it plays on
]
# With the event's handicap option, after the columns above (docs/events.md): the handicap
# a round (empty: no rating yet), the handicapped VP (named `handicapped_total`, a contract kept),
# the place in the handicap ranking, and the handicapped margin that breaks a tie on those VP.
CSV_HANDICAP = ["handicap", "handicapped_total", "handicap_place", "handicapped_margin"]
# Ranked by average VP, last: the figure the places follow, a decimal with a dot (docs/events.md).
CSV_AVERAGE = ["vp_per_table"]


@dataclass(frozen=True)
class Heading:
    """What tops every page: the event's name, its day, and how far it has gone."""

    name: str
    day: str
    state: str  # "Round 2 of 3", or "Round 3 of 3 · closed"


@dataclass(frozen=True)
class Entry:
    """One entrant as the sheets write it: its place in the standings and its totals."""

    key: int  # the entrant's id (its position)
    name: str
    players: str  # "Ann & Bob", or "" when the entrant is one player
    rank: int
    victory_points: int
    margin: int
    played: int
    handicap: HandicapEntry | None = None  # its line of the handicap ranking, with the option
    average: Fraction | None = None  # VP per round counted, when the event ranks by it


@dataclass(frozen=True)
class HandicapEntry:
    """One entrant's line of the handicap ranking as the standings paper prints it."""

    key: int
    name: str
    players: str
    place: int
    handicap: int
    rated: bool  # False: "no rating yet"
    victory_points: int
    margin: int  # the handicapped margin, which breaks a tie on handicapped VP


@dataclass(frozen=True)
class Papers:
    """Everything the event's PDFs print, in the request's language where it is words."""

    heading: Heading
    entries: tuple[Entry, ...]  # standings order
    cards: dict[int, tuple[CardLine, ...]]  # by entrant id; empty unless asked for
    names: dict[int, str]  # entrant id -> name
    individual: bool
    plain: bool  # ranked by total points: the VP columns say "Points"
    handicap: tuple[HandicapEntry, ...] = ()  # the handicap ranking, with the event's option

    def side(self, keys: Sequence[int]) -> str:
        """Returns entrants' names joined: "Aces", or "Ann & Bob" in an individual event."""
        return " & ".join(self.names[k] for k in keys)


def _players(entrant: Entrant) -> str:
    """Returns a pair's players ("Ann & Bob"), or nothing when the entrant is one player."""
    return "" if entrant.players in ((), (entrant.name,)) else " & ".join(entrant.players)


def marked(entrant: Entrant) -> str:
    """Returns an entrant's name as the papers print it: "Aces (withdrawn)" once withdrawn."""
    if entrant.withdrawn_after is None:
        return entrant.name
    return gettext("%(name)s (withdrawn)", name=entrant.name)


def handicap_words(handicap: int, rated: bool, total: int, place: int) -> str:
    """Returns a scorecard's handicap line: the handicap a table, the handicapped VP and place."""
    given = i18n.signed(handicap) if rated else f"0 ({gettext('no rating yet')})"
    return gettext(
        "Handicap %(handicap)s a table · %(total)s handicapped VP · place %(place)s in the"
        " handicap ranking",
        handicap=given,
        total=i18n.number(total),
        place=place,
    )


def heading(event: Event) -> Heading:
    """Returns what tops each page: name, day, and the round reached (or closed)."""
    state = gettext("Round %(number)s of %(rounds)s", number=event.started, rounds=event.rounds)
    if event.closed:
        state = f"{state} · {gettext('closed')}"
    return Heading(event.name, i18n.day(event.day), state)


def gather(db: Database, event: Event, cards: bool = False) -> Papers:
    """Returns the standings (and, with `cards`, every entrant's scorecard) ready to print."""
    by_key = {e.position: e for e in event.entrants}
    handicap = _handicap_entries(db, event)
    handicap_of = {h.key: h for h in handicap}
    entries = tuple(
        Entry(
            ln.entrant,
            marked(by_key[ln.entrant]),
            _players(by_key[ln.entrant]),
            ln.rank,
            ln.victory_points,
            ln.margin,
            ln.played,
            handicap_of.get(ln.entrant),
            ln.average if event.ranking == "average" else None,
        )
        for ln in event_rounds.standings(db, event.id).lines
    )
    return Papers(
        heading(event),
        entries,
        event_rounds.scorecards(db, event) if cards else {},
        {e.position: e.name for e in event.entrants},
        event.individual,
        event.table.plain,
        handicap,
    )


def _handicap_entries(db: Database, event: Event) -> tuple[HandicapEntry, ...]:
    """Returns the handicap ranking to print, first place first; none without the option."""
    if not event.handicap:
        return ()
    by_key = {e.position: e for e in event.entrants}
    return tuple(
        HandicapEntry(
            ln.entrant,
            marked(by_key[ln.entrant]),
            _players(by_key[ln.entrant]),
            ln.place,
            ln.handicap,
            ln.rated,
            ln.victory_points,
            ln.margin,
        )
        for ln in event_handicaps.ranking(db, event.id)
    )


def standings_rows(db: Database, event: Event) -> list[list[Any]]:
    """Returns the standings as CSV rows under an English header, numbers as plain integers."""
    by_key = {e.position: e for e in event.entrants}
    average = event.ranking == "average"
    head = CSV_HEAD + (CSV_HANDICAP if event.handicap else []) + (CSV_AVERAGE if average else [])
    rows: list[list[Any]] = [head]
    found = event_handicaps.ranking(db, event.id) if event.handicap else ()
    handicaps = {ln.entrant: ln for ln in found}
    for ln in event_rounds.standings(db, event.id).lines:
        e = by_key[ln.entrant]
        row = [ln.rank, e.position, e.name, _players(e), ln.victory_points, ln.margin, ln.played]
        gone = "" if e.withdrawn_after is None else e.withdrawn_after
        rows.append([*row, ln.points, gone])
        if ln.entrant in handicaps:
            h = handicaps[ln.entrant]
            rows[-1] += [h.handicap if h.rated else "", h.victory_points, h.place, h.margin]
        elif event.handicap:
            rows[-1] += ["", "", "", ""]
        if average:
            rows[-1].append(decimal(ln.average))
    return rows


def decimal(value: Fraction) -> str:
    """Returns VP per table for a spreadsheet: a dot, up to four decimals ("12.5", "8.3333")."""
    return f"{float(value):.4f}".rstrip("0").rstrip(".")


def filename(event: Event, kind: str, paper: str, entrant: int | None) -> str:
    """Returns a download's file name: "tuesday-club-standings-a4.pdf"."""
    ascii_text = unicodedata.normalize("NFKD", event.name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^A-Za-z0-9]+", "-", ascii_text).strip("-").lower() or "event"
    stem, suffix = kind.split(".")
    stem += f"-{entrant}" if entrant is not None else ""
    stem += f"-{paper}" if suffix == "pdf" else ""
    return f"{slug}-{stem}.{suffix}"

"""What the event screens share: the blueprint, and finding an event by one of its tokens."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from babel.numbers import format_decimal
from flask import Blueprint, abort
from flask_babel import gettext as _

from scorekeeper.db import get_db
from scorekeeper.events.bounds import MAX_TABLE_SCORE
from scorekeeper.language import i18n
from scorekeeper.store.events import event as store_events
from scorekeeper.store.events import handicaps as event_handicaps
from scorekeeper.store.events import night as event_night
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import Event
from scorekeeper.store.events.rounds import TableResult

bp = Blueprint("events", __name__, url_prefix="/events")


def by_token(token: str, role: str) -> Event:
    """Returns the event this director or screen token opens; 404 otherwise."""
    try:
        return store_events.by_token(get_db(), token, role)
    except store_events.EventNotFound:
        abort(404)


def typed_scores(*typed: str) -> tuple[int, ...] | None:
    """Returns each side's score typed the page language's way (2.150 in German), or None."""
    try:
        return tuple(i18n.parse_whole(text, limit=MAX_TABLE_SCORE, negative=True) for text in typed)
    except i18n.NumberProblem:
        return None


@dataclass(frozen=True)
class Board:
    """An event as its pages show it: standings lines with names, and the round's tables."""

    event: Event
    lines: list[dict[str, Any]]
    tables: list[TableResult]
    names: dict[int, str]
    # Earlier rounds' tables whose result does not count yet: they take no more hands once
    # the next round is drawn (migration 0011), so the director sets their result here.
    open_earlier: list[TableResult] = field(default_factory=list)
    # The handicap ranking, beside the scratch one, when the event has the option.
    handicap: list[dict[str, Any]] = field(default_factory=list)
    # Each round's entrants not seated: a pair's bye, or an individual event's sit-outs.
    resting: dict[int, list[str]] = field(default_factory=dict)

    def resting_line(self, round_number: int) -> str:
        """Returns who has the bye (sits out) in a round, in words; "" when everyone plays."""
        names = ", ".join(self.resting.get(round_number, []))
        if not names:
            return ""
        if self.event.individual:
            return _("Sitting out: %(names)s", names=names)
        return _("Bye: %(names)s", names=names)

    @property
    def final(self) -> bool:
        """Tells whether the standings are final: the event is closed."""
        return self.event.closed

    @property
    def ends(self) -> str:
        """Returns when the round's time is up (UTC, ISO), or "" without a timer."""
        found = event_night.round_ends(self.event)
        return found.isoformat() if found else ""

    def side(self, positions: tuple[int, ...]) -> str:
        """Returns a side's words: a pair's name, or two players' names."""
        return " & ".join(self.names[p] for p in positions)

    def sides(self, table: TableResult) -> list[str]:
        """Returns the words of each side of a table, North-South first (three at a three)."""
        return [self.side(side) for side in table.seats]

    def others(self, table: TableResult) -> str:
        """Returns the words of a table's sides after North-South (a table of three's two)."""
        return " · ".join(self.sides(table)[1:])


def board(event: Event) -> Board:
    """Returns the standings and the latest round's tables of an event."""
    names = {e.position: e.name for e in event.entrants}
    withdrawn = {e.position: e.withdrawn_after is not None for e in event.entrants}
    lines = [
        {
            "rank": ln.rank,
            "id": ln.entrant,
            "name": names[ln.entrant],
            "victory_points": ln.victory_points,
            "margin": ln.margin,
            "played": ln.played,
            "average_text": _tenths(ln.average),
            "withdrawn": withdrawn[ln.entrant],
        }
        for ln in event_rounds.standings(get_db(), event.id).lines
    ]
    every = event_rounds.tables(get_db(), event) if event.started else []
    tables = [t for t in every if t.round == event.started]
    earlier = [t for t in every if t.round < event.started and not (t.finished or t.no_play)]
    resting: dict[int, list[str]] = {}
    for number, position in get_db().execute(
        "SELECT round, entrant FROM event_byes WHERE event_id = ? ORDER BY round, entrant",
        [event.id],
    ):
        resting.setdefault(number, []).append(names[position])
    return Board(event, lines, tables, names, earlier, handicap_lines(event, names), resting)


def handicap_lines(event: Event, names: dict[int, str]) -> list[dict[str, Any]]:
    """Returns the handicap ranking's lines as the pages show them; none without the option."""
    if not event.handicap:
        return []
    return [
        {
            "place": ln.place,
            "id": ln.entrant,
            "name": names[ln.entrant],
            "handicap": ln.handicap,
            "rated": ln.rated,
            "victory_points": ln.victory_points,
            "margin": ln.margin,
            # ranked by the VP per table: the column the standings add, so the order reads
            **({"average_text": _tenths(ln.average)} if event.ranking == "average" else {}),
        }
        for ln in event_handicaps.ranking(get_db(), event.id)
    ]


def _tenths(value: Fraction) -> str:
    """Returns VP per table as the pages write it: one decimal in the page's language."""
    return format_decimal(float(value), format="0.0", locale=i18n.current())

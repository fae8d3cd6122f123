"""An event's use of its group's ratings: frozen handicaps and balanced partnerships.

Handicaps are frozen per entrant when its first round starts (`to_freeze` before the round's
write, `freeze` inside it), so a rating that moves during the night never moves tonight's
handicaps: the handicap ranking (`handicaps.py`) recounts the stored tables with the
stored handicaps, the same on every read.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from sqlite_utils import Database

from scorekeeper.events import Round
from scorekeeper.ratings.handicap import Frozen, frozen
from scorekeeper.ratings.model import Rating
from scorekeeper.ratings.partners import Pair, balanced_round
from scorekeeper.store.events.event import Event
from scorekeeper.store.ratings import format_family, table


def ratings_by_name(db: Database, event: Event) -> dict[str, Rating]:
    """Returns the current ratings of the event's group in its format's family, by player name
    (case aside); none for an event without a group or a format in no family."""
    family = format_family(db, event.format)
    if event.group is None or family is None:
        return {}
    return {s.name.casefold(): s.rating for s in table(db, event.group, family)}


def _by_entrant(event: Event) -> dict[int, list[str]]:
    """Returns each entrant's players as the ratings know them (casefolded names)."""
    return {e.position: [p.casefold() for p in e.players] for e in event.entrants}


def to_freeze(db: Database, event: Event, round_number: int) -> dict[int, Frozen]:
    """Returns the handicaps to store for the entrants whose first round this is (by position),
    worked out from the ratings as they stand now, against the whole field's."""
    waiting = {
        row[0]
        for row in db.execute(
            "SELECT position FROM event_entrants WHERE event_id = ? AND handicap IS NULL",
            [event.id],
        )
    }
    starting = [e for e in event.entrants if e.position in waiting and e.plays(round_number)]
    if not starting:
        return {}
    ratings = ratings_by_name(db, event)
    found = frozen(ratings, _by_entrant(event))
    return {e.position: found[e.position] for e in starting}


def freeze(db: Database, event_id: str, handicaps: dict[int, Frozen]) -> None:
    """Stores frozen handicaps (inside the round's write): only where none is stored yet."""
    for position, found in handicaps.items():
        db.execute(
            "UPDATE event_entrants SET handicap = ?, rated = ? "
            "WHERE event_id = ? AND position = ? AND handicap IS NULL",
            [found.per_round, int(found.rated), event_id, position],
        )


def frozen_handicaps(db: Database, event_id: str) -> dict[int, Frozen]:
    """Returns the stored handicaps by entrant id; an entrant not yet frozen is left out."""
    return {
        position: Frozen(handicap, bool(rated))
        for position, handicap, rated in db.execute(
            "SELECT position, handicap, rated FROM event_entrants "
            "WHERE event_id = ? AND handicap IS NOT NULL",
            [event_id],
        )
    }


def balanced(db: Database, event: Event, drawn: Round, played: Collection[Pair[int]]) -> Round:
    """Returns the drawn round re-seated by rating when the event balances its partnerships."""
    if not (event.balance and event.individual):
        return drawn
    by_name = ratings_by_name(db, event)
    ratings = {
        e.position: by_name[e.players[0].casefold()]
        for e in event.entrants
        if e.players and e.players[0].casefold() in by_name
    }
    return balanced_round(drawn, ratings, played)


def partnerships(sides: Sequence[Sequence[int]]) -> set[Pair[int]]:
    """Returns the partnerships among an event's sides so far (two players a side)."""
    return {frozenset(side) for side in sides if len(side) == 2}

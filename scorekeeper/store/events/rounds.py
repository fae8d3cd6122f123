"""An event's rounds: drawing each round's tables as ordinary games, their results and standings."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from scorekeeper.events import Bye, Meeting, NoPlay, Played, Round, Standings
from scorekeeper.events.bounds import MAX_ENTRANT_NAME, MAX_TABLE_SCORE, table_scores_ok
from scorekeeper.events.scorecards import CardLine, scorecard
from scorekeeper.events.standings import Adjusted, Result
from scorekeeper.events.standings import standings as ranked
from scorekeeper.sentences.marked import N_
from scorekeeper.store import cache
from scorekeeper.store.connection import read, write
from scorekeeper.store.errors import InvalidGame
from scorekeeper.store.events import draw as event_draw
from scorekeeper.store.events import ratings as event_ratings
from scorekeeper.store.events.errors import TableRefused
from scorekeeper.store.events.event import (
    Entrant,
    Event,
    EventClosed,
    EventNotFound,
    EventProblem,
    InvalidEvent,
    get_event,
)
from scorekeeper.store.games.create import create_game
from scorekeeper.store.games.scores import Head, game_heads
from scorekeeper.store.stamps import new_token, now


@dataclass(frozen=True)
class TableResult:
    """A table as the director sees it: who plays, its game, and its result once it counts."""

    round: int
    number: int
    game_id: str | None
    token: str  # the table's link: writes this table's game and no other
    north_south: tuple[int, ...]  # entrant positions
    east_west: tuple[int, ...]
    sides: tuple[str, ...]  # the game's side names (three at a table of three)
    deals: int  # hands recorded so far
    scores: tuple[int, ...]  # the game's totals so far (or the director's correction), by side
    finished: bool  # the result counts in the standings
    no_play: bool = False
    corrected: bool = False
    pending: int = 0  # hands not yet confirmed by the other side ("opponents confirm")
    disputed: int = 0
    third: tuple[int, ...] = ()  # a three-handed (Cutthroat) table's third player

    @property
    def seats(self) -> tuple[tuple[int, ...], ...]:
        """Returns each side's entrant positions, in the game's order (three at a three)."""
        both = (self.north_south, self.east_west)
        return (*both, self.third) if self.third else both


def _side_name(entrants: Sequence[Entrant], keys: Sequence[int]) -> tuple[str, tuple[str, ...]]:
    """Returns a side's game name and players: a pair's own, or two players' names joined."""
    people = [entrants[k] for k in keys]
    if len(people) == 1:
        return people[0].name, people[0].players
    # Cut to a name's length, without the space a cut may leave at the end ("Ann & ").
    joined = " & ".join(p.name for p in people)[:MAX_ENTRANT_NAME].rstrip()
    return joined, tuple(p.name for p in people)


def draw(db: Database, event: Event) -> Round:
    """Returns the next round's tables by the event's movement, over the entrants in play."""
    raws = _tables_raw(db, event.id)
    met: Counter[Meeting] = Counter(
        frozenset(k for side in t.keys for k in side)
        for t in raws
        if not t.no_play  # a table not played is no meeting: they may still meet
    )
    byes: Counter[int] = Counter(
        r[0] for r in db.execute("SELECT entrant FROM event_byes WHERE event_id = ?", [event.id])
    )
    threes: Counter[int] = Counter(p for t in raws if t.third for side in t.keys for p in side)
    danish = event.movement == "danish" and event.started > 0
    ranked = [ln.entrant for ln in standings(db, event.id).lines] if danish else None
    sides = [side for t in raws if not t.no_play for side in t.keys]
    partnered = Counter(frozenset(side) for side in sides if len(side) == 2)
    drawn = event_draw.pick(event, met, byes, ranked, threes, partnered)
    return event_ratings.balanced(db, event, drawn, event_ratings.partnerships(sides))


def start_round(db: Database, event_id: str) -> int:
    """Starts the next round: one new game per table, byes recorded; returns its number."""
    event = get_event(db, event_id)
    if event.closed:
        raise EventClosed()
    if event.started >= event.rounds:
        raise EventClosed(N_("Every round of this event has been started."))
    drawn = draw(db, event)
    if len(drawn.seats) == 0:
        raise EventClosed(N_("Too few entrants are left to play a round."))
    # Each table's game goes through create_game (its own transaction), then the round's rows
    # in one: a round half drawn leaves only unreferenced games, never half a round.
    made = []
    for seat in drawn.seats:
        sides = [_side_name(event.entrants, side) for side in seat.sides]
        format_id, options, document = event_draw.table_format(db, event, seat)
        try:
            game = create_game(
                db,
                format_id=format_id,
                options=options,
                sides=sides,
                first_dealer=sides[0][1][0],
                inline=document,
                group=event.group,
            )
        except InvalidGame as error:  # entrants stored before the store judged their names
            problem = error.params.get("problem", error.message)
            raise TableRefused(seat.table, " – ".join(n for n, _ in sides), problem) from error
        made.append((seat, game.id))
    handicaps = event_ratings.to_freeze(db, event, drawn.number)
    with write(db):
        if get_event(db, event_id).started >= drawn.number:  # another director's tap won
            raise EventClosed(N_("This round has already started."))
        for seat, game_id in made:
            db.table("event_tables").insert(
                {
                    "event_id": event_id,
                    "round": drawn.number,
                    "number": seat.table,
                    "game_id": game_id,
                    "north_south": json.dumps(list(seat.north_south)),
                    "east_west": json.dumps(list(seat.east_west)),
                    "third": json.dumps(list(seat.third)),
                }
            )
            db.table("event_side_tokens").insert_all(
                {"token": new_token(), "game_id": game_id, "side": side}
                for side in range(len(seat.sides))
            )
        db.table("event_byes").insert_all(
            {"event_id": event_id, "round": drawn.number, "entrant": k} for k in drawn.byes
        )
        db.execute("UPDATE events SET round_started_at = ? WHERE id = ?", [now(), event_id])
        event_ratings.freeze(db, event_id, handicaps)
    return drawn.number


@dataclass(frozen=True)
class _Raw:
    round: int
    number: int
    game_id: str | None
    north_south: tuple[int, ...]
    east_west: tuple[int, ...]
    no_play: bool
    corrected: tuple[int, ...] | None
    third: tuple[int, ...] = ()

    @property
    def keys(self) -> tuple[tuple[int, ...], ...]:
        """Returns each side's entrant ids (three sides at a table of three)."""
        sides = (self.north_south, self.east_west, self.third)
        return tuple(side for side in sides if side)


def _tables_raw(db: Database, event_id: str) -> list[_Raw]:
    return [
        _Raw(
            r["round"],
            r["number"],
            r["game_id"],
            tuple(json.loads(r["north_south"])),
            tuple(json.loads(r["east_west"])),
            bool(r["no_play"]),
            tuple(json.loads(r["corrected"])) if r["corrected"] else None,
            tuple(json.loads(r["third"])),
        )
        for r in db.query(
            "SELECT * FROM event_tables WHERE event_id = ? ORDER BY round, number", [event_id]
        )
    ]


def _checks(db: Database, game_ids: Sequence[str]) -> dict[str, dict[int, str]]:
    """Returns each game's hand checks ("opponents confirm"), by game and hand: one query."""
    marks = ",".join("?" * len(game_ids))
    found: dict[str, dict[int, str]] = {}
    for game_id, number, state in db.execute(
        f"SELECT game_id, number, state FROM event_hand_checks WHERE game_id IN ({marks})",
        list(game_ids),
    ):
        found.setdefault(game_id, {})[number] = state
    return found


def tables(db: Database, event: Event, round_number: int | None = None) -> list[TableResult]:
    """Returns the event's tables (of one round, or all) with each game's result so far."""
    # Kept by the event's version (store/cache.py): it moves with any change to what this
    # reads, and the event was read before this, so what is kept is never older than its key.
    key = cache.key(db, event.id)
    if key is None:
        return _tables(db, event, round_number)
    kept = (*key, "tables", event.version, round_number)
    return list(cache.events.through(kept, lambda: tuple(_tables(db, event, round_number))))


def _tables(db: Database, event: Event, round_number: int | None) -> list[TableResult]:
    """Reads the tables; a table whose game and checks did not move since is the one kept."""
    # While 20 tables record, the event's version moves with every hand; each table's own
    # result is kept by its game's version and checks, so a read redoes only the tables
    # that moved since the last one (store/cache.py).
    with read(db):  # one snapshot: the tables, their games' stored heads and their links
        raws = [r for r in _tables_raw(db, event.id) if round_number in (None, r.round)]
        ids = [r.game_id for r in raws if r.game_id]
        marks = ",".join("?" * len(ids))
        versions = dict(db.execute(f"SELECT id, version FROM games WHERE id IN ({marks})", ids))
        checks = _checks(db, ids) if event.confirm else {}
        room = cache.key(db, "event tables")

        def key_of(raw: _Raw) -> tuple[object, ...] | None:
            if room is None:
                return None
            game = raw.game_id or ""
            marks_of = tuple(sorted(checks.get(game, {}).items()))
            return (*room, raw, versions.get(game), marks_of, event.deals_per_round)

        found = {raw: _kept(key_of(raw)) for raw in raws}
        missing = [raw.game_id for raw, kept in found.items() if kept is None and raw.game_id]
        heads = game_heads(db, missing)  # one query for the moved tables' totals and end
        marks = ",".join("?" * len(missing))
        links = dict(db.execute(f"SELECT id, edit_token FROM games WHERE id IN ({marks})", missing))
        names: dict[str, list[str]] = {}
        for game_id, name in db.execute(  # as the table may have renamed them since
            f"SELECT game_id, name FROM sides WHERE game_id IN ({marks}) ORDER BY position",
            missing,
        ):
            names.setdefault(game_id, []).append(name)
        made = []
        for raw, kept in found.items():
            if kept is None:
                game = raw.game_id or ""
                kept = _result(event, raw, heads.get(game), links, names, checks.get(game, {}))
                if (key := key_of(raw)) is not None:
                    cache.tables.put(key, kept)
            made.append(kept)
        return made


def _kept(key: tuple[object, ...] | None) -> TableResult | None:
    found: TableResult | None = cache.tables.get(key) if key is not None else None
    return found


def _result(
    event: Event,
    raw: _Raw,
    head: Head | None,
    links: dict[str, str],
    names: dict[str, list[str]],
    checks: dict[int, str],
) -> TableResult:
    """Returns one table with its game's stored totals, north-south's first."""
    count = 3 if raw.third else 2
    sides = tuple(names.get(raw.game_id or "", [""] * count))
    scores = tuple(head.totals.get(side, 0) if head else 0 for side in sides)
    deals = head.hand_count if head else 0
    pending, disputed = _waiting(event, deals, checks)
    finished = _finished(event, raw, head, deals, pending + disputed)
    return TableResult(
        raw.round,
        raw.number,
        raw.game_id,
        links.get(raw.game_id or "", ""),
        raw.north_south,
        raw.east_west,
        sides,
        deals,
        raw.corrected or scores,
        finished and not raw.no_play,
        raw.no_play,
        raw.corrected is not None,
        pending,
        disputed,
        raw.third,
    )


def _waiting(event: Event, deals: int, checks: dict[int, str]) -> tuple[int, int]:
    """Returns how many of a table's hands wait for a confirmation, and how many are disputed."""
    # A hand counts once the other side confirmed it; saved through the game's own link it
    # waits for a confirmation from either side.
    pending = sum(1 for n in range(1, deals + 1) if checks.get(n, "pending") == "pending")
    disputed = sum(1 for s in checks.values() if s == "disputed")
    return (pending if event.confirm else 0), disputed


def _finished(event: Event, raw: _Raw, head: Head | None, deals: int, waiting: int) -> bool:
    """Tells whether a table's result counts: corrected, or all its deals played and agreed."""
    played = head is not None and (deals >= event.deals_per_round or head.over)
    return raw.corrected is not None or (played and waiting == 0)


def results(
    db: Database, event: Event, found_tables: Sequence[TableResult] | None = None
) -> list[Result]:
    """Returns what counts in the standings: finished tables, no-plays and byes."""
    found: list[Result] = []
    for t in tables(db, event) if found_tables is None else found_tables:
        if t.no_play:
            found.append(NoPlay(t.round, tuple(p for side in t.seats for p in side), t.number))
        elif t.finished:
            found.append(played(t))
    for r in db.execute(
        "SELECT round, entrant FROM event_byes WHERE event_id = ? ORDER BY round", [event.id]
    ):
        found.append(Bye(r[0], r[1]))
    for r in db.execute(
        "SELECT round, entrant, kind, victory_points, margin FROM event_adjustments"
        " WHERE event_id = ? ORDER BY round, entrant",
        [event.id],
    ):
        found.append(Adjusted(r[0], r[1], r[2], r[3], r[4]))
    return found


def standings(db: Database, event_id: str) -> Standings:
    """Returns the event's standings, worked out from its tables' games as they are now."""
    event = get_event(db, event_id)

    def count() -> Standings:
        with read(db):
            found = results(db, event)
        keys = [e.position for e in event.entrants]
        return ranked(event.id, keys, found, event.table, event.bye, event.ranking)

    key = cache.key(db, event.id)
    return cache.events.through((*key, "standings", event.version), count) if key else count()


def scorecards(db: Database, event: Event) -> dict[int, tuple[CardLine, ...]]:
    """Returns each entrant's scorecard by entrant id: every round so far, tables in play too."""
    with read(db):
        found_tables = tables(db, event)
        found = results(db, event, found_tables)
    playing = [played(t) for t in found_tables if not t.finished and not t.no_play]
    return {
        e.position: scorecard(e.position, found, event.table, event.bye, playing)
        for e in event.entrants
    }


def played(t: TableResult) -> Played:
    """Returns a table as the standings read it: each side's entrant ids and its scores."""
    return Played(t.round, t.north_south, t.east_west, t.scores, t.number, t.third)


def _table_row(db: Database, event_id: str, round_number: int, number: int) -> int:
    """Returns how many sides the table has (2, or 3 at a table of three); EventNotFound else."""
    found = db.execute(
        "SELECT third FROM event_tables WHERE event_id = ? AND round = ? AND number = ?",
        [event_id, round_number, number],
    ).fetchone()
    if found is None:
        raise EventNotFound()
    return 3 if found[0] != "[]" else 2


def correct(
    db: Database, event_id: str, round_number: int, number: int, scores: tuple[int, ...] | None
) -> None:
    """Sets (or, with None, clears) the director's result of a table, which then counts as is."""
    if scores is not None and not table_scores_ok(scores):
        raise InvalidEvent([EventProblem("scores", "table_scores", {"most": MAX_TABLE_SCORE})])
    with write(db):
        sides = _table_row(db, event_id, round_number, number)
        if scores is not None and len(scores) != sides:  # a score for each side, no more
            raise InvalidEvent([EventProblem("scores", "table_sides", {"count": sides})])
        db.execute(
            "UPDATE event_tables SET corrected = ?, no_play = 0 WHERE event_id = ? AND round = ? AND number = ?",
            [json.dumps(list(scores)) if scores else None, event_id, round_number, number],
        )


def mark_no_play(
    db: Database, event_id: str, round_number: int, number: int, no_play: bool = True
) -> None:
    """Marks a table as not played (nobody is credited), or clears the mark."""
    with write(db):
        _table_row(db, event_id, round_number, number)
        db.execute(
            "UPDATE event_tables SET no_play = ? WHERE event_id = ? AND round = ? AND number = ?",
            [int(no_play), event_id, round_number, number],
        )

"""Each closed night's figures, stored once, and a season's standings read from them.

A night's figures (each entrant's place, victory points and tables, and its place and
victory points in the night's handicap ranking, for a season with handicaps) are written when its
event closes, and kept with the event's version they were read at: a correction or a reopen
moves the version (SQL triggers of migration 0009), and the next reader reads that one
night again. A season of 52 nights x 20 tables therefore replays no game when it is read.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from scorekeeper.seasons import NightLine, SeasonLine
from scorekeeper.seasons import season_standings as counted
from scorekeeper.store.connection import insert_many, write
from scorekeeper.store.events import handicaps as event_handicaps
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import EventNotFound, get_event
from scorekeeper.store.seasons.seasons import Season


@dataclass(frozen=True)
class Night:
    """One night of a season: its event, name and day."""

    event: str
    name: str
    day: str


def night_changed(db: Database, event_id: str) -> None:
    """Stores the night's figures again (a closed event) or removes them (an open one)."""
    found = db.execute(
        "SELECT version, closed_at IS NOT NULL FROM events WHERE id = ?", [event_id]
    ).fetchone()
    if found is None:
        raise EventNotFound()
    version, closed = int(found[0]), bool(found[1])
    figures = _figures(db, event_id) if closed else []
    with write(db):
        db.execute("DELETE FROM season_nights WHERE event_id = ?", [event_id])
        if closed:
            db.execute(
                "INSERT INTO season_nights (event_id, version) VALUES (?, ?)", [event_id, version]
            )
            insert_many(db, "season_figures", figures)


def _figures(db: Database, event_id: str) -> list[dict[str, object]]:
    """Returns each entrant's figure of the night as its standings count it now."""
    event = get_event(db, event_id)
    lines = event_rounds.standings(db, event_id).lines
    byes = dict(
        db.execute(
            "SELECT entrant, count(*) FROM event_byes WHERE event_id = ? GROUP BY entrant",
            [event_id],
        ).fetchall()
    )
    entrants = {e.position: e for e in event.entrants}
    handicap = {ln.entrant: ln for ln in event_handicaps.ranking(db, event_id)}
    return [
        {
            "event_id": event_id,
            "position": entrants[line.entrant].position,
            "name": entrants[line.entrant].name,
            "players": json.dumps(list(entrants[line.entrant].players)),
            "rank": line.rank,
            "victory_points": line.victory_points,
            "tables": line.played + byes.get(line.entrant, 0),
            "handicap_rank": handicap[line.entrant].place,
            "handicap_victory_points": handicap[line.entrant].victory_points,
        }
        for line in lines
    ]


_FIGURES = ("rank", "victory_points", "tables", "handicap_rank", "handicap_victory_points")


def night_differences(db: Database, event_id: str) -> list[str]:
    """Returns how a closed night's stored figures (current by version) differ from a recount
    of its tables with its frozen handicaps; empty when they agree or none are current."""
    columns = ", ".join(("position", *_FIGURES))
    stored = {
        row[0]: row[1:]
        for row in db.execute(
            f"SELECT {columns} FROM season_figures f JOIN season_nights n USING (event_id) "
            "JOIN events e ON e.id = n.event_id AND e.version = n.version WHERE f.event_id = ?",
            [event_id],
        )
    }
    if not stored:
        return []
    found = []
    for figure in _figures(db, event_id):
        kept = stored.get(figure["position"])
        again = tuple(figure[k] for k in _FIGURES)
        if kept is not None and kept[3] is not None and kept != again:  # 0013 on: all five
            found.append(f"entrant {figure['position']}: stored {kept}, recounted {again}")
    return found


def nights(db: Database, season: Season) -> list[Night]:
    """Returns the season's nights: its group's closed events in its dates, the first first."""
    chosen = "" if season.events is None else "AND id IN (SELECT value FROM json_each(?))"
    family = "" if season.format is None else "AND format = ?"
    params: list[object] = [season.group, season.date_from, season.date_to]
    params += [] if season.events is None else [json.dumps(list(season.events))]
    params += [] if season.format is None else [season.format]
    found = db.execute(
        "SELECT id, name, day FROM events WHERE group_id = ? AND day BETWEEN ? AND ? "
        f"AND closed_at IS NOT NULL {chosen} {family} ORDER BY day, created_at, id",
        params,
    ).fetchall()
    return [Night(*row) for row in found]


def season_stamp(db: Database, season: Season) -> str:
    """Returns what a season's standings are read from: each night's event and its version.

    Two reads with the same stamp show the same standings (a correction, a reopen or a newly
    closed night moves it): the season's version, for a public page's ETag.
    """
    found = nights(db, season)
    ids = json.dumps([n.event for n in found])
    versions = db.execute(
        "SELECT id, version FROM events WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id",
        [ids],
    ).fetchall()
    return ",".join(f"{event}.{version}" for event, version in versions)


def _stale(db: Database, found: Sequence[Night]) -> list[str]:
    """Returns the nights whose figures are missing or older than their event."""
    ids = json.dumps([n.event for n in found])
    return [
        row[0]
        for row in db.execute(
            "SELECT e.id FROM events e LEFT JOIN season_nights n ON n.event_id = e.id "
            "WHERE e.id IN (SELECT value FROM json_each(?)) "
            "AND (n.version IS NULL OR n.version != e.version)",
            [ids],
        )
    ]


def night_lines(
    db: Database, season: Season, found: Sequence[Night], handicap: bool = False
) -> list[list[NightLine]]:
    """Returns each night's stored lines, crediting the entrant or each of its players; with
    `handicap`, its place and VP in the night's handicap ranking (stored before 0013: scratch)."""
    for event_id in _stale(db, found):
        night_changed(db, event_id)
    by_night: dict[str, list[NightLine]] = {n.event: [] for n in found}
    by_player = season.rule.by == "player"
    # Plain tuples, and the players' JSON read only when the season counts by player: a
    # season of 52 nights x 40 entrants reads 2,080 rows on every view.
    figures = (
        "coalesce(handicap_rank, rank), coalesce(handicap_victory_points, victory_points)"
        if handicap
        else "rank, victory_points"
    )
    for event_id, name, players, rank, vp, tables in db.execute(
        f"SELECT event_id, name, players, {figures}, tables FROM season_figures "
        "WHERE event_id IN (SELECT value FROM json_each(?)) ORDER BY event_id, 4",
        [json.dumps(list(by_night))],
    ):
        names = tuple(json.loads(players)) if by_player else (name,)
        by_night[event_id].append(NightLine(names, rank, vp, tables))
    return [by_night[n.event] for n in found]


def season_standings(db: Database, season: Season) -> tuple[list[Night], list[SeasonLine]]:
    """Returns the season's nights and its standings, read from the stored figures."""
    found = nights(db, season)
    return found, counted(season.rule, night_lines(db, season, found))


def handicap_standings(db: Database, season: Season) -> list[SeasonLine]:
    """Returns the season's handicap ranking: its rule over each night's handicap figures (a
    night whose event froze no handicap counts as scratch); none without the option."""
    if not season.handicap:
        return []
    return counted(season.rule, night_lines(db, season, nights(db, season), handicap=True))

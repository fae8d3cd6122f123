"""A group's seasons: made with their rule, read back, found by one of their nights."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from scorekeeper.basics.days import day_of
from scorekeeper.engine.names import tidy
from scorekeeper.seasons import SeasonRule, rule_problems
from scorekeeper.sentences.marked import N_
from scorekeeper.store.connection import rows, write
from scorekeeper.store.errors import FieldProblem, InvalidFields, StoreError
from scorekeeper.store.stamps import new_token, now

MAX_SEASON_NAME = 80
MAX_CHOSEN = 400


class SeasonProblem(FieldProblem):
    """One bad field of a new season: its name in the API's body, a code and its params."""


class InvalidSeason(InvalidFields):
    """The season cannot be made like this; `problems` names each bad field."""


class SeasonNotFound(StoreError):
    """No season has this id (in this group)."""

    def __init__(self) -> None:
        super().__init__(N_("There is no such season."))


@dataclass(frozen=True)
class NewSeason:
    """A season as asked for: its name, dates, chosen nights or format family, and rule."""

    name: str
    date_from: str
    date_to: str
    rule: SeasonRule = SeasonRule()
    events: tuple[str, ...] | None = None  # None: every closed event of the group in the dates
    format: str | None = None  # only nights of this format family
    handicap: bool = False  # a handicap ranking beside the scratch one (its nights' handicaps)


@dataclass(frozen=True)
class Season(NewSeason):
    """A saved season of a group."""

    id: str = ""
    group: str = ""


def season_problems(db: Database, group_id: str, new: NewSeason) -> list[SeasonProblem]:
    """Returns every problem of a new season: its name, dates, chosen nights and rule."""
    found = [SeasonProblem(f, c, p) for f, c, p in rule_problems(new.rule)]
    if not 1 <= len(tidy(new.name)) <= MAX_SEASON_NAME:
        found.append(SeasonProblem("name", "season_name", {"most": MAX_SEASON_NAME}))
    first, last = day_of(new.date_from), day_of(new.date_to)
    if first is None:
        found.append(SeasonProblem("from", "season_dates"))
    if last is None or (first is not None and last < first):
        found.append(SeasonProblem("to", "season_dates"))
    if new.events is not None and (len(new.events) > MAX_CHOSEN or not _ours(db, group_id, new)):
        found.append(SeasonProblem("events", "season_events"))
    return found


def _ours(db: Database, group_id: str, new: NewSeason) -> bool:
    """Tells whether every chosen event is one of the group's."""
    chosen = set(new.events or ())
    marks = ",".join("?" * len(chosen))
    count = db.execute(
        f"SELECT count(*) FROM events WHERE group_id = ? AND id IN ({marks})",
        [group_id, *chosen],
    ).fetchone()[0]
    return int(count) == len(chosen)


def create_season(db: Database, group_id: str, new: NewSeason) -> Season:
    """Saves a new season of the group; InvalidSeason names each bad field."""
    problems = season_problems(db, group_id, new)
    if problems:
        raise InvalidSeason(problems)
    season = Season(**{**vars(new), "name": tidy(new.name)}, id=new_token(), group=group_id)
    with write(db):
        db.execute(
            "INSERT INTO seasons (id, group_id, name, date_from, date_to, events, format, rule, "
            "created_at, handicap) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                season.id,
                group_id,
                season.name,
                season.date_from,
                season.date_to,
                None if season.events is None else json.dumps(list(season.events)),
                season.format,
                json.dumps(dataclasses.asdict(season.rule)),
                now(),
                int(season.handicap),
            ],
        )
    return season


def _season(row: Mapping[str, Any]) -> Season:
    rule = json.loads(row["rule"])
    rule["place_points"] = tuple(rule["place_points"])
    events = None if row["events"] is None else tuple(json.loads(row["events"]))
    return Season(
        name=row["name"],
        date_from=row["date_from"],
        date_to=row["date_to"],
        rule=SeasonRule(**rule),
        events=events,
        format=row["format"],
        handicap=bool(row["handicap"]),
        id=row["id"],
        group=row["group_id"],
    )


def get_season(db: Database, season_id: str, group_id: str | None = None) -> Season:
    """Returns the season (only of this group, when one is named); SeasonNotFound otherwise."""
    found = rows(db, "SELECT * FROM seasons WHERE id = ?", [season_id])
    if not found or group_id not in (None, found[0]["group_id"]):
        raise SeasonNotFound()
    return _season(found[0])


def group_seasons(db: Database, group_id: str) -> list[Season]:
    """Returns the group's seasons, the latest first."""
    found = rows(
        db,
        "SELECT * FROM seasons WHERE group_id = ? ORDER BY date_to DESC, created_at DESC",
        [group_id],
    )
    return [_season(r) for r in found]


@dataclass(frozen=True)
class GroupNight:
    """One of the group's events a season may count: its id, name, day, format, whether closed."""

    id: str
    name: str
    day: str
    format: str
    closed: bool


def group_nights(db: Database, group_id: str) -> list[GroupNight]:
    """Returns the group's events (the latest first, at most MAX_CHOSEN), for a season's form."""
    found = db.execute(
        "SELECT id, name, day, format, closed_at IS NOT NULL FROM events WHERE group_id = ? "
        "ORDER BY day DESC, created_at DESC LIMIT ?",
        [group_id, MAX_CHOSEN],
    ).fetchall()
    return [GroupNight(i, n, d, f, bool(c)) for i, n, d, f, c in found]


def seasons_of_night(db: Database, event_id: str) -> list[Season]:
    """Returns the seasons that count this event among their nights (it must be closed)."""
    found = db.execute(
        "SELECT group_id, day, format FROM events WHERE id = ? AND closed_at IS NOT NULL",
        [event_id],
    ).fetchone()
    if found is None or found[0] is None:
        return []
    group, day, family = found
    return [
        s
        for s in group_seasons(db, group)
        if s.date_from <= day <= s.date_to
        and (s.events is None or event_id in s.events)
        and s.format in (None, family)
    ]

"""A group's finished games as the model's matches, per family, in the order they ended."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from sqlite_utils import Database

from scorekeeper.ratings.families import family_of
from scorekeeper.ratings.model import Match

# The preset each game of the group was started from: a preset game's own; an event table's
# event's format (a house format's base); a house format's base; else the document's id.
_PRESETS = (
    "SELECT gg.game_id, gr.source, gr.source_id, hf.base, e.format, ehf.base, "
    "json_extract(gr.document, '$.id') FROM group_games gg "
    "JOIN game_rules gr ON gr.game_id = gg.game_id AND gr.from_hand = 1 "
    "LEFT JOIN house_formats hf ON hf.id = gr.source_id "
    "LEFT JOIN event_tables et ON et.game_id = gg.game_id "
    "LEFT JOIN events e ON e.id = et.event_id "
    "LEFT JOIN house_formats ehf ON ehf.id = e.format WHERE gg.group_id = ?{only}"
)


def _only(query: str, group_id: str, game_id: str | None) -> tuple[str, list[str]]:
    """Returns a group query and its parameters, narrowed to one game when `game_id` is given."""
    if game_id is None:
        return query.format(only=""), [group_id]
    return query.format(only=" AND gg.game_id = ?"), [group_id, game_id]


def game_families(db: Database, group_id: str, game_id: str | None = None) -> dict[str, str]:
    """Returns the family of each game of the group (or only `game_id`) that has one."""
    found: dict[str, str] = {}
    for game, source, source_id, base, event_format, event_base, document_id in db.execute(
        *_only(_PRESETS, group_id, game_id)
    ).fetchall():
        if source == "preset":
            preset = source_id
        elif event_format is not None:
            preset = event_base or event_format
        else:
            preset = base or document_id
        family = family_of(preset)
        if family is not None:
            found[game] = family
    return found


# Only what the model needs of each finished game, from the head the engine stored with it
# (store/games/scores.py): its counted totals, and when it ended as store/groups/figures.py says it (the
# hand that ended it was recorded then, or the game last changed before that: an import).
_ENDED = (
    "SELECT g.id, g.updated_at, h.created_at, json_extract(g.head, '$.totals') "
    "FROM group_games gg JOIN games g ON g.id = gg.game_id "
    "LEFT JOIN hands h ON h.game_id = g.id AND h.number = g.ended_at "
    "WHERE gg.group_id = ?{only} AND g.deleted_at IS NULL "
    "AND json_extract(g.head, '$.status.over')"
)
# Each side of the group's games in order: its name (the key of the totals) and its seats.
_SIDES = (
    "SELECT s.game_id, s.name, (SELECT count(*) FROM players p WHERE p.game_id = s.game_id "
    "AND p.side_position = s.position) FROM group_games gg JOIN sides s ON s.game_id = gg.game_id "
    "WHERE gg.group_id = ?{only} ORDER BY s.game_id, s.position"
)


@dataclass(frozen=True)
class Finished:
    """A finished game of the group as the ratings read it: sides' totals and seat counts."""

    game_id: str
    ended: str
    sides: tuple[tuple[int, int], ...]  # (total, seats) per side, in side order
    seats: Mapping[int, list[str]]  # side -> the group players in its seats, in seat order


def match_of(game: Finished) -> Match | None:
    """Returns a finished game as a match when every seat of it is a group player; else None."""
    teams = []
    for position, (_total, count) in enumerate(game.sides):
        players = game.seats.get(position, [])
        if not players or len(players) != count:
            return None  # a seat without a group player: nobody in the game is rated by it
        teams.append(tuple(players))
    return Match(game.game_id, tuple(teams), tuple(total for total, _count in game.sides))


_SEATS = (
    "SELECT s.game_id, s.side_position, s.player_id FROM game_seats s "
    "JOIN group_games gg ON gg.game_id = s.game_id WHERE gg.group_id = ?{only} "
    "ORDER BY s.game_id, s.side_position, s.position"
)


def seats_of(
    db: Database, group_id: str, game_id: str | None = None
) -> dict[str, dict[int, list[str]]]:
    """Returns, per game of the group, the players linked to each side's seats, in order."""
    found: dict[str, dict[int, list[str]]] = {}
    for game, side, player in db.execute(*_only(_SEATS, group_id, game_id)):
        found.setdefault(game, {}).setdefault(side, []).append(player)
    return found


def finished_games(db: Database, group_id: str, game_id: str | None = None) -> list[Finished]:
    """Returns the group's finished games (or only `game_id`) with sides' totals and seats."""
    seats = seats_of(db, group_id, game_id)
    sides: dict[str, list[tuple[str, int]]] = {}
    for game, name, count in db.execute(*_only(_SIDES, group_id, game_id)):
        sides.setdefault(game, []).append((name, count))
    found = []
    for game, changed, last_counted, totals_text in db.execute(*_only(_ENDED, group_id, game_id)):
        totals = json.loads(totals_text)
        found.append(
            Finished(
                game,
                min(last_counted, changed) if last_counted else changed,
                tuple((int(totals.get(name, 0)), count) for name, count in sides[game]),
                seats.get(game, {}),
            )
        )
    return found


def _order(ended: str, match: Match) -> tuple[str, tuple[int, ...], str]:
    # When it ended first; two games ended in the same second by what was played, so the
    # order never hangs on ids (an import gives games new ones); the id only last of all.
    return ended, match.totals, match.key


def group_matches(
    db: Database, group_id: str, known: Mapping[str, str] | None = None
) -> dict[str, list[tuple[str, Match]]]:
    """Returns the group's rateable finished games per family with when each ended, in that
    order; `known`: when games already rated ended (kept, whatever changed in them since)."""
    families, known = game_families(db, group_id), known or {}
    keyed: dict[str, list[tuple[tuple[str, tuple[int, ...], str], Match]]] = {}
    for game in finished_games(db, group_id):
        family = families.get(game.game_id)
        match = match_of(game) if family else None
        if family and match is not None and match.rateable():
            ended = known.get(game.game_id, game.ended)
            keyed.setdefault(family, []).append((_order(ended, match), match))
    return {family: [(k[0], m) for k, m in sorted(rows)] for family, rows in keyed.items()}

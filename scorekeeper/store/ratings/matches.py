"""A group's finished games as the model's matches, per family, in the order they ended."""

from __future__ import annotations

import json
from collections.abc import Mapping

from sqlite_utils import Database

from scorekeeper.ratings.families import family_of
from scorekeeper.ratings.model import Match
from scorekeeper.stats.tables import Played
from scorekeeper.store.figures import played

# The preset each game of the group was started from: a preset game's own; an event table's
# event's format (a house format's base); a house format's base; else the document's id.
_PRESETS = (
    "SELECT gg.game_id, gr.source, gr.source_id, hf.base, e.format, ehf.base, "
    "json_extract(gr.document, '$.id') FROM group_games gg "
    "JOIN game_rules gr ON gr.game_id = gg.game_id AND gr.from_hand = 1 "
    "LEFT JOIN house_formats hf ON hf.id = gr.source_id "
    "LEFT JOIN event_tables et ON et.game_id = gg.game_id "
    "LEFT JOIN events e ON e.id = et.event_id "
    "LEFT JOIN house_formats ehf ON ehf.id = e.format WHERE gg.group_id = ?"
)


def game_families(db: Database, group_id: str) -> dict[str, str]:
    """Returns the family of each game of the group that has one."""
    found: dict[str, str] = {}
    for game_id, source, source_id, base, event_format, event_base, document_id in db.execute(
        _PRESETS, [group_id]
    ).fetchall():
        if source == "preset":
            preset = source_id
        elif event_format is not None:
            preset = event_base or event_format
        else:
            preset = base or document_id
        family = family_of(preset)
        if family is not None:
            found[game_id] = family
    return found


def match_of(game: Played) -> Match | None:
    """Returns a finished game as a match when every seat of it is a group player; else None."""
    figures = game.figures
    if not figures.get("finished"):
        return None
    teams = []
    for position, side in enumerate(figures["sides"]):
        players = game.side_players(position)
        if not players or len(players) != len(side["players"]):
            return None  # a seat without a group player: nobody in the game is rated by it
        teams.append(players)
    return Match(game.game_id, tuple(teams), tuple(int(s["total"]) for s in figures["sides"]))


def _order(ended: str, match: Match) -> tuple[str, str, str]:
    # When it ended first; two games ended in the same second by what was played, so the
    # order never hangs on ids (an import gives games new ones); the id only last of all.
    return ended, json.dumps(match.totals), match.key


def group_matches(
    db: Database, group_id: str, known: Mapping[str, str] | None = None
) -> dict[str, list[tuple[str, Match]]]:
    """Returns the group's rateable finished games per family with when each ended, in that
    order; `known`: when games already rated ended (kept, whatever changed in them since)."""
    families, known = game_families(db, group_id), known or {}
    keyed: dict[str, list[tuple[tuple[str, str, str], Match]]] = {}
    for game in played(db, group_id):
        family = families.get(game.game_id)
        match = match_of(game) if family else None
        if family and match is not None and match.rateable():
            ended = known.get(game.game_id, game.ended)
            keyed.setdefault(family, []).append((_order(ended, match), match))
    return {family: [(k[0], m) for k, m in sorted(rows)] for family, rows in keyed.items()}

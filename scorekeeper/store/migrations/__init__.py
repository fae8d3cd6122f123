"""The schema, as named forward-only migrations: append new steps, never edit old ones.

Each step is a function in the module of its concern; `STEPS` lists them in the order a new
database runs them (the order they were written in, whatever their numbers say).
"""

from __future__ import annotations

from collections.abc import Callable

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from scorekeeper.store.migrations import events, games, ratings, seasons, sharing

STEPS: list[tuple[str, Callable[[Database], None]]] = [
    ("0001_initial", games.initial),
    ("0002_games_rewritten", games.games_rewritten),
    ("0003_game_rules", games.game_rules),
    ("0003_games_target_raises", games.games_target_raises),
    ("0004_house_formats", sharing.house_formats),
    ("0003_idempotency_request_digest", games.idempotency_request_digest),
    ("0003_games_archived_deleted", games.games_archived_deleted),
    ("0005_groups", sharing.groups),
    ("0006_raises_after_deleted_hands", games.raises_after_deleted_hands),
    ("0007_stored_scores", games.stored_scores),
    ("0008_group_access", sharing.group_access),
    ("0009_events", events.events),
    ("0008_house_format_access", sharing.house_format_access),
    ("0008_group_formats", sharing.group_formats),
    ("0007_unread_hands_marked", games.unread_hands_marked),
    ("0009_event_version", events.event_version),
    ("0010_seasons", seasons.seasons),
    ("0010_event_entrant_cards", events.entrant_cards),
    ("0010_event_seating_ranking_timer", events.event_seating_ranking_timer),
    ("0010_event_adjustments", events.event_adjustments),
    ("0010_ratings_per_family", ratings.ratings),
    ("0011_event_old_tables", events.event_old_tables),
    ("0011_group_tokens_to_show", sharing.tokens_to_show),
    ("0012_event_three_handed", events.event_three_handed),
    ("0013_handicaps", ratings.handicaps),
]

migrations = Migrations("scorekeeper")
for _name, _step in STEPS:
    migrations(name=_name)(_step)

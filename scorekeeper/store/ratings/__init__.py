"""Ratings as stored: each group's rated games per family, and every player's rating after each."""

from scorekeeper.store.ratings.kept import (
    after_game_change,
    after_game_end,
    differences,
    refresh,
)
from scorekeeper.store.ratings.reads import (
    Standing,
    family_counts,
    format_family,
    game_teams,
    history,
    partners,
    partnerships_since,
    player_ratings,
    table,
)

__all__ = [
    "Standing",
    "after_game_change",
    "after_game_end",
    "differences",
    "family_counts",
    "format_family",
    "game_teams",
    "history",
    "partners",
    "partnerships_since",
    "player_ratings",
    "refresh",
    "table",
]

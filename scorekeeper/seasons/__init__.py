"""Seasons, pure: a night's score under a season's rule, and the standings across nights."""

from scorekeeper.seasons.names import shown_name
from scorekeeper.seasons.rules import (
    BY,
    SCORES,
    NightLine,
    SeasonLine,
    SeasonRule,
    figure,
    night_score,
    rule_problems,
    season_standings,
)

__all__ = [
    "BY",
    "SCORES",
    "NightLine",
    "SeasonLine",
    "SeasonRule",
    "figure",
    "night_score",
    "rule_problems",
    "season_standings",
    "shown_name",
]

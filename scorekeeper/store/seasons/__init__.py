"""Seasons in the database: a group's seasons, each closed night's figures, public results."""

from scorekeeper.store.seasons.nights import (
    Night,
    handicap_standings,
    night_changed,
    nights,
    season_stamp,
    season_standings,
)
from scorekeeper.store.seasons.public import (
    Public,
    PublicNotFound,
    public_of,
    public_page,
    set_public,
)
from scorekeeper.store.seasons.seasons import (
    InvalidSeason,
    NewSeason,
    Season,
    SeasonNotFound,
    create_season,
    get_season,
    group_nights,
    group_seasons,
    season_problems,
    seasons_of_night,
)

__all__ = [
    "InvalidSeason",
    "NewSeason",
    "Night",
    "Public",
    "PublicNotFound",
    "Season",
    "SeasonNotFound",
    "create_season",
    "get_season",
    "group_nights",
    "group_seasons",
    "handicap_standings",
    "night_changed",
    "nights",
    "public_of",
    "public_page",
    "season_problems",
    "season_stamp",
    "season_standings",
    "seasons_of_night",
    "set_public",
]

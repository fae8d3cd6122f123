"""The scoring engine: pure functions over presets and hands, with integer points."""

from scorekeeper.engine.game import (
    GameState,
    Row,
    Setup,
    Side,
    Status,
    append,
    dealer,
    dealing,
    game_status,
    next_row,
    replay,
    restate,
    seats_at_table,
    sitting_out,
)
from scorekeeper.engine.hand import Hand, Problem, SideEntry, parse_entry, parse_hand
from scorekeeper.engine.names import MAX_NAME
from scorekeeper.engine.opening import OpeningNeed, opening_minimum
from scorekeeper.engine.score import Item, Preview, SideScore, preview, score_hand, teams
from scorekeeper.engine.setup import Draft, check_name, check_setup, check_side_count
from scorekeeper.engine.validate import (
    checked_score,
    total_problems,
    validate_hand,
    warnings_for,
)

__all__ = [
    "MAX_NAME",
    "append",
    "check_name",
    "checked_score",
    "check_setup",
    "check_side_count",
    "Draft",
    "GameState",
    "Hand",
    "Item",
    "OpeningNeed",
    "Preview",
    "Problem",
    "Row",
    "Setup",
    "Side",
    "SideEntry",
    "SideScore",
    "Status",
    "dealer",
    "dealing",
    "game_status",
    "next_row",
    "opening_minimum",
    "parse_entry",
    "parse_hand",
    "preview",
    "replay",
    "restate",
    "score_hand",
    "seats_at_table",
    "sitting_out",
    "teams",
    "total_problems",
    "validate_hand",
    "warnings_for",
]

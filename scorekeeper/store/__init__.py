"""The store: every SQL statement of the app, behind functions that take the db first."""

from scorekeeper.store.browsers import find_link, join, role_of
from scorekeeper.store.errors import (
    AlreadySaved,
    GameNotFound,
    GameOver,
    HandNotFound,
    InvalidGame,
    InvalidHand,
    StaleGame,
    StoreError,
)
from scorekeeper.store.games import (
    MAX_NAME,
    Game,
    Tokens,
    create_game,
    games_for_browser,
    get_game,
)
from scorekeeper.store.hands import (
    add_hand,
    delete_last_hand,
    edit_hand,
    record_hand,
    set_reopened,
)

__all__ = [
    "MAX_NAME",
    "AlreadySaved",
    "Game",
    "GameNotFound",
    "GameOver",
    "HandNotFound",
    "InvalidGame",
    "InvalidHand",
    "StaleGame",
    "StoreError",
    "Tokens",
    "add_hand",
    "create_game",
    "delete_last_hand",
    "edit_hand",
    "find_link",
    "games_for_browser",
    "get_game",
    "join",
    "record_hand",
    "role_of",
    "set_reopened",
]

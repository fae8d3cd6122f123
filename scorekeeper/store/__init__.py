"""The store: every SQL statement of the app, behind functions that take the db first."""

from scorekeeper.engine.names import MAX_NAME
from scorekeeper.store.errors import (
    AlreadySaved,
    AlreadyStarted,
    GameNotFound,
    GameOver,
    HandNotFound,
    InvalidGame,
    InvalidHand,
    KeyReused,
    StaleGame,
    StoreError,
)
from scorekeeper.store.games.browsers import find_link, join, role_of
from scorekeeper.store.games.create import create_game
from scorekeeper.store.games.end import (
    CannotPlayOn,
    delete_hands_after_end,
    play_on,
    take_back_raise,
)
from scorekeeper.store.games.game import (
    Game,
    Tokens,
    games_for_browser,
    get_game,
)
from scorekeeper.store.games.hands import (
    FORM_TOKEN,
    add_hand,
    delete_last_hand,
    edit_hand,
    record_hand,
    repeated,
    set_reopened,
)
from scorekeeper.store.games.names import rename
from scorekeeper.store.games.rules import RuleBook, RulesUnreadable, Segment
from scorekeeper.store.games.rules_change import (
    RulesUnchanged,
    SheetHead,
    play_on_under_new_rules,
    rules_changed,
    sheet_head,
    source_document,
)
from scorekeeper.store.games.shelf import (
    UNDO_MINUTES,
    NotOwner,
    Shelved,
    delete_for_good,
    purge_expired,
    restore,
    shelve,
    shelved_for_browser,
    undo_cutoff,
)

__all__ = [
    "FORM_TOKEN",
    "UNDO_MINUTES",
    "NotOwner",
    "Shelved",
    "delete_for_good",
    "purge_expired",
    "restore",
    "shelve",
    "shelved_for_browser",
    "undo_cutoff",
    "MAX_NAME",
    "AlreadySaved",
    "AlreadyStarted",
    "CannotPlayOn",
    "Game",
    "GameNotFound",
    "GameOver",
    "HandNotFound",
    "InvalidGame",
    "InvalidHand",
    "KeyReused",
    "RuleBook",
    "RulesUnchanged",
    "RulesUnreadable",
    "Segment",
    "StaleGame",
    "StoreError",
    "Tokens",
    "add_hand",
    "create_game",
    "delete_hands_after_end",
    "delete_last_hand",
    "edit_hand",
    "find_link",
    "games_for_browser",
    "get_game",
    "join",
    "play_on",
    "play_on_under_new_rules",
    "take_back_raise",
    "record_hand",
    "repeated",
    "rename",
    "role_of",
    "rules_changed",
    "sheet_head",
    "SheetHead",
    "set_reopened",
    "source_document",
]

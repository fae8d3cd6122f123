"""Settles a game whose end moved: drop the hands played after it, or play on to a new target."""

from __future__ import annotations

import json
from dataclasses import asdict

from sqlite_utils import Database

from scorekeeper.engine import ending
from scorekeeper.sentences.marked import N_
from scorekeeper.store.errors import HandNotFound, StoreError
from scorekeeper.store.games.hands import _current, _locked, forget_raises_after, rescore_start


class CannotPlayOn(StoreError):
    """The target cannot be raised as asked; the message says why."""

    def __init__(
        self, message: str, field: str = "target", problem: ending.EndProblem | None = None
    ) -> None:
        super().__init__(message, **({"problem": problem} if problem else {}))
        self.field = field
        self.problem = problem  # the engine's code and params, for words in other languages


def delete_hands_after_end(
    db: Database, game_id: str, *, version: int, form_token: str
) -> tuple[int, int]:
    """Deletes every hand played after the game's end; returns the first and last deleted."""
    game = _current(db, game_id, version, form_token, when_over=True)
    later = game.state.after_end
    if not later:
        raise HandNotFound(N_("No hand was played after the end of this game."))
    first, last = later[0].number, later[-1].number
    with _locked(db, game_id, version, form_token, rescore_from=rescore_start(game, first)):
        db.execute("DELETE FROM hands WHERE game_id = ? AND number >= ?", [game_id, first])
        forget_raises_after(db, game_id, game.raises, first - 1)
    return first, last


def play_on(db: Database, game_id: str, target: int, *, version: int, form_token: str) -> int:
    """Raises a finished game's target so the table plays on; returns the new target."""
    game = _current(db, game_id, version, form_token, when_over=True)
    problems = ending.raise_problems(game.rules, game.state, target)
    if problems:
        raise CannotPlayOn(N_("%(problem)s"), problems[0].field, problems[0])
    raised = (*game.raises, ending.raise_target(game.rules, game.state, target))
    with _locked(db, game_id, version, form_token, reopened=False, rescore_from=1):
        db.execute(
            "UPDATE games SET target_raises = ? WHERE id = ?",
            [json.dumps([asdict(r) for r in raised]), game_id],
        )
    return target


def take_back_raise(db: Database, game_id: str, *, version: int, form_token: str) -> int:
    """Takes back the game's last raise of the target (an undone "Keep playing"); its target."""
    game = _current(db, game_id, version, form_token)
    if not game.raises:
        raise HandNotFound()  # no raise to take back; the undo page says so in its words
    kept = [asdict(r) for r in game.raises[:-1]]
    with _locked(db, game_id, version, form_token, rescore_from=1):
        db.execute("UPDATE games SET target_raises = ? WHERE id = ?", [json.dumps(kept), game_id])
    return game.raises[-1].to_target

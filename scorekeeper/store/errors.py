"""The named errors of the store, each in words a player can read."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.engine import Problem
from scorekeeper.engine.ending import EndProblem
from scorekeeper.rules import problem_codes
from scorekeeper.rules.checks import FormatProblem
from scorekeeper.sentences import problem_texts
from scorekeeper.sentences.marked import N_
from scorekeeper.sentences.problem_table import TEXTS


# A plain int param reads 1000 in str(error), the command line's words, but each page groups
# it its language's way; a Grouped one reads 1,000 on the command line too.
class Grouped(int):
    """A count the English message writes with its thousands grouped, as 1,000."""

    def __str__(self) -> str:
        return f"{self:,}"


def said(code: str) -> str:
    """Returns a refusal's English template from the one table (problem_table), by its code."""
    return TEXTS[code].text


def english(value: Any) -> Any:
    """Returns one param as the English message writes it: a problem as its own sentence."""
    if isinstance(value, Problem | EndProblem):
        return problem_texts.english(value.code, value.params)
    if isinstance(value, FormatProblem):
        return value.message
    return value


class StoreError(Exception):
    """Something the store refused to do; the message is fit to show at the table."""

    # `message` is English, marked for translation; with `params` it is a template
    # ("The file is larger than %(mb)s MB.") that the edges translate, then fill in. A param
    # may be an engine or format problem: English shows its sentence, the edges word it.
    message = N_("The game could not be changed.")

    def __init__(self, message: str | None = None, **params: Any) -> None:
        self.message = message or self.message
        self.params = params
        worded = {key: english(value) for key, value in params.items()}
        super().__init__(self.message % worded if params else self.message)


class GameNotFound(StoreError):
    """No game has this id (or this link)."""

    message = N_("There is no such game.")


class HandNotFound(StoreError):
    """The game has no hand with this number."""

    message = N_("That hand is not on this sheet.")


class StaleGame(StoreError):
    """The game changed since the form was opened: its version no longer matches."""

    message = N_(
        "Another phone changed this game since you opened it. Check the sheet, then try again."
    )


class AlreadySaved(StoreError):
    """The one-time form token was used before: the same form was sent twice."""

    message = N_("That hand was already saved.")


class AlreadyStarted(AlreadySaved):
    """The one-time token of a "new game" form started a game before: that game's id."""

    message = N_("That game was already started.")

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id


class KeyReused(StoreError):
    """An API Idempotency-Key was used before, on this game and link, for another request."""

    message = N_(
        "This Idempotency-Key was already used for a different request on this game; "
        "send a fresh key for a new change."
    )


class GameOver(StoreError):
    """The game is finished and was not reopened."""

    message = N_("This game is over. Reopen it to change or add a hand.")


class EventIsClosed(StoreError):
    """The change would move a closed event's standings (SQL refuses it: migration 0010)."""

    message = said("event_closed")


class RoundMovedOn(StoreError):
    """A hand at a table of an earlier round, once the next is drawn (SQL refuses it: 0011)."""

    message = said("round_moved_on")


class InvalidGame(StoreError):
    """The new game's setup is wrong; `field` names the part at fault, `problems` every one."""

    def __init__(
        self, message: str, field: str = "", problems: Sequence[Problem] = (), **params: Any
    ) -> None:
        super().__init__(message, **params)
        self.field = field
        self.problems = tuple(problems)


class InvalidHand(StoreError):
    """The engine found problems with a hand, so nothing was saved."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("; ".join(english(p) for p in problems))
        self.problems = tuple(problems)


@dataclass(frozen=True)
class FieldProblem:
    """One bad field of a new event or season: its path, a code and its params."""

    field: str
    code: str  # declared in problem_codes, its sentence in problem_texts
    # `dataclasses.field`: the bare name is this class's `field` attribute for a type checker.
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        problem_codes.check(self.code, self.params)

    @property
    def message(self) -> str:
        """Returns the problem in English, for logs and the command line."""
        return problem_texts.english(self.code, self.params)


class InvalidFields(StoreError):
    """A new event or season cannot be made like this; `problems` names each bad field."""

    def __init__(self, problems: Sequence[FieldProblem]) -> None:
        super().__init__(problems[0].message)
        self.problems = list(problems)

"""An event's refusals: a bad field of a new event, an unknown event, a closed one."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules import problem_codes
from scorekeeper.sentences import problem_texts
from scorekeeper.sentences.marked import N_
from scorekeeper.store.errors import StoreError, said


@dataclass(frozen=True)
class EventProblem:
    """One bad field of a new event: its path, a code and its params (problem_texts words it)."""

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


class InvalidEvent(StoreError):
    """The event cannot be made like this; `problems` names each bad field."""

    def __init__(self, problems: Sequence[EventProblem]) -> None:
        super().__init__(problems[0].message)
        self.problems = list(problems)


class EventNotFound(StoreError):
    """No event has this id (or this token)."""

    def __init__(self) -> None:
        super().__init__(N_("There is no such event."))


class EventClosed(StoreError):
    """The event is closed, or has played all its rounds: no round starts."""

    def __init__(self, message: str = N_("This event is closed.")) -> None:
        super().__init__(message)


class TableRefused(StoreError):
    """A round's table cannot be made a game: its entrants' names break a game's rules.

    The store refuses such entrants when they are added; an event stored before that rule
    is told this way, naming the table and the game's own problem, never as a server error.
    """

    def __init__(self, table: int, sides: str, problem: Any) -> None:
        super().__init__(
            said("table_refused"),
            table=table,
            sides=sides,
            problem=problem,
        )

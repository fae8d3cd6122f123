"""An event's refusals: a bad field of a new event, an unknown event, a closed one."""

from __future__ import annotations

from typing import Any

from scorekeeper.sentences.marked import N_
from scorekeeper.store.errors import FieldProblem, InvalidFields, StoreError, said


class EventProblem(FieldProblem):
    """One bad field of a new event: its path, a code and its params."""


class InvalidEvent(InvalidFields):
    """The event cannot be made like this; `problems` names each bad field."""


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

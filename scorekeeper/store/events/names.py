"""The one judge of an entrant's name and players, for a new event and a late arrival alike.

It is the rule a table's game applies to its sides and players (`engine.names`) and the
players a side of the format seats, so an event never stores an entrant whose round then
cannot be made.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.engine.names import name_problem
from scorekeeper.events.bounds import MAX_ENTRANT_NAME
from scorekeeper.store.events.errors import EventProblem

Entrants = Sequence[tuple[str, Sequence[str]]]
# Too short or too long: the sentence names the bound ("1 to 40 letters"), whose name it is.
_LENGTH = {"name_blank", "name_too_long"}


def _name(field: str, name: str, code_for_length: str) -> list[EventProblem]:
    """Returns the problem with one entrant's or player's name, worded with its bound."""
    found = name_problem(name, MAX_ENTRANT_NAME)
    if found is None:
        return []
    if found in _LENGTH:
        return [EventProblem(field, code_for_length, {"most": MAX_ENTRANT_NAME})]
    return [EventProblem(field, found)]


def here(i: int) -> str:
    """Returns the path of entrant `i` in a new event's list."""
    return f"entrants[{i}]"


def _entrant(
    i: int, name: str, players: Sequence[str], wanted: int, individual: bool
) -> list[EventProblem]:
    """Returns the problems of entrant `i` on its own: its name, its players' count and names."""
    problems = _name(f"{here(i)}.name", name, "entrant_name")
    if len(players) != wanted and not (individual and not players):
        problems.append(
            EventProblem(f"{here(i)}.players", "players_per_entrant", {"count": wanted})
        )
    for j, player in enumerate(players):
        problems += _name(f"{here(i)}.players[{j}]", player, "player_name")
    return problems


def entrant_problems(
    entrants: Entrants, wanted: int, individual: bool, first: int = 0
) -> list[EventProblem]:
    """Returns every problem of the entrants from `first` on, against all before them.

    `wanted` is the players a side of the format seats (1 in an individual event, where an
    entrant alone is its player); a name or a player given before (any case) is refused.
    """
    problems: list[EventProblem] = []
    names: set[str] = set()
    players_seen: set[str] = set()
    for i, (name, players) in enumerate(entrants):
        if i >= first:
            problems += _entrant(i, name, players, wanted, individual)
            if name.strip().casefold() in names:
                problems.append(
                    EventProblem(f"entrants[{i}].name", "entrant_taken", {"name": name})
                )
        own: set[str] = set()
        for j, player in enumerate(players or [name]):
            key = player.casefold()
            if i >= first and key in players_seen | own:
                code = "player_named_twice" if key in own else "player_twice"
                problems.append(EventProblem(f"{here(i)}.players[{j}]", code, {"name": player}))
            own.add(key)
        players_seen |= own
        names.add(name.strip().casefold())
    return problems

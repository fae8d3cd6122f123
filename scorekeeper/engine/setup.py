"""The rule book for starting a game: names, players, first dealer and totals from paper."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from scorekeeper.engine.ending import start_problems
from scorekeeper.engine.hand import Problem
from scorekeeper.engine.names import MAX_NAME, name_problem
from scorekeeper.rules.model import Rules

MAX_START_TOTAL = 100_000  # far above any real carried total; keeps absurd input out


@dataclass(frozen=True)
class Draft:
    """A new game that passed every setup rule, in the shape `store.create_game` takes."""

    format_id: str
    options: tuple[str, ...]
    sides: tuple[tuple[str, tuple[str, ...]], ...]
    first_dealer: str
    start_totals: Mapping[str, int] = field(default_factory=dict)


def check_name(name: str, path: str, what: str) -> Problem | None:
    """Returns the problem with one side or player name at `path`, or None when it may be used.

    The rule itself (blank, length, control and direction characters, spaces) is
    `engine.names.name_problem`, shared with `scorekeeper score`.
    """
    found = name_problem(name)
    if found is None:
        return None
    code = f"{what}_name_blank" if found == "name_blank" else found
    return Problem(None, path, code, {"what": what, "most": MAX_NAME})


def _taken(names: Sequence[tuple[str, str]], what: str) -> list[Problem]:
    """Returns a problem for each name that an earlier one already has, whatever the case."""
    seen: set[str] = set()
    problems = []
    for path, name in names:
        key = name.casefold()
        if name and key in seen:
            problems.append(Problem(None, path, f"{what}_name_taken", {"what": what, "name": name}))
        seen.add(key)
    return problems


def check_side_count(rules: Rules, count: int) -> list[Problem]:
    """Returns the problem with playing this format with `count` sides, if there is one."""
    table = rules.table
    if table.min_sides <= count <= table.max_sides:
        return []
    code = "side_count" if table.min_sides == table.max_sides else "side_range"
    params = {"least": table.min_sides, "most": table.max_sides, "sides": table.min_sides}
    return [Problem(None, "sides", code, {**params, "given": count, "format": rules.name})]


def players_per_side(rules: Rules, side: int) -> int:
    """Returns how many players side `side` (0-based) has in this format."""
    per_side = rules.table.players_per_side
    return per_side[min(side, len(per_side) - 1)]


def _names(rules: Rules, sides: Sequence[tuple[str, Sequence[str]]]) -> list[Problem]:
    """Checks every side and player name, the players of each side, and that names differ."""
    individual = rules.table.individual
    problems: list[Problem] = []
    side_names = [(f"sides[{i}].name", name) for i, (name, _) in enumerate(sides)]
    players = []
    for i, (_name, members) in enumerate(sides):
        wanted = players_per_side(rules, i)
        if len(members) != wanted:
            problems.append(
                Problem(
                    None,
                    f"sides[{i}].players",
                    "player_count",
                    {"side": i, "players": wanted, "given": len(members), "format": rules.name},
                )
            )
        players += [(f"sides[{i}].players[{j}]", p) for j, p in enumerate(members)]
    what = "player" if individual else "side"
    problems += [p for path, name in side_names if (p := check_name(name, path, what))]
    if not individual:  # each column is one player there: the side's name is the player's
        problems += [p for path, name in players if (p := check_name(name, path, "player"))]
    problems += _taken(side_names, "side")
    if not individual:
        problems += _taken(players, "player")
    return problems


def _start_totals(
    rules: Rules, names: Sequence[str], start_totals: Mapping[str, int]
) -> list[Problem]:
    """Checks totals carried over from paper: one per side, multiples of 5, below the target."""
    problems = []
    valid = {}
    for key, total in start_totals.items():
        path = f"start_totals.{key}"
        if key not in names:
            problems.append(Problem(None, path, "unknown_start_side", {"side": key}))
        elif not isinstance(total, int) or total % 5:  # callers outside Python's types too
            problems.append(Problem(None, path, "start_not_multiple_of_5", {"value": total}))
        elif abs(total) > MAX_START_TOTAL:
            problems.append(
                Problem(None, path, "start_too_large", {"value": total, "max": MAX_START_TOTAL})
            )
        else:
            valid[key] = total
    for end in start_problems(rules, valid):  # the game's end has its rule book; this is it
        problems.append(
            Problem(None, f"start_totals.{end.params['side']}", "start_below_target", end.params)
        )
    return problems


def check_setup(
    rules: Rules,
    sides: Sequence[tuple[str, Sequence[str]]],
    first_dealer: str | None,
    start_totals: Mapping[str, int],
) -> tuple[Draft, list[Problem]]:
    """Checks a new game's setup; returns the game to save and every problem, by field path.

    `first_dealer` is a player's name, or None when nobody was chosen.
    """
    problems = check_side_count(rules, len(sides))
    problems += _names(rules, sides)
    if first_dealer is None or first_dealer not in [p for _, ps in sides for p in ps]:
        problems.append(Problem(None, "first_dealer", "unknown_dealer"))
    names = [name for name, _ in sides]
    problems += _start_totals(rules, names, start_totals)
    draft = Draft(
        format_id=rules.id,
        options=rules.active_options,
        sides=tuple((name, tuple(players)) for name, players in sides),
        first_dealer=first_dealer or "",
        start_totals={k: v for k, v in start_totals.items() if v},  # 0 is the default
    )
    return draft, problems

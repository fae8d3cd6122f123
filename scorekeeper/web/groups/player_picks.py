"""The new-game form in a group: remembered players and partnerships, picked with one tap each.

Each choice is a plain link to the same form with the choice filled in (no JavaScript needed);
names are optional, so a seat left blank stays the form's default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import url_for

from scorekeeper.web.games.game_form import GameForm

FIELD_LIMIT = 200


@dataclass(frozen=True)
class Pick:
    """One tap on the form: the names it seats and the link that seats them."""

    names: tuple[str, ...]
    url: str

    @property
    def label(self) -> str:
        """Returns the names as the chip shows them: "Ann & Bob"."""
        return " & ".join(self.names)


def prefill(form: GameForm, args: Mapping[str, str]) -> None:
    """Copies names and choices already in the query onto a blank form."""
    for key in form.values.keys() | _fields(form):
        if key in args:
            form.values[key] = str(args[key])[:FIELD_LIMIT].strip()


def _fields(form: GameForm) -> set[str]:
    keys = {"first_dealer"}
    for i in range(form.count):
        keys |= {f"side-{i}-name", f"side-{i}-start"}
        keys |= {f"side-{i}-player-{j}" for j in range(form.players(i))}
    return keys


def _seat_keys(form: GameForm) -> list[list[str]]:
    """Returns each side's name fields that hold a person's name, in seat order."""
    if form.individual:
        return [[f"side-{i}-name"] for i in range(form.count)]
    return [[f"side-{i}-player-{j}" for j in range(form.players(i))] for i in range(form.count)]


def seated(form: GameForm) -> set[str]:
    """Returns the names already typed or picked into the form's seats (any case)."""
    return {form.values.get(k, "").casefold() for side in _seat_keys(form) for k in side} - {""}


def apply(form: GameForm, names: Sequence[str]) -> None:
    """Seats the picked names: a partnership fills the first empty side, a player the next seat."""
    sides = _seat_keys(form)
    empty = [k for side in sides for k in side if not form.values.get(k)]
    if len(names) > 1:  # a partnership: the first side with room for all of them
        for side in sides:
            free = [k for k in side if not form.values.get(k)]
            if len(free) >= len(names):
                empty = free
                break
    for key, name in zip(empty, names, strict=False):
        form.values[key] = name


def picks(
    form: GameForm,
    format_id: str,
    group_id: str,
    partnerships: Sequence[Sequence[str]],
    players: Sequence[str],
) -> tuple[list[Pick], list[Pick]]:
    """Returns the partnership and player choices not seated yet, each with its link."""
    taken = seated(form)
    base = {k: v for k, v in form.values.items() if v}

    def link(names: Sequence[str]) -> Pick:
        after = GameForm(form.rules, form.count, values=dict(base))
        apply(after, names)
        query: dict[str, Any] = {k: v for k, v in after.values.items() if v}  # url_for's type
        url = url_for("games.new", format=format_id, sides=form.count, group=group_id, **query)
        return Pick(tuple(names), url)

    room = max((form.players(i) for i in range(form.count)), default=1)
    pairs = [
        link(names)
        for names in partnerships
        if not form.individual and len(names) <= room and not taken & {n.casefold() for n in names}
    ]
    singles = [link([name]) for name in players if name.casefold() not in taken]
    return pairs, singles


def seat_names(form: GameForm) -> list[list[str]]:
    """Returns the names typed or picked into each side's seats, blanks included, in order."""
    return [[form.values.get(k, "").strip() for k in side] for side in _seat_keys(form)]


def seat_query(form: GameForm, sides: Sequence[Sequence[str]]) -> dict[str, str]:
    """Returns the form's filled values with each side's seats holding `sides`' names."""
    values = {k: v for k, v in form.values.items() if v}
    for keys, names in zip(_seat_keys(form), sides, strict=True):
        values.update(zip(keys, names, strict=True))
    return values

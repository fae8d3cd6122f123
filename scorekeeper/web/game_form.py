"""Describes the new-game form for a format and reads it into a game setup."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.engine import Setup, Side
from scorekeeper.presets import Rules
from scorekeeper.store import MAX_NAME

PARTNERSHIP_NAMES = ("We", "They", "Them", "Us", "You")
TOTAL = re.compile(r"-?[0-9]{1,6}")


@dataclass(frozen=True)
class Draft:
    """A new game as the form gave it, ready for the store."""

    format_id: str
    options: tuple[str, ...]
    sides: tuple[tuple[str, tuple[str, ...]], ...]
    first_dealer: str
    start_totals: dict[str, int]
    inline: dict[str, Any] | None = None  # an inline format document (the API's)


@dataclass
class GameForm:
    """The new-game form for one format and side count: values typed and errors found."""

    rules: Rules
    count: int
    values: dict[str, str] = field(default_factory=dict)
    options: set[str] = field(default_factory=set)
    errors: dict[str, list[str]] = field(default_factory=dict)
    sides: list[tuple[str, list[str]]] = field(default_factory=list)
    start_totals: dict[str, int] = field(default_factory=dict)

    @property
    def individual(self) -> bool:
        """Tells whether each side is one player, named by the player's name."""
        return self.rules.table.individual

    def players(self, side: int) -> int:
        """Returns how many players side `side` (0-based) has in this format."""
        per_side = self.rules.table.players_per_side
        return per_side[min(side, len(per_side) - 1)]

    def default_name(self, side: int) -> str:
        """Returns the name a side starts with: We/They for partnerships, empty for players."""
        if self.individual:
            return ""
        return PARTNERSHIP_NAMES[side] if side < len(PARTNERSHIP_NAMES) else f"Side {side + 1}"

    def seats(self) -> list[tuple[str, str]]:
        """Returns (value, label) for every seat in dealing order, for the first-dealer choice."""
        sides = tuple(
            Side(str(i), str(i), tuple(f"{i}-{j}" for j in range(self.players(i))))
            for i in range(self.count)
        )
        return [(seat, self.seat_label(seat)) for seat in Setup(sides, "").seats()]

    def seat_label(self, seat: str) -> str:
        """Returns a seat's words from the names typed so far, e.g. "We: player 2"."""
        i, j = (int(n) for n in seat.split("-"))
        side = self.values.get(f"side-{i}-name", "").strip() or f"Side {i + 1}"
        if self.individual:
            return side if self.values.get(f"side-{i}-name", "").strip() else f"Player {i + 1}"
        player = self.values.get(f"side-{i}-player-{j}", "").strip()
        return f"{side}: {player or f'player {j + 1}'}"

    def error(self, name: str, message: str) -> None:
        """Records a message beside one field."""
        self.errors.setdefault(name, []).append(message)


def blank(rules: Rules, count: int) -> GameForm:
    """Returns the form as first shown: default side names and the first seat dealing."""
    form = GameForm(rules, count)
    for i in range(count):
        form.values[f"side-{i}-name"] = form.default_name(i)
    form.values["first_dealer"] = "0-0"
    return form


def _name(form: GameForm, key: str, what: str, raw: Mapping[str, str]) -> str:
    text = str(raw.get(key, ""))[:200].strip()
    form.values[key] = text
    if not text:
        form.error(key, f"Enter the {what}'s name.")
    elif len(text) > MAX_NAME:
        form.error(key, f"Names are at most {MAX_NAME} characters.")
    return text


def _unique(form: GameForm, entries: list[tuple[str, str]], what: str) -> None:
    seen: set[str] = set()
    for key, name in entries:
        if name and name.casefold() in seen:
            form.error(key, f"Another {what} already has this name.")
        seen.add(name.casefold())


def _names(form: GameForm, raw: Mapping[str, str]) -> list[tuple[str, list[str]]]:
    sides = []
    for i in range(form.count):
        name = _name(form, f"side-{i}-name", "player" if form.individual else "side", raw)
        players = (
            [name]
            if form.individual
            else [
                _name(form, f"side-{i}-player-{j}", "player", raw) for j in range(form.players(i))
            ]
        )
        sides.append((name, players))
    _unique(form, [(f"side-{i}-name", n) for i, (n, _) in enumerate(sides)], "side")
    if not form.individual:
        keys = [
            (f"side-{i}-player-{j}", p) for i, (_, ps) in enumerate(sides) for j, p in enumerate(ps)
        ]
        _unique(form, keys, "player")
    return sides


def _start_totals(form: GameForm, raw: Mapping[str, str], names: list[str]) -> dict[str, int]:
    totals = {}
    target = form.rules.ending.target
    for i, name in enumerate(names):
        key = f"side-{i}-start"
        text = str(raw.get(key, ""))[:20].strip()
        form.values[key] = text
        if not text:
            continue
        if not TOTAL.fullmatch(text) or int(text) % 5:
            form.error(key, "A starting total is a whole multiple of 5, like 1250 or -120.")
        elif target is not None and int(text) >= target:
            form.error(key, f"A starting total must be below the target ({target:,}).")
        else:
            totals[name] = int(text)
    return totals


def read(rules: Rules, count: int, raw: Mapping[str, str], options: list[str]) -> GameForm:
    """Reads a submitted new-game form; the result has errors or gives a Draft via `draft`."""
    form = GameForm(rules, count, options={o.id for o in rules.options} & set(options))
    sides = _names(form, raw)
    form.values["first_dealer"] = str(raw.get("first_dealer", ""))[:20]
    if form.values["first_dealer"] not in dict(form.seats()):
        form.error("first_dealer", "Choose who deals the first hand.")
    form.start_totals = _start_totals(form, raw, [n for n, _ in sides])
    form.sides = sides
    return form


def draft(form: GameForm) -> Draft:
    """Returns the game the form describes; call only when the form has no errors."""
    sides = form.sides
    i, j = (int(n) for n in form.values["first_dealer"].split("-"))
    return Draft(
        format_id=form.rules.id,
        options=tuple(o.id for o in form.rules.options if o.id in form.options),
        sides=tuple((name, tuple(players)) for name, players in sides),
        first_dealer=sides[i][1][j],
        start_totals=form.start_totals,
    )

"""Describes the new-game form for a format and reads it into a game setup."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scorekeeper import i18n
from scorekeeper.engine import Setup, Side, dealer
from scorekeeper.engine.names import name_problem
from scorekeeper.presets import Rules
from scorekeeper.store import Game
from scorekeeper.store.games import MAX_START_TOTAL

PARTNERSHIP_NAMES = ("We", "They", "Them", "Us", "You")
MULTIPLE = "A starting total is a whole multiple of 5, like 1250 or -120."


@dataclass(frozen=True)
class Draft:
    """A new game as the form gave it, ready for the store."""

    format_id: str
    options: tuple[str, ...]
    sides: tuple[tuple[str, tuple[str, ...]], ...]
    first_dealer: str
    start_totals: dict[str, int]


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
        """Returns the name a side gets when none is typed: We/They, or "Player 2"."""
        if self.individual:
            return f"Player {side + 1}"
        return PARTNERSHIP_NAMES[side] if side < len(PARTNERSHIP_NAMES) else f"Side {side + 1}"

    def default_player(self, side: int, player: int) -> str:
        """Returns the name an unnamed partner gets, e.g. "We 2", from the side's name."""
        side_name = self.values.get(f"side-{side}-name", "").strip() or self.default_name(side)
        return f"{side_name} {player + 1}"

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


def named_players(side: Side) -> list[str]:
    """Returns a side's players that were given names, leaving out defaults such as "We 2"."""
    defaults = {side.name, *(f"{side.name} {j + 1}" for j in range(len(side.players)))}
    return [p for p in side.players if p not in defaults]


def blank(rules: Rules, count: int) -> GameForm:
    """Returns the form as first shown: default side names and the first seat dealing."""
    form = GameForm(rules, count)
    for i in range(count):
        form.values[f"side-{i}-name"] = "" if form.individual else form.default_name(i)
    form.values["first_dealer"] = "0-0"
    return form


def _name(form: GameForm, key: str, default: str, raw: Mapping[str, str]) -> str:
    """Reads one name; an empty one becomes its default, since names are optional."""
    text = str(raw.get(key, ""))[:200].strip()
    form.values[key] = text
    problem = name_problem(text) if text else None  # empty: the default name
    if problem is not None:
        form.error(key, problem.message)
    return text or default


def _unique(form: GameForm, entries: list[tuple[str, str]], what: str) -> None:
    seen: set[str] = set()
    for key, name in entries:
        if name and name.casefold() in seen:
            form.error(key, f"Another {what} already has this name.")
        seen.add(name.casefold())


def _names(form: GameForm, raw: Mapping[str, str]) -> list[tuple[str, list[str]]]:
    sides = []
    for i in range(form.count):
        name = _name(form, f"side-{i}-name", form.default_name(i), raw)
        players = (
            [name]
            if form.individual
            else [
                _name(form, f"side-{i}-player-{j}", form.default_player(i, j), raw)
                for j in range(form.players(i))
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
        try:
            total = i18n.parse_whole(
                text, label="A starting total", limit=MAX_START_TOTAL, negative=True
            )
        except i18n.NumberProblem as problem:
            form.error(key, problem.message if problem.code != "not-a-number" else MULTIPLE)
            continue
        if total % 5:
            form.error(key, MULTIPLE)
        elif target is not None and total >= target:
            form.error(key, f"A starting total must be below the target ({target:,}).")
        else:
            totals[name] = total
    return totals


def read(rules: Rules, count: int, raw: Mapping[str, str], options: list[str]) -> GameForm:
    """Reads a submitted new-game form; the result has errors or gives a Draft via `draft`."""
    form = GameForm(rules, count, options={o.id for o in rules.options} & set(options))
    sides = _names(form, raw)
    # A quick start sends no dealer: the first seat deals, as on the blank form.
    form.values["first_dealer"] = str(raw.get("first_dealer", "0-0"))[:20]
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


def again(game: Game) -> Draft:
    """Returns a new game like `game`: same format, options and sides; the next seat deals."""
    return Draft(
        format_id=game.format,
        options=game.options,
        sides=tuple((side.name, side.players) for side in game.setup.sides),
        first_dealer=dealer(game.rules, game.setup, 1),
        start_totals={},
    )

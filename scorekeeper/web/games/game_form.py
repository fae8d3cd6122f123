"""Describes the new-game form for a format and reads it into a game setup."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from flask_babel import gettext, lazy_gettext

from scorekeeper.engine import Draft, Problem, Setup, Side, check_setup, dealer
from scorekeeper.engine.names import MAX_NAME
from scorekeeper.engine.setup import MAX_START_TOTAL, players_per_side
from scorekeeper.language import i18n, problem_words
from scorekeeper.rules.model import Rules
from scorekeeper.rules.presets import load_presets, rules_for
from scorekeeper.store import Game
from scorekeeper.store.formats.house import ID_PREFIX as HOUSE_ID_PREFIX

# A blank side plays under these names, in the language of the phone that starts the game.
PARTNERSHIP_NAMES = (
    lazy_gettext("We"),
    lazy_gettext("They"),
    lazy_gettext("Them"),
    lazy_gettext("Us"),
    lazy_gettext("You"),
)
MULTIPLE = lazy_gettext("A starting total is a whole multiple of 5, like 1250 or -120.")


@dataclass(frozen=True)
class SeatChoice:
    """One seat of the first-dealer choice: its value, its words, and how to reword it."""

    value: str  # "1-0": side 2's first player
    text: str  # "Seat 2: They: Cat"
    words: dict[str, str]  # data- attributes: the pattern, the fields and the blanks' words


@dataclass
class GameForm:
    """The new-game form for one format and side count: values typed and errors found."""

    rules: Rules
    count: int
    values: dict[str, str] = field(default_factory=dict)
    options: set[str] = field(default_factory=set)
    errors: dict[str, list[str]] = field(default_factory=dict)
    draft: Draft | None = None  # the game to start, when the setup rules found no problem
    defaulted: dict[str, str] = field(default_factory=dict)  # blank player -> its side's field

    @property
    def individual(self) -> bool:
        """Tells whether each side is one player, named by the player's name."""
        return self.rules.table.individual

    def players(self, side: int) -> int:
        """Returns how many players side `side` (0-based) has in this format."""
        return players_per_side(self.rules, side)

    def default_name(self, side: int) -> str:
        """Returns the name a side gets when none is typed: We/They, or "Player 2"."""
        if self.individual:
            return gettext("Player %(n)s", n=side + 1)
        if side < len(PARTNERSHIP_NAMES):
            return str(PARTNERSHIP_NAMES[side])
        return gettext("Side %(n)s", n=side + 1)

    def default_player(self, side: int, player: int) -> str:
        """Returns the name an unnamed partner gets, e.g. "We 2", from the side's name."""
        side_name = self.values.get(f"side-{side}-name", "").strip() or self.default_name(side)
        return partner_default(side_name, player)

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
        side = self.values.get(f"side-{i}-name", "").strip() or self.default_name(i)
        if self.individual:
            return side
        player = self.values.get(f"side-{i}-player-{j}", "").strip()
        return side + ": " + (player or gettext("player %(n)s", n=j + 1))

    def seat_choices(self) -> list[SeatChoice]:
        """Returns the first-dealer choice's seats, worded and ready for new_game.js to reword."""
        choices = []
        for n, (seat, label) in enumerate(self.seats(), start=1):
            i, j = (int(part) for part in seat.split("-"))
            # What seat_label reads, for new_game.js to do the same as names are typed.
            words = {
                "data-words": gettext("Seat %(n)s: %(label)s", n=n, label="{}"),
                "data-side": f"f-side-{i}-name",
                "data-side-blank": self.default_name(i),
            }
            if not self.individual:
                words["data-player"] = f"f-side-{i}-player-{j}"
                words["data-player-blank"] = gettext("player %(n)s", n=j + 1)
            text = gettext("Seat %(n)s: %(label)s", n=n, label=label)
            choices.append(SeatChoice(seat, text, words))
        return choices

    def error(self, name: str, message: str) -> None:
        """Records a message beside one field."""
        self.errors.setdefault(name, []).append(message)


def partner_default(side_name: str, player: int) -> str:
    """Returns an unnamed partner's name, "We 2": the side's name cut short to fit the limit."""
    number = f" {player + 1}"
    return side_name[: MAX_NAME - len(number)].rstrip() + number


def named_players(side: Side) -> list[str]:
    """Returns a side's players that were given names, leaving out defaults such as "We 2"."""
    defaults = {side.name, *(partner_default(side.name, j) for j in range(len(side.players)))}
    return [p for p in side.players if p not in defaults]


def blank(rules: Rules, count: int) -> GameForm:
    """Returns the form as first shown: default side names and the first seat dealing."""
    form = GameForm(rules, count)
    for i in range(count):
        form.values[f"side-{i}-name"] = "" if form.individual else form.default_name(i)
    form.values["first_dealer"] = "0-0"
    return form


def _text(form: GameForm, key: str, raw: Mapping[str, str], limit: int = 200) -> str:
    """Returns a field's typed text, trimmed, and keeps it to show the form again."""
    text = str(raw.get(key, ""))[:limit].strip()
    form.values[key] = text
    return text


def _sides(form: GameForm, raw: Mapping[str, str]) -> list[tuple[str, list[str]]]:
    sides = []
    for i in range(form.count):
        name = _text(form, f"side-{i}-name", raw) or form.default_name(i)
        players = [name] if form.individual else []
        for j in range(0 if form.individual else form.players(i)):
            typed = _text(form, f"side-{i}-player-{j}", raw)
            if not typed:  # names are optional: an unnamed partner is "We 2"
                form.defaulted[f"side-{i}-player-{j}"] = f"side-{i}-name"
            players.append(typed or form.default_player(i, j))
        sides.append((name, players))
    return sides


def _dealer(
    form: GameForm, raw: Mapping[str, str], sides: list[tuple[str, list[str]]]
) -> str | None:
    """Returns the name of the player in the chosen seat, or None when no seat was chosen."""
    seat = str(raw.get("first_dealer", "0-0"))[:20]  # a quick start sends none: seat 1 deals
    form.values["first_dealer"] = seat
    if seat not in dict(form.seats()):
        return None
    i, j = (int(n) for n in seat.split("-"))
    return sides[i][1][j]


def _start_totals(form: GameForm, raw: Mapping[str, str], names: list[str]) -> dict[str, int]:
    """Returns the starting totals typed as numbers; text that is not one is marked."""
    totals = {}
    for i, name in enumerate(names):
        key = f"side-{i}-start"
        text = _text(form, key, raw, 20)
        if not text:
            continue
        try:
            totals[name] = i18n.parse_whole(
                text, label=gettext("A starting total"), limit=MAX_START_TOTAL, negative=True
            )
        except i18n.NumberProblem as problem:
            form.error(key, problem.message if problem.code != "not_a_number" else str(MULTIPLE))
    return totals


def _field_names(form: GameForm, names: list[str]) -> dict[str, str]:
    """Returns the form field of each setup path, e.g. sides[0].players[1] -> side-0-player-1."""
    fields = {"first_dealer": "first_dealer"}
    for i in range(form.count):
        fields[f"sides[{i}].name"] = f"side-{i}-name"
        fields.update(
            {f"sides[{i}].players[{j}]": f"side-{i}-player-{j}" for j in range(form.players(i))}
        )
    for i, name in reversed(list(enumerate(names))):  # a repeated name marks its first side
        fields[f"start_totals.{name}"] = f"side-{i}-start"
    return fields


def read(rules: Rules, count: int, raw: Mapping[str, str], options: list[str]) -> GameForm:
    """Reads a submitted new-game form; the result has errors or gives a Draft via `draft`."""
    form = GameForm(rules, count, options={o.id for o in rules.options} & set(options))
    sides = _sides(form, raw)
    dealer = _dealer(form, raw, sides)
    names = [name for name, _ in sides]
    totals = _start_totals(form, raw, names)
    switched = [o.id for o in rules.options if o.id in form.options]
    if rules.id in load_presets():
        chosen = rules_for(rules.id, switched)
    else:  # a house format: the store applies the options to its document when it saves
        chosen = replace(rules, active_options=tuple(switched))
    form.draft, problems = check_setup(chosen, sides, dealer, totals)
    fields = _field_names(form, names)
    placed = [(fields.get(p.field, "_form"), problem_words.problem(p)) for p in problems]
    for name, message in placed:
        if name not in form.defaulted:
            form.error(name, message)
    for name, message in placed:  # a blank partner's name comes from its side's: said there
        side = form.defaulted.get(name)
        if side is not None and side not in form.errors:
            form.error(side, message)
    return form


def draft(form: GameForm) -> Draft:
    """Returns the game the form describes; call only when the form has no errors."""
    if form.draft is None or form.errors:
        raise ValueError("The form has errors: there is no game to start.")
    return form.draft


def rotated(sides: Sequence[Side]) -> list[tuple[str, tuple[str, ...]]] | None:
    """Returns the sides with partners rotated once (AB v CD, then AC v DB, then AD v BC), or
    None when there is no partnership of named players to rotate."""
    if len(sides) != 2 or any(len(named_players(side)) < 2 for side in sides):
        return None
    first, size = sides[0].players[0], len(sides[0].players)
    others = [*sides[0].players[1:], *sides[1].players]
    others = others[1:] + others[:1]  # everyone but the first player moves one seat on
    return [
        (sides[0].name, (first, *others[: size - 1])),
        (sides[1].name, tuple(others[size - 1 :])),
    ]


def again(game: Game, rotate: bool = False) -> Draft:
    """Returns a new game like `game`: same format, options and sides; the next seat deals.

    `rotate`: the same players with partners rotated once, when they can be.
    """
    source = game.rule_book.current
    house = source.source == "house" and source.source_id.startswith(HOUSE_ID_PREFIX)
    turned = rotated(game.setup.sides) if rotate else None
    return Draft(
        format_id=source.source_id if house else game.format,  # a house format stays one
        options=game.options,
        sides=tuple(turned or ((side.name, side.players) for side in game.setup.sides)),
        first_dealer=dealer(game.rules, game.setup, 1),
        start_totals={},
    )


def names_form(game: Game) -> GameForm:
    """Returns the names form of a started game: its names, defaults left blank to retype."""
    form = GameForm(game.rules, len(game.setup.sides))
    for i, side in enumerate(game.setup.sides):
        keep = not (form.individual and side.name == form.default_name(i))
        form.values[f"side-{i}-name"] = side.name if keep else ""
        if not form.individual:
            named = set(named_players(side))
            for j, player in enumerate(side.players):
                form.values[f"side-{i}-player-{j}"] = player if player in named else ""
    return form


def read_names(game: Game, raw: Mapping[str, str]) -> tuple[GameForm, list[tuple[str, list[str]]]]:
    """Reads a posted names form: what was typed (kept to show again) and the names it gives."""
    form = GameForm(game.rules, len(game.setup.sides))
    return form, _sides(form, raw)


def mark(form: GameForm, names: list[str], problems: Sequence[Problem]) -> None:
    """Puts each setup problem beside its field, or above the form when it has none."""
    fields = _field_names(form, names)
    for problem in problems:
        form.error(fields.get(problem.field, "_form"), problem_words.problem(problem))

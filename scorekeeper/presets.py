"""Format presets: one TOML file per Canasta format, loaded once into frozen dataclasses."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from scorekeeper.format_checks import FormatProblem, impossible_rules, problem
from scorekeeper.marked import N_
from scorekeeper.resources import resource_dir

GOING_OUT_CHOICES = ("no", "out", "concealed")
RED_THREE_SIGN_RULES = {
    # rule name -> canastas a side needs for its threes to count plus (0: any meld will do)
    "no_meld": 0,
    "no_canasta": 1,
    "under_two_canastas": 2,
}
# The codes a document may choose between, by key: the loader refuses any other, and the
# house format editor offers these as a list, each in words (web/house_form.py).
CHOICES: dict[str, tuple[str, ...]] = {
    "by": ("score", "deal", "none"),
    "needs": ("", "canasta", "natural_canasta"),
    "minus_when": (*RED_THREE_SIGN_RULES, "never"),
    "when": ("always", "someone_out", "other_side_out"),
    "partnership": ("fixed", "lone_hand"),
    "tie": ("another_hand", "draw"),
    "zero_when": ("", *RED_THREE_SIGN_RULES),
    "holds": ("", "melded", "hand"),
}
WILD = "wild"  # in `uses`: every card class marked wild together (jokers and deuces)
CORE_SIDE_FIELDS = frozenset(
    {"melded_points", "hand_points", "red_threes", "black_threes", "canastas", "went_out"}
    | {"special_hand"}
)


class FormatChoiceError(KeyError):
    """A format or house options that cannot be chosen; `code` says which, `message` why."""

    def __init__(self, code: str, message: str, **params: str) -> None:
        super().__init__(message)
        self.code = code  # unknown_format, unknown_option or clashing_options
        self.message = message
        self.params = params  # the ids the message names, for a layer that words it itself

    def __str__(self) -> str:
        return self.message  # KeyError's own str() quotes the message


class PresetError(ValueError):
    """A format document is malformed; the message names the file and the field."""

    def __init__(self, message: str, problems: Iterable[FormatProblem] = ()) -> None:
        super().__init__(message)
        self.problems = list(problems) or [FormatProblem("", "invalid", message)]


@dataclass(frozen=True)
class CardClass:
    """A class of cards with the same point value, as counted at the table."""

    id: str
    label: str
    count: int
    melded: int | None  # None: worth the card it stands for (Oklahoma's deuces)
    in_hand: int
    wild: bool = False  # counts toward WILD in a canasta's or penalty's `uses`


@dataclass(frozen=True)
class CanastaKind:
    """A kind of canasta or special meld, with its bonus and the fewest points it can hold."""

    id: str
    label: str
    bonus: int
    min_points: int
    help: str = ""
    # The scarce cards one such canasta takes from the pack (MAC: a sevens canasta takes 7 of
    # the 8 sevens), by card class id or WILD; the whole deal's use is checked against the pack.
    uses: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class OpeningTier:
    """One band of the opening-minimum table; `below` is the band's exclusive upper score."""

    points: int
    below: int | None = None
    needs: str = ""  # "", "canasta" or "natural_canasta" (Brazilian)


@dataclass(frozen=True)
class Opening:
    """How the opening minimum is found: by cumulative score, by deal number, or not at all."""

    by: str  # "score", "deal" or "none"
    tiers: tuple[OpeningTier, ...] = ()
    must_exceed: bool = False
    help: str = ""  # what the opening must hold besides points (MAC's clean triple): a note only


@dataclass(frozen=True)
class Threes:
    """Red threes (or Cuban black threes): their value by count and when they count minus."""

    label: str
    max: int
    scale: tuple[int, ...]  # total value for 1, 2, 3 ... threes held by one owner
    minus_when: str  # a key of RED_THREE_SIGN_RULES, or "never"
    # Counted as 0 (neither plus nor minus) when the side, past minus_when, still falls short of
    # this rule (MAC: threes are worth nothing with exactly one canasta); "" never.
    zero_when: str = ""

    def value(self, count: int) -> int:
        """Returns the unsigned value of `count` threes held by one owner."""
        return self.scale[count - 1] if count else 0


@dataclass(frozen=True)
class Extra:
    """A per-side counted item worth fixed points each: a penalty or a format's special card."""

    id: str
    label: str
    points: int
    max: int
    when: str = "always"  # "always", "someone_out" or "other_side_out"
    help: str = ""
    card: str = ""  # the card it counts ("red_three" or a card class id), capped by the pack
    holds: str = ""  # "melded" or "hand": where each one's cards are counted (MAC penalties)
    min_points: int = 0  # the fewest card points each one holds there (three aces: 60)
    blocks_going_out: bool = False  # an unfinished meld that forbids going out (MAC)
    uses: Mapping[str, int] = field(default_factory=dict)  # scarce cards each takes, as canastas

    @property
    def personal(self) -> bool:
        """Tells whether it belongs to its holder alone, as red threes do in cutthroat."""
        return self.card == "red_three"


@dataclass(frozen=True)
class SpecialHand:
    """A hand laid down whole by a side that has not melded; its value replaces the side's score."""

    id: str
    label: str
    points: int
    help: str = ""
    source: str = ""


@dataclass(frozen=True)
class GoingOut:
    """The going-out bonuses and what a side needs before it may go out."""

    bonus: int
    concealed_bonus: int
    canastas: int
    requires: Mapping[str, int] = field(default_factory=dict)
    red_threes_match_canastas: bool = False  # Mexicana: advisory only


@dataclass(frozen=True)
class Table:
    """Who plays: players per side in seating order, and how partnerships form."""

    players_per_side: tuple[int, ...]
    min_sides: int
    max_sides: int
    partnership: str  # "fixed" or "lone_hand" (cutthroat)
    seats_per_side: int | None = None  # Five-hand: 2 of the side of 3 play each hand
    seating: str = ""
    hand_label: str = "Points left in hands"  # where unmelded cards wait: Hand and Foot's foot too

    @property
    def individual(self) -> bool:
        """Tells whether every score column is one player."""
        return all(n == 1 for n in self.players_per_side)


@dataclass(frozen=True)
class Ending:
    """When the game ends and what a tie for the lead means."""

    target: int | None
    deals: int | None
    tie: str  # "another_hand" or "draw"
    winner_bonus: int = 0


@dataclass(frozen=True)
class Option:
    """A named house rule that patches the preset's data."""

    id: str
    label: str
    description: str
    source: str
    changes: Mapping[str, Any]


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs to score one format, with house options applied."""

    id: str
    name: str
    description: str
    pack: int
    table: Table
    cards: tuple[CardClass, ...]
    canastas: tuple[CanastaKind, ...]
    opening: Opening
    red_threes: Threes | None
    black_threes: Threes | None
    going_out: GoingOut
    extras: tuple[Extra, ...]
    ending: Ending
    options: tuple[Option, ...]
    active_options: tuple[str, ...] = ()
    special_hands: tuple[SpecialHand, ...] = ()
    # The sign rule under which a side's melded cards count minus (MAC: "no_canasta"): a key
    # of RED_THREE_SIGN_RULES, or "never" for every format where melds always count plus.
    melded_minus_when: str = "never"

    @property
    def card_points_max(self) -> int:
        """Returns the most card points the whole pack can hold, red threes excluded."""
        return sum(c.count * max(c.melded or 0, c.in_hand) for c in self.cards)

    def cards_in_pack(self, card: str) -> int:
        """Returns how many of a card the pack holds: "red_three" or a card class id."""
        if card == "red_three":
            return self.red_threes.max if self.red_threes else 0
        if card == WILD:
            return sum(c.count for c in self.cards if c.wild)
        return next((c.count for c in self.cards if c.id == card), 0)

    def canasta(self, kind: str) -> CanastaKind:
        """Returns the canasta kind with this id."""
        return next(k for k in self.canastas if k.id == kind)

    def special_hand(self, hand_id: str) -> SpecialHand:
        """Returns the special hand with this id."""
        return next(h for h in self.special_hands if h.id == hand_id)

    def option(self, option_id: str) -> Option:
        """Returns the house option with this id."""
        return next(o for o in self.options if o.id == option_id)


class _Reader:
    """Reads one TOML table strictly, naming the file and field in every error."""

    def __init__(self, data: Any, where: str, path: str = "") -> None:
        if not isinstance(data, dict):
            found = problem(path, "not_a_table", N_("Expected a table of fields."))
            raise PresetError(f"{where}: expected a table", [found])
        self.data, self.where, self.path = data, where, path
        self.seen: set[str] = set()

    def fail(self, key: str, template: str, **params: Any) -> PresetError:
        """Returns the error of one field: an N_()-marked template and its params."""
        found = problem(self._field(key), "invalid", template, **params)
        return PresetError(f"{self.where}.{key}: {found.message}", [found])

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        self.seen.add(key)
        if key not in self.data:
            if default is ...:
                raise self.fail(key, N_("is required"))
            return default
        value = self.data[key]
        if isinstance(value, bool) and kind is int or not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            raise self.fail(key, N_("expected %(kinds)s, got %(value)r"), kinds=names, value=value)
        return value

    def points(self, key: str, default: Any = ...) -> int:
        value: int = self.get(key, int, default)
        if value % 5:
            raise self.fail(key, N_("%(value)s is not a multiple of 5"), value=str(value))
        return value

    def points_or_none(self, key: str) -> int | None:
        """Reads points that may be left out, such as a card with no fixed melded value."""
        if key not in self.data:
            self.seen.add(key)
            return None
        return self.points(key)

    def _field(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def sub(self, key: str, default: Any = ...) -> _Reader:
        return _Reader(self.get(key, dict, default), f"{self.where}.{key}", self._field(key))

    def rows(self, key: str, default: Any = ...) -> list[_Reader]:
        items = self.get(key, list, default)
        return [
            _Reader(item, f"{self.where}.{key}[{i}]", f"{self._field(key)}.{_item_name(item, i)}")
            for i, item in enumerate(items)
        ]

    def choice(self, key: str, choices: Iterable[str], default: Any = ...) -> str:
        value: str = self.get(key, str, default)
        if value not in choices:
            raise self.fail(
                key,
                N_("%(value)r is not one of %(choices)s"),
                value=value,
                choices=", ".join(sorted(choices)),
            )
        return value

    def done(self) -> None:
        unknown = sorted(set(self.data) - self.seen)
        if unknown:
            raise self.fail(unknown[0], N_("is not a known field"))


def _item_name(item: Any, index: int) -> str:
    """Names a table in a list by its id, as `set` keys do (`canastas.natural`)."""
    name = item.get("id") if isinstance(item, dict) else None
    return name if isinstance(name, str) and name else str(index)


def _cards(r: _Reader) -> CardClass:
    card = CardClass(
        id=r.get("id", str),
        label=r.get("label", str),
        count=r.get("count", int),
        melded=r.points_or_none("melded"),
        in_hand=r.points("in_hand"),
        wild=r.get("wild", bool, False),
    )
    r.done()
    return card


def _uses(r: _Reader) -> dict[str, int]:
    """Reads a `uses` table: whole counts of scarce cards by card class id (or WILD)."""
    uses = r.get("uses", dict, {})
    for card, count in uses.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise r.fail(f"uses.{card}", N_("give a count of 0 or more"))
    return dict(uses)


def _canasta(r: _Reader) -> CanastaKind:
    kind = CanastaKind(
        id=r.get("id", str),
        label=r.get("label", str),
        bonus=r.points("bonus"),
        min_points=r.points("min_points"),
        help=r.get("help", str, ""),
        uses=_uses(r),
    )
    r.done()
    return kind


def _special_hand(r: _Reader) -> SpecialHand:
    hand = SpecialHand(
        id=r.get("id", str),
        label=r.get("label", str),
        points=r.points("points"),
        help=r.get("help", str, ""),
        source=r.get("source", str, ""),
    )
    r.done()
    return hand


def _opening(r: _Reader) -> Opening:
    tiers = []
    for t in r.rows("tiers", []):
        tiers.append(
            OpeningTier(
                points=t.points("points"),
                below=t.get("below", int, None),
                needs=t.choice("needs", CHOICES["needs"], ""),
            )
        )
        t.done()
    opening = Opening(
        by=r.choice("by", CHOICES["by"]),
        tiers=tuple(tiers),
        must_exceed=r.get("must_exceed", bool, False),
        help=r.get("help", str, ""),
    )
    r.done()
    if opening.by != "none" and not tiers:
        raise r.fail("tiers", N_("needs at least one tier"))
    if opening.by == "score":
        bounds = [t.below for t in tiers]
        limits = [b for b in bounds[:-1] if b is not None]
        if bounds[-1] is not None or len(limits) < len(bounds) - 1 or limits != sorted(limits):
            raise r.fail("tiers", N_("bands must rise, and only the last may have no `below`"))
    return opening


def _threes(r: _Reader, label: str) -> Threes:
    threes = Threes(
        label=r.get("label", str, label),
        max=r.get("max", int),
        scale=tuple(r.get("scale", list)),
        minus_when=r.choice("minus_when", CHOICES["minus_when"]),
        zero_when=r.choice("zero_when", CHOICES["zero_when"], ""),
    )
    r.done()
    if len(threes.scale) != threes.max or any(not isinstance(v, int) for v in threes.scale):
        raise r.fail(
            "scale",
            N_("needs one whole number for each of the %(count)s threes"),
            count=str(threes.max),
        )
    return threes


def _extra(r: _Reader) -> Extra:
    extra = Extra(
        id=r.get("id", str),
        label=r.get("label", str),
        points=r.points("points"),
        max=r.get("max", int),
        when=r.choice("when", CHOICES["when"], "always"),
        help=r.get("help", str, ""),
        card=r.get("card", str, ""),
        holds=r.choice("holds", CHOICES["holds"], ""),
        min_points=r.points("min_points", 0),
        blocks_going_out=r.get("blocks_going_out", bool, False),
        uses=_uses(r),
    )
    r.done()
    if extra.id in CORE_SIDE_FIELDS:
        raise r.fail("id", N_("%(id)r is already a hand field"), id=extra.id)
    return extra


def _going_out(r: _Reader, kinds: set[str]) -> GoingOut:
    requires = r.get("requires", dict, {})
    for kind, count in requires.items():
        if kind not in kinds or not isinstance(count, int):
            raise r.fail(
                f"requires.{kind}", N_("must name a canasta kind of this format with a count")
            )
    going_out = GoingOut(
        bonus=r.points("bonus"),
        concealed_bonus=r.points("concealed_bonus"),
        canastas=r.get("canastas", int),
        requires=dict(requires),
        red_threes_match_canastas=r.get("red_threes_match_canastas", bool, False),
    )
    r.done()
    return going_out


def _table(r: _Reader) -> Table:
    per_side = r.get("players_per_side", list)
    table = Table(
        players_per_side=tuple(per_side),
        min_sides=r.get("min_sides", int, len(per_side)),
        max_sides=r.get("max_sides", int, len(per_side)),
        partnership=r.choice("partnership", CHOICES["partnership"], "fixed"),
        seats_per_side=r.get("seats_per_side", int, None),
        seating=r.get("seating", str, ""),
        hand_label=r.get("hand_label", str, "Points left in hands"),
    )
    r.done()
    if not 2 <= table.min_sides <= len(per_side) <= table.max_sides:
        raise r.fail(
            "players_per_side", N_("side counts must satisfy min_sides <= sides <= max_sides")
        )
    return table


def _ending(r: _Reader) -> Ending:
    ending = Ending(
        target=r.get("target", int, None),
        deals=r.get("deals", int, None),
        tie=r.choice("tie", CHOICES["tie"], "another_hand"),
        winner_bonus=r.points("winner_bonus", 0),
    )
    r.done()
    if (ending.target is None) == (ending.deals is None):
        raise r.fail("target", N_("give either a target score or a number of deals"))
    return ending


def _option(r: _Reader) -> Option:
    option = Option(
        id=r.get("id", str),
        label=r.get("label", str),
        description=r.get("description", str),
        source=r.get("source", str, ""),
        changes=r.get("set", dict),
    )
    r.done()
    return option


def _build(data: dict[str, Any], where: str, active: tuple[str, ...] = ()) -> Rules:
    if not isinstance(data, dict):
        raise PresetError(
            f"{where}: expected a table",
            [problem("", "not_a_table", N_("Expected a table of fields."))],
        )
    impossible = impossible_rules(data)
    if impossible:
        first = impossible[0]
        raise PresetError(f"{where}.{first.field}: {first.message}", impossible)
    r = _Reader(data, where)
    canastas = tuple(_canasta(c) for c in r.rows("canastas", []))
    extras = tuple(_extra(e) for e in r.rows("extras", []))
    melded = r.sub("melded", {})
    melded_minus_when = melded.choice("minus_when", CHOICES["minus_when"], "never")
    melded.done()
    special_hands = tuple(_special_hand(h) for h in r.rows("special_hands", []))
    red = r.get("red_threes", dict, None)
    black = r.get("black_threes", dict, None)
    rules = Rules(
        id=r.get("id", str),
        name=r.get("name", str),
        description=r.get("description", str),
        pack=r.get("pack", int),
        table=_table(r.sub("table")),
        cards=tuple(_cards(c) for c in r.rows("cards")),
        canastas=canastas,
        opening=_opening(r.sub("opening")),
        red_threes=(
            _threes(_Reader(red, f"{where}.red_threes", "red_threes"), "Red threes")
            if red
            else None
        ),
        black_threes=(
            _threes(_Reader(black, f"{where}.black_threes", "black_threes"), "Black threes")
            if black
            else None
        ),
        going_out=_going_out(r.sub("going_out"), {k.id for k in canastas}),
        extras=extras,
        ending=_ending(r.sub("ending")),
        options=tuple(_option(o) for o in r.rows("options", [])),
        active_options=active,
        special_hands=special_hands,
        melded_minus_when=melded_minus_when,
    )
    r.get("order", int, 99)
    r.done()
    named: tuple[tuple[str, tuple[Any, ...]], ...] = (
        ("canastas", canastas),
        ("extras", extras),
        ("cards", rules.cards),
        ("special_hands", special_hands),
    )
    for name, items in named:
        ids = [item.id for item in items]
        if len(ids) != len(set(ids)):
            raise r.fail(name, N_("ids must be unique"))
    cards = {"red_three"} | {c.id for c in rules.cards}
    for extra in extras:
        if extra.card and extra.card not in cards:
            raise r.fail(
                "extras",
                N_("%(id)s.card %(card)r is not a card of this pack"),
                id=extra.id,
                card=extra.card,
            )
    scarce = {WILD} | {c.id for c in rules.cards}
    for name, items in (("canastas", canastas), ("extras", extras)):
        for item in items:
            for card in item.uses:
                if card not in scarce:
                    raise r.fail(
                        name,
                        N_("%(id)s.uses %(card)r is not a card of this pack"),
                        id=item.id,
                        card=card,
                    )
    if rules.opening.by == "deal" and len(rules.opening.tiers) < (rules.ending.deals or 0):
        raise r.fail("opening.tiers", N_("needs one tier for each deal"))
    return rules


def _patch(data: dict[str, Any], path: str, value: Any, where: str) -> None:
    """Sets `value` at a dotted path; a list of tables is entered by its items' `id`."""
    *parents, last = path.split(".")
    node: Any = data
    for part in parents:
        if isinstance(node, list):
            node = next((item for item in node if item.get("id") == part), None)
        elif isinstance(node, dict):
            node = node.get(part)
        if node is None:
            raise _unknown_key(where, path, N_("%(key)r names no field of this preset."))
    if isinstance(node, list):
        _patch_item(node, path, last, value, where)
        return
    if not isinstance(node, dict):
        raise _unknown_key(where, path, N_("%(key)r names no field of this preset."))
    node[last] = copy.deepcopy(value)


def _patch_item(items: list[Any], path: str, item_id: str, value: Any, where: str) -> None:
    """Changes, adds (a table) or removes (null, in JSON) the item of a list with this id."""
    index = next((i for i, item in enumerate(items) if item.get("id") == item_id), None)
    if value is None and index is not None:
        del items[index]
    elif isinstance(value, dict) and index is not None:
        items[index].update(copy.deepcopy(value))
    elif isinstance(value, dict):
        items.append({"id": item_id, **copy.deepcopy(value)})
    else:
        raise _unknown_key(
            where, path, N_("%(key)r must end in a field name, or give a whole table.")
        )


def _unknown_key(where: str, path: str, template: str) -> PresetError:
    found = problem(path, "unknown_key", template, key=path)
    return PresetError(f"{where}: {found.message.removesuffix('.')}", [found])


class Preset:
    """One format file: its base rules and the house options a game may switch on."""

    def __init__(self, data: dict[str, Any], where: str) -> None:
        self.data, self.where = data, where
        self.rules = _build(copy.deepcopy(data), where)
        self.id = self.rules.id
        for option in self.rules.options:  # every option must give valid rules on its own
            self.with_options([option.id])

    def with_options(self, option_ids: Iterable[str]) -> Rules:
        """Returns the rules with these house options switched on, in the preset's order."""
        wanted = set(option_ids)
        unknown = wanted - {o.id for o in self.rules.options}
        if unknown:
            option = sorted(unknown)[0]
            raise FormatChoiceError(
                "unknown_option",
                f"{self.id} has no house option {option!r}",
                format=self.id,
                option=option,
            )
        chosen = [o for o in self.rules.options if o.id in wanted]
        if not chosen:
            return self.rules
        return self._patched(tuple(o.id for o in chosen))

    @cache  # noqa: B019 - presets live for the whole process
    def _patched(self, active: tuple[str, ...]) -> Rules:
        data = copy.deepcopy(self.data)
        touched: dict[str, str] = {}
        for option in (self.rules.option(i) for i in active):
            for path, value in option.changes.items():
                if path in touched:
                    raise FormatChoiceError(
                        "clashing_options",
                        f"house options {touched[path]!r} and {option.id!r} both set {path}",
                        first=touched[path],
                        second=option.id,
                        path=path,
                    )
                touched[path] = option.id
                _patch(data, path, value, f"{self.where}: option {option.id}")
        return _build(data, self.where, active)


def load_preset(path: Path) -> Preset:
    """Loads and validates one preset file."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise PresetError(f"{path.name}: {error}") from error
    preset = Preset(data, path.name)
    if preset.id != path.stem:
        raise PresetError(f"{path.name}.id: {preset.id!r} must match the file name")
    return preset


@cache
def load_presets(folder: Path | None = None) -> Mapping[str, Preset]:
    """Loads every preset in the formats folder, in the order of their `order` field."""
    folder = folder or resource_dir("seeds") / "formats"
    presets = [load_preset(path) for path in sorted(folder.glob("*.toml"))]
    if not presets:
        raise PresetError(f"no presets found in {folder.name}/")
    presets.sort(key=lambda p: (p.data.get("order", 99), p.id))
    return {p.id: p for p in presets}


def rules_for(format_id: str, option_ids: Iterable[str] = ()) -> Rules:
    """Returns the rules of a format with house options applied; FormatChoiceError when unknown."""
    presets = load_presets()
    if format_id not in presets:
        raise FormatChoiceError("unknown_format", f"unknown format {format_id!r}", format=format_id)
    return presets[format_id].with_options(option_ids)


def build_rules(data: Mapping[str, Any], where: str, active: Iterable[str] = ()) -> Rules:
    """Validates a whole format document (a preset file's shape) into rules: the one loader."""
    return _build(copy.deepcopy(dict(data)), where, tuple(active))


def apply_changes(
    data: Mapping[str, Any], changes: Mapping[str, Any], where: str
) -> dict[str, Any]:
    """Returns a copy of a document with dotted-key changes applied, as house options are."""
    patched = copy.deepcopy(dict(data))
    problems: list[FormatProblem] = []
    for path, value in changes.items():
        try:
            _patch(patched, str(path), value, where)
        except PresetError as error:
            problems += error.problems
    if problems:
        raise PresetError(f"{where}: {problems[0].message}", problems)
    return patched


def format_summaries() -> list[dict[str, Any]]:
    """Returns every preset as a JSON-ready summary with its house options (CLI and API)."""
    return [summary(preset.rules) for preset in load_presets().values()]


def summary(rules: Rules, *, house: bool = False) -> dict[str, Any]:
    """Returns one format's JSON-ready summary; `house` tells a table's own from a preset."""
    return {
        "house": house,
        "id": rules.id,
        "name": rules.name,
        "description": rules.description,
        "target": rules.ending.target,
        "deals": rules.ending.deals,
        "sides": list(rules.table.players_per_side),
        "min_sides": rules.table.min_sides,
        "max_sides": rules.table.max_sides,
        "canastas": [{"id": k.id, "label": k.label, "bonus": k.bonus} for k in rules.canastas],
        "special_hands": [
            {"id": h.id, "label": h.label, "points": h.points} for h in rules.special_hands
        ],
        "options": [
            {"id": o.id, "label": o.label, "description": o.description, "source": o.source}
            for o in rules.options
        ],
    }

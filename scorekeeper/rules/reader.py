"""The strict reader of format documents: TOML tables into the format model, and dotted-key patches."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scorekeeper.rules.checks import impossible_rules, problem
from scorekeeper.rules.model import (
    CHOICES,
    CORE_SIDE_FIELDS,
    WILD,
    CanastaKind,
    CardClass,
    Ending,
    Extra,
    GoingOut,
    Opening,
    OpeningTier,
    Option,
    PresetError,
    Rules,
    SpecialHand,
    Table,
    Threes,
)
from scorekeeper.rules.tree import copied
from scorekeeper.sentences.marked import N_


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
    """Returns a document's rules after the checks no single field can make alone."""
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
    rules = _rules(r, active)
    r.get("order", int, 99)
    r.done()
    _check_ids(r, rules)
    _check_cards(r, rules)
    if rules.opening.by == "deal" and len(rules.opening.tiers) < (rules.ending.deals or 0):
        raise r.fail("opening.tiers", N_("needs one tier for each deal"))
    return rules


def _rules(r: _Reader, active: tuple[str, ...]) -> Rules:
    """Reads every table of a document into Rules."""
    canastas = tuple(_canasta(c) for c in r.rows("canastas", []))
    melded = r.sub("melded", {})
    melded_minus_when = melded.choice("minus_when", CHOICES["minus_when"], "never")
    melded.done()
    return Rules(
        id=r.get("id", str),
        name=r.get("name", str),
        description=r.get("description", str),
        pack=r.get("pack", int),
        table=_table(r.sub("table")),
        cards=tuple(_cards(c) for c in r.rows("cards")),
        canastas=canastas,
        opening=_opening(r.sub("opening")),
        red_threes=_optional_threes(r, "red_threes", "Red threes"),
        black_threes=_optional_threes(r, "black_threes", "Black threes"),
        going_out=_going_out(r.sub("going_out"), {k.id for k in canastas}),
        extras=tuple(_extra(e) for e in r.rows("extras", [])),
        ending=_ending(r.sub("ending")),
        options=tuple(_option(o) for o in r.rows("options", [])),
        active_options=active,
        special_hands=tuple(_special_hand(h) for h in r.rows("special_hands", [])),
        melded_minus_when=melded_minus_when,
    )


def _optional_threes(r: _Reader, key: str, label: str) -> Threes | None:
    """Reads a table of threes that a format may leave out (None: its threes score nothing)."""
    table = r.get(key, dict, None)
    return _threes(_Reader(table, f"{r.where}.{key}", key), label) if table else None


def _check_ids(r: _Reader, rules: Rules) -> None:
    """Refuses two items of one list with the same id."""
    named: tuple[tuple[str, tuple[Any, ...]], ...] = (
        ("canastas", rules.canastas),
        ("extras", rules.extras),
        ("cards", rules.cards),
        ("special_hands", rules.special_hands),
    )
    for name, items in named:
        ids = [item.id for item in items]
        if len(ids) != len(set(ids)):
            raise r.fail(name, N_("ids must be unique"))


def _check_cards(r: _Reader, rules: Rules) -> None:
    """Refuses an extra or a meld naming a card the pack does not hold."""
    cards = {"red_three"} | {c.id for c in rules.cards}
    for extra in rules.extras:
        if extra.card and extra.card not in cards:
            raise r.fail(
                "extras",
                N_("%(id)s.card %(card)r is not a card of this pack"),
                id=extra.id,
                card=extra.card,
            )
    scarce = {WILD} | {c.id for c in rules.cards}
    items: tuple[tuple[str, tuple[CanastaKind | Extra, ...]], ...] = (
        ("canastas", rules.canastas),
        ("extras", rules.extras),
    )
    for name, kinds in items:
        unknown = next(((k.id, c) for k in kinds for c in k.uses if c not in scarce), None)
        if unknown:
            raise r.fail(
                name,
                N_("%(id)s.uses %(card)r is not a card of this pack"),
                id=unknown[0],
                card=unknown[1],
            )


def build_rules(data: Mapping[str, Any], where: str, active: Iterable[str] = ()) -> Rules:
    """Validates a whole format document (a preset file's shape) into rules: the one loader."""
    return _build(copied(dict(data)), where, tuple(active))

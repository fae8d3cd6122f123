"""The house format form, built from a format document: one field per dotted key of `set`."""

from __future__ import annotations

import contextlib
import copy
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext

from scorekeeper import language
from scorekeeper.language import i18n, problem_words, words
from scorekeeper.language.marked import N_
from scorekeeper.rules.checks import FormatProblem
from scorekeeper.rules.model import CHOICES, PresetError
from scorekeeper.rules.patch import apply_changes

# The rule book's order; each top-level key of a document is shown under one heading.
GROUPS = (
    ("cards", N_("Card values"), ("cards", "melded")),
    ("canastas", N_("Canasta kinds"), ("canastas",)),
    ("red_threes", N_("Red threes"), ("red_threes",)),
    ("going_out", N_("Going out"), ("going_out",)),
    ("extras", N_("Black threes and extras"), ("black_threes", "extras")),
    ("special_hands", N_("Special hands"), ("special_hands",)),
    ("opening", N_("Opening minimums"), ("opening",)),
    ("ending", N_("Ending: target and tie"), ("ending",)),
    ("table", N_("Sides, players and pack"), ("table", "pack")),
)
NOT_RULES = {"id", "name", "description", "order", "options"}  # named, or switched, elsewhere
PROSE = {"help", "seating", "hand_label", "source"}  # explanations, not values a score depends on
# How each key of a format document reads on the form, in English; translated where shown.
# Every key of every preset is here (tests/test_web_house_formats.py checks), so the catalogues
# list them all; a house format's own new key falls back to its name with spaces.
WORDS = {
    "ace": N_("aces"),
    "below": N_("below"),
    "black_threes": N_("black threes"),
    "blocks_going_out": N_("forbids going out"),
    "bonus": N_("bonus"),
    "by": N_("set by"),
    "canastas": N_("canastas needed"),
    "card": N_("card"),
    "cards": N_("cards"),
    "clean": N_("clean"),
    "concealed_bonus": N_("concealed total"),
    "count": N_("count"),
    "deals": N_("deals"),
    "deuce": N_("deuces"),
    "dirty": N_("dirty"),
    "ending": N_("ending"),
    "escalera": N_("escalera"),
    "extras": N_("extras"),
    "going_out": N_("going out"),
    "holds": N_("cards counted in"),
    "in_hand": N_("in hand"),
    "joker": N_("jokers"),
    "label": N_("label"),
    "max": N_("max"),
    "max_sides": N_("most sides"),
    "melded": N_("melded"),
    "min_points": N_("fewest points"),
    "min_sides": N_("fewest sides"),
    "minus_when": N_("count minus when"),
    "must_exceed": N_("meld must exceed the minimum"),
    "needs": N_("needs"),
    "opening": N_("opening"),
    "pack": N_("pack"),
    "partnership": N_("partnership"),
    "players_per_side": N_("players per side"),
    "points": N_("points"),
    "red_threes": N_("red threes"),
    "red_threes_match_canastas": N_("red threes match canastas"),
    "requires": N_("requires"),
    "scale": N_("scale"),
    "seats_per_side": N_("seats per side"),
    "seven": N_("sevens"),
    "special_hands": N_("special hands"),
    "table": N_("table"),
    "target": N_("target"),
    "tie": N_("tie"),
    "tiers": N_("tiers"),
    "uses": N_("takes from the pack"),
    "when": N_("when"),
    "wild": N_("wild"),
    "winner_bonus": N_("winner's bonus"),
    "zero_when": N_("count zero when"),
}
# Each code a document may choose (format_model.CHOICES), in words, as the editor's lists show it.
CHOICE_WORDS = {
    ("by", "score"): N_("the side's score"),
    ("by", "deal"): N_("the deal's number"),
    ("by", "none"): N_("nothing: no minimum"),
    ("needs", ""): N_("points only"),
    ("needs", "canasta"): N_("a canasta"),
    ("needs", "natural_canasta"): N_("a natural canasta"),
    ("minus_when", "no_meld"): N_("the side has not melded"),
    ("minus_when", "no_canasta"): N_("the side has no canasta"),
    ("minus_when", "under_two_canastas"): N_("the side has fewer than two canastas"),
    ("minus_when", "never"): N_("never"),
    ("zero_when", ""): N_("never"),
    ("zero_when", "no_meld"): N_("the side has not melded"),
    ("zero_when", "no_canasta"): N_("the side has no canasta"),
    ("zero_when", "under_two_canastas"): N_("the side has fewer than two canastas"),
    ("holds", ""): N_("nowhere"),
    ("holds", "melded"): N_("the melds"),
    ("holds", "hand"): N_("the hand"),
    ("when", "always"): N_("always"),
    ("when", "someone_out"): N_("when someone went out"),
    ("when", "other_side_out"): N_("when the other side went out"),
    ("partnership", "fixed"): N_("fixed partners"),
    ("partnership", "lone_hand"): N_("partners, or one player alone"),
    ("tie", "another_hand"): N_("play another hand"),
    ("tie", "draw"): N_("a draw"),
}
LIMIT = 1_000_000
NEW_KIND = "new_kind"  # the blank row that adds a canasta kind


@dataclass
class Field:
    """One value of the document on the form: its dotted key, words, kind and text."""

    key: str
    label: str
    kind: str  # "number", "numbers" (a list), "text", "choice" or "switch"
    value: str
    removable: str = ""  # the list item this field belongs to, when it may be removed
    errors: list[str] = field(default_factory=list)
    choices: tuple[tuple[str, str], ...] = ()  # a choice's (code, words), in list order
    note: str = ""  # what the value does elsewhere, said beside the field (not a problem)

    @property
    def id(self) -> str:
        """Returns the input's id on the page, e.g. "f-ending-target" (a link's #fragment)."""
        return "f-" + self.key.replace(".", "-")


@dataclass
class Group:
    """A heading of the rule book and its fields."""

    id: str
    heading: str
    fields: list[Field] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def key_words(key: str) -> str:
    """Returns how a document key reads, in the request's language (a new key: its name)."""
    return gettext(WORDS[key]) if key in WORDS else key.replace("_", " ")


def _heading(key: str) -> str:
    """Returns a top-level key's words with a capital first letter, e.g. "Going out"."""
    found = key_words(key)
    return found[:1].upper() + found[1:]


def _item_words(item: Mapping[str, Any]) -> str:
    """Returns a list item's name: its preset label in the reader's language, or its id."""
    label = item.get("label")
    return words.text(label) if label else str(item["id"])


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return "" if value is None else str(value)


def _choices(key: str, value: Any, document: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """Returns a field's (code, words) to choose from, or () when it is typed in."""
    name = key.rsplit(".", 1)[-1]
    if not isinstance(value, str | None):
        return ()
    if key.startswith("extras.") and name == "card":  # a card of this pack, or none
        cards = [
            (c["id"], words.text(c.get("label") or c["id"])) for c in document.get("cards", [])
        ]
        found = [("", gettext("no card")), ("red_three", gettext("Red threes")), *cards]
    elif name in CHOICES:
        found = [(code, gettext(CHOICE_WORDS.get((name, code), code))) for code in CHOICES[name]]
    else:
        return ()
    if value is not None and value not in {code for code, _ in found}:
        found.append((value, value))  # kept, though the check refuses it
    return tuple(found)


def _label_shown(key: str, value: Any) -> str:
    """Returns a value as the form shows it: a preset's label in the reader's language."""
    # Kept in English, a label stays translatable wherever the format is shown; read() turns
    # an untouched translation back into the English it came from.
    if key.endswith(".label") and isinstance(value, str):
        return words.text(value)
    return _shown(value)


def _in_any_language(label: str) -> set[str]:
    """Returns a preset's label in every language the app speaks, English included."""
    # Any of them: the form may have been shown in another language than the one it is
    # posted in (a ?lang= link, a switch in another tab).
    found = {label}
    for code in i18n.LANGUAGES:
        with language.speaking(code):
            found.add(words.text(label))
    return found


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "switch"
    if isinstance(value, int):
        return "number"
    if isinstance(value, list):
        return "numbers"
    return "text"


def _band(index: int, column: str) -> str:
    """Returns the words of one cell of a band table, e.g. "Band 2: points"."""
    return gettext("Band %(number)s: %(column)s", number=index + 1, column=key_words(column))


def _new_kind(name: str) -> str:
    """Returns the words of a field of the blank row that adds a canasta kind."""
    return gettext("New kind: %(field)s", field=key_words(name))


Leaf = tuple[str, str, Any, str]  # (dotted key, words, value, removable item)


def _leaves(node: Any, key: str, label: str) -> list[Leaf]:
    """Returns (dotted key, words, value, removable item) for every value under a node."""
    if isinstance(node, Mapping):
        return [
            leaf
            for name, value in node.items()
            if name not in PROSE
            for leaf in _leaves(value, f"{key}.{name}", f"{label}: {key_words(name)}")
        ]
    if isinstance(node, list) and node and all(isinstance(i, Mapping) for i in node):
        if all("id" in item for item in node):
            return _item_leaves(node, key)
        return _band_leaves(node, key)
    return [(key, label, node, "")]


def _item_leaves(items: list[Mapping[str, Any]], key: str) -> list[Leaf]:
    """Returns the leaves of a list entered by its items' ids, e.g. canastas.natural.bonus."""
    found: list[Leaf] = []
    for item in items:
        for name, value in item.items():
            if name in PROSE or name == "id":
                continue
            leaf, named = f"{key}.{item['id']}.{name}", f"{_item_words(item)}: {key_words(name)}"
            if isinstance(value, Mapping):  # a kind's `uses`: one field per card
                found += [(k, w, v, item["id"]) for k, w, v, _ in _leaves(value, leaf, named)]
            else:
                found.append((leaf, named, value, item["id"]))
    return found


def _band_leaves(rows: list[Mapping[str, Any]], key: str) -> list[Leaf]:
    """Returns the leaves of a band table, one row per band and a cell per column in use."""
    used = [name for name in ("below", "points", "needs") if any(name in r for r in rows)]
    return [
        (f"{key}.{index}.{name}", _band(index, name), row.get(name), "")
        for index, row in enumerate(rows)
        for name in used
    ]


def groups(document: Mapping[str, Any], typed: Mapping[str, str] | None = None) -> list[Group]:
    """Returns the form's groups for a document; `typed` keeps what the user typed."""
    typed = typed or {}
    made = []
    for group_id, heading, tops in GROUPS:
        group = Group(group_id, heading)
        for top in tops:
            if top not in document or top in NOT_RULES:
                continue
            for key, label, value, item in _leaves(document[top], top, _heading(top)):
                choices = _choices(key, value, document)
                kind = "choice" if choices else "number" if value is None else _kind(value)
                shown = typed[key] if key in typed else _label_shown(key, value)
                removable = item if top == "canastas" else ""
                group.fields.append(Field(key, label, kind, shown, removable, choices=choices))
        if group_id == "canastas":  # a blank row adds a kind
            for name, kind in (("label", "text"), ("bonus", "number"), ("min_points", "number")):
                key = f"{NEW_KIND}.{name}"
                group.fields.append(Field(key, _new_kind(name), kind, typed.get(key, "")))
        if group.fields:
            made.append(group)
    _note_concealed(made)
    return made


def _note_concealed(made: list[Group]) -> None:
    """Says beside the concealed total when it equals going out's: the record form then has
    no "Concealed" choice (it would score the same), which no one should find out at the table."""
    fields = {f.key: f for group in made for f in group.fields}
    out, concealed = fields.get("going_out.bonus"), fields.get("going_out.concealed_bonus")
    if out is None or concealed is None:
        return
    same = out.value.strip() == concealed.value.strip()
    with contextlib.suppress(i18n.NumberProblem):
        number = functools.partial(i18n.parse_whole, limit=LIMIT, negative=True)
        same = same or number(out.value) == number(concealed.value)
    if same:
        concealed.note = gettext(
            "The same as going out: the record form will not offer “Concealed”, since it "
            "would score nothing more."
        )


def _band_rows(fields: list[Field]) -> dict[str, dict[int, dict[str, str]]]:
    rows: dict[str, dict[int, dict[str, str]]] = {}
    for f in fields:
        found = re.fullmatch(r"(.+)\.(\d+)\.(below|points|needs)", f.key)
        if found:
            table, index, name = found.group(1), int(found.group(2)), found.group(3)
            rows.setdefault(table, {}).setdefault(index, {})[name] = f.key
    return rows


@dataclass
class Reading:
    """What a submitted form says: the changes to the base, what was typed, and problems."""

    changes: dict[str, Any]
    typed: dict[str, str]
    problems: list[FormatProblem]


def _not_a_number(example: Any) -> str:
    """Returns the refusal of text that is no number, its example the field's own value."""
    if isinstance(example, list) and example and all(type(v) is int for v in example):
        # Plain digits, as the form shows a list: a comma there parts the numbers.
        shown = ", ".join(str(v) for v in example)
        return gettext("Enter whole numbers separated by commas, like %(example)s.", example=shown)
    if type(example) is int:
        return gettext("Enter a whole number, like %(example)s.", example=i18n.number(example))
    return gettext("Enter a whole number.")


def _number(
    text: str, key: str, label: str, problems: list[FormatProblem], example: Any = None
) -> int | None:
    """Returns the number typed, or None with its problem noted (`example`: the field's value)."""
    try:
        return i18n.parse_whole(text, label=label, limit=LIMIT, negative=True)
    except i18n.NumberProblem as error:
        message = _not_a_number(example) if error.code == "not_a_number" else str(error)
        problems.append(FormatProblem(key, "not_a_number", message))
        return None


def _value(
    f: Field, raw: Mapping[str, str], problems: list[FormatProblem], example: Any = None
) -> Any:
    """Returns a field's typed value as the document holds it (None: blank or unreadable)."""
    text = str(raw.get(f.key, "")).strip()
    if f.kind == "switch":
        return f.key in raw
    if f.kind in ("text", "choice"):
        return text or None
    if f.kind == "numbers":
        parts = [p for p in re.split(r"[;,\s]+", text) if p]
        found: list[FormatProblem] = []
        numbers = [_number(p, f.key, f.label, found, example) for p in parts]
        problems += found[:1]  # one message beside the field, however many parts are wrong
        return None if None in numbers or not numbers else numbers
    return _number(text, f.key, f.label, problems, example) if text else None


def value_at(document: Mapping[str, Any], key: str) -> Any:
    """Returns the value at a dotted key; a list of tables is entered by its items' ids."""
    node: Any = document
    for part in key.split("."):
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]  # a band table has no ids: its rows are numbered
        elif isinstance(node, list):
            node = next((i for i in node if isinstance(i, Mapping) and i.get("id") == part), None)
        elif isinstance(node, Mapping):
            node = node.get(part)
        else:
            return None
    return node


def slug(label: str) -> str:
    """Returns a new canasta kind's id from its name: lowercase letters, digits, underscores."""
    words = re.findall(r"[a-z0-9]+", label.lower())
    return "_".join(words)[:30] or "kind"


def read(
    base: Mapping[str, Any],
    shown: Mapping[str, Any],
    raw: Mapping[str, str],
    options: list[tuple[str, Mapping[str, Any]]],
    switched_before: set[str],
) -> Reading:
    """Reads the form rendered from `shown` into changes to `base`, keeping every typed text."""
    problems: list[FormatProblem] = []
    fields = [f for g in groups(shown) for f in g.fields if not f.key.startswith(NEW_KIND)]
    values = _typed_values(fields, shown, raw, problems)
    typed = {f.key: str(raw.get(f.key, "")) for f in fields if f.kind != "switch"}
    typed.update({f.key: _shown(values[f.key]) for f in fields if f.key not in raw})
    failed = {p.field for p in problems}
    removed = {k.removeprefix("remove.") for k in raw if k.startswith("remove.")}
    bands = _band_rows(fields)
    plain = [f for f in fields if f.key not in failed and _table_of(f.key, bands) is None]
    changes = _field_changes(plain, values, base, removed)
    changes.update(_band_changes(bands, values, base, failed))
    changes.update(_added_items(plain, values, base, removed))
    _remove_items(changes, base, removed)
    typed.update(_new_kind_typed(raw))
    new_kind = _new_kind_change(typed, problems)
    changes.update(new_kind)
    _switch(changes, base, raw, options, switched_before)
    return Reading(changes, typed, problems)


def _typed_values(
    fields: list[Field],
    shown: Mapping[str, Any],
    raw: Mapping[str, str],
    problems: list[FormatProblem],
) -> dict[str, Any]:
    """Returns each field's value as posted; a field not posted keeps the value it showed."""
    values = {}
    for f in fields:
        before = value_at(shown, f.key)
        posted = f.key in raw or f.kind == "switch"
        values[f.key] = _value(f, raw, problems, before) if posted else before
        # A label left as the form showed it is the preset's, still in English.
        label = f.key.endswith(".label") and isinstance(before, str)
        if label and values[f.key] in _in_any_language(before):
            values[f.key] = before
    return values


def _table_of(key: str, bands: Mapping[str, Any]) -> str | None:
    """Returns the band table a field's key lies in, or None."""
    return next((table for table in bands if key.startswith(table + ".")), None)


def _item_of(key: str) -> tuple[str, str]:
    """Returns a field's top-level key and its list item's id ("" when it is no item's)."""
    parts = key.split(".")
    return parts[0], parts[1] if len(parts) >= 3 else ""


def _is_new_item(key: str, base: Mapping[str, Any]) -> bool:
    """Tells whether a field belongs to a list item the base does not have (a kind added)."""
    top, item = _item_of(key)
    return bool(item) and value_at(base, key) is None and value_at(base, f"{top}.{item}") is None


def _field_changes(
    fields: list[Field], values: Mapping[str, Any], base: Mapping[str, Any], removed: set[str]
) -> dict[str, Any]:
    """Returns each value that differs from the base's, on fields of items kept and known."""
    changes = {}
    for f in fields:
        top, _ = _item_of(f.key)
        gone = f.removable and f"{top}.{f.removable}" in removed
        if gone or _is_new_item(f.key, base):
            continue
        if values[f.key] is not None and values[f.key] != value_at(base, f.key):
            changes[f.key] = values[f.key]
    return changes


def _added_items(
    fields: list[Field], values: Mapping[str, Any], base: Mapping[str, Any], removed: set[str]
) -> dict[str, dict[str, Any]]:
    """Returns the list items the form holds and the base lacks, each as one whole change."""
    added: dict[str, dict[str, Any]] = {}
    for f in fields:
        top, item = _item_of(f.key)
        if f.removable and f"{top}.{f.removable}" in removed:
            continue
        if _is_new_item(f.key, base):
            *inner, last = f.key.split(".")[2:]  # a kind's `uses.wild` nests as it is written
            node = added.setdefault(f"{top}.{item}", {})
            for part in inner:
                node = node.setdefault(part, {})
            node[last] = values[f.key]
    return added


def _band_changes(
    bands: Mapping[str, Mapping[int, Mapping[str, str]]],
    values: Mapping[str, Any],
    base: Mapping[str, Any],
    failed: set[str],
) -> dict[str, Any]:
    """Returns each band table that differs from the base's, whole (none with a problem)."""
    changes: dict[str, Any] = {}
    for table, rows in bands.items():
        if any(key in failed for row in rows.values() for key in row.values()):
            continue
        whole = []
        for index in sorted(rows):
            cells = rows[index].items()
            row = {name: values[key] for name, key in cells if values[key] is not None}
            if row:
                whole.append(row)
        if whole != value_at(base, table):
            changes[table] = whole
    return changes


def _remove_items(changes: dict[str, Any], base: Mapping[str, Any], removed: set[str]) -> None:
    """Marks each item removed from the base as None; an item only added is simply dropped."""
    for item in sorted(removed):
        if value_at(base, item) is not None:
            changes[item] = None
        else:
            changes.pop(item, None)


def _new_kind_typed(raw: Mapping[str, str]) -> dict[str, str]:
    """Returns what was typed in the blank row that adds a canasta kind."""
    return {
        f"{NEW_KIND}.{name}": str(raw.get(f"{NEW_KIND}.{name}", ""))
        for name in ("label", "bonus", "min_points")
    }


def _new_kind_change(typed: Mapping[str, str], problems: list[FormatProblem]) -> dict[str, Any]:
    """Returns the canasta kind the blank row adds, by its id, or nothing when it is blank."""
    label = typed[f"{NEW_KIND}.label"].strip()
    if not label:
        return {}
    kind: dict[str, Any] = {"label": label}
    for name in ("bonus", "min_points"):
        text = typed[f"{NEW_KIND}.{name}"].strip()
        number = _number(text or "0", f"{NEW_KIND}.{name}", _new_kind(name), problems)
        kind[name] = number if number is not None else 0
    return {f"canastas.{slug(label)}": kind}


def _switch(
    changes: dict[str, Any],
    base: Mapping[str, Any],
    raw: Mapping[str, str],
    options: list[tuple[str, Mapping[str, Any]]],
    switched_before: set[str],
) -> None:
    """Applies the house options switched on, and undoes those switched off, over the fields."""
    for option_id, option_changes in options:
        now_on = f"option.{option_id}" in raw
        if now_on and option_id not in switched_before:
            for key, value in option_changes.items():
                changes[key] = copy.deepcopy(value)
        elif not now_on and option_id in switched_before:
            for key in option_changes:
                changes.pop(key, None)


def switched_on(
    document: Mapping[str, Any], options: list[tuple[str, Mapping[str, Any]]]
) -> set[str]:
    """Returns the house options whose every change the document already holds."""
    return {
        option_id
        for option_id, option_changes in options
        if all(value_at(document, k) == v for k, v in option_changes.items())
    }


def structure(base: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """Returns the base with the changes applied, unchecked: the shape the form shows."""
    try:
        return apply_changes(base, changes, "set")
    except PresetError:
        return copy.deepcopy(dict(base))


def attach(made: list[Group], problems: list[FormatProblem]) -> list[str]:
    """Puts each problem beside its field (or its group); returns those that fit none."""
    fields = {f.key: f for g in made for f in g.fields}
    left = []
    for problem in problems:
        key = problem.field.removeprefix("set.")
        target = fields.get(key)
        if target is None:  # a whole table (opening.tiers) or a kind: its first field
            target = next((f for k, f in fields.items() if k.startswith(key + ".")), None)
        if target is None and key.startswith("canastas."):
            target = fields.get(f"{NEW_KIND}.{key.rsplit('.', 1)[-1]}")
        if target is not None:
            target.errors.append(problem_words.format_problem(problem))
        else:
            left.append(problem_words.format_problem(problem))
    return left


def labels(document: Mapping[str, Any]) -> dict[str, str]:
    """Returns each field's words on the form by its dotted key, e.g. "Going out: bonus"."""
    return {
        f.key: f.label for g in groups(document) for f in g.fields if not f.key.startswith(NEW_KIND)
    }


def change_words(key: str, named: Mapping[str, str], *documents: Mapping[str, Any]) -> str:
    """Returns how a change's key reads: its field's words on the form (`named`), else the
    form's words for a whole kind ("Canasta kinds: Canasta of sevens") or band table (its
    heading, "Opening minimums"), else its keys' words ("Going out: bonus")."""
    if key in named:
        return named[key]
    top = key.split(".", 1)[0]
    heading = next((words.text(h) for _, h, tops in GROUPS if top in tops), None)
    for document in documents:  # a kind added (the house's document) or removed (the base's)
        found = value_at(document, key)
        if isinstance(found, Mapping) and "id" in found:
            return f"{heading}: {_item_words(found)}" if heading else _item_words(found)
        if heading and isinstance(found, list) and all(isinstance(r, Mapping) for r in found):
            return heading  # a band table: its group holds nothing else, e.g. "Opening minimums"
    return ": ".join([_heading(top), *(key_words(part) for part in key.split(".")[1:])])


def value_words(key: str, value: Any, document: Mapping[str, Any]) -> str:
    """Returns a document's value in the reader's words: numbers their way, codes as the
    form's lists say them, a preset's labels translated; "—" for none."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, int):
        return i18n.number(value)
    if isinstance(value, str | None):
        return _text_words(key, value, document)
    if isinstance(value, Mapping):  # a kind, or a band of a table: each value after its words
        return ", ".join(
            f"{key_words(name)} {value_words(f'{key}.{name}', v, document)}"
            for name, v in value.items()
            if name not in PROSE and name not in ("id", "label")
        )
    if isinstance(value, list):
        # Tables part with semicolons; numbers with slashes, as a comma could group thousands.
        tables = all(isinstance(v, Mapping) for v in value)
        return ("; " if tables else " / ").join(value_words(key, v, document) for v in value)
    return str(value)


def _text_words(key: str, value: str | None, document: Mapping[str, Any]) -> str:
    """Returns a code as the form's list says it, a preset's label translated, or "—"."""
    choices = dict(_choices(key, value, document))
    if value in choices or (value is None and "" in choices):
        return choices[value or ""]
    if value is None:
        return "—"
    return words.text(value) if key.endswith(".label") else value

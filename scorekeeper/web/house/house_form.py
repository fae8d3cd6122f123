"""The house format form, built from a format document: one field per dotted key of `set`."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext

from scorekeeper.language import i18n, problem_words, words
from scorekeeper.rules.checks import FormatProblem
from scorekeeper.rules.documents import preset_document
from scorekeeper.rules.model import Option
from scorekeeper.rules.presets import load_presets
from scorekeeper.web.house import house_shape
from scorekeeper.web.house.house_shape import governed, without_prose
from scorekeeper.web.house.house_words import (
    GROUPS,
    NOT_RULES,
    PROSE,
    band_words,
    choices_of,
    heading_words,
    item_words,
    key_words,
    new_kind_words,
    text_of,
    value_at,
)

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
    locked: bool = False  # set by a house option switched on: shown, not posted

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


def _label_shown(key: str, value: Any) -> str:
    """Returns a value as the form shows it: a preset's label in the reader's language."""
    # Kept in English, a label stays translatable wherever the format is shown; read() turns
    # an untouched translation back into the English it came from.
    if key.endswith(".label") and isinstance(value, str):
        return words.text(value)
    return text_of(value)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "switch"
    if isinstance(value, int):
        return "number"
    if isinstance(value, list):
        return "numbers"
    return "text"


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
            leaf, named = f"{key}.{item['id']}.{name}", f"{item_words(item)}: {key_words(name)}"
            if isinstance(value, Mapping):  # a kind's `uses`: one field per card
                found += [(k, w, v, item["id"]) for k, w, v, _ in _leaves(value, leaf, named)]
            else:
                found.append((leaf, named, value, item["id"]))
    return found


def _band_leaves(rows: list[Mapping[str, Any]], key: str) -> list[Leaf]:
    """Returns the leaves of a band table, one row per band and a cell per column in use."""
    used = [name for name in ("below", "points", "needs") if any(name in r for r in rows)]
    return [
        (f"{key}.{index}.{name}", band_words(index, name), row.get(name), "")
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
            if top in document and top not in NOT_RULES:
                group.fields += _fields(document, top, typed)
        if group_id == "canastas":  # a blank row adds a kind
            group.fields += _new_kind_fields(typed)
        if group.fields:
            made.append(group)
    _note_concealed(made)
    return made


def _fields(document: Mapping[str, Any], top: str, typed: Mapping[str, str]) -> list[Field]:
    """Returns the fields of one top-level key of a document, as typed or as it holds them."""
    made = []
    for key, label, value, item in _leaves(document[top], top, heading_words(top)):
        choices = choices_of(key, value, document)
        kind = "choice" if choices else "number" if value is None else _kind(value)
        shown = typed[key] if key in typed else _label_shown(key, value)
        removable = item if top == "canastas" else ""
        made.append(Field(key, label, kind, shown, removable, choices=choices))
    return made


def _new_kind_fields(typed: Mapping[str, str]) -> list[Field]:
    """Returns the blank row that adds a canasta kind, with what was typed in it."""
    return [
        Field(f"{NEW_KIND}.{name}", new_kind_words(name), kind, typed.get(f"{NEW_KIND}.{name}", ""))
        for name, kind in (("label", "text"), ("bonus", "number"), ("min_points", "number"))
    ]


def lock(made: list[Group], held: list[tuple[str, Mapping[str, Any]]]) -> None:
    """Marks each field a house option switched on sets: shown, not posted, its option said."""
    for group in made:
        for f in group.fields:
            label = next((label for label, sets in held if governed(f.key, [(label, sets)])), None)
            if label is not None:
                f.locked = True
                f.note = gettext(
                    "Set by the house option “%(option)s”: switch it off to change this.",
                    option=label,
                )


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


def switched_on(
    document: Mapping[str, Any], options: list[tuple[str, Mapping[str, Any]]]
) -> set[str]:
    """Returns the house options whose every change the document already holds."""
    return {
        option_id
        for option_id, option_changes in options
        if all(holds(document, k, v) for k, v in option_changes.items())
    }


def holds(document: Mapping[str, Any], key: str, value: Any) -> bool:
    """Tells whether a document holds a change, explanations aside; a table given for an item
    of a list (patched into it, or added with its id) is held when the item has its values."""
    found = value_at(document, key)
    if isinstance(found, Mapping) and "id" in found and isinstance(value, Mapping):
        return all(holds(found, name, v) for name, v in value.items() if name not in PROSE)
    return bool(without_prose(found) == without_prose(value))


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


def parts(
    base: str,
    changes: Mapping[str, Any],
    typed: Mapping[str, str] | None,
    problems: list[FormatProblem],
    shape: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Returns the form's parts: its groups of fields, the options, the problems where they go.

    `shape` is the document a posted form had (the base's by default): a refused form shows
    again every row and item it was posted with. A kind removed stays on the form with its
    Remove box ticked, so the posted fields say it."""
    removed = {k for k, v in changes.items() if v is None}
    kept = {k: v for k, v in changes.items() if k not in removed}
    shown = house_shape.structure(shape or preset_document(base), kept)
    made = groups(shown, typed)
    options = _options(base, shown)
    lock(made, [(words.text(o.label), o.changes) for o, on in options if on])
    return {"groups": made, "options": options, "removed": removed, **_said(made, problems)}


def _options(base: str, shown: Mapping[str, Any]) -> list[tuple[Option, bool]]:
    """Returns the base's house options, each with whether the document holds it."""
    preset_options = load_presets()[base].rules.options
    held = switched_on(shown, [(o.id, o.changes) for o in preset_options])
    return [(o, o.id in held) for o in preset_options]


def _said(made: list[Group], problems: list[FormatProblem]) -> dict[str, Any]:
    """Puts the problems beside their fields; returns the name's, those that fit no field, and
    the refusal banner's links, in the form's order: each field with a problem."""
    left = attach(made, [p for p in problems if p.field != "name"])
    name_errors = [problem_words.format_problem(p) for p in problems if p.field == "name"]
    invalid = [("f-name", gettext("Name"))] if name_errors else []
    invalid += [(f.id, f.label) for g in made for f in g.fields if f.errors]
    return {"left": left, "name_errors": name_errors, "invalid": invalid}

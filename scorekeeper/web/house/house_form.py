"""The house format form, built from a format document: one field per dotted key of `set`."""

from __future__ import annotations

import contextlib
import copy
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext

from scorekeeper.language import i18n, problem_words, words
from scorekeeper.rules.checks import FormatProblem
from scorekeeper.rules.model import PresetError
from scorekeeper.rules.patch import apply_changes
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
            if top not in document or top in NOT_RULES:
                continue
            for key, label, value, item in _leaves(document[top], top, heading_words(top)):
                choices = choices_of(key, value, document)
                kind = "choice" if choices else "number" if value is None else _kind(value)
                shown = typed[key] if key in typed else _label_shown(key, value)
                removable = item if top == "canastas" else ""
                group.fields.append(Field(key, label, kind, shown, removable, choices=choices))
        if group_id == "canastas":  # a blank row adds a kind
            for name, kind in (("label", "text"), ("bonus", "number"), ("min_points", "number")):
                key = f"{NEW_KIND}.{name}"
                group.fields.append(Field(key, new_kind_words(name), kind, typed.get(key, "")))
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

"""Reads a posted house format form into changes to its base, keeping what was typed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext

from scorekeeper import language
from scorekeeper.language import i18n, words
from scorekeeper.rules.checks import FormatProblem
from scorekeeper.web.house import house_shape
from scorekeeper.web.house.house_form import LIMIT, NEW_KIND, Field, groups
from scorekeeper.web.house.house_shape import Options
from scorekeeper.web.house.house_words import new_kind_words, text_of, value_at


def _in_any_language(label: str) -> set[str]:
    """Returns a preset's label in every language the app speaks, English included."""
    # Any of them: the form may have been shown in another language than the one it is
    # posted in (a ?lang= link, a switch in another tab).
    found = {label}
    for code in i18n.LANGUAGES:
        with language.speaking(code):
            found.add(words.text(label))
    return found


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
    """What a submitted form says: the changes to the base, what was typed, and problems;
    `shape` is the document whose form was posted (its rows and items, the base's values)."""

    changes: dict[str, Any]
    typed: dict[str, str]
    problems: list[FormatProblem]
    shape: dict[str, Any]


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


def slug(label: str) -> str:
    """Returns a new canasta kind's id from its name: lowercase letters, digits, underscores."""
    words = re.findall(r"[a-z0-9]+", label.lower())
    return "_".join(words)[:30] or "kind"


def read(
    base: Mapping[str, Any],
    raw: Mapping[str, str],
    options: Options,
    saved: Mapping[str, Any] | None = None,
) -> Reading:
    """Reads a posted form into changes to `base`, keeping every typed text: the posted
    fields are the whole state (the options switched on set their keys, and no field of
    theirs is read). `saved`: the document of the house format edited, if any."""
    on = house_shape.switched(raw, options)
    shown = house_shape.posted_shape(base, raw, on)
    fields = [
        f
        for g in groups(shown)
        for f in g.fields
        if not f.key.startswith(NEW_KIND) and not house_shape.governed(f.key, on)
    ]
    problems: list[FormatProblem] = []
    values = _typed_values(fields, shown, raw, problems, saved or base)
    changes = house_shape.option_changes(on)
    changes.update(_changes(fields, values, base, raw, {p.field for p in problems}))
    typed = _typed(fields, values, raw)
    changes.update(_new_kind(typed, problems))
    return Reading(changes, typed, problems, shown)


def _changes(
    fields: list[Field],
    values: Mapping[str, Any],
    base: Mapping[str, Any],
    raw: Mapping[str, str],
    failed: set[str],
) -> dict[str, Any]:
    """Returns what the fields change in the base: values, band tables, items added, removed."""
    removed = {k.removeprefix("remove.") for k in raw if k.startswith("remove.")}
    bands = _band_rows(fields)
    plain = [f for f in fields if f.key not in failed and _table_of(f.key, bands) is None]
    changes = _field_changes(plain, values, base, removed)
    changes.update(_band_changes(bands, values, base, failed))
    changes.update(_added_items(plain, values, base, removed))
    _remove_items(changes, base, removed)
    return changes


def _typed(
    fields: list[Field], values: Mapping[str, Any], raw: Mapping[str, str]
) -> dict[str, str]:
    """Returns each field's text as typed (as the document holds it when not posted)."""
    typed = {f.key: str(raw.get(f.key, "")) for f in fields if f.kind != "switch"}
    typed.update({f.key: text_of(values[f.key]) for f in fields if f.key not in raw})
    typed.update(_new_kind_typed(raw))
    return typed


def _new_kind(typed: dict[str, str], problems: list[FormatProblem]) -> dict[str, Any]:
    """Returns the kind the blank row adds; once added, the row is blank again (the kind has
    its own row now), unless something typed in it is wrong."""
    found: list[FormatProblem] = []
    kind = _new_kind_change(typed, found)
    problems += found
    if kind and not found:
        typed.update(dict.fromkeys(_new_kind_typed({}), ""))
    return {} if found else kind


def _typed_values(
    fields: list[Field],
    shown: Mapping[str, Any],
    raw: Mapping[str, str],
    problems: list[FormatProblem],
    saved: Mapping[str, Any],
) -> dict[str, Any]:
    """Returns each field's value as posted; a field not posted keeps the value it showed.

    A number that is no number is refused with an example: the saved format's (or the
    base's) value."""
    values = {}
    for f in fields:
        before = value_at(shown, f.key)
        posted = f.key in raw or f.kind == "switch"
        example = value_at(saved, f.key)  # None for a kind or a row only the form has
        values[f.key] = _value(f, raw, problems, example) if posted else before
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
        number = _number(text or "0", f"{NEW_KIND}.{name}", new_kind_words(name), problems)
        kind[name] = number if number is not None else 0
    return {f"canastas.{slug(label)}": kind}

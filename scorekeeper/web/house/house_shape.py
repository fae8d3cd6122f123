"""The shape of a posted house form: its base, the options switched on, and what the fields add."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

from scorekeeper.rules.documents import preset_document
from scorekeeper.rules.model import PresetError
from scorekeeper.rules.patch import apply_changes
from scorekeeper.rules.presets import load_presets
from scorekeeper.rules.tree import copied
from scorekeeper.web.house.house_words import GROUPS, NOT_RULES, PROSE, value_at

Options = list[tuple[str, Mapping[str, Any]]]  # a base's house options: (id, its changes)
BAND = re.compile(r"(.+)\.(\d+)\.(below|points|needs)")  # a cell of a band table
TOPS = {top for _, _, tops in GROUPS for top in tops} - NOT_RULES  # the keys the form shows


def switched(raw: Mapping[str, str], options: Options) -> Options:
    """Returns the house options whose switch is posted on, in the base's order."""
    return [(option_id, changes) for option_id, changes in options if f"option.{option_id}" in raw]


def governed(key: str, on: Options) -> bool:
    """Tells whether an option switched on sets this field (its key, or a table holding it)."""
    return any(key == k or key.startswith(k + ".") for _, changes in on for k in changes)


def option_changes(on: Options) -> dict[str, Any]:
    """Returns the changes of the options switched on, later ones over earlier ones."""
    merged: dict[str, Any] = {}
    for _, changes in on:
        merged.update(copied(dict(changes)))
    return merged


def without_prose(node: Any) -> Any:
    """Returns a value with its explanations left out: what a score depends on, to compare."""
    if isinstance(node, Mapping):
        return {k: without_prose(v) for k, v in node.items() if k not in PROSE}
    if isinstance(node, list):
        return [without_prose(v) for v in node]
    return node


def structure(base: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """Returns the base with the changes applied, unchecked: the shape the form shows."""
    try:
        return apply_changes(base, changes, "set")
    except PresetError:
        return copied(dict(base))


def posted_shape(base: Mapping[str, Any], raw: Mapping[str, str], on: Options) -> dict[str, Any]:
    """Returns the document whose form was posted: the base with the options switched on, the
    rows its band tables were posted with, and the list items and keys only the post names."""
    shown = structure(base, option_changes(on))
    keys = [k for k in raw if k.split(".", 1)[0] in TOPS and not governed(k, on)]
    _size_bands(shown, [k for k in keys if BAND.fullmatch(k)])
    for key in keys:
        if not BAND.fullmatch(key) and value_at(shown, key) is None:
            _grow(shown, key.split("."))
    return shown


def _size_bands(shown: dict[str, Any], cells: Iterable[str]) -> None:
    """Gives each band table the rows posted for it: fewer than the base's, or more."""
    posted: dict[str, dict[int, set[str]]] = {}
    for cell in cells:
        found = BAND.fullmatch(cell)
        assert found is not None
        table, index, name = found.group(1), int(found.group(2)), found.group(3)
        posted.setdefault(table, {}).setdefault(index, set()).add(name)
    for table, rows in posted.items():
        node = value_at(shown, table)
        if not _is_band_table(node) or max(rows) > 99:  # no table there, or no plausible row
            continue
        del node[max(rows) + 1 :]
        node += [
            {name: sample(name) for name in rows.get(i, ())}
            for i in range(len(node), max(rows) + 1)
        ]


def _is_band_table(node: Any) -> bool:
    """Tells whether a value is a band table: rows of cells, none named by an id."""
    rows = isinstance(node, list) and node and all(isinstance(r, Mapping) for r in node)
    return bool(rows) and not all("id" in r for r in node)


def _grow(node: Any, parts: list[str]) -> None:
    """Adds a key the post names and the document lacks (a kind added, a key of an item
    added), holding an empty value of its kind; a path through a value is left alone."""
    *inner, last = parts
    for part in inner:
        node = _child(node, part)
        if node is None:
            return
    if isinstance(node, dict) and last not in PROSE and last != "id" and last not in node:
        node[last] = sample(last)


def _child(node: Any, part: str) -> Any:
    """Returns a table's part, or a list's item by id, made empty when the document lacks it."""
    if isinstance(node, dict):
        return _table_part(node, part)
    if isinstance(node, list) and all(isinstance(i, dict) and "id" in i for i in node):
        return _list_item(node, part)
    return None


def _table_part(node: dict[str, Any], part: str) -> Any:
    """Returns a table's part (a table or list), an empty table when it has none."""
    if node.get(part) is None:
        node[part] = {}
    found = node[part]
    return found if isinstance(found, dict | list) else None


def _list_item(items: list[dict[str, Any]], item_id: str) -> dict[str, Any]:
    """Returns the item of a list with this id, added empty when the list has none."""
    item = next((i for i in items if i["id"] == item_id), None)
    if item is None:
        item = {"id": item_id}
        items.append(item)
    return item


def sample(name: str) -> Any:
    """Returns an empty value of the kind a key holds in the presets (a number when none has it)."""
    return copied(_samples().get(name, 0))


@functools.cache
def _samples() -> dict[str, Any]:
    """Returns an empty value of each key's kind, by key name, from every preset's document."""
    found: dict[str, Any] = {}
    for format_id in load_presets():
        _collect(preset_document(format_id), found)
    return found


def _collect(node: Any, found: dict[str, Any]) -> None:
    if isinstance(node, Mapping):
        for name, value in node.items():
            if not isinstance(value, Mapping | list):
                found.setdefault(name, type(value)())
            elif isinstance(value, list) and all(type(v) is int for v in value):
                found.setdefault(name, [])
            _collect(value, found)
    elif isinstance(node, list):
        for item in node:
            _collect(item, found)

"""Dotted-key patches of a format document: how house options and house formats change a preset."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.rules.checks import FormatProblem, problem
from scorekeeper.rules.model import PresetError
from scorekeeper.rules.tree import copied
from scorekeeper.sentences.marked import N_


def patch(data: dict[str, Any], path: str, value: Any, where: str) -> None:
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
    node[last] = copied(value)


def _patch_item(items: list[Any], path: str, item_id: str, value: Any, where: str) -> None:
    """Changes, adds (a table) or removes (null, in JSON) the item of a list with this id."""
    index = next((i for i, item in enumerate(items) if item.get("id") == item_id), None)
    if value is None and index is not None:
        del items[index]
    elif isinstance(value, dict) and index is not None:
        items[index].update(copied(value))
    elif isinstance(value, dict):
        items.append({"id": item_id, **copied(value)})
    else:
        raise _unknown_key(
            where, path, N_("%(key)r must end in a field name, or give a whole table.")
        )


def _unknown_key(where: str, path: str, template: str) -> PresetError:
    found = problem(path, "unknown_key", template, key=path)
    return PresetError(f"{where}: {found.message.removesuffix('.')}", [found])


def apply_changes(
    data: Mapping[str, Any], changes: Mapping[str, Any], where: str
) -> dict[str, Any]:
    """Returns a copy of a document with dotted-key changes applied, as house options are."""
    patched = copied(dict(data))
    problems: list[FormatProblem] = []
    for path, value in changes.items():
        try:
            patch(patched, str(path), value, where)
        except PresetError as error:
            problems += error.problems
    if problems:
        raise PresetError(f"{where}: {problems[0].message}", problems)
    return patched

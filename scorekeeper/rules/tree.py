"""Copies of format documents: the tables, lists and plain values TOML and JSON give."""

from __future__ import annotations

from typing import Any, TypeVar, cast

Tree = TypeVar("Tree")


def copied(value: Tree) -> Tree:
    """Returns a copy of a document's tree that shares no table or list with the original."""
    return cast(Tree, _copied(value))


def _copied(value: Any) -> Any:
    # copy.deepcopy would do, at three times the cost: it keeps a memo for cycles and shared
    # objects a document cannot hold, and every rules build, preview and preset starts here.
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_copied(item) for item in value)
    return value

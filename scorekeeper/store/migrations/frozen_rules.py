"""The preset documents `0003_game_rules` freezes, read from copies kept beside the migrations.

`frozen_presets/` holds each preset as `rules.presets` read it from seeds/formats/ on
2026-12-06 (issue 36), as JSON; the functions below are copies of `rules.documents.canonical`,
`digest` and `preset_document` and of `rules.patch.patch` as they were that day. Do not follow
later changes to the presets or to those modules here: an old step must leave the same
database whatever the rules do today (a game frozen later keeps its own copy anyway).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).parent / "frozen_presets"


class Unplayable(ValueError):
    """No frozen preset has this id, or these options cannot be switched on together."""


def canonical(document: Mapping[str, Any]) -> str:
    """Returns the document as canonical JSON text: sorted keys, no spaces."""
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(document: Mapping[str, Any]) -> str:
    """Returns the SHA-256 of the document's canonical JSON, in hex."""
    return hashlib.sha256(canonical(document).encode("utf-8")).hexdigest()


def preset_document(format_id: str, options: Iterable[str] = ()) -> dict[str, Any]:
    """Returns a frozen preset's document with these house options applied, in its order."""
    path = FOLDER / f"{format_id}.json"
    if not format_id.isidentifier() or not path.is_file():
        raise Unplayable(format_id)
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    wanted = set(options)
    chosen = [o for o in document.get("options", []) if o["id"] in wanted]
    if len(chosen) < len(wanted):
        raise Unplayable(f"{format_id} has no house option among {sorted(wanted)}")
    paths = [path for option in chosen for path in option["set"]]
    if len(set(paths)) < len(paths):  # two options setting one rule were refused together
        raise Unplayable(f"{format_id}: options {sorted(wanted)} clash")
    for option in json.loads(json.dumps(chosen)):  # a copy: the document keeps its options
        for path, value in option["set"].items():
            _patch(document, path, value)
    return document


def _patch(data: dict[str, Any], path: str, value: Any) -> None:
    """Sets `value` at a dotted path; a list of tables is entered by its items' `id`."""
    *parents, last = path.split(".")
    node: Any = data
    for part in parents:
        if isinstance(node, list):
            node = next((item for item in node if item.get("id") == part), None)
        elif isinstance(node, dict):
            node = node.get(part)
        if node is None:
            raise Unplayable(path)
    if isinstance(node, list):
        index = next((i for i, item in enumerate(node) if item.get("id") == last), None)
        if value is None and index is not None:
            del node[index]
        elif isinstance(value, dict) and index is not None:
            node[index].update(value)
        elif isinstance(value, dict):
            node.append({"id": last, **value})
        else:
            raise Unplayable(path)
    elif isinstance(node, dict):
        node[last] = value
    else:
        raise Unplayable(path)

"""A format document's copy shares nothing with the original and equals deepcopy's."""

from __future__ import annotations

import copy

from scorekeeper.rules.presets import load_presets
from scorekeeper.rules.tree import copied


def test_a_copy_equals_the_original_and_shares_no_table_or_list() -> None:
    for preset in load_presets().values():
        original = preset.data
        twin = copied(original)
        assert twin == original == copy.deepcopy(original)
        assert not _shared(original, twin), preset.where


def test_changing_the_copy_leaves_the_original_alone() -> None:
    original = {"canastas": [{"id": "natural", "bonus": 500}], "pack": (2, [1])}
    twin = copied(original)
    twin["canastas"][0]["bonus"] = 1
    twin["pack"][1].append(2)
    assert original == {"canastas": [{"id": "natural", "bonus": 500}], "pack": (2, [1])}


def _shared(a: object, b: object) -> bool:
    """Returns whether two trees hold the same dict or list object anywhere."""
    if isinstance(a, (dict, list)) and a is b:
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        return any(_shared(a[key], b[key]) for key in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return any(_shared(x, y) for x, y in zip(a, b, strict=True))
    return False

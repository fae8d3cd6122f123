"""The house editor's worked example: a hand every base format's pack can hold, scored."""

from __future__ import annotations

import pytest

from scorekeeper.rules.presets import load_presets
from scorekeeper.web.house.house_example import compare


@pytest.mark.parametrize("format_id", sorted(load_presets()))
def test_the_example_hand_scores_under_every_preset(format_id):
    """Both columns show a score: no preset refuses its own example (a pack too small)."""
    rules = load_presets()[format_id].rules
    _data, these, plain = compare(rules, rules)
    assert these.problems == [] and plain.problems == []
    assert these.result is not None and plain.result is not None


def test_modern_american_example_takes_one_wild_canasta(client):
    """Modern American's one pack holds 12 wild cards: one wild canasta, not three."""
    rules = load_presets()["modern_american"].rules
    data, these, _plain = compare(rules, rules)
    wild = {k.id for k in rules.canastas if k.uses.get("wild", 0) == 7}
    first = next(iter(data["hand"].values()))
    assert sum(n for kind, n in first["canastas"].items() if kind in wild) == 1
    for language in ("en", "es", "de"):
        page = client.get(f"/formats/new?base=modern_american&lang={language}").text
        assert "× Wild cards" not in page and 'class="flash error"' not in page, language

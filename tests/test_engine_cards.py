"""Counting card points from the preset's values: melded, in hand, and what cannot be."""

from __future__ import annotations

import pytest

from scorekeeper.engine.cards import card_points, countable, meld_points
from scorekeeper.rules.presets import load_presets, rules_for


@pytest.mark.parametrize(
    ("format_id", "counts", "melded", "in_hand"),
    [
        pytest.param("classic", {}, 0, 0, id="nothing"),
        pytest.param("classic", {"joker": 1, "ace": 2, "high": 3}, 120, 120, id="classic"),
        pytest.param("classic", {"low": 4, "black_three": 3}, 35, 35, id="fives"),
        pytest.param("oklahoma", {"joker": 1}, 100, 200, id="oklahoma-joker"),
        pytest.param("oklahoma", {"queen_of_spades": 2}, 100, 200, id="oklahoma-queen"),
        pytest.param("oklahoma", {"deuce": 2, "ace": 1}, 20, 60, id="oklahoma-deuces-in-hand-only"),
        pytest.param("hand_and_foot", {"joker": 10}, 500, 500, id="hand-and-foot-pack"),
    ],
)
def test_card_points(format_id, counts, melded, in_hand):
    rules = rules_for(format_id)
    assert meld_points(rules, counts) == melded
    assert card_points(rules, counts, melded=False) == in_hand


@pytest.mark.parametrize(
    "counts",
    [
        pytest.param({"joker": 5}, id="more-than-the-pack"),
        pytest.param({"ace": -1}, id="negative"),
    ],
)
def test_counts_the_pack_cannot_hold(counts):
    with pytest.raises(ValueError, match="the pack holds"):
        meld_points(rules_for("classic"), counts)


@pytest.mark.parametrize("preset", list(load_presets().values()), ids=lambda p: p.id)
def test_every_format_counts_every_card_in_hand(preset):
    """Every card class has an in-hand value; only the wild-as-the-card deuces lack a melded one."""
    rules = preset.rules
    assert countable(rules, melded=False) == rules.cards
    assert {c.id for c in rules.cards} - {c.id for c in countable(rules, melded=True)} <= {"deuce"}

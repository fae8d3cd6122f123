"""Properties of house formats: no change scores alike, one change moves only its own items."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.papers.score_contract import score_document
from scorekeeper.rules.documents import rules_of
from scorekeeper.rules.presets import load_presets
from scorekeeper.store.formats.house import build
from tests.test_docs_examples import EXAMPLES

POINTS = st.integers(min_value=0, max_value=600).map(lambda n: n * 5)


def inline(example: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """Returns a documented hand with its preset re-expressed as a base with changes."""
    document = copy.deepcopy(example)
    options = document.pop("options", {}) or {}
    chosen = [k for k, on in options.items() if on] if isinstance(options, dict) else options
    document["format"] = {"base": example["format"], "set": changes, "options": chosen}
    return document


def items(result: dict[str, Any], side: str) -> dict[str, int]:
    """Returns a side's breakdown as {item: points}."""
    return {i["item"]: i["points"] for i in result["sides"][side]["breakdown"]}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_documented_example_scores_alike_as_an_unchanged_house_format(name) -> None:
    example = EXAMPLES[name]["input"]
    assert score_document(inline(example, {}))[0] == EXAMPLES[name]["output"]


@pytest.mark.parametrize("format_id", list(load_presets()))
def test_a_house_format_with_no_change_has_the_presets_rules(format_id) -> None:
    preset = load_presets()[format_id].rules
    house = rules_of(build(preset.name, format_id, {}, "h-test"))
    same = ("pack", "table", "cards", "canastas", "opening", "red_threes", "black_threes")
    same += ("going_out", "extras", "ending", "options")
    assert all(getattr(house, key) == getattr(preset, key) for key in same)


CLASSIC = EXAMPLES["classic"]["input"]  # We went out with a natural canasta and a red three
BASE = score_document(CLASSIC)[0]


def _unchanged_except(result: dict[str, Any], changed: set[str]) -> None:
    """Asserts every item of every side is as under the preset, except the `changed` of We."""
    for side in ("We", "They"):
        now, before = items(result, side), items(BASE, side)
        assert now.keys() == before.keys()
        for item in now:
            if side != "We" or item not in changed:
                assert now[item] == before[item], (side, item)


@settings(max_examples=30, deadline=None)
@given(bonus=POINTS)
def test_the_going_out_bonus_moves_only_the_going_out_item(bonus) -> None:
    result, ok = score_document(inline(CLASSIC, {"going_out.bonus": bonus}))
    assert ok
    assert items(result, "We")["going_out"] == bonus
    _unchanged_except(result, {"going_out"})
    assert result["We"]["score"] - BASE["We"]["score"] == bonus - 100


@settings(max_examples=30, deadline=None)
@given(bonus=POINTS)
def test_a_canasta_bonus_moves_only_that_kinds_item(bonus) -> None:
    result, ok = score_document(inline(CLASSIC, {"canastas.natural.bonus": bonus}))
    assert ok
    assert items(result, "We")["canastas.natural"] == bonus  # one natural canasta
    _unchanged_except(result, {"canastas.natural"})
    assert result["They"] == BASE["They"]


@settings(max_examples=30, deadline=None)
@given(target=st.integers(min_value=1, max_value=4000).map(lambda n: n * 5))
def test_the_target_changes_only_whether_the_game_is_over(target) -> None:
    result, ok = score_document(inline(CLASSIC, {"ending.target": target}))
    assert ok
    _unchanged_except(result, set())
    assert [result[s]["total"] for s in ("We", "They")] == [
        BASE[s]["total"] for s in ("We", "They")
    ]
    assert result["game_over"] is any(result[s]["total"] >= target for s in ("We", "They"))


@settings(max_examples=30, deadline=None)
@given(value=st.integers(min_value=0, max_value=40).map(lambda n: n * 5))
def test_a_card_value_in_hand_changes_nothing_of_what_was_entered_as_points(value) -> None:
    # Sides enter card points, not cards: a card's value is for the counter and the pack's
    # ceiling, so the breakdown stays as it was.
    result, ok = score_document(inline(CLASSIC, {"cards.low.in_hand": value}))
    assert ok
    _unchanged_except(result, set())

"""Warnings that never block a hand: melds below the opening minimum, and why threes count minus."""

from __future__ import annotations

import pytest

from scorekeeper import engine
from scorekeeper.engine import OpeningNeed
from scorekeeper.rules.presets import rules_for

CLASSIC = rules_for("classic")
SIDES = ["We", "They"]


def hand(rules, raw: dict, sides=SIDES) -> engine.Hand:
    """Parses a hand that must be free of problems."""
    problems: list = []
    parsed = engine.parse_hand(rules, raw, sides, problems)
    assert problems == [] and engine.validate_hand(rules, parsed) == []
    return parsed


@pytest.mark.parametrize(
    ("melded", "need", "warned"),
    [
        pytest.param(90, OpeningNeed(120), True, id="short"),
        pytest.param(120, OpeningNeed(120), False, id="exactly"),
        pytest.param(120, OpeningNeed(120, must_exceed=True), True, id="must-exceed"),
        pytest.param(0, OpeningNeed(120), False, id="no-meld"),
        pytest.param(40, OpeningNeed(0), False, id="any-meld"),
        pytest.param(40, None, False, id="no-minimum"),
    ],
)
def test_a_meld_below_the_opening_minimum_is_a_warning(melded, need, warned) -> None:
    """They needed 120 to open and melded 90: a warning with a code, never a refusal."""
    played = hand(
        CLASSIC, {"hand": {"We": {"melded_points": 50}, "They": {"melded_points": melded}}}
    )
    notes = engine.warnings_for(CLASSIC, played, {"We": OpeningNeed(50), "They": need})
    if not warned:
        assert notes == []
        return
    (note,) = notes
    code = "opening_short_exceed" if need.must_exceed else "opening_short"
    assert (note.side, note.field, note.code) == ("They", "melded_points", code)
    params = {"side": "They", "needed": 120, "melded": melded, "must_exceed": need.must_exceed}
    assert note.params == params


def test_cutthroat_partners_are_judged_by_the_lower_minimum() -> None:
    """Whoever of the partners opened met their own minimum: only below both is it doubtful."""
    rules = rules_for("cutthroat")
    sides = ["Ann", "Bob", "Cat"]
    raw = {
        "lone_hand": "Ann",
        "hand": {"Ann": {"melded_points": 150}, "Bob": {"melded_points": 60}, "Cat": {}},
    }
    played = hand(rules, raw, sides)
    minimums = {"Ann": OpeningNeed(120), "Bob": OpeningNeed(90), "Cat": OpeningNeed(50)}
    assert engine.warnings_for(rules, played, minimums) == []
    minimums["Cat"] = OpeningNeed(90)
    (note,) = engine.warnings_for(rules, played, minimums)
    assert note.code == "opening_short" and note.params["melded"] == 60


@pytest.mark.parametrize(
    ("format_id", "raw", "reason"),
    [
        pytest.param("classic", {"red_threes": 1}, "no_meld", id="classic-no-meld"),
        pytest.param(
            "samba", {"red_threes": 1, "melded_points": 200}, "under_two_canastas", id="samba"
        ),
        pytest.param(
            "brazilian", {"red_threes": 1, "melded_points": 150}, "no_canasta", id="brazilian"
        ),
        pytest.param("classic", {"red_threes": 1, "melded_points": 50}, "", id="plus"),
    ],
)
def test_minus_red_threes_say_why(format_id, raw, reason) -> None:
    """The red-three item names the sign rule that made it minus, as a code."""
    rules = rules_for(format_id)
    other = {"melded_points": 50}
    played = hand(rules, {"hand": {"We": raw, "They": other}})
    item = next(i for i in engine.score_hand(rules, played)["We"].items if i.key == "red_threes")
    assert item.reason == reason and (item.points < 0) == bool(reason)
    assert item.as_dict().get("reason", "") == reason

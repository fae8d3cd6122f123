"""The form-to-engine translation: sums as typed at the table, and problems back to fields."""

from __future__ import annotations

import pytest

from scorekeeper.engine import Problem
from scorekeeper.rules.presets import rules_for
from scorekeeper.web.games import hand_form
from scorekeeper.web.games.hand_form import parse_number

SUM_HELP = "Use numbers joined by +, like 120+35+20."

CLASSIC = rules_for("classic")
FOREIGN = "Type the digits 0 to 9; \u201c%s\u201d is not one of them."
SIDES = ["We", "They"]


@pytest.mark.parametrize(
    ("text", "kind", "expected"),
    [
        pytest.param("", "points", (0, None), id="empty-is-zero"),
        pytest.param("120", "points", (120, None), id="one-number"),
        pytest.param("120+35+20", "points", (175, None), id="a-sum"),
        pytest.param(" 120 + 35 ", "points", (155, None), id="spaces"),
        pytest.param("120+", "points", (None, SUM_HELP), id="trailing-plus"),
        pytest.param("12a", "points", (None, SUM_HELP), id="letters"),
        pytest.param("__import__('os')", "points", (None, SUM_HELP), id="code"),
        pytest.param("1e5", "points", (None, SUM_HELP), id="exponent"),
        pytest.param("١٢٣", "points", (None, FOREIGN % "١"), id="arabic-indic-digits"),
        pytest.param("①", "points", (None, FOREIGN % "①"), id="circled-digit"),
        pytest.param("1²", "points", (None, FOREIGN % "²"), id="superscript"),
        pytest.param("４９００", "points", (None, FOREIGN % "４"), id="full-width"),
        pytest.param("4,900", "points", (4900, None), id="comma-thousands"),
        pytest.param("4.900", "points", (4900, None), id="dot-thousands"),
        pytest.param("4 900", "points", (4900, None), id="space-thousands"),
        pytest.param("4\u00a0900", "points", (4900, None), id="no-break-space-thousands"),
        pytest.param("1,200+4.900+50", "points", (6150, None), id="grouped-sum"),
        pytest.param("4,90", "points", (None, SUM_HELP), id="bad-grouping"),
        pytest.param("4,900.000", "points", (None, SUM_HELP), id="mixed-separators"),
        pytest.param(
            "99999999", "points", (None, "Points is too large: at most 100,000."), id="too_large"
        ),
        pytest.param(
            "1" * 300, "points", (None, "Points is too large: at most 100,000."), id="huge"
        ),
        pytest.param(
            "12345", "count", (None, "Points is too large: at most 9,999."), id="count-too-large"
        ),
        pytest.param("-5", "points", (None, "Points cannot be negative."), id="negative"),
        pytest.param("−5", "points", (None, "Points cannot be negative."), id="minus-sign"),
        pytest.param("3", "count", (3, None), id="count"),
        pytest.param("1+1", "count", (None, "Enter a whole number, like 2."), id="count-sum"),
    ],
)
def test_parse_number(text: str, kind: str, expected) -> None:
    """Numbers, and sums for points, are read with no eval; anything else gets a clear message."""
    assert parse_number(text, kind, "Points") == expected


def test_fields_follow_the_format() -> None:
    """Each format's canasta kinds and extras become fields; Oklahoma has no canastas."""
    suffixes = [f.suffix for f in hand_form.fields_for(rules_for("samba"))]
    assert suffixes[:5] == [
        "melded_points",
        "hand_points",
        "canastas-samba",
        "canastas-natural",
        "canastas-mixed",
    ]
    assert not any(
        s.startswith("canastas")
        for s in (f.suffix for f in hand_form.fields_for(rules_for("oklahoma")))
    )
    assert [v for v, _ in hand_form.going_out_choices(rules_for("samba"))] == ["no", "out"]


def test_a_form_becomes_the_engine_document() -> None:
    """The form's fields map to the engine's hand document."""
    form = {
        "0-melded_points": "100+20",
        "0-canastas-natural": "1",
        "0-went_out": "out",
        "1-hand_points": "15",
    }
    reading = hand_form.read(CLASSIC, SIDES, form)
    assert reading.errors == {}
    assert reading.document["hand"]["We"] == {
        "melded_points": 120,
        "hand_points": 0,
        "canastas": {"natural": 1, "mixed": 0},
        "red_threes": 0,
        "undeclared_red_threes": 0,
        "went_out": "out",
    }


def test_stored_values_round_trip() -> None:
    """A stored hand fills the edit form with the same numbers."""
    document = {
        "hand": {
            "We": {"melded_points": 120, "canastas": {"natural": 1}, "went_out": "out"},
            "They": {},
        }
    }
    values = hand_form.values_from_entry(CLASSIC, SIDES, document)
    assert values["0-melded_points"] == "120" and values["0-canastas-natural"] == "1"
    assert values["1-melded_points"] == "" and values["1-red_threes"] == "0"


@pytest.mark.parametrize(
    ("problem", "field"),
    [
        pytest.param(
            Problem("They", "melded_points", "no_target"), "1-melded_points", id="side-field"
        ),
        pytest.param(
            Problem("We", "canastas.mixed", "no_target"), "0-canastas-mixed", id="canasta-kind"
        ),
        pytest.param(Problem("We", "canastas", "no_target"), "0-canastas", id="canasta-group"),
        pytest.param(Problem("We", "totals_before", "no_target"), "_form", id="totals"),
        pytest.param(Problem("Nobody", "hand", "no_target"), "_form", id="unknown-side"),
        pytest.param(Problem("We", "no_such_field", "no_target"), "_form", id="unknown-field"),
    ],
)
def test_problems_land_beside_their_field(problem: Problem, field: str) -> None:
    """Engine problems are keyed by the form field the template shows them beside."""
    said = "This format ends after a number of deals, not at a target."
    assert hand_form.errors_from([problem], CLASSIC, SIDES) == {field: [said]}


def test_a_whole_hands_count_is_marked_beside_each_side_that_entered_some() -> None:
    """The pack's red threes counted over both sides: the message stands beside each side's
    red threes that holds some (3 and 3 in a pack of 4), not only above the form; a side that
    entered none is left unmarked, and with none entered at all every side's field is marked."""
    said = "The pack has 4 red threes, but 6 were entered in all."
    problem = Problem(None, "red_threes", "red_threes_in_pack", {"max": 4, "value": 6})
    both = {"0-red_threes": "3", "1-red_threes": "3"}
    assert hand_form.errors_from([problem], CLASSIC, SIDES, both) == {
        "0-red_threes": [said],
        "1-red_threes": [said],
    }
    one = {"0-red_threes": "0", "1-red_threes": "6"}
    assert hand_form.errors_from([problem], CLASSIC, SIDES, one) == {"1-red_threes": [said]}
    assert set(hand_form.errors_from([problem], CLASSIC, SIDES)) == {"0-red_threes", "1-red_threes"}
    beyond = Problem(None, "no_such_field", "red_threes_in_pack", {"max": 4, "value": 6})
    assert hand_form.errors_from([beyond], CLASSIC, SIDES) == {"_form": [said]}


def test_cutthroat_needs_a_lone_hand_choice() -> None:
    """Cutthroat's form asks who played alone, accepting nobody when the pile was never taken."""
    rules = rules_for("cutthroat")
    players = ["A", "B", "C"]
    assert hand_form.read(rules, players, {"0-melded_points": "50"}).errors == {
        "lone_hand": ["Choose who played alone, or nobody if the pile was never taken."]
    }
    assert (
        hand_form.read(rules, players, {"0-melded_points": "50", "lone_hand": "2"}).document[
            "lone_hand"
        ]
        == "C"
    )
    assert (
        "lone_hand"
        not in hand_form.read(
            rules, players, {"0-melded_points": "50", "lone_hand": "none"}
        ).document
    )

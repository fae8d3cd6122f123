"""Validation: every impossible hand is refused, each problem tied to a side and field."""

import pytest

from scorekeeper.engine import validate_hand
from scorekeeper.rules.presets import rules_for
from tests.engine_helpers import make_hand, side

INVALID_CLASSIC = [
    pytest.param(
        {"We": side(120, out="out", natural=1), "They": side(90, out="out", mixed=1)},
        ("They", "went_out", "Only one side can go out"),
        id="two-sides-went-out",
    ),
    pytest.param(
        {"We": side(120, out="out"), "They": side(0)},
        ("We", "went_out", "Going out needs 1 canasta; this side has 0"),
        id="going-out-without-canasta",
    ),
    pytest.param(
        {"We": side(0, out="concealed"), "They": side(0)},
        ("We", "went_out", "no melds cannot go out"),
        id="concealed-with-nothing",
    ),
    pytest.param(
        {"We": side(123), "They": side(0)},
        ("We", "melded_points", "multiple of 5"),
        id="points-not-multiple-of-5",
    ),
    pytest.param(
        {"We": side(50, 7), "They": side(0)},
        ("We", "hand_points", "multiple of 5"),
        id="hand-points-not-multiple-of-5",
    ),
    pytest.param(
        {"We": side(30, natural=1), "They": side(0)},
        ("We", "melded_points", "1 natural canasta holds at least 35"),
        id="natural-canasta-needs-35",
    ),
    pytest.param(
        {"We": side(80, natural=1, mixed=1), "They": side(0)},
        ("We", "melded_points", "2 canastas hold at least 85"),
        id="two-canastas-need-85",
    ),
    pytest.param(
        {"We": side(50, red=3), "They": side(50, red=2)},
        (None, "red_threes", "The pack has 4 red threes, but 5"),
        id="five-red-threes-in-all",
    ),
    pytest.param(
        {"We": side(50, red=5), "They": side(0)},
        ("We", "red_threes", "only 4 red threes"),
        id="five-red-threes-one-side",
    ),
    pytest.param(
        {"We": side(1000), "They": side(0, 500)},
        (None, "melded_points", "more than the 108-card pack's 1,180"),
        id="card-points-exceed-pack",
    ),
    pytest.param(
        {"We": side(1185), "They": side(0)},
        ("We", "melded_points", "more than the whole 108-card pack holds (1,180)"),
        id="one-side-exceeds-pack",
    ),
    pytest.param(
        {"We": side(0, natural=1), "They": side(0)},
        ("We", "canastas", "no melded points cannot have a canasta"),
        id="canasta-without-melds",
    ),
    pytest.param(
        {"We": side(1000, natural=20), "They": side(0)},
        ("We", "canastas", "20 canastas need at least 140 cards; the pack has 108."),
        id="more-canastas-than-the-pack-holds",
    ),  # 700 points of cards would do, but not 140 cards
    pytest.param(
        {"We": side(300, natural=8), "They": side(450, natural=3, mixed=5)},
        ("We", "canastas", "All sides together have 16 canastas: at least 112 cards, but the"),
        id="more-canastas-than-the-pack-holds-in-all",
    ),  # 8 + 8 canastas: 112 cards, and each side alone fits
]


@pytest.mark.parametrize(("sides", "expected"), INVALID_CLASSIC)
def test_invalid_classic_hands_are_refused_with_a_message(sides, expected):
    problems = validate_hand(rules_for("classic"), make_hand("classic", **sides))
    found = [(p.side, p.field) for p in problems if expected[2] in p.message]
    assert found == [expected[:2]], problems


def test_every_problem_is_reported_at_once():
    hand = make_hand(
        "classic",
        We=side(123, 7, out="out"),
        They=side(0, out="concealed", natural=1),
    )
    fields = {(p.side, p.field) for p in validate_hand(rules_for("classic"), hand)}
    assert {("We", "melded_points"), ("We", "hand_points"), ("We", "went_out")} <= fields
    assert ("They", "canastas") in fields


def test_valid_hand_has_no_problems():
    hand = make_hand("classic", We=side(230, 60, red=1, out="out", natural=1), They=side(90, 35))
    assert validate_hand(rules_for("classic"), hand) == []


def test_totals_before_must_be_multiples_of_five():
    hand = make_hand("classic", We=side(50), They=side(50))
    problems = validate_hand(rules_for("classic"), hand, {"We": 1497, "They": 0})
    assert [(p.side, p.field) for p in problems] == [("We", "totals_before")]


def test_partner_may_hold_cards_after_going_out_in_partnerships():
    hand = make_hand("classic", We=side(100, 30, out="out", natural=1), They=side(0))
    assert validate_hand(rules_for("classic"), hand) == []

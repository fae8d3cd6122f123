"""Hand scoring, format by format, including the worked examples of the rule texts."""

import pytest

from scorekeeper.engine import preview, score_hand
from scorekeeper.rules.presets import rules_for
from tests.engine_helpers import make_hand, side

CLASSIC = [
    pytest.param(
        side(230, 60, red=1, out="out", natural=1), 870, id="seed-001-worked-example"
    ),  # 230 + 500 + 100 + 100 - 60
    pytest.param(side(70, natural=1), 570, id="seven-8s-natural-canasta"),
    pytest.param(side(90, mixed=1), 390, id="mixed-canasta"),
    pytest.param(side(120, out="concealed", natural=1), 820, id="concealed-is-200-not-300"),
    pytest.param(side(50, out="out", mixed=1), 450, id="going-out-is-100"),
    pytest.param(side(50, red=4), 850, id="four-red-threes-with-meld-800"),
    pytest.param(side(0, 40, red=4), -840, id="four-red-threes-no-meld-minus-800"),
    pytest.param(side(50, red=1), 150, id="one-red-three-with-meld"),
    pytest.param(side(0, 0, red=1), -100, id="one-red-three-no-meld"),
    pytest.param(side(0, 0, red=2), -200, id="two-red-threes-no-meld"),
    pytest.param(side(0, 0, red=3), -300, id="three-red-threes-no-meld"),
    pytest.param(side(55, red=3), 355, id="three-red-threes-with-meld"),
    pytest.param(side(0, 135), -135, id="no-meld-only-cards-in-hand"),
    pytest.param(side(60, x_undeclared_red_threes=1), -440, id="undeclared-red-three-penalty"),
]


@pytest.mark.parametrize(("entry", "expected"), CLASSIC)
def test_classic_side_scores(entry, expected):
    hand = make_hand("classic", We=entry, They=side(0, 0))
    assert score_hand(rules_for("classic"), hand)["We"].score == expected


def test_breakdown_items_add_up_and_name_each_part():
    hand = make_hand("classic", We=side(230, 60, red=1, out="out", natural=1), They=side(0, 45))
    we = score_hand(rules_for("classic"), hand)["We"]
    assert [(i.key, i.points) for i in we.items] == [
        ("melded", 230),
        ("canastas.natural", 500),
        ("going_out", 100),
        ("red_threes", 100),
        ("hand", -60),
    ]
    assert sum(i.points for i in we.items) == we.score == 870


def test_red_threes_need_canasta_option_makes_a_meld_without_canasta_count_minus():
    rules = rules_for("classic", ["red_threes_need_canasta"])
    hand = make_hand(rules, We=side(90, red=2), They=side(0))
    assert score_hand(rules, hand)["We"].score == 90 - 200


@pytest.mark.parametrize(
    ("format_id", "sides", "before", "scores", "totals"),
    [
        pytest.param("classic", {"We": side(230, 60, red=1, out="out", natural=1), "They": side(100)}, {"We": 0, "They": 0}, {"We": 870, "They": 100}, {"We": 870, "They": 100}, id="first-hand"),
        pytest.param("classic", {"We": side(0, 40, red=4), "They": side(50, out="out", mixed=1)}, {"We": 1200, "They": -35}, {"We": -840, "They": 450}, {"We": 360, "They": 415}, id="into-and-out-of-the-red"),
        pytest.param("cutthroat", {"A": side(120, out="out", natural=1), "B": side(60, 20), "C": side(40, 25)}, {"A": 100, "B": 200, "C": 300}, {"A": 720, "B": 55, "C": 55}, {"A": 820, "B": 255, "C": 355}, id="cutthroat-partners-share"),
    ],
)  # fmt: skip
def test_preview_adds_each_score_to_the_total_before(format_id, sides, before, scores, totals):
    """The one sum of "score plus new total": what the preview, API, CLI and sheet show."""
    rules = rules_for(format_id)
    hand = make_hand(rules, **sides)
    scored = preview(rules, hand, before)
    assert {k: s.score for k, s in scored.scores.items()} == scores
    assert dict(scored.totals) == totals
    assert scored.scores == score_hand(rules, hand)  # the breakdowns are the hand's own

"""Opening minimums at every boundary of every table."""

import pytest

from scorekeeper.engine import opening_minimum
from scorekeeper.rules.presets import rules_for

CLASSIC_BOUNDARIES = [
    pytest.param(-5, 15, id="minus-5"),
    pytest.param(-2000, 15, id="deeply-negative"),
    pytest.param(0, 50, id="zero"),
    pytest.param(1495, 50, id="1495"),
    pytest.param(1500, 90, id="1500"),
    pytest.param(2995, 90, id="2995"),
    pytest.param(3000, 120, id="3000"),
    pytest.param(9000, 120, id="far-above"),
]


@pytest.mark.parametrize(("total", "minimum"), CLASSIC_BOUNDARIES)
def test_classic_opening_table(total, minimum):
    assert opening_minimum(rules_for("classic"), total, 1).points == minimum


def test_negative_opening_zero_option_lets_any_meld_open():
    need = opening_minimum(rules_for("classic", ["negative_opening_zero"]), -5, 1)
    assert (need.points, need.label) == (0, "any meld")


def test_meld_must_exceed_option_changes_the_check_not_the_number():
    need = opening_minimum(rules_for("classic", ["meld_must_exceed"]), 0, 1)
    assert need.points == 50
    assert not need.met_by(50) and need.met_by(55)
    assert opening_minimum(rules_for("classic"), 0, 1).met_by(50)

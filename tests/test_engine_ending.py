"""Where a game ends: the hand that reaches the target, edits that move it, and playing on."""

import pytest

from scorekeeper.engine import Setup, Side, append, replay
from scorekeeper.engine.ending import (
    after_end_problems,
    next_target,
    raise_problems,
    raise_target,
    start_problems,
    with_raises,
)
from scorekeeper.rules.presets import rules_for
from tests.engine_helpers import make_hand, side

SIDES = (Side("We", "We", ("Ann", "Bob")), Side("They", "They", ("Cat", "Dan")))
NEAR = Setup(SIDES, "Ann", start_totals={"We": 4000, "They": 3900})
CLASSIC = rules_for("classic")


def both(we: int, they: int, rules=CLASSIC):
    """Returns a hand in which each side melds these points (We go out with a natural)."""
    return make_hand(rules, We=side(we, out="out", natural=1), They=side(they))


# `both(500, 0)` scores We 500 + 500 for the natural + 100 for going out = 1,100.
def test_the_game_ends_at_the_hand_that_reaches_the_target_and_later_hands_never_count():
    hands = [both(0, 100), both(500, 0), both(0, 3000)]  # We 4600, then 5700; They 6900 later
    state = replay(CLASSIC, NEAR, hands)
    assert state.ended_at == 2
    assert [r.after_end for r in state.rows] == [False, False, True]
    assert [r.number for r in state.after_end] == [3]
    assert dict(state.totals) == {"We": 5700, "They": 4000}
    assert (state.status.over, state.status.winner, state.status.margin) == (True, "We", 1700)
    assert dict(state.rows[2].totals) == {"We": 6300, "They": 7000}  # shown, never counted
    assert state.next_dealer is None


def test_a_game_in_progress_has_no_end_and_nothing_after_it():
    state = replay(CLASSIC, NEAR, [both(0, 100)])
    assert state.ended_at is None and state.after_end == () and not state.status.over


@pytest.mark.parametrize(
    ("edited", "ended_at", "winner"),
    [
        pytest.param(both(500, 0), 1, "We", id="edit-moves-the-end-earlier"),
        pytest.param(both(0, 100), 2, "We", id="edit-keeps-the-end"),
    ],
)
def test_an_edit_of_an_earlier_hand_moves_the_end(edited, ended_at, winner):
    hands = [both(0, 100), both(500, 0), both(0, 100)]
    assert replay(CLASSIC, NEAR, hands).ended_at == 2
    state = replay(CLASSIC, NEAR, [edited, *hands[1:]])
    assert (state.ended_at, state.status.winner) == (ended_at, winner)
    assert [r.number for r in state.after_end] == list(range(ended_at + 1, 4))
    assert state.totals == state.rows[ended_at - 1].totals


def test_an_edit_that_takes_the_end_away_reopens_play():
    hands = [both(0, 100), both(500, 0)]
    assert replay(CLASSIC, NEAR, hands).ended_at == 2
    quiet = make_hand(CLASSIC, We=side(50), They=side(50))
    state = replay(CLASSIC, NEAR, [hands[0], quiet])
    assert state.ended_at is None and not state.status.over
    assert state.next_dealer is not None


def test_a_tie_at_the_target_plays_on_and_the_deciding_hand_is_the_end():
    setup = Setup(SIDES, "Ann", start_totals={"We": 4500, "They": 4500})
    tie = make_hand(CLASSIC, We=side(100, natural=1), They=side(100, natural=1))
    decider = make_hand(CLASSIC, We=side(50), They=side(40, out="out", natural=1))
    state = replay(CLASSIC, setup, [tie, decider, tie])
    assert (state.ended_at, state.status.winner) == (2, "They")
    assert [r.number for r in state.after_end] == [3]


def test_a_tie_that_the_preset_calls_a_draw_is_the_end():
    rules = rules_for("classic", ["tie_is_draw"])
    setup = Setup(SIDES, "Ann", start_totals={"We": 4500, "They": 4500})
    tie = make_hand(rules, We=side(100, natural=1), They=side(100, natural=1))
    decider = make_hand(rules, We=side(50), They=side(40, out="out", natural=1))
    state = replay(rules, setup, [tie, decider])
    assert (state.ended_at, state.status.tied, state.status.winner) == (1, True, None)
    assert state.rows[1].after_end


def test_a_game_of_deals_ends_after_its_last_deal():
    rules = rules_for("hand_and_foot")
    setup = Setup((Side("Us", "Us", ("Ann", "Bob")), Side("Them", "Them", ("Cat", "Dan"))), "Ann")
    deal = make_hand(rules, Us=side(300, clean=1), Them=side(200))
    state = replay(rules, setup, [deal] * 5)
    assert state.ended_at == 4 and [r.number for r in state.after_end] == [5]
    assert dict(state.totals) == {"Us": 4000, "Them": 800}


def test_appending_after_the_end_is_the_same_as_replaying():
    hands = [both(0, 100), both(500, 0), both(0, 3000), both(0, 50)]
    state = replay(CLASSIC, NEAR, hands[:1])
    for hand in hands[1:]:
        state = append(CLASSIC, NEAR, state, hand)
    assert state == replay(CLASSIC, NEAR, hands)


def test_hands_after_the_end_are_a_problem_naming_them():
    state = replay(CLASSIC, NEAR, [both(500, 0), both(0, 10), both(0, 10)])
    (problem,) = after_end_problems(state)
    assert (problem.code, problem.field) == ("hands_after_end", "hands[1]")
    assert dict(problem.params) == {"ended_at": 1, "first": 2, "last": 3}
    assert after_end_problems(replay(CLASSIC, NEAR, [both(500, 0)])) == []


@pytest.mark.parametrize(
    ("totals", "codes"),
    [
        pytest.param({"We": 4995}, [], id="just-below"),
        pytest.param({"We": 5000}, ["start_at_target"], id="at-the-target"),
        pytest.param({"We": 100, "They": 6000}, ["start_at_target"], id="above-the-target"),
    ],
)
def test_starting_totals_at_or_above_the_target_are_refused(totals, codes):
    assert [p.code for p in start_problems(CLASSIC, totals)] == codes


def test_keep_playing_raises_the_target_and_the_later_hands_count():
    hands = [both(0, 100), both(500, 0), both(0, 3000)]
    state = replay(CLASSIC, NEAR, hands[:2])
    assert next_target(CLASSIC, state) == 7500
    assert raise_problems(CLASSIC, state, 7500) == []
    raised = raise_target(CLASSIC, state, 7500)
    assert (raised.after_hand, raised.from_target, raised.to_target) == (2, 5000, 7500)
    rules = with_raises(CLASSIC, (raised,))
    assert rules.ending.target == 7500 and CLASSIC.ending.target == 5000
    state = replay(rules, NEAR, hands)
    assert (state.ended_at, state.status.winner) == (None, None)
    assert dict(state.totals) == {"We": 6300, "They": 7000}


@pytest.mark.parametrize(
    ("target", "code"),
    [
        pytest.param(5000, "target_too_low", id="not-above-the-old-target"),
        pytest.param(5700, "target_too_low", id="not-above-the-leader"),
        pytest.param(7502, "target_too_low", id="not-a-multiple-of-5"),
        pytest.param(2_000_000, "target_too_high", id="absurd"),
    ],
)
def test_a_raise_must_leave_something_to_play_for(target, code):
    state = replay(CLASSIC, NEAR, [both(0, 100), both(500, 0)])  # We 5,700
    assert [p.code for p in raise_problems(CLASSIC, state, target)] == [code]


def test_a_raise_needs_a_finished_game_with_a_target():
    assert [p.code for p in raise_problems(CLASSIC, replay(CLASSIC, NEAR, []), 7500)] == [
        "not_over"
    ]
    rules = rules_for("hand_and_foot")
    setup = Setup((Side("Us", "Us", ("A", "B")), Side("Them", "Them", ("C", "D"))), "A")
    assert [p.code for p in raise_problems(rules, replay(rules, setup, []), 7500)] == ["no_target"]
    assert next_target(rules, replay(rules, setup, [])) is None


def test_the_next_target_steps_past_the_leader():
    setup = Setup(SIDES, "Ann", start_totals={"We": 4900})
    state = replay(CLASSIC, setup, [make_hand(CLASSIC, We=side(3000, natural=1), They=side(0))])
    assert state.totals["We"] == 8400 and next_target(CLASSIC, state) == 10000


def test_a_raised_game_steps_on_by_half_its_first_target():
    hands = [both(0, 100), both(500, 0), both(0, 3000), both(1000, 0)]  # We 5,700, 6,300, 7,900
    first = raise_target(CLASSIC, replay(CLASSIC, NEAR, hands[:2]), 7500)
    rules = with_raises(CLASSIC, (first,))
    state = replay(rules, NEAR, hands)
    assert state.ended_at == 4 and state.totals["We"] == 7900
    assert next_target(rules, state, (first,)) == 10000

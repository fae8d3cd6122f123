"""Replaying a game: running totals, minimums faced, dealers and the end of the game."""

import pytest

from scorekeeper.engine import Setup, Side, append, game_status, replay
from scorekeeper.rules.presets import rules_for
from tests.engine_helpers import make_hand, side

CLASSIC_SETUP = Setup(
    sides=(Side("We", "We", ("Ann", "Bob")), Side("They", "They", ("Cat", "Dan"))),
    first_dealer="Ann",
)


def test_replay_keeps_running_totals_minimums_and_dealers():
    rules = rules_for("classic")
    hands = [
        make_hand(rules, We=side(230, 60, red=1, out="out", natural=1), They=side(100)),
        make_hand(rules, We=side(500, out="out", natural=1), They=side(1000, 35, mixed=1)),
        make_hand(rules, We=side(0, 30, red=1), They=side(70, out="out", natural=1)),
    ]
    state = replay(rules, CLASSIC_SETUP, hands)
    assert [dict(r.totals) for r in state.rows] == [
        {"We": 870, "They": 100},
        {"We": 1970, "They": 1365},
        {"We": 1840, "They": 2035},
    ]
    faced = [{k: m.points for k, m in r.minimums.items()} for r in state.rows]
    assert faced == [{"We": 50, "They": 50}, {"We": 50, "They": 50}, {"We": 90, "They": 50}]
    assert [r.dealer for r in state.rows] == ["Ann", "Cat", "Bob"]  # partners sit opposite
    assert state.next_dealer == "Dan"
    assert {k: m.points for k, m in state.next_minimums.items()} == {"We": 90, "They": 90}
    assert not state.status.over


@pytest.mark.parametrize(
    ("totals", "over", "winner", "tied", "margin"),
    [
        pytest.param({"We": 4995, "They": 4000}, False, None, False, None, id="just-short"),
        pytest.param({"We": 5000, "They": 4000}, True, "We", False, 1000, id="reaches-exactly"),
        pytest.param(
            {"We": 5200, "They": 5600}, True, "They", False, 400, id="both-cross-higher-wins"
        ),
        pytest.param({"We": 5100, "They": 5100}, False, None, True, 0, id="tie-plays-another-hand"),
        pytest.param({"We": 3000, "They": 3000}, False, None, False, None, id="tie-below-target"),
    ],
)
def test_classic_game_status(totals, over, winner, tied, margin):
    status = game_status(rules_for("classic"), totals, 10)
    assert (status.over, status.winner, status.tied, status.margin) == (over, winner, tied, margin)


def test_tie_is_draw_option_ends_the_game_drawn():
    status = game_status(rules_for("classic", ["tie_is_draw"]), {"We": 5100, "They": 5100}, 9)
    assert (status.over, status.winner, status.tied) == (True, None, True)
    assert "draw" in status.message


def test_both_sides_cross_the_target_in_one_hand_and_the_higher_wins():
    rules = rules_for("classic")
    setup = Setup(CLASSIC_SETUP.sides, "Ann", start_totals={"We": 4800, "They": 4700})
    hand = make_hand(rules, We=side(200, out="out", natural=1), They=side(600, mixed=2))
    state = replay(rules, setup, [hand])
    assert dict(state.totals) == {"We": 5600, "They": 5900}
    assert (state.status.over, state.status.winner, state.status.margin) == (True, "They", 300)
    assert state.next_dealer is None


def test_exact_tie_at_the_target_continues_then_a_later_hand_decides():
    rules = rules_for("classic")
    setup = Setup(CLASSIC_SETUP.sides, "Ann", start_totals={"We": 4500, "They": 4500})
    tie = make_hand(rules, We=side(100, natural=1), They=side(100, natural=1))
    state = replay(rules, setup, [tie])
    assert (state.status.over, state.status.tied) == (False, True)
    decider = make_hand(rules, We=side(50), They=side(40, out="out", natural=1))
    state = replay(rules, setup, [tie, decider])
    assert (state.status.over, state.status.winner) == (True, "They")


def test_appending_a_hand_gives_the_same_sheet_as_replaying_them_all():
    rules = rules_for("classic")
    hands = [
        make_hand(rules, We=side(230, 60, red=1, out="out", natural=1), They=side(100)),
        make_hand(rules, We=side(4000 // 4, 35, mixed=2), They=side(70, out="out", natural=1)),
    ]
    state = replay(rules, CLASSIC_SETUP, hands[:1])
    assert append(rules, CLASSIC_SETUP, state, hands[1]) == replay(rules, CLASSIC_SETUP, hands)


WITH_PAPER = Setup(CLASSIC_SETUP.sides, "Ann", start_totals={"They": 1250})
THREE_HANDS = [
    {"We": side(230, 60, red=1, out="out", natural=1), "They": side(100)},
    {"We": side(500, out="out", natural=1), "They": side(1000, 35, mixed=1)},
    {"We": side(0, 30, red=1), "They": side(70, out="out", natural=1)},
]


@pytest.mark.parametrize(
    ("setup", "number", "before"),
    [
        pytest.param(CLASSIC_SETUP, 1, {"We": 0, "They": 0}, id="first-hand"),
        pytest.param(WITH_PAPER, 1, {"We": 0, "They": 1250}, id="first-hand-from-paper"),
        pytest.param(WITH_PAPER, 0, {"We": 0, "They": 1250}, id="below-one-is-the-start"),
        pytest.param(WITH_PAPER, 2, {"We": 870, "They": 1350}, id="second-hand"),
        pytest.param(WITH_PAPER, 3, {"We": 1970, "They": 2615}, id="last-hand"),
        pytest.param(WITH_PAPER, 4, {"We": 1840, "They": 3285}, id="next-hand"),
        pytest.param(WITH_PAPER, 9, {"We": 1840, "They": 3285}, id="past-the-end"),
    ],
)
def test_totals_before_hand_n(setup, number, before):
    """The totals a hand is scored on top of: carried from paper, then each row's totals."""
    rules = rules_for("classic")
    state = replay(rules, setup, [make_hand(rules, **h) for h in THREE_HANDS])
    assert state.totals_before(number) == before


def test_totals_before_agree_with_the_rows_after_appending():
    """A sheet built hand by hand answers the same as one replayed at once."""
    rules = rules_for("classic")
    hands = [make_hand(rules, **h) for h in THREE_HANDS]
    state = replay(rules, WITH_PAPER, [])
    for hand in hands:
        state = append(rules, WITH_PAPER, state, hand)
    whole = replay(rules, WITH_PAPER, hands)
    assert [state.totals_before(n) for n in range(1, 5)] == [
        whole.totals_before(n) for n in range(1, 5)
    ]
    assert state.totals_before(4) == dict(state.totals)

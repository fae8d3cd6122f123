"""Modern American Canasta (docs/rules.md 4.14): the deal-score table, penalties, special hands
and every refusal, each worked out by hand from the League's and Pagat's rules.
"""

import json
import subprocess
import sys

import pytest

from scorekeeper.engine import game_status, opening_minimum, replay, score_hand, validate_hand
from scorekeeper.engine.game import Setup, Side
from scorekeeper.papers.score_contract import score_document
from scorekeeper.rules.presets import rules_for
from tests.engine_helpers import make_hand, side

MAC = "modern_american"


def scored(options=(), **sides):
    """Returns each side's (score, breakdown) for a valid MAC hand."""
    rules = rules_for(MAC, options)
    hand = make_hand(rules, **sides)
    assert validate_hand(rules, hand) == []
    return {k: s for k, s in score_hand(rules, hand).items()}


def items(score):
    return [(i.key, i.points, i.reason) for i in score.items]


def case(case_id, sides, expected, options=()):
    return pytest.param(sides, expected, tuple(options), id=case_id)


NONE = side()  # the other side: nothing melded, nothing in hand

SCORES = [
    # The worked examples (shared rules reference, "Worked examples").
    case(
        "worked-two-canastas-1700",
        {"We": side(400, red=2, black=1, out="out", natural=1, mixed=1), "They": NONE},
        {"We": 1700},
    ),  # 400 + 500 + 300 + 100 out + 300 (two red) + 100 (one black)
    case(
        "worked-one-canasta-minus-1835",
        {"We": side(250, 85, red=3, natural=1, x_unfinished_sevens=1), "They": NONE},
        {"We": -1835},
    ),  # 250 + 500 + 0 (threes at one canasta) - 2,500 - 85
    case(
        "worked-no-canasta-minus-265",
        {"We": side(120, 45, red=1), "They": NONE},
        {"We": -265},
    ),  # -120 - 100 - 45
    # The table, row by row, at 0, 1 and 2+ canastas.
    case(
        "0-canastas-threes-both-colours-minus",
        {"We": side(90, 10, red=2, black=1), "They": NONE},
        {"We": -500},
    ),  # -90 - 300 - 100 - 10
    case(
        "0-canastas-penalty-and-melds-minus",
        {"We": side(60, 0, x_unfinished_aces=1), "They": NONE},
        {"We": -2560},
    ),  # -60 - 2,500
    case(
        "1-canasta-melds-and-bonus-plus-threes-0",
        {"We": side(300, 20, red=4, black=2, mixed=1), "They": NONE},
        {"We": 580},
    ),  # 300 + 300 - 20; 1,000 and 300 of threes count 0
    case(
        "2-canastas-threes-plus",
        {"We": side(500, 30, red=1, black=4, natural=1, mixed=1), "They": NONE},
        {"We": 2370},
    ),  # 500 + 500 + 300 + 100 + 1,000 - 30
    case(
        "3-canastas-threes-plus",
        {"We": side(700, 0, red=3, out="out", natural=2, mixed=1), "They": NONE},
        {"We": 2600},
    ),  # 700 + 1,000 + 300 + 100 + 500
    case(
        "concealed-scores-like-out",
        {"We": side(400, out="concealed", natural=1, mixed=1), "They": NONE},
        {"We": 1300},
    ),  # 400 + 500 + 300 + 100 (no concealed bonus)
    # Every canasta kind, beside a natural so the threes do not matter.
    case("sevens-2500", {"We": side(200, natural=1, sevens=1), "They": NONE}, {"We": 3200}),
    case("aces-2500", {"We": side(300, natural=1, aces=1), "They": NONE}, {"We": 3300}),
    case(
        "wild-deuces-3000", {"We": side(300, natural=1, wild_deuces=1), "They": NONE}, {"We": 3800}
    ),
    case(
        "wild-four-jokers-2500",
        {"We": side(400, natural=1, wild_four_jokers=1), "They": NONE},
        {"We": 3400},
    ),
    case("other-wild-2000", {"We": side(300, natural=1, wild=1), "They": NONE}, {"We": 2800}),
    # Every penalty, and penalties stacking (PAGAT-MA: -2,500 and -1,500 = -4,000).
    case(
        "unfinished-aces",
        {"We": side(300, natural=2, x_unfinished_aces=1), "They": NONE},
        {"We": -1200},
    ),  # 300 + 1,000 - 2,500
    case(
        "unfinished-sevens",
        {"We": side(300, natural=2, x_unfinished_sevens=1), "They": NONE},
        {"We": -1200},
    ),
    case(
        "unfinished-wild",
        {"We": side(300, natural=2, x_unfinished_wild=1), "They": NONE},
        {"We": -700},
    ),  # 300 + 1,000 - 2,000
    case(
        "aces-in-hand-two-players",
        {"We": side(300, 120, natural=2, x_aces_in_hand=2), "They": NONE},
        {"We": -1820},
    ),  # 300 + 1,000 - 3,000 - 120
    case(
        "sevens-in-hand-one-player",
        {"We": side(300, 15, natural=2, x_sevens_in_hand=1), "They": NONE},
        {"We": -215},
    ),  # 300 + 1,000 - 1,500 - 15
    case(
        "penalties-stack",
        {"We": side(100, 15, natural=1, x_unfinished_sevens=1, x_sevens_in_hand=1), "They": NONE},
        {"We": -3415},
    ),  # 100 + 500 - 2,500 - 1,500 - 15
    case(
        "option-four-jokers-meld-2500",
        {"We": side(500, natural=2, x_unfinished_four_jokers=1), "They": NONE},
        {"We": -1000},
        options=["four_jokers_meld_2500"],
    ),  # 500 + 1,000 - 2,500 (PAGAT-MA)
]


@pytest.mark.parametrize(("sides", "expected", "options"), SCORES)
def test_scores(sides, expected, options):
    scores = scored(options, **sides)
    assert {k: scores[k].score for k in expected} == expected
    for score in scores.values():  # the breakdown adds up to the score
        assert sum(i.points for i in score.items) == score.score


@pytest.mark.parametrize(("count", "value"), [(1, 100), (2, 300), (3, 500), (4, 1000)])
@pytest.mark.parametrize("colour", ["red", "black"])
def test_threes_scale_per_colour_at_two_canastas(colour, count, value):
    scores = scored(We=side(300, natural=2, **{colour: count}), They=NONE)
    assert scores["We"].score == 1300 + value


def test_threes_at_one_canasta_are_zero_items_with_a_reason():
    scores = scored(We=side(250, 85, red=3, black=1, natural=1, x_unfinished_sevens=1), They=NONE)
    assert items(scores["We"]) == [
        ("melded", 250, ""),
        ("canastas.natural", 500, ""),
        ("unfinished_sevens", -2500, ""),
        ("red_threes", 0, "under_two_canastas"),
        ("black_threes", 0, "under_two_canastas"),
        ("hand", -85, ""),
    ]


def test_no_canasta_melds_and_threes_count_minus_with_the_reason():
    scores = scored(We=side(120, 45, red=1), They=NONE)
    assert items(scores["We"]) == [
        ("melded", -120, "no_canasta"),
        ("red_threes", -100, "no_canasta"),
        ("hand", -45, ""),
    ]


SPECIAL_HANDS = {  # CLA's list and values
    "straight": 3000,
    "pairs": 2500,
    "wild_pairs": 2000,
    "miami_pairs": 2500,
    "zip_code": 2500,
    "garbage": 3000,
    "blast_off": 3000,
    "triples": 3500,
    "quads": 3500,
    "dream_1": 8500,
    "dream_2": 8500,
}


def test_the_league_lists_eleven_special_hands():
    assert {h.id: h.points for h in rules_for(MAC).special_hands} == SPECIAL_HANDS


@pytest.mark.parametrize(("hand_id", "value"), sorted(SPECIAL_HANDS.items()))
def test_a_special_hand_replaces_the_whole_score(hand_id, value):
    scores = scored(
        We=side(0, 40, red=2, out="out", x_special_hand=hand_id), They=side(200, 30, natural=1)
    )
    assert scores["We"].score == value
    assert items(scores["We"]) == [
        ("special_hand", value, ""),
        ("red_threes", 0, "special_hand"),
        ("hand", 0, "special_hand"),
    ]
    assert scores["They"].score == 670  # 200 + 500 - 30, threes none


@pytest.mark.parametrize(
    ("options", "hand_id", "value"),
    [
        (["garbage_2000"], "garbage", 2000),
        (["pagat_special_hands"], "garbage", 2000),
        (["pagat_special_hands"], "wild_pairs", 2000),
        (["pagat_special_hands"], "straight", 3000),
    ],
)
def test_pagats_special_hands(options, hand_id, value):
    scores = scored(options, We=side(x_special_hand=hand_id), They=NONE)
    assert scores["We"].score == value


def test_pagat_lists_four_special_hands_only():
    rules = rules_for(MAC, ["pagat_special_hands"])
    assert [h.id for h in rules.special_hands] == ["straight", "pairs", "wild_pairs", "garbage"]


def refused(case_id, sides, *expected, options=()):
    return pytest.param(sides, set(expected), tuple(options), id=case_id)


REFUSALS = [
    refused(
        "out-with-one-canasta",
        {"We": side(300, out="out", natural=1), "They": NONE},
        ("We", "went_out", "out_needs_canastas"),
    ),
    refused(
        "out-with-unfinished-aces",
        {"We": side(400, out="out", natural=2, x_unfinished_aces=1), "They": NONE},
        ("We", "went_out", "out_with_unfinished"),
    ),
    refused(
        "out-with-unfinished-sevens",
        {"We": side(400, out="out", natural=2, x_unfinished_sevens=1), "They": NONE},
        ("We", "went_out", "out_with_unfinished"),
    ),
    refused(
        "out-with-unfinished-wild",
        {"We": side(400, out="out", natural=2, x_unfinished_wild=1), "They": NONE},
        ("We", "went_out", "out_with_unfinished"),
    ),
    refused(
        "special-hand-with-melds",
        {"We": side(60, x_special_hand="pairs"), "They": NONE},
        ("We", "melded_points", "special_hand_with_melds"),
    ),
    refused(
        "special-hand-with-canasta-and-unfinished-meld",
        {"We": side(300, natural=1, x_unfinished_wild=1, x_special_hand="pairs"), "They": NONE},
        ("We", "melded_points", "special_hand_with_melds"),
        ("We", "canastas", "special_hand_with_melds"),
        ("We", "unfinished_wild", "special_hand_with_melds"),
    ),
    refused(
        "two-sevens-canastas-one-side",
        {"We": side(300, sevens=2), "They": NONE},
        ("We", "canastas.sevens", "more_than_pack_holds"),
    ),
    refused(
        "a-sevens-canasta-each",
        {"We": side(100, sevens=1), "They": side(100, sevens=1)},
        ("They", "canastas.sevens", "more_than_pack_holds"),
    ),
    refused(
        "two-aces-canastas",
        {"We": side(300, aces=1), "They": side(300, aces=1)},
        ("They", "canastas.aces", "more_than_pack_holds"),
    ),
    refused(
        "two-wild-canastas",
        {"We": side(500, wild_deuces=1, wild_four_jokers=1), "They": NONE},
        ("We", "canastas.wild_four_jokers", "more_than_pack_holds"),
    ),
    refused(
        "unfinished-sevens-beside-sevens-canasta",
        {"We": side(300, natural=1, sevens=1, x_unfinished_sevens=1), "They": NONE},
        ("We", "unfinished_sevens", "more_than_pack_holds"),
    ),
    refused(
        "three-players-holding-aces",
        {"We": side(0, 180, x_aces_in_hand=3), "They": NONE},
        ("We", "aces_in_hand", "more_than_max"),
        ("We", "aces_in_hand", "more_than_pack_holds"),
    ),
    refused(
        "melded-below-the-canastas",
        {"We": side(100, aces=1), "They": NONE},
        ("We", "melded_points", "kind_canastas_need_points"),
    ),
    refused(
        "melded-below-canasta-and-unfinished-meld",
        {"We": side(90, natural=1, x_unfinished_aces=1), "They": NONE},
        ("We", "melded_points", "melds_need_points"),
    ),
    refused(
        "three-aces-in-hand-at-least-60",
        {"We": side(0, 55, x_aces_in_hand=1), "They": NONE},
        ("We", "hand_points", "hand_needs_points"),
    ),
    refused(
        "garbage-is-not-pagats-miami-pairs",
        {"We": side(x_special_hand="miami_pairs"), "They": NONE},
        ("We", "special_hand", "unknown_special_hand"),
        options=["pagat_special_hands"],
    ),
]


@pytest.mark.parametrize(("sides", "expected", "options"), REFUSALS)
def test_refusals_each_on_its_field(sides, expected, options):
    document = {"format": MAC, "options": list(options), "hand": sides}
    result, ok = score_document(document)
    assert not ok
    assert {(e["side"], e["field"]) for e in result["errors"]} == {(s, f) for s, f, _ in expected}
    rules = rules_for(MAC, options)
    from scorekeeper.engine import parse_hand

    problems: list = []
    hand = parse_hand(rules, document, list(sides), problems)
    problems += validate_hand(rules, hand)
    assert {(p.side, p.field, p.code) for p in problems} == expected


def test_the_limits_themselves_are_accepted():
    scored(We=side(0, 60, x_aces_in_hand=1), They=side(0, 30, x_sevens_in_hand=2))
    scored(We=side(400, sevens=1, aces=1, wild=1, natural=1), They=side(60, x_unfinished_wild=1))


def test_other_formats_have_no_special_hand():
    result, ok = score_document(
        {"format": "classic", "hand": {"We": {"special_hand": "pairs"}, "They": {}}}
    )
    assert not ok and result["errors"][0]["field"] == "special_hand"


@pytest.mark.parametrize(
    ("total", "points"),
    [(-500, 125), (0, 125), (2995, 125), (3000, 155), (4995, 155), (5000, 180), (9000, 180)],
)
def test_opening_minimum_by_band(total, points):
    need = opening_minimum(rules_for(MAC), total, 1)
    assert need is not None and need.points == points


def test_opening_note_names_the_clean_triple():
    assert "three natural cards of one rank" in rules_for(MAC).opening.help


def test_next_minimum_in_the_contract():
    result, ok = score_document(
        {
            "format": MAC,
            "totals_before": {"We": 2800, "They": 4900},
            "hand": {"We": side(300, natural=1), "They": side(150, natural=1)},
        }
    )
    assert ok
    assert (result["We"]["total"], result["We"]["next_minimum"]) == (3600, 155)
    assert (result["They"]["total"], result["They"]["next_minimum"]) == (5550, 180)


def test_game_to_8500_the_higher_total_wins():
    rules = rules_for(MAC)
    assert not game_status(rules, {"We": 8495, "They": 100}, 1).over
    status = game_status(rules, {"We": 8600, "They": 9100}, 1)
    assert status.over and status.winner == "They"


def test_tournament_option_three_deals_125_155_180():
    rules = rules_for(MAC, ["three_deals"])
    assert [opening_minimum(rules, 6000, d).points for d in (1, 2, 3)] == [125, 155, 180]
    setup = Setup((Side("We", "We", ("A", "B")), Side("They", "They", ("C", "D"))), "A")
    hand = make_hand(rules, We=side(300, out="out", natural=2), They=side(100, 20))
    state = replay(rules, setup, [hand, hand, hand])
    assert state.status.over and state.status.winner == "We"
    assert replay(rules, setup, [hand, hand]).status.over is False


@pytest.mark.slow  # a subprocess: the contract as checks outside the repo run it
def test_cli_scores_and_refuses_with_exit_2():
    def run(document):
        done = subprocess.run(
            [sys.executable, "-m", "scorekeeper.cli", "score"],
            input=json.dumps(document),
            capture_output=True,
            text=True,
            check=False,
        )
        return done.returncode, json.loads(done.stdout)

    good = {
        "format": MAC,
        "hand": {"We": side(400, red=2, black=1, out="out", natural=1, mixed=1), "They": NONE},
    }
    code, result = run(good)
    assert code == 0 and result["We"]["score"] == 1700
    bad = {"format": MAC, "hand": {"We": side(300, out="out", natural=1), "They": NONE}}
    code, result = run(bad)
    assert code == 2 and result["errors"][0]["field"] == "went_out"

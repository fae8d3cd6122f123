"""Starting a game: one rule book for names, players, the first dealer and totals from paper."""

from __future__ import annotations

import pytest

from scorekeeper.engine import MAX_NAME, Draft, check_name, check_setup
from scorekeeper.rules.presets import rules_for

CLASSIC = [("We", ["Ann", "Bob"]), ("They", ["Cy", "Di"])]


def codes(problems) -> list[tuple[str, str]]:
    """Returns each problem as (field path, code): what the web, API and import map."""
    return [(p.field, p.code) for p in problems]


@pytest.mark.parametrize(
    ("format_id", "sides", "dealer", "totals", "found"),
    [
        pytest.param("classic", [("We", ["Ann"])], "Ann", {}, [("sides", "side_count"), ("sides[0].players", "player_count")], id="one-side"),
        pytest.param("classic", [("We", ["Ann"]), ("They", ["Cy", "Di"])], "Ann", {}, [("sides[0].players", "player_count")], id="player-missing"),
        pytest.param("classic", [("", ["Ann", "Bob"]), ("They", ["Cy", "Di"])], "Ann", {}, [("sides[0].name", "side_name_blank")], id="empty-side-name"),
        pytest.param("classic", [("We", ["Ann", "  "]), ("They", ["Cy", "Di"])], "Ann", {}, [("sides[0].players[1]", "player_name_blank")], id="blank-player"),
        pytest.param("classic", [("We", ["Ann", "Bob"]), ("x" * (MAX_NAME + 1), ["Cy", "Di"])], "Ann", {}, [("sides[1].name", "name_too_long")], id="long-side-name"),
        pytest.param("classic", [("We", ["Ann", "Bob"]), ("They", ["Cy", "Di "])], "Ann", {}, [("sides[1].players[1]", "name_spaces")], id="untrimmed-player"),
        pytest.param("classic", [("We", ["Ann", "Bob"]), ("we", ["Cy", "Di"])], "Ann", {}, [("sides[1].name", "side_name_taken")], id="same-side-any-case"),
        pytest.param("classic", [("We", ["Ann", "Bob"]), ("They", ["ANN", "Di"])], "Ann", {}, [("sides[1].players[0]", "player_name_taken")], id="same-player-any-case"),
        pytest.param("classic", CLASSIC, "Zed", {}, [("first_dealer", "unknown_dealer")], id="dealer-not-playing"),
        pytest.param("classic", CLASSIC, None, {}, [("first_dealer", "unknown_dealer")], id="no-dealer-chosen"),
        pytest.param("classic", CLASSIC, "Ann", {"We": 12}, [("start_totals.We", "start_not_multiple_of_5")], id="start-not-five"),
        pytest.param("classic", CLASSIC, "Ann", {"We": 5000}, [("start_totals.We", "start_below_target")], id="start-at-target"),
        pytest.param("classic", CLASSIC, "Ann", {"We": -200_000}, [("start_totals.We", "start_too_large")], id="start-huge"),
        pytest.param("classic", CLASSIC, "Ann", {"Ghost": 50}, [("start_totals.Ghost", "unknown_start_side")], id="start-unknown-side"),
        pytest.param("two_hand", [("Ann", ["Ann"]), ("ann", ["ann"])], "Ann", {}, [("sides[1].name", "side_name_taken")], id="individual-same-name"),
        pytest.param("cutthroat", [("Ann", ["Ann"]), ("", [""]), ("Cy", ["Cy"])], "Ann", {}, [("sides[1].name", "player_name_blank")], id="individual-blank"),
        pytest.param("hand_and_foot", [("We", ["Ann", "Bob"]), ("They", ["Cy", "Di"])], "Ann", {"We": 50_000}, [], id="no-target-no-limit-below-max"),
        pytest.param("classic", CLASSIC, "Ann", {"We": 4995, "They": -120}, [], id="valid"),
    ],
)  # fmt: skip
def test_check_setup_names_every_problem_by_path_and_code(
    format_id, sides, dealer, totals, found
) -> None:
    """Each rule gives a problem at a neutral path with a machine code; a good setup gives none."""
    _draft, problems = check_setup(rules_for(format_id), sides, dealer, totals)
    assert codes(problems) == found
    assert all(p.message and p.side is None for p in problems)


def test_a_valid_setup_gives_the_draft_to_save() -> None:
    """The draft carries the format, its options in preset order, the sides, and non-zero totals."""
    rules = rules_for("classic", ["tie_is_draw"])
    draft, problems = check_setup(rules, CLASSIC, "Cy", {"We": 0, "They": 1250})
    assert problems == []
    assert draft == Draft(
        format_id="classic",
        options=("tie_is_draw",),
        sides=(("We", ("Ann", "Bob")), ("They", ("Cy", "Di"))),
        first_dealer="Cy",
        start_totals={"They": 1250},
    )


@pytest.mark.parametrize(
    ("name", "code"),
    [
        pytest.param("Ann", None, id="plain"),
        pytest.param("x" * MAX_NAME, None, id="at-the-limit"),
        pytest.param("x" * (MAX_NAME + 1), "name_too_long", id="over-the-limit"),
        pytest.param("", "side_name_blank", id="empty"),
        pytest.param(" \t", "side_name_blank", id="only-spaces"),
        pytest.param(" Ann", "name_spaces", id="leading-space"),
    ],
)
def test_check_name_is_the_one_name_rule(name, code) -> None:
    """One function decides whether a side or player name may be used."""
    problem = check_name(name, "sides[0].name", "side")
    assert (problem.code if problem else None) == code
    if problem:
        assert problem.field == "sides[0].name" and problem.params["what"] == "side"


def test_problems_carry_their_numbers_as_params() -> None:
    """A front end can word a problem itself from its code and params, without the message."""
    _draft, problems = check_setup(rules_for("classic"), CLASSIC, "Ann", {"We": 5000})
    assert [(p.code, dict(p.params)) for p in problems] == [
        ("start_below_target", {"side": "We", "total": 5000, "target": 5000})
    ]
    assert problems[0].message == "A starting total must be below the target (5,000)."

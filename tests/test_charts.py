"""The running-totals chart: one point per counted hand, the right extremes, the lead changes."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from scorekeeper import engine
from scorekeeper.charts.running import BOTTOM, HEIGHT, TOP, hand_bars, hand_list, running_totals
from scorekeeper.engine import Setup, Side
from scorekeeper.rules.presets import rules_for
from scorekeeper.stats.swings import Course, course, lead_changes

SVG = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


def _points(root: ET.Element) -> list[list[tuple[float, float]]]:
    return [
        [tuple(map(float, p.split(","))) for p in line.get("points").split()]
        for line in root.iter(f"{SVG}polyline")
    ]


@pytest.mark.parametrize(
    ("totals", "start", "changes"),
    [
        pytest.param([{"A": 10, "B": 0}, {"A": 10, "B": 20}], {}, [2], id="overtaken"),
        pytest.param([{"A": 0, "B": 0}, {"A": 5, "B": 0}], {}, [], id="first-lead-is-no-change"),
        pytest.param(
            [{"A": 5, "B": 5}, {"A": 5, "B": 10}], {"A": 1, "B": 0}, [2], id="a-tie-keeps-it"
        ),
        pytest.param([{"A": 5, "B": 0}], {"A": 0, "B": 100}, [1], id="from-carried-totals"),
        pytest.param(
            [{"A": 5, "B": 0}, {"A": 5, "B": 10}, {"A": 30, "B": 10}], {}, [2, 3], id="twice"
        ),
    ],
)
def test_lead_changes(totals, start, changes):
    assert lead_changes(totals, start) == changes


def _played() -> tuple[Course, list[int], list[int]]:
    """Replays a Classic game where They lead, We overtake, and We go below zero first."""
    rules = rules_for("classic", [])
    setup = Setup(
        sides=(Side("We", "We", ("Ann", "Bob")), Side("They", "They", ("Cy", "Di"))),
        first_dealer="Ann",
    )
    raw = [
        {"We": {"hand_points": 80, "red_threes": 1}, "They": {"melded_points": 120}},
        {
            "We": {"melded_points": 300, "canastas": {"natural": 1}, "went_out": "out"},
            "They": {"melded_points": 50, "hand_points": 40},
        },
        {
            "We": {"melded_points": 90},
            "They": {"melded_points": 200, "canastas": {"mixed": 1}, "went_out": "out"},
        },
    ]
    hands = []
    for entry in raw:
        problems: list = []
        hands.append(engine.parse_hand(rules, {"hand": entry}, ["We", "They"], problems))
        assert not problems
    state = engine.replay(rules, setup, hands)
    we = [row.totals["We"] for row in state.rows]
    they = [row.totals["They"] for row in state.rows]
    return course(setup, state, rules.ending.target), we, they


def test_one_point_per_hand_at_the_right_heights():
    played, we, they = _played()
    assert we == [-180, 720, 810] and they == [120, 130, 730]  # We: -100 - 80, +900, +90
    assert played.lead_changes == (2,)
    root = _parse(running_totals(played))
    lines = _points(root)
    assert [len(line) for line in lines] == [3, 3]
    heights = {y for line in lines for _, y in line}
    # The target (5,000) is the top of the scale and -180 its bottom.
    assert min(y for _, y in lines[0]) > TOP
    assert max(heights) == HEIGHT - BOTTOM == lines[0][0][1]  # We's -180 at the very bottom
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "\N{MINUS SIGN}180" in texts and "Target 5,000" in texts
    # Each hand one step right, and a higher total always drawn higher.
    xs = [x for x, _ in lines[0]]
    assert xs == sorted(xs) and xs == [x for x, _ in lines[1]]
    pairs = sorted(
        (v, y)
        for line, side in zip(lines, (we, they), strict=True)
        for (_, y), v in zip(line, side, strict=True)
    )
    assert [y for _, y in pairs] == sorted((y for _, y in pairs), reverse=True)
    (lead,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "lead"]
    assert lead.find(f"{SVG}line").get("x1") == str(xs[1])
    assert root.find(f"{SVG}title").text.endswith("The lead changed at hand 2.")


def test_every_side_has_its_own_line_pattern_and_marker():
    played, _, _ = _played()
    root = _parse(running_totals(played, prefix="g1"))
    styles = [(p.get("class"), p.get("marker-mid")) for p in root.iter(f"{SVG}polyline")]
    assert styles == [("s0 p0", "url(#g1m0)"), ("s1 p1", "url(#g1m1)")]
    assert {m.get("id") for m in root.iter(f"{SVG}marker")} == {"g1m0", "g1m1"}
    assert "style=" not in running_totals(played) and "<script" not in running_totals(played)


def test_hand_bars_go_up_for_plus_and_down_for_minus():
    played, _, _ = _played()
    root = _parse(hand_bars(played))
    mid = float(root.find(f"{SVG}line").get("y1"))
    we = next(p for p in root.iter(f"{SVG}path") if p.get("class").startswith("s0")).get("d")
    bars = [b for b in we.split("M") if b]
    first_top = float(bars[0].split()[1].split("h")[0])
    assert len(bars) == 3 and first_top == mid  # hand 1 is minus: drawn from the line down
    assert float(bars[1].split()[1].split("h")[0]) < mid  # hand 2 is plus: up to the line


def test_an_empty_game_has_no_chart():
    assert running_totals(Course(("A", "B"), ((), ()), ((), ()), (), 5000)) == ""


def test_hand_lists_read_as_words():
    assert [hand_list(n) for n in ((3,), (3, 7), (2, 5, 9))] == [
        "hand 3",
        "hands 3 and 7",
        "hands 2, 5 and 9",
    ]


def test_a_game_from_paper_starts_its_lines_at_the_paper_totals():
    """One more point, one step before hand 1; the hands and lead changes keep their places."""
    played, we, they = _played()
    plain = _points(_parse(running_totals(played)))
    carried = replace(played, start=(1400, 0))
    lines = _points(_parse(running_totals(carried)))
    assert [len(line) for line in lines] == [4, 4]
    assert lines[0][0][0] == plain[0][0][0] < lines[0][1][0]  # the paper point first, then hand 1
    assert lines[0][0][1] > TOP  # 1,400 is below the target at the top
    assert lines[0][0][1] < lines[1][0][1]  # We's 1,400 drawn above They's 0
    assert carried.lines()[0] == (1400, *played.totals[0]) and played.lines() == played.totals
    assert len(plain[0]) == 3

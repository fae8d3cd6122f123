"""A finished game's PDF ends with the chart of its running totals, under the result or after it."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from pypdf import PdfReader
from reportlab.graphics.shapes import PolyLine

from scorekeeper.engine import replay
from scorekeeper.pdf import game_sheet
from scorekeeper.pdf.course_chart import drawing, plot
from scorekeeper.rules.presets import rules_for
from scorekeeper.stats.swings import course
from tests.sample_game import sample_hands, sample_setup

RULES = rules_for("classic")
SETUP = sample_setup(RULES)


def _pages(hands: int, chart: bool) -> list[str]:
    state = replay(RULES, SETUP, sample_hands(RULES, SETUP, hands))
    data = game_sheet(RULES, SETUP, state, title="t", created="2024-05-01", chart=chart)
    return [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.parametrize(
    ("hands", "own_page"),
    [
        pytest.param(16, False, id="fits-under-the-result"),
        pytest.param(14, True, id="a-page-of-its-own"),  # the result fills page 1
    ],
)
def test_the_chart_comes_once_at_the_end_with_the_pages_counted(hands, own_page):
    plain, charted = _pages(hands, chart=False), _pages(hands, chart=True)
    assert len(charted) == len(plain) + own_page
    assert ["How the game went" in page for page in charted] == [False] * (len(charted) - 1) + [
        True
    ]
    for number, page in enumerate(charted, 1):
        assert f"page {number} of {len(charted)}" in page
    assert "Target 5,000" in charted[-1]


def test_a_game_in_play_has_no_chart():
    state = replay(RULES, SETUP, sample_hands(RULES, SETUP, 5))
    assert not state.status.over
    data = game_sheet(RULES, SETUP, state, title="t", created="2024-05-01", chart=True)
    assert "How the game went" not in PdfReader(io.BytesIO(data)).pages[-1].extract_text()


def test_one_point_per_counted_hand_at_the_right_heights():
    state = replay(RULES, SETUP, sample_hands(RULES, SETUP, 20))  # ends at hand 14
    played = course(SETUP, state, RULES.ending.target)
    assert played.hands == state.ended_at == 14
    lines = [shape for shape in drawing(played, 500).contents if isinstance(shape, PolyLine)]
    plot_lines = lines[: len(SETUP.sides)]
    scale = plot(played, 500)
    for line, totals in zip(plot_lines, played.totals, strict=True):
        ys = line.points[1::2]
        assert len(ys) == 14
        assert ys == pytest.approx([scale.y(v) for v in totals])
    top = max(v for side in played.totals for v in side)
    assert scale.high == top and scale.y(top) == scale.top  # the highest total touches the top


def test_a_game_from_paper_starts_its_lines_at_the_paper_totals():
    setup = replace(SETUP, start_totals={SETUP.sides[0].key: 1500})
    state = replay(RULES, setup, sample_hands(RULES, setup, 6))
    played = course(setup, state, RULES.ending.target)
    assert played.start[0] == 1500
    lines = [shape for shape in drawing(played, 500).contents if isinstance(shape, PolyLine)]
    scale = plot(played, 500)
    first = lines[0]
    assert len(first.points) == 2 * (played.hands + 1)
    assert first.points[:2] == [scale.points[0], pytest.approx(scale.y(1500))]
    assert scale.xs == scale.points[1:]  # hand 1 sits one step in


def test_a_ten_hand_game_keeps_its_chart_on_page_one_when_it_fits():
    """Issue 26 item 10: on Letter, a 10-hand game's chart, a little shorter, stays under the
    result instead of alone on a nearly blank page 2."""
    hands = sample_hands(RULES, SETUP, 10)
    last = replay(RULES, SETUP, hands).rows[-1].totals["s1"]
    setup = replace(SETUP, start_totals={"s1": 5000 - last})  # We reach 5,000 at hand 10
    state = replay(RULES, setup, hands)
    assert state.status.over and state.ended_at == 10
    data = game_sheet(
        RULES, setup, state, title="t", created="2024-05-01", chart=True, paper="letter"
    )
    pages = PdfReader(io.BytesIO(data)).pages
    assert len(pages) == 1 and "How the game went" in pages[0].extract_text()


def test_axis_numbers_never_print_over_each_other_or_under_the_target_line():
    """Issue 26 item 10: "0" and "−185" apart; the top number clear of the target's line."""
    from scorekeeper.charts.running import LABEL, axis_labels

    def y(value: float) -> float:  # 5,185 points over 162 px, as a game to 5,000 draws it
        return 174 - (value + 185) * 162 / 5185

    placed = dict(axis_labels([0, -185, 5090], y, y(5000)))
    assert placed[-185] - placed[0] >= LABEL  # was 5.8 px apart: printed over each other
    target = y(5000)
    assert not placed[5090] - LABEL + 2 < target < placed[5090] + 2

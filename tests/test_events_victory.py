"""Victory-point bands: the templates, every edge, and a director's typed bands."""

from __future__ import annotations

import pytest

from scorekeeper.events import TEMPLATES, VictoryTable, band_problems, template
from scorekeeper.events.victory import bands_of


@pytest.mark.parametrize(
    ("ns", "ew", "expected"),
    [
        pytest.param(1_000, 1_000, (10, 10), id="draw"),
        pytest.param(1_050, 1_000, (10, 10), id="50"),
        pytest.param(1_000, 1_050, (10, 10), id="minus-50"),
        pytest.param(1_055, 1_000, (11, 9), id="55"),
        pytest.param(1_000, 1_055, (9, 11), id="minus-55"),
        pytest.param(2_500, 1_000, (19, 1), id="1500"),
        pytest.param(2_505, 1_000, (20, 0), id="1505"),
        pytest.param(-505, 1_000, (0, 20), id="minus-1505"),
        pytest.param(10_000, 0, (20, 0), id="huge"),
    ],
)
def test_burraco_three_deal_edges(ns: int, ew: int, expected: tuple[int, int]) -> None:
    assert template("burraco_3").award(ns, ew) == expected


def test_every_template_sums_to_twenty_and_ascends() -> None:
    for name, bands in TEMPLATES.items():
        if not bands:
            continue
        assert all(b.winner + b.loser == 20 for b in bands), name
        edges = [b.up_to for b in bands[:-1]]
        assert edges == sorted(edges) and all(e is not None and e % 5 == 0 for e in edges)
        assert bands[-1].up_to is None


def test_canasta_templates_widen_the_burraco_bands() -> None:
    assert template("canasta_3").award(150, 0) == (10, 10)
    assert template("canasta_3").award(155, 0) == (11, 9)
    assert template("canasta_3").award(4_500, 0) == (19, 1)
    assert template("canasta_3").award(4_505, 0) == (20, 0)
    assert template("burraco_4").award(2_000, 0) == (19, 1)
    assert template("burraco_4").award(2_005, 0) == (20, 0)


def test_plain_total_points_are_the_scores() -> None:
    plain = VictoryTable()
    assert plain.plain and plain.award(2_340, -150) == (2_340, -150)


def test_typed_bands_read_back() -> None:
    typed = [
        {"up_to": 100, "winner": 10, "loser": 10},
        {"up_to": None, "winner": 12, "loser": 8},
    ]
    assert band_problems(typed) == []
    assert bands_of(typed).award(100, 0) == (10, 10)
    assert bands_of(typed).award(105, 0) == (12, 8)


@pytest.mark.parametrize(
    ("bands", "code", "index", "field"),
    [
        ([{"up_to": 50, "winner": 10, "loser": 10}], "last_band_open", 0, "up_to"),
        (
            [{"up_to": None, "winner": 10, "loser": 10}, {"up_to": None, "winner": 20, "loser": 0}],
            "band_edge",
            0,
            "up_to",
        ),
        (
            [
                {"up_to": 100, "winner": 10, "loser": 10},
                {"up_to": 100, "winner": 12, "loser": 8},
                {"up_to": None, "winner": 20, "loser": 0},
            ],
            "bands_ascending",
            1,
            "up_to",
        ),
        ([{"up_to": None, "winner": "20", "loser": 0}], "band_points", 0, "winner"),
        ([{"up_to": None, "winner": 5, "loser": 15}], "loser_above_winner", 0, "loser"),
        ([{"up_to": None, "winner": True, "loser": 0}], "band_points", 0, "winner"),
    ],
)
def test_bad_bands_are_named(
    bands: list[dict[str, object]], code: str, index: int, field: str
) -> None:
    found = band_problems(bands)
    assert [(p.code, p.index, p.field) for p in found] == [(code, index, field)]

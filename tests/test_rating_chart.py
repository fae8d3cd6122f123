"""A player's rating history chart: one game shows its point and one label; a rating below zero
shows the negative range with a label at its bottom."""

from __future__ import annotations

import re

from scorekeeper.charts.rating_history import HEIGHT, Words, rating_history

WORDS = Words(summary="history", games=lambda n: f"game {n}")


def _labels(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def test_one_game_draws_its_points_and_one_game_label() -> None:
    svg = rating_history([(22.6, 8.1)], WORDS)
    assert _labels(svg).count("game 1") == 1
    assert re.search(r'<circle class="s0" cx="[\d.]+" cy="[\d.]+"', svg)  # the skill estimate
    assert re.search(r'<rect class="s1"', svg)  # the rating shown


def test_two_games_draw_lines_and_label_both_ends() -> None:
    svg = rating_history([(22.6, 8.1), (24.0, 9.5)], WORDS)
    assert _labels(svg)[-2:] == ["game 1", "game 2"]
    assert "<circle" not in svg


def test_a_rating_below_zero_labels_the_bottom_of_the_axis() -> None:
    svg = rating_history([(25.0, 4.0), (16.4, -4.6)], WORDS)
    labels = _labels(svg)
    assert "\N{MINUS SIGN}4.6" in labels
    bottom = re.search(r'<text x="\d+" y="([\d.]+)" text-anchor="end">\N{MINUS SIGN}4\.6<', svg)
    zero = re.search(r'<text x="\d+" y="([\d.]+)" text-anchor="end">0\.0<', svg)
    assert bottom and zero and float(zero[1]) < float(bottom[1]) <= HEIGHT


def test_a_rating_never_below_zero_has_no_negative_label() -> None:
    assert not any("\N{MINUS SIGN}" in t for t in _labels(rating_history([(25.0, 1.0)], WORDS)))


def test_a_rating_just_below_zero_keeps_its_label_clear_of_zeros() -> None:
    svg = rating_history([(22.6, -1.6)], WORDS)
    ys = sorted(float(y) for y in re.findall(r'<text x="\d+" y="([\d.]+)" text-anchor="end">', svg))
    assert len(ys) == 3 and all(b - a >= 12 for a, b in zip(ys, ys[1:], strict=False)), ys
    ordinal = re.search(r'<rect[^>]* y="([\d.]+)"', svg)
    assert ordinal and float(ordinal[1]) + 3 <= ys[-1] - 4  # the point sits within the axis

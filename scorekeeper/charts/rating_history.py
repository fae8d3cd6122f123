"""Inline SVG of a player's rating over their rated games: the model's mu and the ordinal shown.

Pure strings, no script and no style attribute: the colours come from the page's CSS
(`static/css/charts.css`), and the two lines differ by pattern too (solid mu, dashed ordinal),
so the chart reads without telling colours apart. The band between them is 3 sigma deep.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 12, 26
LABEL_GAP = 14  # the least room between two y labels of 10-pixel text


@dataclass(frozen=True)
class Words:
    """The words the chart holds, in the reader's language: the page builds them."""

    summary: str  # the chart's title, for a screen reader
    games: Callable[[int], str]  # the x axis's end: "game 12"


def _number(value: float) -> str:
    return f"{value:.1f}".replace("-", "\N{MINUS SIGN}")


def _xs(count: int) -> list[float]:
    left, right = LEFT + 6, WIDTH - RIGHT - 6
    if count == 1:
        return [round((left + right) / 2, 1)]
    step = (right - left) / (count - 1)
    return [round(left + i * step, 1) for i in range(count)]


def rating_history(
    points: Sequence[tuple[float, float]],
    words: Words,
    *,
    number: Callable[[float], str] = _number,
    prefix: str = "r",
) -> str:
    """Returns the chart of (mu, ordinal) after each rated game, oldest first ("" for none)."""
    if not points:
        return ""
    values = [v for pair in points for v in pair]
    bottom = HEIGHT - BOTTOM
    low, high = _y_range(min(0.0, *values), max(values), bottom - TOP)
    span = (high - low) or 1.0

    def y(value: float) -> float:
        return round(bottom - (value - low) * (bottom - TOP) / span, 1)

    xs = _xs(len(points))
    mu = " ".join(f"{x},{y(m)}" for x, (m, _o) in zip(xs, points, strict=True))
    ordinal = " ".join(f"{x},{y(o)}" for x, (_m, o) in zip(xs, points, strict=True))
    band = f"{mu} " + " ".join(reversed(ordinal.split(" ")))
    title = f"{prefix}t"
    return "".join(
        [
            f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
            f'aria-labelledby="{title}">',
            f'<title id="{title}">{escape(words.summary)}</title>',
            f'<g class="axis"><line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(0)}" y2="{y(0)}"/>',
            *_y_labels(high, low, y, number),
            *_x_labels(xs, words),
            "</g>",
            f'<polygon class="band s0" points="{band}"/>',
            f'<polyline class="s0 p0" points="{mu}"/>',
            f'<polyline class="s1 p1" points="{ordinal}"/>',
            *_single_points(xs, points, y),
            "</svg>",
        ]
    )


def _y_range(low: float, high: float, height: float) -> tuple[float, float]:
    """Returns the y axis's range: below zero it reaches at least LABEL_GAP under the zero line,
    so the bottom label never sits on the zero label (−1.6 just under 0.0)."""
    if low < 0 < high and -low * height / (high - low) < LABEL_GAP:
        low = -LABEL_GAP * high / (height - LABEL_GAP)
    return low, high


def _y_labels(
    high: float, low: float, y: Callable[[float], float], number: Callable[[float], str]
) -> list[str]:
    """Returns the y axis's labels: its top, zero, and its bottom when a rating went below zero."""
    marks = [high, 0.0] + ([low] if low < 0 else [])
    return [
        f'<text x="{LEFT - 4}" y="{y(value) + 4}" text-anchor="end">{number(value)}</text>'
        for value in marks
    ]


def _x_labels(xs: list[float], words: Words) -> list[str]:
    """Returns the x axis's labels: the first and last game, or one label under a single game."""
    if len(xs) == 1:
        return [
            f'<text x="{xs[0]}" y="{HEIGHT - 8}" text-anchor="middle">{escape(words.games(1))}</text>'
        ]
    return [
        f'<text x="{xs[0]}" y="{HEIGHT - 8}" text-anchor="start">{escape(words.games(1))}</text>',
        f'<text x="{xs[-1]}" y="{HEIGHT - 8}" text-anchor="end">'
        f"{escape(words.games(len(xs)))}</text>",
    ]


def _single_points(
    xs: list[float], points: Sequence[tuple[float, float]], y: Callable[[float], float]
) -> list[str]:
    """Returns dots for a history of one game, where a line through one point has no length."""
    if len(points) != 1:
        return []
    m, o = points[0]
    return [
        f'<circle class="s0" cx="{xs[0]}" cy="{y(m)}" r="3.5"/>',
        f'<rect class="s1" x="{xs[0] - 3}" y="{y(o) - 3}" width="6" height="6"/>',
    ]

"""Inline SVG of a game's course: running totals with the target and lead changes, and hand bars.

Pure strings from a `Course`, no script and no style attribute: colours come from the page's
CSS (`static/css/charts.css`, side colours that follow the dark theme), and each side also
has its own line pattern and point marker, so the chart reads without telling colours apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from scorekeeper.stats.swings import Course

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 48, 10, 12, 26
MARKERS = (  # one shape per side, as the sheet's side marks: ● ▲ ■ ◆ ★ ✚
    '<circle cx="3" cy="3" r="2.4"/>',
    '<path d="M3 .4 5.8 5.6H.2z"/>',
    '<rect x=".6" y=".6" width="4.8" height="4.8"/>',
    '<path d="M3 0 6 3 3 6 0 3z"/>',
    '<path d="M3 0 3.9 2.1 6 2.3 4.4 3.8 4.9 6 3 4.8 1.1 6 1.6 3.8 0 2.3 2.1 2.1z"/>',
    '<path d="M2 0h2v2h2v2H4v2H2V4H0V2h2z"/>',
)
Number = Callable[[int], str]


@dataclass(frozen=True)
class Words:
    """The words a chart holds, in the reader's language: the page builds them."""

    summary: str  # the chart's title: what it shows, for a screen reader
    target: str  # e.g. "Target 5,000"
    lead: Callable[[int], str]  # e.g. "The lead changed at hand 3"
    bars: str  # the bar strip's title


def english(course: Course, number: Callable[[int], str] | None = None) -> Words:
    """Returns the chart's words in English (the command line and tests read these)."""
    number = number or _plain
    return Words(
        summary=_summary(course, number),
        target=f"Target {number(course.target)}" if course.target else "",
        lead=lambda hand: f"The lead changed at hand {hand}",
        bars="Each hand's score, plus above the line and minus below",
    )


def _plain(value: int) -> str:
    return f"{value:,}".replace("-", "\N{MINUS SIGN}")


def _scale(low: int, high: int, top: float, bottom: float) -> Callable[[float], float]:
    span = (high - low) or 1
    return lambda v: round(bottom - (v - low) * (bottom - top) / span, 1)


def _xs(hands: int, left: float, right: float) -> list[float]:
    if hands == 1:
        return [round((left + right) / 2, 1)]
    step = (right - left) / (hands - 1)
    return [round(left + i * step, 1) for i in range(hands)]


def _defs(sides: int, prefix: str) -> str:
    shapes = "".join(
        f'<marker id="{prefix}m{i}" class="s{i % 6}" viewBox="0 0 6 6" refX="3" refY="3" '
        f'markerWidth="6" markerHeight="6" markerUnits="userSpaceOnUse">{MARKERS[i % 6]}</marker>'
        for i in range(sides)
    )
    return f"<defs>{shapes}</defs>"


def running_totals(
    course: Course, *, number: Number = _plain, prefix: str = "c", words: Words | None = None
) -> str:
    """Returns the running-totals chart: a line per side, one point per counted hand.

    `prefix` keeps the ids of two charts on one page apart; `number` writes the axis numbers.
    """
    hands = course.hands
    if not hands:
        return ""
    words = words or english(course, number)
    lines = course.lines()  # from paper, a line starts one step before hand 1
    values = [v for side in lines for v in side]
    low = min(0, *values)
    high = max(values + ([course.target] if course.target else []))
    y = _scale(low, high, TOP, HEIGHT - BOTTOM)
    every = _xs(len(lines[0]), LEFT + 6, WIDTH - RIGHT - 6)
    xs = every[1:] if course.started else every  # hand n sits at xs[n - 1] either way
    title = f"{prefix}t"
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="{title}">',
        f'<title id="{title}">{escape(words.summary)}</title>',
        _defs(len(course.totals), prefix),
        f'<g class="axis"><line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(0)}" y2="{y(0)}"/>',
    ]
    parts.append(_axis_numbers(course, y, xs, (low, high), number))
    parts += _target_and_leads(course, y, xs, words)
    for i, side in enumerate(lines):
        points = " ".join(f"{x},{y(v)}" for x, v in zip(every, side, strict=True))
        marker = f"url(#{prefix}m{i})"
        parts.append(
            f'<polyline class="s{i % 6} p{i % 3}" points="{points}" marker-start="{marker}" '
            f'marker-mid="{marker}" marker-end="{marker}"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _axis_numbers(
    course: Course,
    y: Callable[[float], float],
    xs: list[float],
    span: tuple[int, int],
    number: Number,
) -> str:
    """Returns the axis's numbers (0, the lowest, the highest) and the first and last hand's."""
    low, high = span
    target = course.target or 0  # no target and a target of 0 both draw no target line
    near_target = target != 0 and abs(high - target) < (high - low) * 0.08
    shown = [0] + sorted({low, high} - {0} - ({high} if near_target else set()))
    parts = [
        f'<text x="{LEFT - 4}" y="{baseline}" text-anchor="end">{number(value)}</text>'
        for value, baseline in axis_labels(shown, y, course.target and y(course.target))
    ]
    parts.append(f'<text x="{xs[0]}" y="{HEIGHT - 8}" text-anchor="middle">1</text>')
    if course.hands > 1:
        parts.append(
            f'<text x="{xs[-1]}" y="{HEIGHT - 8}" text-anchor="middle">{course.hands}</text>'
        )
    return "".join(parts) + "</g>"


def _target_and_leads(
    course: Course, y: Callable[[float], float], xs: list[float], words: Words
) -> list[str]:
    """Returns the target's line with its words, and a line at each change of lead."""
    parts = []
    if course.target:
        ty = y(course.target)
        # The target's words sit on its line, clear of the points that reach it.
        parts.append(
            f'<g class="target"><line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{ty}" y2="{ty}"/>'
            f'<text x="{LEFT + 4}" y="{ty - 3}">{escape(words.target)}</text></g>'
        )
    for hand in course.lead_changes:
        x = xs[hand - 1]
        parts.append(
            f'<g class="lead"><line x1="{x}" x2="{x}" y1="{TOP}" y2="{HEIGHT - BOTTOM}"/>'
            f"<title>{escape(words.lead(hand))}</title></g>"
        )
    return parts


LABEL = 11  # an axis number's height (10 px type) and a pixel to spare


def axis_labels(
    values: list[int],
    y: Callable[[float], float],
    target_y: float | None = None,
    *,
    size: float = LABEL,
    offset: float = 4,
) -> list[tuple[int, float]]:
    """Returns where each axis number's baseline goes, none on another nor on the target line.

    The first value (0) stays at its line; a number too close to one already placed moves
    away from it (down if below, up if above), so "0" and "−185" never print over each other;
    a number the target line would cross moves clear of it too.
    """
    # `y` runs down the page (SVG's way; the PDF passes its heights negated), `size` is a
    # number's height with a gap, `offset` its baseline below the value's own height.
    placed: list[tuple[int, float]] = []
    for value in values:
        baseline = y(value) + offset
        below = value < 0
        for _, other in sorted(placed, key=lambda p: p[1], reverse=not below):
            if abs(baseline - other) < size:
                baseline = other + size if below else other - size
        # The target's line must not strike through a number (its text spans a size above).
        if value and target_y is not None and baseline - size + 2 < target_y < baseline + 2:
            baseline = target_y - 3 if not below else target_y + size
        placed.append((value, round(baseline, 1)))
    return placed


def _summary(course: Course, number: Number) -> str:
    ends = ", ".join(
        f"{name} {number(side[-1])}" for name, side in zip(course.names, course.totals, strict=True)
    )
    text = f"Running totals over {course.hands} hands: {ends}."
    if course.lead_changes:
        text += f" The lead changed at {hand_list(course.lead_changes)}."
    return text


def hand_list(numbers: tuple[int, ...]) -> str:
    """Returns hand numbers in words: "hand 3", "hands 3 and 7", "hands 2, 5 and 9"."""
    if len(numbers) == 1:
        return f"hand {numbers[0]}"
    return "hands " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def _bars(
    scores: Sequence[int],
    side: int,
    slot: float,
    width: float,
    scale: tuple[float, float, int],
) -> str:
    """Returns one side's bars as one SVG path: up from the line for plus, down for minus."""
    mid, peak, pad = scale
    bars = []
    for hand, score in enumerate(scores):
        x = round(LEFT + hand * slot + side * (width + 0.3), 1)
        tall = round(abs(score) / peak * (mid - pad), 1)
        if tall:
            top = mid - tall if score > 0 else mid
            bars.append(f"M{x} {round(top, 1)}h{round(width, 1)}v{tall}h-{round(width, 1)}z")
    return "".join(bars)


def _hand_numbers(hands: int, slot: float, baseline: float) -> str:
    """Returns each hand's number under its bars: every fifth past 20 hands, and the last."""
    every = 1 if hands <= 20 else 5
    shown = [n for n in range(1, hands + 1) if n % every == 0 or n in (1, hands)]
    return "".join(
        f'<text x="{round(LEFT + (n - 0.5) * slot, 1)}" y="{baseline}" '
        f'text-anchor="middle">{n}</text>'
        for n in shown
    )


def hand_bars(course: Course, *, prefix: str = "b", title: str = "") -> str:
    """Returns a small strip of each hand's score per side: bars up for plus, down for minus."""
    hands = course.hands
    if not hands:
        return ""
    # Tall enough to tell a 300-point hand from a 500 at a glance, with each hand's number
    # under its bars (every fifth past 20 hands, and the last).
    numbers, pad = 14, 2
    height = 96 + numbers
    values = [v for side in course.scores for v in side]
    peak = max((abs(v) for v in values), default=0) or 1
    slot = (WIDTH - LEFT - RIGHT) / hands
    width = max(slot / len(course.scores) - 0.6, 0.6)
    plot = height - numbers
    # The line sits at the bottom unless some hand scored minus: then plus and minus share it.
    mid = plot / 2 if min(values, default=0) < 0 else plot - pad
    paths = [
        f'<path class="s{i % 6} b{i % 3}" d="{_bars(side, i, slot, width, (mid, peak, pad))}"/>'
        for i, side in enumerate(course.scores)
    ]
    labels = _hand_numbers(hands, slot, height - 3)
    label = f"{prefix}t"
    return (
        f'<svg class="bars" viewBox="0 0 {WIDTH} {height}" role="img" aria-labelledby="{label}">'
        f'<title id="{label}">{escape(title or english(course).bars)}</title>'
        f'<line class="axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{mid}" y2="{mid}"/>'
        + "".join(paths)
        + f'<g class="hands">{labels}</g>'
        + "</svg>"
    )

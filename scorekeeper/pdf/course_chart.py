"""The running-totals chart on a filled score sheet, drawn with reportlab's graphics.

The same course as the pages' SVG (`scorekeeper.stats.swings`): a line per side with its own
dash pattern and point marker (so it reads in black and white), the target, and dotted
upright lines where the lead changed. Words are drawn with the sheet's fonts, so any name
prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Circle, Drawing, Line, LineShape, Polygon, PolyLine, Rect
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from scorekeeper.charts.running import axis_labels
from scorekeeper.language import gettext, ngettext
from scorekeeper.pdf import fonts
from scorekeeper.pdf.layout import INK, RULE, points
from scorekeeper.stats.swings import Course

HEIGHT = 190.0  # the chart's height on the page, its title and legend included
LEAST = 140.0  # shorter, to stay under the result on the last page rather than alone on one
LEFT, RIGHT, BOTTOM, TOP = 46.0, 8.0, 16.0, 44.0  # room around the plot: numbers, title, legend
SIDES = (  # the app's side colours (Okabe-Ito), a little darker for paper
    Color(0.0, 0.36, 0.6),
    Color(0.78, 0.5, 0.0),
    Color(0.0, 0.5, 0.36),
    Color(0.66, 0.33, 0.52),
    Color(0.75, 0.3, 0.0),
    Color(0.2, 0.5, 0.75),
)
DASHES: tuple[tuple[float, ...] | None, ...] = (None, (6, 2.5), (1.5, 2))
MARK = 2.4  # a marker's half width
_Stroke = TypeVar("_Stroke", bound=LineShape)


def _dashed(shape: _Stroke, dash: tuple[float, ...] | None) -> _Stroke:
    """Returns the shape with this dash pattern; None leaves reportlab's solid line."""
    if dash is not None:  # typeshed's stubs do not allow None here, reportlab's default
        shape.strokeDashArray = dash
    return shape


@dataclass(frozen=True)
class Plot:
    """Where the plot sits in the drawing and how a hand and a total map to a point."""

    xs: tuple[float, ...]  # each hand's
    points: tuple[float, ...]  # each point's: from paper, one more before hand 1
    low: int
    high: int
    bottom: float
    top: float

    def y(self, value: float) -> float:
        """Returns the height of a total."""
        span = (self.high - self.low) or 1
        return self.bottom + (value - self.low) * (self.top - self.bottom) / span


def _marker(side: int, x: float, y: float, color: Color) -> Circle | Polygon | Rect:
    """Returns a side's point marker: circle, triangle, square, diamond, then again."""
    r = MARK
    kind = side % 4
    if kind == 0:
        return Circle(x, y, r, fillColor=color, strokeColor=None)
    if kind == 1:
        return Polygon([x - r, y - r, x + r, y - r, x, y + r], fillColor=color, strokeColor=None)
    if kind == 2:
        square = Rect(x - r, y - r, 2 * r, 2 * r)  # typeshed's Rect stub lacks its keywords
        square.fillColor, square.strokeColor = color, None
        return square
    return Polygon([x, y - r, x + r, y, x, y + r, x - r, y], fillColor=color, strokeColor=None)


def plot(course: Course, width: float, height: float = HEIGHT) -> Plot:
    """Returns the plot's scale for this course: zero, every total and the target in view."""
    lines = course.lines()
    values = [v for side in lines for v in side]
    low = min(0, *values)
    high = max(values + ([course.target] if course.target else []))
    left, right = LEFT + 6, width - RIGHT - 6
    count = len(lines[0])
    step = (right - left) / max(count - 1, 1)
    every = tuple(left + i * step for i in range(count)) if count > 1 else ((left + right) / 2,)
    xs = every[1:] if course.started else every
    return Plot(xs, every, low, high, BOTTOM + 12, height - TOP)


def drawing(course: Course, width: float, height: float = HEIGHT) -> Drawing:
    """Returns the chart's lines and markers as a reportlab drawing: one point per hand."""
    scale = plot(course, width, height)
    d = Drawing(width, height)
    gray, ink = Color(*RULE), Color(*INK)
    d.add(Line(LEFT, scale.y(0), width - RIGHT, scale.y(0), strokeColor=gray, strokeWidth=0.6))
    if course.target:
        ty = scale.y(course.target)
        d.add(
            Line(
                LEFT,
                ty,
                width - RIGHT,
                ty,
                strokeColor=ink,
                strokeWidth=0.6,
                strokeDashArray=(4, 3),
            )
        )
    for hand in course.lead_changes:
        x = scale.xs[hand - 1]
        d.add(
            Line(
                x,
                scale.bottom,
                x,
                scale.top,
                strokeColor=gray,
                strokeWidth=0.7,
                strokeDashArray=(1, 2),
            )
        )
    for i, side in enumerate(course.lines()):
        color = SIDES[i % len(SIDES)]
        flat = [c for x, v in zip(scale.points, side, strict=True) for c in (x, scale.y(v))]
        if len(side) > 1:
            d.add(_dashed(PolyLine(flat, strokeColor=color, strokeWidth=1.4), DASHES[i % 3]))
        for x, v in zip(scale.points, side, strict=True):
            d.add(_marker(i, x, scale.y(v), color))
        key_x, key_y = LEFT + i * 120, height - 30
        key = Line(key_x, key_y, key_x + 18, key_y, strokeColor=color, strokeWidth=1.4)
        d.add(_dashed(key, DASHES[i % 3]))
        d.add(_marker(i, key_x + 9, key_y, color))
    return d


def draw_course(
    canvas: Canvas, course: Course, x: float, y: float, width: float, height: float = HEIGHT
) -> None:
    """Draws the chart, its title, legend and numbers, with its lower left corner at (x, y);
    `height` may be less than HEIGHT (down to LEAST) to keep it under the result."""
    if not course.hands:
        return
    renderPDF.draw(drawing(course, width, height), canvas, x, y)
    scale = plot(course, width, height)
    canvas.setFillColorRGB(*INK)
    fonts.draw(canvas, x, y + height - 12, gettext("How the game went"), 10, bold=True)
    for i, name in enumerate(course.names):
        fonts.draw(canvas, x + LEFT + i * 120 + 22, y + height - 33, name, 8)
    # Numbers that would print over each other, or under the target's line, move apart.
    shown = [0, *sorted({scale.low, scale.high} - {0})]
    target = -scale.y(course.target) if course.target else None
    for value, down in axis_labels(shown, lambda v: -scale.y(v), target, size=8.5, offset=3):
        fonts.draw(canvas, x + LEFT - 4, y - down, points(value), 7, align="right")
    if course.target:
        label = gettext("Target %(points)s", points=points(course.target))
        fonts.draw(canvas, x + LEFT + 4, y + scale.y(course.target) + 3, label, 7)
    fonts.draw(canvas, x + scale.xs[0], y + BOTTOM, "1", 7, align="center")
    if course.hands > 1:
        fonts.draw(canvas, x + scale.xs[-1], y + BOTTOM, str(course.hands), 7, align="center")
    if course.lead_changes:
        hands = ", ".join(map(str, course.lead_changes))
        note = ngettext(
            "Dotted upright lines: the lead changed at hand %(hands)s.",
            "Dotted upright lines: the lead changed at hands %(hands)s.",
            len(course.lead_changes),
            hands=hands,
        )
        fonts.draw(canvas, x + LEFT, y + 2, note, 7)

"""The blank score sheet of a format: an empty We/They grid and the format's tables, on one page."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from scorekeeper.engine import Side, opening_minimum
from scorekeeper.language import gettext, in_language, ngettext, words
from scorekeeper.pdf import fonts, tables
from scorekeeper.pdf.layout import (
    INK,
    MARGIN,
    RULE,
    Grid,
    draw_heading,
    draw_page_line,
    draw_rules,
    goal_text,
    lay_grid,
    new_canvas,
    page_size,
)
from scorekeeper.rules.model import Rules

BAND, SUB = 28.0, 20.0
HEADER = 50.0
ROW_MIN, ROW_MAX = 17.0, 100.0  # a deal-counted game gets a few tall rows
# A handwritten digit is about 3 mm (8.5 pt) wide: five of them, a comma and a minus sign.
HANDWRITTEN_5_DIGITS = 50.0
HEADING_SIZE = 7.0  # column headings print at this size, on two lines where needed
# Detail columns, dropped in this order (a pair together) when a side's group has no room
# for them at their designed widths; the opening, score and total columns always stay.
DROP_ORDER = (("other",), ("out",), ("black",), ("red",), ("canastas",), ("melded", "hand"))


class PlayersError(ValueError):
    """The number of players asked for is not one the format is played with."""


def _lead() -> tuple[tuple[str, str, float], ...]:
    """Returns the columns before the sides': the hand's number and its dealer."""
    return (("number", "#", 16.0), ("dealer", gettext("Dealer"), 48.0))


def _per_side(rules: Rules) -> list[tuple[str, str, float]]:
    """Returns the columns of a side's group with their designed (and least) widths."""
    cols = [("open", gettext("To open"), 30.0)] if rules.opening.by != "none" else []
    cols += [("melded", gettext("Melded"), 36.0)]
    cols += [("canastas", gettext("Canastas"), 40.0)] if rules.canastas else []
    for key, rule in (("red", rules.red_threes), ("black", rules.black_threes)):
        if rule is not None:
            cols.append((key, words.text(rule.label), 30.0))
    cols.append(("out", gettext("Out"), 22.0))
    cols += [("other", gettext("Other"), 30.0)] if rules.extras else []
    score = HANDWRITTEN_5_DIGITS
    cols += [("hand", gettext("In hand"), 36.0)]
    return [
        *(_heading_room(c) for c in cols),
        ("score", gettext("Score"), score),
        ("total", gettext("Total"), score),
    ]


HEADING_LEAST = 6.0  # the smallest a heading's longest word prints whole at, in any language


def _heading_room(col: tuple[str, str, float]) -> tuple[str, str, float]:
    """Widens a column whose heading's longest word would not fit (pt_BR "vermelhos", it
    "Chiusura"): a heading is never cut where the English one fits."""
    key, heading, designed = col
    widest = max(fonts.width(w, HEADING_LEAST, True) for w in heading.split() or [""])
    return key, heading, max(designed, widest + 3.5)  # 3: _draw_col_heading's room, and air


def _sides(rules: Rules, players: int | None = None) -> tuple[Side, ...]:
    count = len(rules.table.players_per_side)
    if players is not None and players != sum(rules.table.players_per_side):
        counts = player_counts(rules)
        if counts is None or players not in counts:
            raise PlayersError(_players_message(rules))
        count = players
    if count == 2:
        return (Side("we", gettext("We"), ()), Side("they", gettext("They"), ()))
    if rules.table.individual:
        return tuple(Side(f"s{i}", gettext("Player %(n)s", n=i), ()) for i in range(1, count + 1))
    return tuple(Side(f"s{i}", gettext("Side %(n)s", n=i), ()) for i in range(1, count + 1))


def _players_message(rules: Rules) -> str:
    table = rules.table
    name = words.text(rules.name)
    if table.individual and table.min_sides < table.max_sides:
        return gettext(
            "%(name)s is played by %(least)s to %(most)s players.",
            name=name,
            least=table.min_sides,
            most=table.max_sides,
        )
    return ngettext(
        "%(name)s is always played by %(num)s player.",
        "%(name)s is always played by %(num)s players.",
        sum(table.players_per_side),
        name=name,
    )


def player_counts(rules: Rules) -> range | None:
    """Returns the numbers of players a blank sheet may be drawn for, or None when fixed."""
    table = rules.table
    if table.individual and table.min_sides < table.max_sides:
        return range(table.min_sides, table.max_sides + 1)
    return None


def blank_layout(
    rules: Rules, paper: str = "a4", players: int | None = None
) -> tuple[tuple[float, float], Grid]:
    """Returns the page size and grid of a blank sheet.

    Upright when every column gets its designed width, else sideways; where even that is too
    narrow, detail columns go (in DROP_ORDER) so the rest keep legible, writable widths.
    """
    sides = _sides(rules, players)
    per_side = _per_side(rules)
    for wide in (False, True):
        size = page_size(paper, wide)
        room = size[0] - 2 * MARGIN
        group_room = (room - sum(w for _, _, w in _lead())) / len(sides)
        if wide or sum(w for _, _, w in per_side) <= group_room:
            break
    for drop in DROP_ORDER:
        if sum(w for _, _, w in per_side) <= group_room:
            break
        per_side = [c for c in per_side if c[0] not in drop]
    return size, lay_grid(_lead(), per_side, sides, MARGIN, room)


def _header(canvas: Canvas, rules: Rules, size: tuple[float, float], description: str) -> float:
    width, height = size
    top = height - MARGIN
    room = width - 2 * MARGIN
    canvas.setFillColorRGB(*INK)
    date = gettext("Date") + " ____________________"
    fonts.draw(canvas, width - MARGIN, top - 13, date, 9, align="right")
    title = gettext("%(name)s Canasta score sheet", name=words.text(rules.name))
    fonts.draw(
        canvas, MARGIN, top - 14, title, fonts.fit_size(title, 15, room - 140, True), bold=True
    )
    facts = description or words.text(rules.description)
    fonts.draw(canvas, MARGIN, top - 29, facts, fonts.fit_size(facts, 8.5, room))
    chosen = [words.text(o.label) for o in rules.options if o.id in rules.active_options]
    house = "; ".join(chosen) if chosen else "______________________________"
    goal = goal_text(rules)
    goal = goal[0].upper() + goal[1:]
    house = gettext("%(goal)s. House options: %(options)s", goal=goal, options=house)
    fonts.draw(canvas, MARGIN, top - 42, house, fonts.fit_size(house, 8, room))
    return top - HEADER


def _write_in_lines(canvas: Canvas, grid: Grid, top: float) -> None:
    """Rules a line in each side's band for the players' names."""
    canvas.setStrokeColorRGB(*RULE)
    canvas.setLineWidth(0.4)
    for group in grid.groups:
        canvas.line(group.x + 12, top - BAND + 5, group.x + group.width - 12, top - BAND + 5)


def _rows(canvas: Canvas, rules: Rules, grid: Grid, top: float, count: int, height: float) -> float:
    canvas.setStrokeColorRGB(*RULE)
    canvas.setLineWidth(0.3)
    size = max(5.0, 6.5 * grid.scale)
    y = top
    for n in range(1, count + 1):
        fonts.draw(
            canvas, grid.lead[0].right - 3, y - height / 2 - 2.5, str(n), size, align="right"
        )
        if rules.opening.by == "deal":  # the minimum of each deal is known before play
            need = opening_minimum(rules, 0, n)
            for group in grid.groups:
                col = group.columns[0]
                text = words.need(need) if need else "—"
                fonts.draw(
                    canvas,
                    col.x + 3,
                    y - height / 2 - 2.5,
                    text,
                    fonts.fit_size(text, size, col.width - 6),
                )
        y -= height
        canvas.line(grid.left, y, grid.right, y)
    return y


def blank_sheet(
    rules: Rules,
    *,
    paper: str = "a4",
    players: int | None = None,
    description: str = "",
    lang: str | None = None,
) -> bytes:
    """Returns a one-page PDF: the empty grid, card values, minimums, bonuses and going out.

    `players` chooses the number of score columns of a format played by a range of players
    (Oklahoma: 2 to 5); PlayersError for a number the format is not played with. `lang` is
    the language it is written in; None: the one in use.
    """
    with in_language(lang):
        size, grid = blank_layout(rules, paper, players)
        width, height = size
        room = width - 2 * MARGIN
        buffer = io.BytesIO()
        name = words.text(rules.name)
        canvas = new_canvas(buffer, size, gettext("%(name)s Canasta score sheet", name=name))
        top = _header(canvas, rules, size, description)
        body_top = draw_heading(canvas, grid, top, BAND, SUB, heading_size=HEADING_SIZE)
        _write_in_lines(canvas, grid, top)

        across = 4 if width > 700 else 2
        gap = 8.0
        box = (room - gap * (across - 1)) / across
        blocks = tables.blocks(rules)
        shelves = [blocks[i : i + across] for i in range(0, len(blocks), across)]
        heights = [max(tables.block_height(b, box) for b in shelf) for shelf in shelves]
        tables_height = sum(heights) + gap * len(shelves)

        space = body_top - (MARGIN + 6) - tables_height
        if rules.ending.deals is not None:
            count = rules.ending.deals
            row_height = min(ROW_MAX, space / count)
        else:
            count = max(1, int(space // ROW_MIN))
            row_height = space / count
        bottom = _rows(canvas, rules, grid, body_top, count, row_height)
        draw_rules(canvas, grid, body_top, bottom, top)

        y = bottom - gap
        for shelf, shelf_height in zip(shelves, heights, strict=True):
            for i, block in enumerate(shelf):
                tables.draw_block(canvas, block, MARGIN + i * (box + gap), y, box, shelf_height)
            y -= shelf_height + gap
        footer = gettext("%(name)s blank score sheet · Canasta Scorekeeper", name=name)
        draw_page_line(canvas, size, footer, 1, 1)
        canvas.showPage()
        canvas.save()
        return buffer.getvalue()

"""The reference tables of a blank sheet, read from the preset: cards, minimums, bonuses, going out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from scorekeeper.engine import opening_minimum
from scorekeeper.language import gettext, ngettext, words
from scorekeeper.pdf import fonts
from scorekeeper.pdf.layout import RULE, points, shade
from scorekeeper.rules.model import RED_THREE_SIGN_RULES, Rules, Threes

SIZE = 7.0
LEADING = 9.2
VALUE = 34.0  # width of a value column in a row of several values


@dataclass(frozen=True)
class Entry:
    """A table line: a label and its values, or (with no values) a paragraph of text."""

    label: str
    values: tuple[str, ...] = ()
    bold: bool = False


@dataclass(frozen=True)
class Block:
    """One boxed reference table with its title."""

    title: str
    entries: tuple[Entry, ...]


def _canastas(n: int) -> str:
    return ngettext("%(num)s canasta", "%(num)s canastas", n)


def card_block(rules: Rules) -> Block:
    """Returns the card values, melded and left in hand."""
    rows = [Entry("", (gettext("melded"), gettext("in hand")), bold=True)]
    for card in rules.cards:
        melded = gettext("as card") if card.melded is None else points(card.melded)
        label = f"{words.text(card.label)} ({card.count})"
        rows.append(Entry(label, (melded, points(card.in_hand))))
    return Block(gettext("Card values · %(pack)s cards", pack=rules.pack), tuple(rows))


def opening_block(rules: Rules) -> Block:
    """Returns the opening-minimum table, with each requirement worded by the engine."""
    opening = rules.opening
    title = gettext("To open")
    if opening.by == "none":
        return Block(title, (Entry(gettext("No opening minimum: any meld opens.")),))
    if opening.by == "deal":
        rows = [Entry(gettext("deal"), (gettext("to open"),), bold=True)]
        for deal in range(1, len(opening.tiers) + 1):
            need = words.need(opening_minimum(rules, 0, deal))
            rows.append(Entry(gettext("Deal %(deal)s", deal=deal), (need,)))
        if opening.help:
            rows.append(Entry(words.text(opening.help)))
        return Block(title, tuple(rows))
    rows = [Entry(gettext("side's score"), (gettext("to open"),), bold=True)]
    low: int | None = None
    for tier in opening.tiers:
        if tier.below is None:
            band, at = gettext("%(low)s or more", low=points(low or 0)), low or 0
        elif low is None:
            band, at = gettext("below %(high)s", high=points(tier.below)), tier.below - 5
        else:
            band = gettext("%(low)s to %(high)s", low=points(low), high=points(tier.below - 5))
            at = low
        requirement = opening_minimum(rules, at, 1)
        rows.append(Entry(band, (words.need(requirement) if requirement else "—",)))
        low = tier.below
    if opening.help:  # what the opening must hold besides points (MAC's clean triple)
        rows.append(Entry(words.text(opening.help)))
    return Block(title, tuple(rows))


def _threes_text(rule: Threes) -> str:
    scale = ", ".join(f"{n}: {points(v)}" for n, v in enumerate(rule.scale, start=1))
    if rule.minus_when == "never":
        sign = gettext("always plus")
    elif (needed := RED_THREE_SIGN_RULES[rule.minus_when]) == 0:
        sign = gettext("minus if the side has not melded")
    else:
        sign = gettext("minus with fewer than %(canastas)s", canastas=_canastas(needed))
    if rule.zero_when:  # MAC: worth nothing between the two rules (one canasta)
        zero = RED_THREE_SIGN_RULES[rule.zero_when]
        sign = gettext(
            "%(sign)s, 0 with fewer than %(canastas)s", sign=sign, canastas=_canastas(zero)
        )
    return f"{words.text(rule.label)} ({scale}): {sign}."


def bonus_block(rules: Rules) -> Block:
    """Returns the canasta bonuses by kind, the threes scale and the extras."""
    rows = [Entry(words.text(kind.label), (points(kind.bonus),)) for kind in rules.canastas]
    if not rules.canastas:
        rows.append(Entry(gettext("No canasta bonuses.")))
    for extra in rules.extras:
        each = gettext("%(points)s each", points=points(extra.points))
        rows.append(Entry(words.text(extra.label), (each,)))
    if rules.ending.winner_bonus:
        rows.append(Entry(gettext("Winning the game"), (points(rules.ending.winner_bonus),)))
    for rule in (rules.red_threes, rules.black_threes):
        if rule is not None:
            rows.append(Entry(_threes_text(rule)))
    if rules.melded_minus_when in RED_THREE_SIGN_RULES:
        needed = RED_THREE_SIGN_RULES[rules.melded_minus_when]
        rows.append(
            Entry(
                gettext(
                    "Melded cards count minus with fewer than %(canastas)s.",
                    canastas=_canastas(needed),
                )
            )
        )
    return Block(gettext("Bonuses"), tuple(rows))


def special_entries(rules: Rules) -> list[Entry]:
    """Returns the special hands and their values, each replacing the side's score (MAC)."""
    if not rules.special_hands:
        return []
    rows = [Entry(gettext("Special hands"), ("",), bold=True)]
    rows += [Entry(words.text(h.label), (points(h.points),)) for h in rules.special_hands]
    rows.append(Entry(gettext("Laid down by a side that has not melded; replaces its score.")))
    return rows


def going_out_block(rules: Rules) -> Block:
    """Returns the going-out bonuses and what a side needs before it may go out."""
    going = rules.going_out
    rows = [Entry(gettext("Going out"), (points(going.bonus),))]
    if going.concealed_bonus != going.bonus:
        rows.append(
            Entry(gettext("Going out concealed (in all)"), (points(going.concealed_bonus),))
        )
    kinds = ", ".join(
        f"{n} × {words.text(rules.canasta(k).label)}" for k, n in going.requires.items()
    )
    if going.canastas and kinds:
        need = gettext(
            "A side needs %(canastas)s to go out, including %(kinds)s.",
            canastas=_canastas(going.canastas),
            kinds=kinds,
        )
    elif going.canastas:
        need = gettext("A side needs %(canastas)s to go out.", canastas=_canastas(going.canastas))
    else:
        need = gettext("A side needs no canasta to go out.")
    rows.append(Entry(need))
    if going.red_threes_match_canastas:
        rows.append(Entry(gettext("It usually lays down as many red threes as it has canastas.")))
    if rules.table.seating:
        rows.append(Entry(words.text(rules.table.seating)))
    rows += special_entries(rules)  # a short block: the special hands share its box
    return Block(gettext("Going out"), tuple(rows))


def blocks(rules: Rules) -> list[Block]:
    """Returns every reference table of a format, in the order they print."""
    return [card_block(rules), opening_block(rules), bonus_block(rules), going_out_block(rules)]


LEAST_SHRINK = 0.85  # a label beside values shrinks this far to keep one line, then wraps


def _label_room(entry: Entry, width: float) -> float:
    """Returns the width a label has beside its values."""
    sizes = _value_sizes(entry.values, entry.bold, width)
    if len(entry.values) == 1:
        used = fonts.width(entry.values[0], sizes[0], entry.bold)
    else:
        used = VALUE * len(entry.values)
    return width - 12 - used


def _entry_lines(entry: Entry, width: float) -> list[str]:
    """Returns the lines of an entry: a long label wraps rather than shrink past legibility."""
    if not entry.values:
        return fonts.wrap(entry.label, SIZE, width - 8)
    room = _label_room(entry, width)
    if fonts.fit_size(entry.label, SIZE, room, entry.bold) >= SIZE * LEAST_SHRINK:
        return [entry.label]
    return fonts.wrap(entry.label, SIZE, room, entry.bold)


def block_height(block: Block, width: float) -> float:
    """Returns the height a block needs at this width."""
    lines = sum(len(_entry_lines(e, width)) for e in block.entries)
    return 16 + lines * LEADING + 4


def draw_block(
    canvas: Canvas, block: Block, x: float, top: float, width: float, height: float
) -> None:
    """Draws a block in a box of this size, its top-left corner at (x, top)."""
    shade(canvas, x, top - 14, width, 14)
    canvas.setStrokeColorRGB(*RULE)
    canvas.setLineWidth(0.6)
    canvas.rect(x, top - height, width, height, stroke=1, fill=0)
    fonts.draw(
        canvas,
        x + 4,
        top - 10,
        block.title,
        fonts.fit_size(block.title, 8, width - 8, True),
        bold=True,
    )
    y = top - 14 - LEADING + 1
    for entry in block.entries:
        if not entry.values:
            for line in _entry_lines(entry, width):
                fonts.draw(canvas, x + 4, y, line, SIZE)
                y -= LEADING
            continue
        sizes = _value_sizes(entry.values, entry.bold, width)
        room = _label_room(entry, width)
        first = y
        for line in _entry_lines(entry, width):  # label first: text order
            size = fonts.fit_size(line, SIZE, room, entry.bold, least=4.0)
            fonts.draw(canvas, x + 4, y, line, size, bold=entry.bold)
            y -= LEADING
        for i, (value, size) in enumerate(zip(entry.values, sizes, strict=True)):
            right = x + width - 4 - (len(entry.values) - 1 - i) * VALUE
            fonts.draw(canvas, right, first, value, size, bold=entry.bold, align="right")


def _value_sizes(values: Sequence[str], bold: bool, width: float) -> list[float]:
    """Returns each value's size: a single value may take most of the box, several share it."""
    room = width * 0.62 if len(values) == 1 else VALUE - 3
    return [fonts.fit_size(v, SIZE, room, bold, least=4.0) for v in values]

"""One-tap counts on the hand form (issue 32): which counts get chips, and which two share a grid."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.rules.model import Rules
from scorekeeper.web.games.hand_form import Field

# Counts a side lays down (canastas, threes) get chips; so do penalties for cards held.
COUNTED = re.compile(r"canastas-[\w-]+|red_threes|black_threes")
ROW_TOP = 4  # a row's chips run 0 to 4; the last reads "4+" where the count may be more
CANASTA_TOP = 3  # natural and mixed canastas, 0 to 3 each, in one grid
PAIRED = ("canastas-natural", "canastas-mixed")


@dataclass(frozen=True)
class Row:
    """A count's chips, 0 to `top`; the last one reads "top+" when the count may be more."""

    top: int
    plus: bool


@dataclass(frozen=True)
class Grid:
    """Two counts in one tap: rows the first's 0 to tops[0], columns the second's.

    A pair whose sum passes `most` (the pack's red threes) has no chip.
    """

    tops: tuple[int, int]
    most: int | None = None

    def cells(self) -> list[tuple[int, list[int | None]]]:
        """Returns each row's count and its cells: the second's count, or None for no chip."""
        seconds = range(self.tops[1] + 1)
        return [
            (n, [k if self.most is None or n + k <= self.most else None for k in seconds])
            for n in range(self.tops[0] + 1)
        ]


@dataclass(frozen=True)
class Chips:
    """The chips of a format's hand form: a row by field suffix, the canastas' and threes' grids."""

    rows: dict[str, Row]
    canastas: Grid | None  # natural and mixed, one grid a side, after the mixed field
    threes: Grid | None  # both sides' red threes, one grid after the last side


def _top(field: Field, most: int) -> int:
    """Returns a count's last chip: its own maximum, at most `most`."""
    return min(field.max or most, most)


def _threes(rules: Rules, sides: int, lone: bool) -> Grid | None:
    """Returns the red threes' grid where two sides both lay them down, from the pack's count."""
    pack = rules.cards_in_pack("red_three")
    if sides != 2 or lone or not 0 < pack <= ROW_TOP:
        return None
    return Grid((pack, pack), most=pack)


def chips_for(rules: Rules, fields: Sequence[Field], sides: int, lone: bool) -> Chips:
    """Returns which of the form's counts get a row of chips and which pairs share a grid."""
    suffixes = {f.suffix: f for f in fields if f.kind == "count"}
    paired: set[str] = set()
    canastas = None
    if all(s in suffixes for s in PAIRED):
        natural, mixed = (suffixes[s] for s in PAIRED)
        canastas = Grid((_top(natural, CANASTA_TOP), _top(mixed, CANASTA_TOP)))
        paired.update(PAIRED)
    threes = _threes(rules, sides, lone) if "red_threes" in suffixes else None
    if threes:
        paired.add("red_threes")
    rows = {
        f.suffix: Row(_top(f, ROW_TOP), not f.max or f.max > ROW_TOP)
        for f in suffixes.values()
        if f.suffix not in paired and (COUNTED.fullmatch(f.suffix) or f.penalty)
    }
    return Chips(rows, canastas, threes)

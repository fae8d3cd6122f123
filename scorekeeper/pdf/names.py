"""Names fitted to their cells: shrunk, broken between words, or cut short and listed in full."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scorekeeper.language import gettext
from scorekeeper.pdf import fonts

ELLIPSIS = "…"
_MARKS = "¹²³⁴⁵⁶⁷⁸⁹"  # tell apart two names that cut short to the same text


def shorten(text: str, size: float, room: float, bold: bool = False) -> str:
    """Returns text as drawn, cut at a character with an ellipsis so that it fits room."""
    text = fonts.shown(text)
    if fonts.width(text, size, bold) <= room:
        return text
    for cut in range(len(text) - 1, 0, -1):
        short = text[:cut].rstrip(" -·,&") + ELLIPSIS
        if fonts.width(short, size, bold) <= room:
            return short
    return ELLIPSIS


def word_lines(text: str, size: float, room: float, bold: bool = False) -> list[str]:
    """Breaks text into lines at spaces only, never inside a word (nor after a hyphen)."""
    lines: list[str] = []
    for word in text.split():
        if lines and fonts.width(f"{lines[-1]} {word}", size, bold) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


@dataclass
class Legend:
    """The names a sheet had to cut short, each with its full form, in order of first use."""

    full: dict[str, str] = field(default_factory=dict)  # as drawn -> in full

    def fit(
        self, name: str, size: float, room: float, *, bold: bool = False, least: float = 6.0
    ) -> tuple[str, float]:
        """Returns the text and size to draw: the name shrunk down to `least`, else cut short.

        A name cut short is remembered with its full form for the sheet's legend.
        """
        fitted = fonts.fit_size(name, size, room, bold, least=least)
        if fonts.width(name, fitted, bold) <= room + 0.01:
            return name, fitted
        short, n = shorten(name, least, room, bold), 0
        while self.full.get(short, name) != name and n < len(_MARKS):
            mark = _MARKS[n]
            short = shorten(name, least, room - fonts.width(mark, least, bold), bold) + mark
            n += 1
        self.full[short] = fonts.shown(name)
        return short, least

    def lines(self, size: float, room: float) -> list[str]:
        """Returns the legend's text broken into lines that fit room at size."""
        if not self.full:
            return []
        shorts: dict[str, list[str]] = {}
        for short, full in self.full.items():
            shorts.setdefault(full, []).append(short)
        either = gettext(" or ")
        entries = [f"{either.join(cut)} = {full}" for full, cut in shorts.items()]
        return joined_lines(gettext("Names in full:") + " ", entries, "; ", size, room)

    def name_lines(
        self, name: str, size: float, room: float, *, most: int, bold: bool = False, least: float
    ) -> tuple[list[str], float]:
        """Returns a name on up to `most` lines broken between words, at one size, or cut short."""
        step = size
        while step >= least:
            lines = word_lines(name, step, room, bold)
            if len(lines) <= most and all(fonts.width(t, step, bold) <= room for t in lines):
                return lines, step
            step -= 0.5
        if most == 1:
            text, fitted = self.fit(name, size, room, bold=bold, least=least)
            return [text], fitted
        # Whole words on their own lines, the one too long for the room cut short.
        lines = word_lines(name, least, room, bold)
        if len(lines) > most:
            lines = [*lines[: most - 1], " ".join(lines[most - 1 :])]
        lines = [shorten(t, least, room, bold) for t in lines]
        self.full[" ".join(lines)] = fonts.shown(name)
        return lines, least

    def people(
        self, names: Sequence[str], sep: str, room: float, size: float, least: float
    ) -> tuple[list[str], float]:
        """Returns a list of players on one line, or on two broken between players.

        Players who still do not fit share the line's room equally and are cut short.
        """
        one = sep.join(names)
        fitted = fonts.fit_size(one, size, room, least=least)
        if fonts.width(one, fitted) <= room + 0.01 or len(names) < 2:
            text, fitted = self.fit(one, size, room, least=least)
            return [text], fitted
        size = min(size, 6.5)
        half = _balanced_split(names, sep, least)
        glue = sep.rstrip()
        groups = [list(names[:half]), list(names[half:])]
        lines = []
        for i, group in enumerate(groups):
            tail = glue if i == 0 else ""
            text = sep.join(group) + tail
            if fonts.width(text, least) > room:
                spare = room - fonts.width(sep * (len(group) - 1) + tail, least)
                share = spare / len(group)
                group = [self.fit(p, least, share, least=least)[0] for p in group]
                text = sep.join(group) + tail
            lines.append(text)
        return lines, min(fonts.fit_size(t, size, room, least=least) for t in lines)


def _balanced_split(names: Sequence[str], sep: str, size: float) -> int:
    """Returns where to break a list of players so that the longer line is shortest."""

    def longer(k: int) -> float:
        return max(fonts.width(sep.join(names[:k]), size), fonts.width(sep.join(names[k:]), size))

    return min(range(1, len(names)), key=longer)


def joined_lines(lead: str, parts: Sequence[str], sep: str, size: float, room: float) -> list[str]:
    """Returns lead and parts joined by sep, broken between parts into lines that fit room.

    A part wider than the room keeps a line of its own, cut short with an ellipsis.
    """
    lines: list[str] = []
    current = lead
    for i, part in enumerate(parts):
        piece = part + (sep.rstrip() if i < len(parts) - 1 else "")
        if current == lead:  # the first piece goes on the line whatever its width
            current += piece
        elif fonts.width(f"{current} {piece}", size) <= room:
            current = f"{current} {piece}"
        else:
            lines.append(current)
            current = piece
    lines.append(current)
    return [shorten(line, size, room) for line in lines]

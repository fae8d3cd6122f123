"""The embedded Unicode fonts, and text drawn with a per-character fallback to a CJK face."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = "SK-DejaVuSans"
BOLD = "SK-DejaVuSans-Bold"
FALLBACK = "SK-DroidSansFallback"
_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    FALLBACK: "DroidSansFallbackFull.ttf",
}


@cache
def font(name: str) -> TTFont:
    """Returns one of the shipped fonts, registered with reportlab once per process."""
    face = TTFont(name, str(FONT_DIR / _FILES[name]))
    pdfmetrics.registerFont(face)
    return face


@cache
def _covered(name: str) -> frozenset[int]:
    return frozenset(font(name).face.charWidths)


@lru_cache(maxsize=8192)
def runs(text: str, bold: bool = False) -> tuple[tuple[str, str], ...]:
    """Splits text into (font name, text) runs: DejaVu where it has the glyph, else the fallback."""
    main = font(BOLD if bold else REGULAR).fontName
    if text.isascii():  # the common case: skip the per-character walk
        return ((main, text),) if text else ()
    covered = _covered(main)
    out: list[tuple[str, str]] = []
    for char in text:
        # The fallback has no bold face; it is loaded only when a sheet needs it (4 MB).
        name = main if ord(char) in covered or not _in_fallback(char) else FALLBACK
        if out and out[-1][0] == name:
            out[-1] = (name, out[-1][1] + char)
        else:
            out.append((name, char))
    return tuple(out)


def _in_fallback(char: str) -> bool:
    return ord(char) in _covered(FALLBACK)


@lru_cache(maxsize=8192)  # a sheet measures the same labels and numbers again and again
def width(text: str, size: float, bold: bool = False) -> float:
    """Returns the width of text in points at this size, across font runs."""
    return sum(pdfmetrics.stringWidth(part, name, size) for name, part in runs(text, bold))


def draw(
    pen: Canvas | PDFTextObject,
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    bold: bool = False,
    align: str = "left",
) -> None:
    """Draws one line of text at (x, y), aligned left, right or centre on x.

    The pen is a canvas, or a text object shared by many strings (much faster for a table row).
    """
    if align != "left":
        w = width(text, size, bold)
        x -= w if align == "right" else w / 2
    shared = isinstance(pen, PDFTextObject)
    for name, part in runs(text, bold):
        if (pen._fontname, pen._fontsize) != (name, size):
            pen.setFont(name, size)
        if shared:
            pen.setTextOrigin(x, y)
            pen._code.append(_encoded(pen, part))
        else:
            pen.drawString(x, y, part)
        x += pdfmetrics.stringWidth(part, name, size)


def _encoded(pen: PDFTextObject, text: str) -> str:
    """Returns the PDF operators that show text in the pen's font, remembered per document.

    A sheet draws the same labels and numbers hundreds of times; encoding each (font subset
    lookup and escaping) once per document makes a long sheet about a third faster. Each
    remembered piece selects its own font subset, so it is right wherever it is reused.
    """
    seen = pen._canvas.__dict__.setdefault("_sk_encoded", {})
    key = (pen._fontname, pen._fontsize, text)
    if key not in seen:
        pen._curSubset = -1  # makes reportlab write the subset's Tf into this piece
        seen[key] = pen._formatText(text)
    pen._curSubset = -1
    return seen[key]


def fit_size(text: str, size: float, room: float, bold: bool = False, least: float = 4.5) -> float:
    """Returns the largest size up to `size` (and no less than `least`) at which text fits room."""
    w = width(text, size, bold)
    if w <= room or w == 0:
        return size
    return max(least, size * room / w)


def wrap(text: str, size: float, room: float, bold: bool = False) -> list[str]:
    """Breaks text into lines no wider than room, at spaces and after hyphens.

    A piece wider than the room keeps a line of its own (the caller shrinks it to fit).
    """
    lines: list[str] = []
    for word in text.split():
        for i, piece in enumerate(re.split(r"(?<=-)(?=.)", word)):
            glue = "" if i else " "
            if lines and width(f"{lines[-1]}{glue}{piece}", size, bold) <= room:
                lines[-1] = f"{lines[-1]}{glue}{piece}"
            else:
                lines.append(piece)
    return lines or [""]

"""The embedded Unicode fonts, and text drawn with a per-character fallback to other faces."""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from typing import Protocol, cast

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = "SK-DejaVuSans"
BOLD = "SK-DejaVuSans-Bold"
FALLBACK = "SK-DroidSansFallback"
EMOJI = "SK-SymbolaEmoji"
_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    FALLBACK: "DroidSansFallbackFull.ttf",
    EMOJI: "SymbolaEmoji.ttf",
}
REPLACEMENT = "\ufffd"  # drawn (and copied out) for a character no shipped font has


class _PenFont(Protocol):
    """The current font reportlab keeps on a canvas and on a text object (private attributes)."""

    _fontname: str
    _fontsize: float


class _TextInternals(_PenFont, Protocol):
    """The private parts of reportlab's text object that `_encoded` reuses to skip re-encoding.

    typeshed's reportlab stubs leave private attributes out; these have been stable since
    reportlab 3, and the PDF tests (text copied out of the sheets) fail if they change.
    """

    _canvas: Canvas
    _curSubset: int
    _code: list[str]

    def _formatText(self, text: str) -> str: ...


def _to_unicode_cmap(fontname: str, subset: list[int]) -> str:
    """Returns reportlab's ToUnicode CMap, with characters beyond U+FFFF written as UTF-16.

    reportlab 4-5 writes every code as `%04X`, so an emoji such as U+1F389 copies out of the
    PDF as garbage; a CMap destination must be UTF-16BE. Same output for every BMP character.
    """
    pairs = [
        f"<{i:02X}> <{chr(v).encode('utf-16-be').hex().upper()}>" for i, v in enumerate(subset)
    ]
    return "\n".join(
        [
            "/CIDInit /ProcSet findresource begin",
            "12 dict begin",
            "begincmap",
            "/CIDSystemInfo",
            f"<< /Registry ({fontname})",
            f"/Ordering ({fontname})",
            "/Supplement 0",
            ">> def",
            f"/CMapName /{fontname} def",
            "/CMapType 2 def",
            "1 begincodespacerange",
            f"<00> <{len(subset) - 1:02X}>",
            "endcodespacerange",
            f"{len(subset)} beginbfchar",
            *pairs,
            "endbfchar",
            "endcmap",
            "CMapName currentdict /CMap defineresource pop",
            "end",
            "end",
        ]
    )


# The one place we reach into reportlab; tests/test_pdf_fonts.py fails loudly if it moves.
ttfonts.makeToUnicodeCMap = _to_unicode_cmap


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
    """Splits text into (font name, text) runs: DejaVu where it has the glyph, else a fallback.

    Emoji and symbols come from Symbola, CJK from Droid Sans Fallback (neither has a bold
    face). Joiners and variation selectors draw as nothing and a character no font has as
    U+FFFD, so the text layer always holds exactly what is drawn (see `shown`).
    """
    main = font(BOLD if bold else REGULAR).fontName
    if text.isascii():  # the common case: skip the per-character walk
        return ((main, text),) if text else ()
    out: list[tuple[str, str]] = []
    for char in text:
        name, char = _face(char, main)
        if not char:
            continue
        if out and out[-1][0] == name:
            out[-1] = (name, out[-1][1] + char)
        else:
            out.append((name, char))
    return tuple(out)


def _face(char: str, main: str) -> tuple[str, str]:
    """Returns the font that draws a character, and the character as drawn ("" for none)."""
    if _invisible(char):
        return main, ""
    # Checked in this order so that the 4 MB CJK face is loaded only when a sheet needs it.
    for name in (main, EMOJI, FALLBACK):
        if ord(char) in _covered(name):
            return name, char
    return main, REPLACEMENT


def _invisible(char: str) -> bool:
    """Tells whether a character draws as nothing: joiners, variation selectors, skin tones.

    A monochrome face cannot show a skin tone, and Symbola draws the modifier as a swatch
    that looks like a missing glyph's box, so the thumbs-up alone is drawn (and copied).
    """
    code = ord(char)
    return (
        unicodedata.category(char) == "Cf"
        or 0xFE00 <= code <= 0xFE0F
        or 0xE0100 <= code <= 0xE01EF
        or 0x1F3FB <= code <= 0x1F3FF
    )


def shown(text: str) -> str:
    """Returns text as a sheet draws it, and as it copies out of the PDF."""
    return "".join(part for _, part in runs(text))


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
    font = cast(_PenFont, pen)
    for name, part in runs(text, bold):
        if (font._fontname, font._fontsize) != (name, size):
            pen.setFont(name, size)
        if isinstance(pen, PDFTextObject):
            pen.setTextOrigin(x, y)
            cast(_TextInternals, pen)._code.append(_encoded(pen, part))
        else:
            pen.drawString(x, y, part)
        x += pdfmetrics.stringWidth(part, name, size)


def _encoded(pen: PDFTextObject, text: str) -> str:
    """Returns the PDF operators that show text in the pen's font, remembered per document.

    A sheet draws the same labels and numbers hundreds of times; encoding each (font subset
    lookup and escaping) once per document makes a long sheet about a third faster. Each
    remembered piece selects its own font subset, so it is right wherever it is reused.
    """
    inside = cast(_TextInternals, pen)
    seen: dict[tuple[str, float, str], str]
    seen = inside._canvas.__dict__.setdefault("_sk_encoded", {})
    key = (inside._fontname, inside._fontsize, text)
    if key not in seen:
        inside._curSubset = -1  # makes reportlab write the subset's Tf into this piece
        seen[key] = inside._formatText(text)
    inside._curSubset = -1
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

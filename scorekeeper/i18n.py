"""Numbers as people type them, per locale: the one place the app reads a number from text."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

MAX_TYPED = 200  # characters; a longer number is never a score
MAX_PARTS = 40  # a sum like 120+35+20 has at most this many parts
MAX_COUNT = 9_999  # a count of cards or canastas; the engine checks the real bounds


@dataclass(frozen=True)
class Locale:
    """How one language writes whole numbers: the characters that group thousands."""

    code: str
    group_separators: str


ENGLISH = Locale("en", ",. '\N{NO-BREAK SPACE}\N{NARROW NO-BREAK SPACE}")
LOCALES = {ENGLISH.code: ENGLISH}
DEFAULT_LOCALE = ENGLISH.code


class NumberProblem(ValueError):
    """Text that is not a number we accept, with a code and a message for the reader."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def _pattern(locale: Locale) -> re.Pattern[str]:
    """Returns the pattern of one whole number: plain digits, or thousands grouped alike."""
    seps = re.escape(locale.group_separators)
    # The same separator between every group: "4,900,000" and "4 900", never "4,900.000".
    return re.compile(rf"[0-9]+|[0-9]{{1,3}}(?P<sep>[{seps}])[0-9]{{3}}(?:(?P=sep)[0-9]{{3}})*")


_PATTERNS = {code: _pattern(locale) for code, locale in LOCALES.items()}


def foreign_digit(text: str) -> str | None:
    """Returns the first digit-like character that is not 0-9 (², ①, ٣, full-width 3), if any."""
    for ch in text:
        if not ch.isascii() and (ch.isnumeric() or unicodedata.category(ch) == "Nd"):
            return ch
    return None


def _refuse_foreign(text: str) -> None:
    found = foreign_digit(text)
    if found:
        raise NumberProblem(
            "foreign-digit",
            f"Type the digits 0 to 9; \N{LEFT DOUBLE QUOTATION MARK}{found}"
            "\N{RIGHT DOUBLE QUOTATION MARK} is not one of them.",
        )


def parse_whole(
    text: str,
    *,
    label: str = "The number",
    limit: int,
    negative: bool = False,
    sums: bool = False,
    locale: str = DEFAULT_LOCALE,
) -> int:
    """Returns the whole number typed (a sum of parts when `sums`), or raises NumberProblem."""
    text = str(text).strip()
    _refuse_foreign(text)
    if len(text) > MAX_TYPED:
        raise NumberProblem("too-large", f"{label} is too large: at most {limit:,}.")
    sign = 1
    if text[:1] in ("-", "\N{MINUS SIGN}") and len(text) > 1:
        if not negative:
            raise NumberProblem("negative", f"{label} cannot be negative.")
        sign, text = -1, text[1:].lstrip()
    parts = [part.strip() for part in text.split("+")] if sums else [text]
    if len(parts) > MAX_PARTS:
        raise NumberProblem("too-many-parts", f"Add at most {MAX_PARTS} numbers at once.")
    pattern = _PATTERNS.get(locale, _PATTERNS[DEFAULT_LOCALE])
    if not all(pattern.fullmatch(part) for part in parts):
        message = "Use numbers joined by +, like 120+35+20." if sums else ""
        raise NumberProblem("not-a-number", message or "Enter a whole number, like 2.")
    value = sign * sum(int(re.sub(r"[^0-9]", "", part)) for part in parts)
    if abs(value) > limit:
        raise NumberProblem("too-large", f"{label} is too large: at most {limit:,}.")
    return value


def parse_index(text: str, count: int) -> int | None:
    """Returns a small 0-based choice typed as ASCII digits if it is below `count`, else None."""
    text = str(text).strip()
    if not 1 <= len(text) <= 4 or not text.isascii() or not text.isdigit():
        return None
    value = int(text)
    return value if value < count else None


def parse_ascii(text: str, digits: int = 12) -> int | None:
    """Returns a machine-written number (a version, a hand number) of 0-9 only, or None."""
    text = str(text).strip()
    if not 1 <= len(text) <= digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)

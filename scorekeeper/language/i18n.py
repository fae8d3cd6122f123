"""Languages: their codes, and numbers and dates written and read their way (no Flask).

Which language is in use is `scorekeeper.language`'s to say; a request's is chosen at the web
edge (`scorekeeper/web/language.py`).
"""

from __future__ import annotations

import re
import unicodedata
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from functools import cache
from typing import Any

from babel import Locale as BabelLocale
from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal

from scorekeeper import language
from scorekeeper.basics.days import day_of
from scorekeeper.language import gettext as _

MAX_TYPED = 200  # characters; a longer number is never a score
MAX_PARTS = 40  # a sum like 120+35+20 has at most this many parts
MAX_COUNT = 9_999  # a count of cards or canastas; the engine checks the real bounds


@dataclass(frozen=True)
class Locale:
    """How one language writes whole numbers: the characters that group thousands."""

    code: str
    group_separators: str


ENGLISH = Locale("en", ",. '\N{NO-BREAK SPACE}\N{NARROW NO-BREAK SPACE}")
# Where a comma marks decimals it never groups thousands: 4.900 and 4 900 are 4900, 4,9 is no score.
GROUPED_BY_DOTS = ". '\N{NO-BREAK SPACE}\N{NARROW NO-BREAK SPACE}\N{RIGHT SINGLE QUOTATION MARK}"
LOCALES = {
    ENGLISH.code: ENGLISH,
    **{code: Locale(code, GROUPED_BY_DOTS) for code in ("es", "pt_BR", "it", "de")},
}
DEFAULT_LOCALE = ENGLISH.code
# Each language in its own words, for the switch on every page (the order it lists them in).
LANGUAGES = {
    "en": "English",
    "es": "Español",
    "pt_BR": "Português",
    "it": "Italiano",
    "de": "Deutsch",
}
COOKIE = "lang"  # the language chosen with the switch, remembered by the browser
COOKIE_AGE = 400 * 24 * 3600  # as long as browsers keep a cookie


def language_code(text: str | None) -> str | None:
    """Returns our code for a language tag ("pt-br", "PT", "de-AT" -> pt_BR, pt_BR, de), if any."""
    parts = str(text or "").strip().replace("_", "-").lower().split("-")
    if not parts[0] or len(parts[0]) > 8:
        return None
    for code in LANGUAGES:
        if code.lower().replace("_", "-") == "-".join(parts[:2]):
            return code
    return next((code for code in LANGUAGES if code.split("_")[0] == parts[0]), None)


def current() -> str:
    """Returns the language code in use: one `speaking` forces, the request's, else English."""
    return language.current()


def speaking(code: str) -> AbstractContextManager[None]:
    """Runs the enclosed code in a language without a request (the command line's --lang)."""
    return language.speaking(code)


@cache
def _grouping(locale: str) -> tuple[str, int]:
    """Returns how Babel groups a locale's whole numbers: the separator, and from how many digits."""
    # Asked of Babel once per locale: its format_decimal costs about 30 µs a number, and a
    # sheet shows over a hundred. Probed, not assumed: a locale may group only from 5 digits.
    separator = format_decimal(1_000_000, locale=locale)[1]
    fewest = next(
        n for n in range(4, 10) if separator in format_decimal(10 ** (n - 1), locale=locale)
    )
    return separator, fewest


def number(value: int, locale: str | None = None) -> str:
    """Returns a whole number grouped the locale's way (5,000 / 5.000) with a true minus sign."""
    separator, fewest = _grouping(locale or current())
    digits = str(abs(value))
    if len(digits) >= fewest:
        digits = f"{abs(value):,}".replace(",", separator)
    return f"\N{MINUS SIGN}{digits}" if value < 0 else digits


def hundredths(value: int, locale: str | None = None) -> str:
    """Returns a season score kept in hundredths: 1200 -> 12, 1250 -> 12.50 (12,50)."""
    if value % 100 == 0:
        return number(value // 100, locale)
    text = format_decimal(abs(value) / 100, format="#,##0.00", locale=locale or current())
    return f"\N{MINUS SIGN}{text}" if value < 0 else text


def group_symbol(locale: str | None = None) -> str:
    """Returns the character that groups thousands in the locale: "," or "."."""
    return _grouping(locale or current())[0]


def signed(value: int, locale: str | None = None) -> str:
    """Returns a hand score with its sign, e.g. +520 or −150."""
    return f"+{number(value, locale)}" if value > 0 else number(value, locale)


# One way to write a day in each language, on every page and PDF: the language's medium date
# (30 nov 2026, 30 de nov. de 2026, 30.11.2026), but English day first, as the sheet has always
# said it (30 Nov 2026, not Nov 30, 2026).
DAY_PATTERNS = {DEFAULT_LOCALE: "d MMM y"}


@cache
def day_pattern(locale: str) -> str:
    """Returns the CLDR pattern of a day in the language: "d MMM y", "dd.MM.y"."""
    return DAY_PATTERNS.get(locale) or BabelLocale.parse(locale).date_formats["medium"].pattern


@cache
def clock_pattern(locale: str) -> str:
    """Returns the CLDR pattern of a time of day in the language: "h:mm a", "HH:mm"."""
    return str(BabelLocale.parse(locale).time_formats["short"].pattern)


@cache
def moment_pattern(locale: str) -> str:
    """Returns the pattern of a day and its time, joined the language's way: "d MMM y, h:mm a"."""
    joined = str(BabelLocale.parse(locale).datetime_formats["medium"])
    return joined.replace("{1}", day_pattern(locale)).replace("{0}", clock_pattern(locale))


def day(when: date | str, locale: str | None = None) -> str:
    """Returns a date (or an ISO timestamp's date) the locale's way: 30 Nov 2026, 30.11.2026."""
    if isinstance(when, str):
        found = day_of(when[:10])
        if found is None:  # a row stored before the edges checked the calendar: shown as it is
            return when
        when = found
    locale = locale or current()
    return format_date(when, day_pattern(locale), locale=locale)


def _utc(when: datetime | str) -> datetime:
    stamp = datetime.fromisoformat(when) if isinstance(when, str) else when
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)


def moment(when: datetime | str, locale: str | None = None) -> str:
    """Returns a stored time in UTC, its day written as day() writes it: 30 Nov 2026, 11:38 PM."""
    locale = locale or current()
    return format_datetime(_utc(when), moment_pattern(locale), tzinfo=UTC, locale=locale)


def clock(when: datetime | str, locale: str | None = None) -> str:
    """Returns the time of day of a stored time in UTC, the locale's way: 11:38 PM, 23:38."""
    locale = locale or current()
    return format_datetime(_utc(when), clock_pattern(locale), tzinfo=UTC, locale=locale)


def date_words(locale: str | None = None) -> dict[str, Any]:
    """Returns what a script needs to write a time as moment() and clock() do, in the phone's
    own time zone: the two patterns, the short month names and the AM/PM words."""
    locale = locale or current()
    known = BabelLocale.parse(locale)
    months = known.months["format"]["abbreviated"]
    periods = known.day_periods["format"]["abbreviated"]
    return {
        "moment": moment_pattern(locale),
        "clock": clock_pattern(locale),
        "months": [months[n] for n in range(1, 13)],
        "periods": [periods["am"], periods["pm"]],
    }


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
            "foreign_digit",
            _("Type the digits 0 to 9; “%(digit)s” is not one of them.", digit=found),
        )


def _too_large(label: str | None, limit: int) -> NumberProblem:
    """Returns the refusal of a number over its limit, naming the limit the reader's way."""
    most = number(limit)
    if label is None:
        return NumberProblem(
            "too_large", _("The number is too large: at most %(most)s.", most=most)
        )
    return NumberProblem(
        "too_large", _("%(label)s is too large: at most %(most)s.", label=label, most=most)
    )


# Thousands grouped by commas, as English writes them: 1,050 or 12,500,000.
COMMA_GROUPED = re.compile(r"[0-9]{1,3}(?:,[0-9]{3})+")


def _refuse_decimal_comma(parts: list[str], locale: str) -> None:
    """Says what an English-grouped number means where a comma marks decimals (de: 1,050)."""
    if "," in LOCALES.get(locale, ENGLISH).group_separators:
        return  # English: a comma groups thousands
    typed = next((part for part in parts if COMMA_GROUPED.fullmatch(part)), None)
    if typed is not None:
        plain = typed.replace(",", "")
        raise NumberProblem(
            "decimal_comma",
            # Only ever shown in a language with a decimal comma: the translation names it.
            _(
                "In this language %(typed)s has a decimal comma, so it is not a whole number:"
                " write %(grouped)s or %(plain)s.",
                typed=typed,
                grouped=typed.replace(",", "."),  # read here, whatever the locale's own style
                plain=plain,
            ),
        )


def parse_whole(
    text: str,
    *,
    label: str | None = None,
    limit: int,
    negative: bool = False,
    sums: bool = False,
    locale: str | None = None,
) -> int:
    """Returns the whole number typed (a sum of parts when `sums`), or raises NumberProblem.

    `label` names the field in the reader's language; `locale` defaults to the request's.
    """
    text = str(text).strip()
    _refuse_foreign(text)
    if len(text) > MAX_TYPED:
        raise _too_large(label, limit)
    sign = 1
    if text[:1] in ("-", "\N{MINUS SIGN}") and len(text) > 1:
        if not negative:
            if label is None:
                raise NumberProblem("negative", _("The number cannot be negative."))
            raise NumberProblem("negative", _("%(label)s cannot be negative.", label=label))
        sign, text = -1, text[1:].lstrip()
    parts = [part.strip() for part in text.split("+")] if sums else [text]
    if len(parts) > MAX_PARTS:
        raise NumberProblem(
            "too_many_parts", _("Add at most %(count)s numbers at once.", count=MAX_PARTS)
        )
    locale = locale or current()
    pattern = _PATTERNS.get(locale, _PATTERNS[DEFAULT_LOCALE])
    if not all(pattern.fullmatch(part) for part in parts):
        _refuse_decimal_comma(parts, locale)
        if sums:
            message = _("Use numbers joined by +, like 120+35+20.")
        else:
            message = _("Enter a whole number, like 2.")
        raise NumberProblem("not_a_number", message)
    value = sign * sum(int(re.sub(r"[^0-9]", "", part)) for part in parts)
    if abs(value) > limit:
        raise _too_large(label, limit)
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

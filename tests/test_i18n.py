"""Numbers as people write them: one parser, ASCII digits only, clear messages."""

from __future__ import annotations

import pytest
from babel.numbers import format_decimal
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.language import i18n
from scorekeeper.language.i18n import NumberProblem, parse_ascii, parse_index, parse_whole


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("4900", id="plain"),
        pytest.param("4,900", id="comma"),
        pytest.param("4.900", id="dot"),
        pytest.param("4 900", id="space"),
        pytest.param("4\u00a0900", id="no-break-space"),
        pytest.param("4\u202f900", id="narrow-no-break-space"),
        pytest.param(" 4,900 ", id="padded"),
        pytest.param("4000+900", id="sum"),
        pytest.param("4,000 + 900", id="grouped-sum"),
    ],
)
def test_every_way_of_writing_4900_reads_4900(text: str) -> None:
    """Thousands grouped by comma, dot or space, and sums, read as the same number."""
    assert parse_whole(text, limit=100_000, sums=True) == 4900


@pytest.mark.parametrize(
    ("text", "code"),
    [
        pytest.param("①", "foreign_digit", id="circled"),
        pytest.param("²", "foreign_digit", id="superscript"),
        pytest.param("٣", "foreign_digit", id="arabic-indic"),
        pytest.param("３", "foreign_digit", id="full-width"),
        pytest.param("12½", "foreign_digit", id="vulgar-fraction"),
        pytest.param("4,90", "not_a_number", id="short-group"),
        pytest.param("4,900.000", "not_a_number", id="mixed-separators"),
        pytest.param("1e5", "not_a_number", id="exponent"),
        pytest.param("0x10", "not_a_number", id="hex"),
        pytest.param("120+", "not_a_number", id="trailing-plus"),
        pytest.param("100001", "too_large", id="over-the-limit"),
        pytest.param("9" * 5000, "too_large", id="five-thousand-digits"),
        pytest.param("+".join(["1"] * 41), "too_many_parts", id="41-parts"),
        pytest.param("-5", "negative", id="negative"),
        pytest.param("\N{MINUS SIGN}5", "negative", id="minus-sign"),
    ],
)
def test_what_is_not_a_number_says_why(text: str, code: str) -> None:
    """Each refusal carries its code and a message a player understands."""
    with pytest.raises(NumberProblem) as refused:
        parse_whole(text, label="Melded points", limit=100_000, sums=True)
    assert refused.value.code == code
    assert refused.value.message


def test_too_large_says_too_large() -> None:
    """A number over the limit names the limit, not the shape of a sum."""
    with pytest.raises(NumberProblem, match=r"^Melded points is too large: at most 100,000\.$"):
        parse_whole("1,000,000", label="Melded points", limit=100_000, sums=True)


def test_negatives_only_where_allowed() -> None:
    """A starting total may be below zero; a hand's points may not."""
    assert parse_whole("-1,250", limit=100_000, negative=True) == -1250
    assert parse_whole("\N{MINUS SIGN}120", limit=100_000, negative=True) == -120


def test_a_sum_is_refused_where_one_number_is_wanted() -> None:
    """Counts are single numbers."""
    with pytest.raises(NumberProblem, match="whole number"):
        parse_whole("1+1", limit=10)


def test_an_unknown_locale_falls_back_to_english() -> None:
    """A language without its own rules reads numbers the English way."""
    assert i18n.DEFAULT_LOCALE == "en"
    assert parse_whole("4,900", limit=10_000, locale="xx") == 4900


@pytest.mark.parametrize(
    ("text", "count", "expected"),
    [
        ("0", 2, 0),
        ("1", 2, 1),
        ("2", 2, None),
        ("①", 2, None),
        ("²", 5, None),
        ("٣", 5, None),
        ("３", 5, None),
        ("", 2, None),
        ("-1", 2, None),
        ("99999", 100_000, None),
    ],
)
def test_parse_index(text: str, count: int, expected) -> None:
    """Choices sent by our own pages are ASCII digits below the count, or nothing."""
    assert parse_index(text, count) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("7", 7), ("007", 7), ("①", None), ("٣", None), ("1" * 13, None), ("", None), (" 3 ", 3)],
)
def test_parse_ascii(text: str, expected) -> None:
    """Versions and hand numbers are 1 to 12 ASCII digits."""
    assert parse_ascii(text) == expected


@settings(max_examples=300, deadline=None)
@given(
    value=st.integers(min_value=-(10**12), max_value=10**12),
    locale=st.sampled_from(sorted(i18n.LOCALES)),
)
def test_numbers_are_written_exactly_as_babel_writes_them(value: int, locale: str) -> None:
    """The fast formatter agrees with Babel's format_decimal, with a true minus sign."""
    expected = format_decimal(value, locale=locale).replace("-", "\N{MINUS SIGN}")
    assert i18n.number(value, locale) == expected


@pytest.mark.parametrize(
    ("locale", "written"),
    [("en", "5,000 12,500"), ("de", "5.000 12.500"), ("es", "5.000 12.500")],
)
def test_thousands_are_grouped_as_each_language_writes_them(locale: str, written: str) -> None:
    assert f"{i18n.number(5000, locale)} {i18n.number(12500, locale)}" == written

"""Which language a page speaks: ?lang=, the remembered switch, the browser, else English."""

from __future__ import annotations

import html
import json
import re
from datetime import date

import pytest

from scorekeeper.language import i18n
from scorekeeper.web.language import select_locale
from tests.conftest import location

SWITCH = re.compile(r'<a class="button big[^"]*" href="(/language/[^"]+)" lang="([^"]+)"')
PICK = re.compile(r'<a class="lang" href="(/language\?next=[^"]+)"')


def _choices(client, page: str, **headers: str) -> dict[str, str]:
    """Follows the switch of a page to the list of languages; returns each one's link."""
    found = PICK.search(page)
    assert found, page
    listing = client.get(found[1].replace("&amp;", "&"), headers=headers).get_data(as_text=True)
    return {code: href.replace("&amp;", "&") for href, code in SWITCH.findall(listing)}


def _lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)">', page)
    assert found, page[:200]
    return found[1]


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        pytest.param(None, "en", id="none"),
        pytest.param("es-AR,es;q=0.9", "es", id="spanish-of-argentina"),
        pytest.param("pt-BR", "pt-BR", id="brazilian"),
        pytest.param("pt-PT,pt;q=0.8", "pt-BR", id="portuguese-of-portugal"),
        pytest.param("it-IT", "it", id="italian"),
        pytest.param("de-CH,de;q=0.9,en;q=0.8", "de", id="swiss-german"),
        pytest.param("fr-FR,de;q=0.5", "de", id="first-language-we-speak"),
        pytest.param("fr-FR", "en", id="unspoken"),
    ],
)
def test_the_browsers_language_is_followed(client, header, expected) -> None:
    """Accept-Language picks the first language we speak; English otherwise."""
    headers = {"Accept-Language": header} if header else {}
    assert _lang(client.get("/", headers=headers).get_data(as_text=True)) == expected


def test_the_switch_is_remembered_and_beats_the_browser(client) -> None:
    """A tap on Deutsch sets a cookie, goes back to the page, and later pages speak German."""
    page = client.get("/games/new", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert '<a class="lang" href="/language?next=/games/new">Español</a>' in page
    links = _choices(client, page, **{"Accept-Language": "es"})
    assert set(links) == {"en", "es", "pt-BR", "it", "de"}
    response = client.get(links["de"])
    assert location(response) == "/games/new"
    assert "lang=de" in response.headers["Set-Cookie"]
    assert _lang(client.get("/", headers={"Accept-Language": "es"}).get_data(as_text=True)) == "de"


def test_a_shared_link_with_lang_beats_the_remembered_choice(client) -> None:
    """?lang= is for one page (a link sent to someone), and wins over the cookie."""
    client.get("/language/it?next=/")
    assert _lang(client.get("/").get_data(as_text=True)) == "it"
    assert _lang(client.get("/?lang=pt-br").get_data(as_text=True)) == "pt-BR"
    assert _lang(client.get("/?lang=xx").get_data(as_text=True)) == "it"  # unknown: ignored
    assert _lang(client.get("/").get_data(as_text=True)) == "it"  # not remembered


def test_the_switch_comes_back_to_the_page_with_its_query_but_not_elsewhere(client) -> None:
    """The way back keeps the page's own query, drops ?lang=, and never leaves the app."""
    page = client.get("/games/new?format=samba&lang=es").get_data(as_text=True)
    links = _choices(client, page)
    assert location(client.get(links["de"])) == "/games/new?format=samba"
    for outside in ("https://evil.example/", "//evil.example/", "/\\evil.example"):
        assert location(client.get("/language/de", query_string={"next": outside})) == "/"
    assert client.get("/language/xx?next=/").status_code == 404


def test_the_api_speaks_the_requests_language_not_the_cookies(app) -> None:
    """An API call is English unless it sends Accept-Language (or ?lang=); pages keep the cookie."""
    cookie = {"Cookie": "lang=de"}
    for path, headers, expected in (
        ("/api/v1/formats", cookie, "en"),
        ("/api/v1/formats", {**cookie, "Accept-Language": "it"}, "it"),
        ("/api/v1/formats?lang=es", cookie, "es"),
        ("/games/new", cookie, "de"),
    ):
        with app.test_request_context(path, headers=headers):
            assert select_locale() == expected, (path, headers)


@pytest.mark.parametrize(
    ("locale", "five_thousand", "minus", "day"),
    [
        ("en", "5,000", "\N{MINUS SIGN}1,250", "30 Nov 2026"),
        ("es", "5.000", "\N{MINUS SIGN}1.250", "30 nov 2026"),
        ("pt_BR", "5.000", "\N{MINUS SIGN}1.250", "30 de nov. de 2026"),
        ("it", "5.000", "\N{MINUS SIGN}1.250", "30 nov 2026"),
        ("de", "5.000", "\N{MINUS SIGN}1.250", "30.11.2026"),
    ],
)
def test_numbers_and_dates_are_written_the_languages_way(locale, five_thousand, minus, day):
    """Babel's formats, with a true minus sign."""
    assert i18n.number(5000, locale) == five_thousand
    assert i18n.number(-1250, locale) == minus
    assert i18n.signed(520, locale) == "+520"
    assert i18n.day(date(2026, 11, 30), locale) == day


@pytest.mark.parametrize(
    ("locale", "moment", "clock"),
    [
        ("en", "30 Nov 2026, 11:38\N{NARROW NO-BREAK SPACE}PM", "11:38\N{NARROW NO-BREAK SPACE}PM"),
        ("es", "30 nov 2026, 23:38", "23:38"),
        ("pt_BR", "30 de nov. de 2026 23:38", "23:38"),
        ("it", "30 nov 2026, 23:38", "23:38"),
        ("de", "30.11.2026, 23:38", "23:38"),
    ],
)
def test_a_time_writes_its_day_as_the_day_is_written(locale, moment, clock):
    """One way to write a day per language: a stored time's day reads as the sheet's date."""
    stamp = "2026-11-30T23:38:12.345678+00:00"
    assert i18n.moment(stamp, locale) == moment
    assert i18n.moment(stamp, locale).startswith(i18n.day(stamp, locale))
    assert i18n.clock(stamp, locale) == clock
    words = i18n.date_words(locale)
    assert words["moment"] == i18n.moment_pattern(locale)
    assert words["moment"].startswith(i18n.day_pattern(locale))
    assert len(words["months"]) == 12 and len(words["periods"]) == 2


@pytest.mark.parametrize("locale", ["en", "de", "pt_BR"])
def test_the_home_page_and_the_sheet_write_a_day_alike(client, locale) -> None:
    """The home screen's "Last played" and the sheet's heading write the same day one way;
    home.js gets the very patterns and month names to write it in the phone's time zone."""
    from tests.conftest import GOOD, Table

    table = Table(client.application, client)
    game_id = table.new_game("classic")
    table.record(game_id, GOOD)
    game = table.game(game_id)
    home = client.get(f"/?lang={locale}").get_data(as_text=True)
    shown = re.search(r'<time datetime="([^"]+)" data-local>([^<]+) UTC</time>', home)
    assert shown and shown[2] == i18n.moment(game.updated_at, locale)
    day = i18n.day(game.created_at, locale)
    sheet = client.get(f"/games/{game_id}?lang={locale}").get_data(as_text=True)
    assert f", {day}</small></h1>" in sheet
    assert shown[2].startswith(i18n.day(game.updated_at, locale))
    script = re.search(r"data-dates='([^']+)'", home)
    assert script and json.loads(html.unescape(script[1])) == i18n.date_words(locale)


@pytest.mark.parametrize("locale", ["es", "pt_BR", "it", "de"])
def test_dots_and_spaces_group_thousands_where_commas_mark_decimals(locale) -> None:
    """4.900 is 4900 in Spanish, with sums; a decimal comma is not a whole number."""
    assert i18n.parse_whole("4.900", limit=100_000, locale=locale) == 4900
    assert i18n.parse_whole("1.250+35", limit=100_000, sums=True, locale=locale) == 1285
    assert i18n.parse_whole("4 900", limit=100_000, locale=locale) == 4900
    with pytest.raises(i18n.NumberProblem) as refused:
        i18n.parse_whole("4,900", limit=100_000, locale=locale)
    assert refused.value.code == "decimal_comma"  # named as what it is (issue 26 item 13)


def test_a_typed_number_is_read_in_the_pages_language(app) -> None:
    """Inside a request the parser takes the request's language, and says its limit that way."""
    with app.test_request_context("/?lang=de"):
        app.preprocess_request()
        with pytest.raises(i18n.NumberProblem) as refused:
            i18n.parse_whole("4,900", limit=100_000)
        assert refused.value.message == (
            "Auf Deutsch ist 4,900 eine Kommazahl, keine ganze Zahl: schreib 4.900 oder 4900."
        )
        with pytest.raises(i18n.NumberProblem) as refused:
            i18n.parse_whole("200.000", label="Punkte", limit=100_000)
        assert refused.value.message == "Punkte: zu groß, höchstens 100.000."

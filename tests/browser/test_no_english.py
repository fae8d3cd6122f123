"""A shared link's ?lang= pages carry no English: every screen a link reaches, in each language.

The English words are the catalogue's own msgids; a word the language itself uses (in its
translations: "no", "in", "PDF") or a name the players chose ("We", "Ann") is not English here.
The browser's own language stays English and no cookie is set: only ?lang= picks.
"""

from __future__ import annotations

import json
import re
from functools import cache

import pytest
from babel.messages.pofile import read_po
from conftest import PHONE, TYPICAL_HAND, new_game, screenshot
from every_screen import make, paths
from playwright.sync_api import expect
from test_groups import _group_with_games

from scorekeeper.language.catalogues import TRANSLATIONS

pytestmark = pytest.mark.browser

LANGUAGES = ("es", "pt_BR", "it", "de")
# Names the players chose (sides, players, the group), and the app's and formats' own names.
NAMES = {"we", "they", "ann", "bob", "cy", "di", "tuesday", "table", "canasta", "omas"}
# ... and the club night's: its name ("Tuesday club"), its pairs and their players.
NAMES |= {"club", "aces", "kings", "queens", "jacks", "ed", "flo", "gus", "hal"}
WORD = re.compile(r"[^\W\d_]+")
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|\{\w+\}|<[^>]*>")  # %(side)s, {cards}, <b>: no words
# What a page says: its text as shown, its title, the words its controls carry for a screen
# reader or as a hint, and the sentences its scripts will show (data-words and the like).
SAID = """() => {
  const parts = [document.title, document.body.innerText];
  document.querySelectorAll("[placeholder], [aria-label], [title], [alt]").forEach(el => {
    ["placeholder", "aria-label", "title", "alt"].forEach(name => parts.push(el.getAttribute(name) || ""));
  });
  document.querySelectorAll("[data-words]").forEach(el => {
    try {  // an address among them ("sheet_url": "/events/entrant/...") is no words
      parts.push(...Object.values(JSON.parse(el.dataset.words)).map(String)
        .filter(v => !v.startsWith("/") && !v.startsWith("http")));
    } catch (e) {}
  });
  document.querySelectorAll("[data-offline], [data-failed], [data-unit]").forEach(el => {
    parts.push(el.dataset.offline || "", el.dataset.failed || "", el.dataset.unit || "");
  });
  return parts.join("\\n");
}"""


@cache
def english_words(language: str) -> frozenset[str]:
    """Returns the words of the app's English that the language never writes itself."""
    path = TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as file:
        catalogue = read_po(file)
    english: set[str] = set()
    own: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strs = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in ids:
            english.update(w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text)))
        for text in strs:
            own.update(w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text or "")))
    # One or two letters say nothing certain ("a", "to" or a symbol's letters); no accented
    # word is English.
    return frozenset(w for w in english - own - NAMES if len(w) > 2 and w.isascii())


def english_left(page, language: str) -> list[str]:
    """Returns the English words the page says, each once, in the order met."""
    said = re.sub(r"\{\w+\}", " ", page.evaluate(SAID))  # the scripts' {number}: no words
    found = (w for w in WORD.findall(said) if w.lower() in english_words(language))
    return list(dict.fromkeys(found))


class Reader:
    """Reads each page for English and keeps what it found, to report every page at once."""

    def __init__(self, page, language: str) -> None:
        self.page, self.language, self.found = page, language, {}

    def check(self, what: str) -> None:
        """Notes the English words the page says now, with a screenshot to look at."""
        left = english_left(self.page, self.language)
        if left:
            shot = screenshot(self.page, f"english-left-{self.language}-{len(self.found)}")
            self.found[f"{what} ({shot.name})"] = left


@pytest.mark.parametrize("language", LANGUAGES)
def test_shared_links_pages_say_no_english(live_app, base_url, light_phone, language):
    """Every page a ?lang= link reaches, and what its scripts show, is in that language."""
    page = light_phone
    reader = Reader(page, language)
    check = reader.check
    game_id = new_game(live_app, page, hands=[TYPICAL_HAND, TYPICAL_HAND])
    group_id, token, finished = _group_with_games(live_app)
    page.goto(f"{base_url}/groups/join/{token}?lang={language}")
    check("joining a group")
    # A house format saved from the editor: its page, the new-game list and its set-up form.
    page.goto(f"{base_url}/formats/new?base=classic&lang={language}")
    page.locator("#f-name").fill("Omas")
    page.locator("#f-going_out-concealed_bonus").fill("100")  # the editor's note says so
    with page.expect_navigation():
        page.locator("button[value=save]").click()
    check("a house format's page")
    house = page.url.split("?")[0].rsplit("/", 1)[1]
    page.goto(f"{base_url}/formats/{house}/edit?lang={language}")
    check("the house format editor")
    page.goto(f"{base_url}/games/new?lang={language}")
    check("the format list with a house format")
    with page.expect_navigation():
        page.locator(f".formats a.button[href*='format={house}']").click()
    assert "lang=" in page.url
    check("setting up a game of the house format")
    for path in (
        "/",
        "/games/new",
        "/games/new?format=classic",
        f"/games/{game_id}",
        f"/games/{game_id}/hands/1",
        f"/games/{game_id}/summary",
        f"/games/{finished}",
        f"/games/{finished}/summary",
        f"/games/{game_id}/share",
        f"/games/{game_id}/names",
        f"/games/{game_id}/hands/last/delete",
        f"/games/{game_id}/hands/1/edit",
        f"/games/{game_id}/opening-check?side=0&cards-joker=1&cards-ace=1",
        "/formats/new?base=classic",
        "/archived",
        f"/groups/{group_id}",
        f"/groups/{group_id}/history",
        f"/groups/{group_id}/stats",
    ):
        page.goto(f"{base_url}{path}{'&' if '?' in path else '?'}lang={language}")
        check(path)

    # The record form with its live preview filled in, reached by a tap from the sheet.
    page.goto(f"{base_url}/games/{game_id}?lang={language}")
    page.locator(".actions a.button.primary").first.tap()
    page.locator("#f-0-melded_points").fill("120")
    page.locator("#f-1-melded_points").fill("1000000")  # a problem the preview names
    expect(page.locator("output.preview:not([aria-busy])")).to_be_visible()
    check("the record form's preview of a wrong hand")
    page.locator("#f-1-melded_points").fill("50")
    expect(page.locator("output.preview:not([aria-busy]) .pv-score").first).to_be_visible()
    check("the record form's live preview")

    # "Can we open?" opened on the sheet, cards tapped, and a row's breakdown opened.
    page.goto(f"{base_url}/games/{game_id}?lang={language}")
    page.locator("details.opening summary").tap()
    page.locator("button.step[data-for='f-cards-joker'][data-step='1']").tap()
    expect(page.locator("output.answer")).not_to_have_text("")
    page.locator("a.row#hand-1").tap()
    expect(page.locator("#detail-1")).to_be_visible()
    check("the sheet with 'Can we open?' and a hand's breakdown open")
    assert not reader.found, json.dumps(reader.found, indent=1, ensure_ascii=False)


def test_a_german_thousands_comma_is_named_beside_its_field(live_app, base_url, light_phone):
    """German "1,050" typed: the live preview says beside the field what it means and what to type."""
    page = light_phone
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/games/{game_id}/hands/new?lang=de")
    page.locator("#f-0-melded_points").fill("1,050")
    field = page.locator(".field:has(#f-0-melded_points)")
    expect(field).to_contain_text(
        "Auf Deutsch ist 1,050 eine Kommazahl, keine ganze Zahl: schreib 1.050 oder 1050."
    )
    expect(page.locator("output.preview:not([aria-busy])")).to_be_visible()
    assert page.locator("output.preview .pv-score").count() == 0  # never scored as 1 or 1050
    screenshot(page, "decimal-comma-de-light")
    page.locator("#f-0-melded_points").fill("1.050")
    expect(page.locator("output.preview:not([aria-busy]) .pv-score").first).to_be_visible()
    assert page.locator(".field:has(#f-0-melded_points) .live-error").count() == 0


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_club_night_group_admin_and_modern_american_pages_say_no_english(
    browser, live_app, base_url, language
):
    """The director's page, the big screen, both pairs' table pages, the event form, a group
    as its admin sees it, and a Modern American game's pages and editor, by ?lang= alone."""
    context = browser.new_context(**PHONE, service_workers="block")
    context.set_default_timeout(5000)
    page = context.new_page()
    made = make(live_app, context)
    reader = Reader(page, language)
    new = ("/events/", "/groups", made.modern, "modern_american")
    for path in (p for p in paths(made) if any(part in p for part in new)):
        page.goto(f"{base_url}{path}{'&' if '?' in path else '?'}lang={language}")
        if "/screen/" in path:  # the big screen's standings, filled by its script
            expect(page.locator("#standings tbody tr")).to_have_count(4)
        reader.check(path)
    page.goto(f"{base_url}/games/{made.modern}/hands/new?lang={language}")
    page.locator("#f-0-special_hand").select_option(index=1)  # a special hand's own words
    reader.check("a Modern American hand with a special hand chosen")
    context.close()
    assert not reader.found, json.dumps(reader.found, indent=1, ensure_ascii=False)

"""Every screen in each of the five languages at 390x844, light and dark: nothing scrolls
sideways and no button is cut; a Classic hand typed the Spanish way ("1.250+35")."""

from __future__ import annotations

import pytest
from conftest import TYPICAL_HAND, new_game, screenshot, stored_game
from test_groups import _group_with_games

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "es", "pt_BR", "it", "de")
# Elements that must show whole: nothing wider than its box, nothing past the screen's edges.
CLIPPED = """() => [...document.querySelectorAll("button, .button, summary, input, select, label, h1, h2")]
  .filter(el => el.offsetParent !== null && el.closest("details:not([open]) > :not(summary)") === null)
  .filter(el => {
    const r = el.getBoundingClientRect();
    const cut = el.tagName !== "INPUT" && el.scrollWidth > el.clientWidth + 1;  // inputs scroll
    return cut || r.left < -1 || r.right > innerWidth + 1;
  })
  .map(el => el.outerHTML.slice(0, 120))"""
SCROLLS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
WIDEST = """() => [...document.querySelectorAll("body *")]
  .filter(el => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .filter(el => {  // past the edge and not inside a box that scrolls or clips it
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible" && getComputedStyle(el).position !== "absolute") return false;
    }
    return true;
  })
  .map(el => el.outerHTML.slice(0, 100)).slice(-3)"""
# Links and boxes that stand on their own: at least 44 px tall, whatever the language.
SMALL_TAPS = """() => [...document.querySelectorAll(
    "a.tap, table.stats th a, .rules-note > summary, input[type=date]")]
  .filter(el => el.offsetParent !== null && el.getBoundingClientRect().height < 44)
  .map(el => el.outerHTML.slice(0, 100))"""
# Tables made to fit a phone (a group's results, a two-side game's hands) scroll in their box
# only when names are long: these tests' short names must fit.
SCROLLED = """() => [...document.querySelectorAll(".scroll:has(> table.fit), .course .scroll")]
  .filter(box => box.scrollWidth > box.clientWidth)
  .map(box => box.getAttribute("aria-label") + ": " + box.scrollWidth + " px")"""


def fits(page, what: str) -> None:
    """Asserts the page scrolls only up and down and shows every control whole."""
    if page.evaluate(SCROLLS) > 0:
        shot = screenshot(page, "too-wide")  # what to look at when this fails
        widest = page.evaluate(WIDEST)
        raise AssertionError(f"{what} scrolls sideways ({shot.name}): {widest}")
    assert page.evaluate(CLIPPED) == [], what
    assert page.evaluate(SMALL_TAPS) == [], what
    assert page.evaluate(SCROLLED) == [], what


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_fits_in_each_language(live_app, base_url, screen, scheme, language):
    """One session per language and scheme walks every screen a player meets."""
    page = screen
    game_id = new_game(live_app, page, hands=[TYPICAL_HAND, TYPICAL_HAND])
    group_id, token, finished = _group_with_games(live_app)
    sheet = f"{base_url}/games/{game_id}"
    page.goto(f"{base_url}/groups/join/{token}")
    page.goto(f"{base_url}/language/{language}?next=/")
    assert page.evaluate("document.documentElement.lang") == language.replace("_", "-")
    for path in (
        "/",
        "/language?next=/",
        "/games/new",
        "/games/new?format=classic",
        "/games/new?format=six_hand_three_teams",
        "/games/new?format=oklahoma&sides=5",
        f"/games/{game_id}",
        f"/games/{game_id}/hands/1",
        f"/games/{game_id}/summary",
        f"/games/{finished}",
        f"/games/{finished}/summary",
        f"/games/{game_id}/opening-check?side=0&cards-joker=1&cards-ace=1",
        f"/games/{game_id}/share",
        f"/games/{game_id}/names",
        f"/games/{game_id}/hands/last/delete",
        f"/games/{game_id}/hands/1/edit",
        f"/games/{game_id}/remove",
        "/archived",
        "/import",
        "/formats/new?base=classic",
        "/formats/upload",
        "/groups",
        f"/groups/{group_id}",
        f"/groups/{group_id}/history",
        f"/groups/{group_id}/stats",
        "/games/no-such-game",
        "/offline",
    ):
        page.goto(base_url + path)
        fits(page, path)
    page.goto(f"{base_url}/groups/{group_id}/stats")
    assert page.locator("a.tap[download]").count() == 3  # the three "… as CSV"
    assert page.locator("table.fit th a").count() == 4  # each player's page
    page.goto(base_url + page.locator("a[href*='/players/']").first.get_attribute("href"))
    fits(page, "a player's page")
    page.goto(sheet)
    page.locator("details.opening summary").tap()
    page.locator("button.step[data-for='f-cards-ace'][data-step='1']").tap()
    page.locator("output.answer b").wait_for()
    fits(page, "sheet with Can we open?")
    if language in ("es", "de"):
        screenshot(page, f"lang-{language}-sheet-{scheme}")
    page.goto(f"{sheet}/hands/new")
    page.locator("#f-0-melded_points").fill("120+65")
    page.locator("button.step[data-for='f-0-canastas-natural'][data-step='1']").tap()
    page.locator("output.preview .pv").first.wait_for()
    page.locator("details.counter summary").first.tap()
    page.locator("details.more summary").first.tap()
    fits(page, "record form")
    if language in ("es", "de"):
        screenshot(page, f"lang-{language}-record-hand-{scheme}")
    page.locator("#f-0-melded_points").fill("12x")
    page.locator("button[type=submit]").tap()
    page.locator(".flash.error").first.wait_for()
    fits(page, "record form with errors")
    if language in ("es", "de"):
        screenshot(page, f"lang-{language}-record-hand-errors-{scheme}")


def test_a_classic_hand_typed_the_spanish_way(live_app, base_url, light_phone):
    """In Spanish a dot groups thousands: "1.250+35" reads 1.285 (more than a Classic pack's
    1.180 card points, so refused, kept as typed), and "1.050+35" saves 1,085 melded points."""
    page = light_phone
    game_id = new_game(live_app, page)
    page.goto(f"{base_url}/language/es?next=/games/{game_id}/hands/new")
    page.locator("#f-0-melded_points").fill("1.250+35")
    page.locator("#f-1-melded_points").fill("90")
    page.locator("label:has(input[name='0-went_out'][value='out'])").tap()
    page.locator("button.step[data-for='f-0-canastas-natural'][data-step='1']").tap()
    page.get_by_role("button", name="Guardar la mano").tap()
    page.locator(".flash.error").wait_for()
    assert "1.285" in page.locator("#e-0-melded_points").inner_text()
    assert page.locator("#f-0-melded_points").input_value() == "1.250+35"
    page.locator("#f-0-melded_points").fill("1.050+35")
    page.get_by_role("button", name="Guardar la mano").tap()
    page.wait_for_url(f"**/games/{game_id}#hand-1")
    assert stored_game(live_app, game_id).hands[0].entries["We"].melded_points == 1085
    # 1,085 melded + 500 for the canasta limpia + 100 for going out = 1,685.
    assert page.locator(".board .side-0 .total").inner_text() == "1.685"
    assert page.locator("#hand-1").inner_text().split() == ["1", "+1.685", "1.685", "+90", "90"]
    assert page.locator(".flash").first.inner_text() == "Mano 1 guardada."


# Thousands on both sides, one hand each side's big one: the widest numbers a game to 5,000 shows.
BIG_HAND = {
    "Smiths": {
        "melded_points": 220,
        "canastas": {"natural": 2, "mixed": 1},
        "went_out": "out",
    },
    "Joneses": {"melded_points": 150, "hand_points": 45, "canastas": {"mixed": 1}},
}
SMALL_HAND = {
    "Smiths": {"melded_points": 60, "hand_points": 145},
    "Joneses": {"melded_points": 180, "canastas": {"natural": 1}, "went_out": "out"},
}


def test_the_hand_by_hand_table_fits_a_phone_with_real_names(live_app, base_url, light_phone):
    """Each side's name is written once over its score and total (as on the PDF), so the table
    of a game with real names and four-digit totals fits 390 px in every language."""
    page = light_phone
    sides = (("Smiths", ("Ann", "Bob")), ("Joneses", ("Cat", "Dan")))
    hands = [{"hand": hand} for hand in (BIG_HAND, SMALL_HAND, BIG_HAND, SMALL_HAND)]
    game_id = new_game(live_app, page, sides=sides, hands=hands)
    for language in LANGUAGES:
        page.goto(f"{base_url}/language/{language}?next=/games/{game_id}/summary")
        table = page.get_by_role("region").locator("table")
        names = table.locator("thead th[scope=colgroup]")
        assert names.all_inner_texts() == ["Smiths", "Joneses"], language
        assert table.locator("tbody tr").last.inner_text().split()[0] == "4", language
        assert page.evaluate(SCROLLED) == [], language

"""Legible for older players: large type chosen once and kept on every page (no JavaScript
needed), every screen whole at 200% text size on a 390 px phone, and score fields that a
screen reader names with their side and hand."""

from __future__ import annotations

import json

import pytest
from conftest import screenshot
from every_screen import make, paths
from test_languages import CLIPPED
from test_widths import PAST

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NARROW = {"viewport": {"width": 390, "height": 844}, "is_mobile": False}
ROOT_SIZE = "() => getComputedStyle(document.documentElement).fontSize"
# Text zoom as a browser's text size setting does it: the root size doubles (the app's 18 px
# to 36 px), and with it every size written in rem or em (the app writes its sizes so).
TWICE = ":root { font-size: 36px !important; }"
# Controls and text boxes that cover one another (neither inside the other), by more than a
# pixel each way: what a tap would miss or an eye could not read.
OVERLAPS = """() => {
  const els = [...document.querySelectorAll(
      "main button, main a, main input, main select, main label, main summary, main h1, main h2, main h3, main th, main td, header a")]
    .filter(el => el.offsetParent !== null && el.closest("details:not([open]) > :not(summary)") === null
      && el.closest(".visually-hidden") === null && getComputedStyle(el).visibility !== "hidden"
      && el.getClientRects().length === 1);
  // A bar kept on screen (the record form's Save) covers what scrolls under it, by design.
  const kept = el => { for (let up = el; up; up = up.parentElement) {
    if (["sticky", "fixed"].includes(getComputedStyle(up).position)) return true; } return false; };
  const found = [];
  for (let i = 0; i < els.length; i++) for (let j = i + 1; j < els.length; j++) {
    const a = els[i], b = els[j];
    if (a.contains(b) || b.contains(a) || kept(a) || kept(b)) continue;
    if (a.tagName === "LABEL" && a.htmlFor && b.id === a.htmlFor) continue;
    if (b.tagName === "LABEL" && b.htmlFor && a.id === b.htmlFor) continue;
    const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
    const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    if (w > 1 && h > 1) found.push(a.outerHTML.slice(0, 60) + " / " + b.outerHTML.slice(0, 60));
  }
  return found.slice(0, 3);
}"""


def test_large_type_is_kept_on_every_page_without_javascript(browser, live_app, origin):
    """The switch on every page is a plain link; the choice reaches the next pages at once (at
    the phones' address: the LAN address in a namespace, where no page is a secure context)."""
    context = browser.new_context(**NARROW, java_script_enabled=False, service_workers="block")
    page = context.new_page()
    made = make(live_app, context)
    page.goto(f"{origin}/games/{made.game}")
    assert page.evaluate(ROOT_SIZE) == "18px"
    page.locator("header a.type").click()
    page.locator("a[href*='/text-size/large']").click()
    page.wait_for_url(f"**/games/{made.game}")  # back where the switch was tapped
    for path in (
        f"/games/{made.game}",
        f"/games/{made.modern}/hands/new",
        "/groups",
        f"/events/director/{made.director}",
        f"/events/table/{made.north_south}",
    ):
        page.goto(origin + path)
        assert page.evaluate(ROOT_SIZE) == "24px", path  # a third larger than 18 px
        assert page.locator("header a.type").count() == 1, path
    screenshot(page, "legible-large-type-table")  # the last page read: a pair's table page
    other = browser.new_context(**NARROW, service_workers="block").new_page()  # another browser
    other.goto(f"{origin}/games/new")
    assert other.evaluate(ROOT_SIZE) == "18px"
    other.context.close()
    page.goto(f"{origin}/text-size?next=/")
    page.locator("a[href*='/text-size/normal']").click()
    assert page.evaluate(ROOT_SIZE) == "18px"
    context.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_screen_is_whole_at_twice_the_text_size(browser, live_app, base_url, language):
    """At 200% text on a 390 px phone nothing scrolls sideways, is cut or covers another."""
    context = browser.new_context(**NARROW, bypass_csp=True, service_workers="block")
    context.set_default_timeout(5000)
    page = context.new_page()
    made = make(live_app, context)
    page.goto(f"{base_url}/language/{language}?next=/")
    found = {}
    for path in paths(made):
        page.goto(base_url + path)
        page.add_style_tag(content=TWICE)
        assert page.evaluate(ROOT_SIZE) == "36px"
        width = page.evaluate("document.documentElement.scrollWidth")
        problems = [f"{width} px wide", *page.evaluate(PAST)] if width > 390 else []
        problems += page.evaluate(CLIPPED) + page.evaluate(OVERLAPS)
        if problems:
            shot = screenshot(page, f"twice-{language}-{len(found)}")
            found[f"{path} ({shot.name})"] = problems
    context.close()
    assert found == {}, json.dumps(found, indent=1)


def test_score_fields_are_named_with_their_side_and_hand(browser, live_app, base_url):
    """A screen reader hears "Melded points We Hand 2", not "Melded points" twice."""
    context = browser.new_context(**NARROW, service_workers="block")
    page = context.new_page()
    made = make(live_app, context)
    for path, number, sides in (
        (f"/games/{made.game}/hands/new", 3, ("We", "They")),
        (f"/games/{made.modern}/hands/new", 2, ("We", "They")),
        (f"/events/entrant/{made.entrant}/hands/new", 2, ("Aces", "Queens")),  # a club night's
    ):
        page.goto(base_url + path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        fields = page.locator("fieldset.side-entry input[type=text][id^='f-']").filter(visible=True)
        assert fields.count() > 6
        names = set()
        for index in range(fields.count()):
            field = fields.nth(index)
            side = sides[0] if field.get_attribute("id").startswith("f-0-") else sides[1]
            label = page.locator(f"label[for='{field.get_attribute('id')}']").inner_text()
            name = accessible_name(field)
            assert name.startswith(label) and f" {side} " in f" {name} ", name
            assert f"Hand {number}" in name, name
            names.add(name)
        assert len(names) == fields.count()  # no two fields sound alike
    context.close()


def accessible_name(field) -> str:
    """Returns the field's accessible name as Chromium computes it (its ARIA snapshot)."""
    snapshot = field.aria_snapshot()  # - textbox "Melded points We Hand 3": "0"
    assert snapshot.startswith('- textbox "'), snapshot
    return snapshot.split('"')[1]

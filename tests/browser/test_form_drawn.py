"""The hand form is whole before its scripts run: they add nothing to it and unhide nothing.

Phones as in test_field.py, reached at `origin`: at 127.0.0.1, and again at the LAN address
over plain http in test_field.py's namespace replay (no secure context)."""

from __future__ import annotations

import pytest
from conftest import PHONE, new_game
from test_cutthroat_entry import CUTTHROAT_SIDES

pytestmark = pytest.mark.browser

# Watches the form from the moment the parser is done (readyState "interactive", just before
# the deferred scripts run): every element added to it and every `hidden` taken off.
WATCH = """
window.scriptChanges = [];
var watch = new MutationObserver(function (records) {
  records.forEach(function (r) {
    var inForm = r.target.closest && r.target.closest("form.hand");
    if (!inForm) return;
    if (r.type === "attributes" && !r.target.hidden) window.scriptChanges.push(["shown", r.target]);
    r.addedNodes.forEach(function (node) {
      if (node.nodeType === 1) window.scriptChanges.push(["added", node]);
    });
  });
});
document.addEventListener("readystatechange", function () {
  if (document.readyState !== "interactive") return;
  watch.observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["hidden"]});
});
"""
# What changed and is on screen once the page has loaded (a note kept hidden does not move
# the form).
SHOWN = """() => window.scriptChanges
  .filter(([, node]) => node.isConnected && node.getClientRects().length)
  .map(([what, node]) => what + " " + node.tagName.toLowerCase() + "." + node.className)"""


@pytest.mark.parametrize(
    ("format_id", "sides"),
    [
        ("classic", None),
        ("modern_american", None),  # penalties in sight, each with its row of chips
        ("cutthroat", CUTTHROAT_SIDES),  # three sides: no grid of red threes
    ],
)
def test_the_scripts_add_nothing_to_the_form_and_unhide_nothing(
    browser, live_app, origin, format_id, sides
) -> None:
    context = browser.new_context(**PHONE, service_workers="block")
    context.set_default_timeout(8000)
    page = context.new_page()
    page.add_init_script(WATCH)
    game_id = new_game(live_app, page, format_id, **({"sides": sides} if sides else {}))
    page.goto(f"{origin}/games/{game_id}/hands/new", wait_until="load")
    page.wait_for_timeout(100)  # hand.js's pressed chips are put in step after a draft
    assert page.locator("button.chip").count() > 0  # the chips are there, drawn by the page
    assert page.locator("button.step[data-for='f-0-canastas-natural']").first.is_visible()
    assert page.evaluate(SHOWN) == []
    # The page's chips and steppers are wired: a grid's tap fills both fields, + adds one.
    page.locator(
        "[data-grid-for='f-0-canastas-natural f-0-canastas-mixed'] [data-values='1,2']"
    ).tap()
    page.locator("button.step[data-for='f-0-canastas-mixed'][data-step='1']").tap()
    assert [page.input_value(f"#f-0-canastas-{kind}") for kind in ("natural", "mixed")] == [
        "1",
        "3",
    ]
    pressed = page.locator("[data-grid-for^='f-0-canastas'] button[aria-pressed=true]")
    assert pressed.get_attribute("data-values") == "1,3"
    context.close()

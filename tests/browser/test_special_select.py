"""The Modern American special-hand choice reads whole at 390 px in every language (issue 32
item 6): the text the closed select shows (its first choice, "None", until one is chosen)
fits inside the box beside its arrow, and so does each special hand once chosen."""

from __future__ import annotations

import pytest
from conftest import PHONE, new_game, screenshot
from test_modern_american import MAC_SIDES

pytestmark = pytest.mark.browser

# The room the closed select's text has: its inner width less its padding and the arrow's.
SHOWN = """select => {
  const style = getComputedStyle(select);
  const canvas = document.createElement("canvas").getContext("2d");
  canvas.font = style.font;
  const text = select.options[select.selectedIndex].text;
  const room = select.clientWidth - parseFloat(style.paddingLeft)
    - parseFloat(style.paddingRight) - 20;  // Chromium's arrow
  return {text: text, width: Math.ceil(canvas.measureText(text).width), room: room};
}"""


@pytest.mark.parametrize("language", ["en", "es", "pt_BR", "it", "de"])
def test_the_special_hand_choice_is_never_cut_off(browser, live_app, base_url, language):
    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    game_id = new_game(live_app, page, "modern_american", MAC_SIDES)
    page.goto(f"{base_url}/games/{game_id}/hands/new?lang={language}")
    select = page.locator("#f-0-special_hand")
    cut = []
    for index in range(select.locator("option").count()):
        select.select_option(index=index)
        shown = select.evaluate(SHOWN)
        if shown["width"] > shown["room"]:
            cut.append(shown)
    select.select_option(index=0)
    screenshot(page, f"special-select-{language}")
    context.close()
    assert cut == []

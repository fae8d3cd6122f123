"""A whole Modern American game on a phone (390x844): a sevens canasta, a special hand that
hides the meld fields, a penalty under "More", threes at zero, to 8,500; then its PDF."""

from __future__ import annotations

import io

import pytest
from conftest import ARTIFACTS, Taps, new_game, screenshot, stored_game
from playwright.sync_api import expect
from pypdf import PdfReader

pytestmark = pytest.mark.browser

MAC_SIDES = (("We", ("Ann", "Bob")), ("They", ("Cy", "Di")))
HANDS = [  # (We, They, their hand scores)
    (  # 400 + 500 + 300 + 2,500 + 100 + 300 (two red threes); -120 - 100 - 30
        {"melded_points": "400", "canastas-natural": 1, "canastas-mixed": 1,
         "canastas-sevens": 1, "red_threes": 2, "went_out": "out"},
        {"melded_points": "120", "hand_points": "30", "red_threes": 1},
        ("+4,100", "−250"),
    ),
    (  # garbage 3,000; 250 + 500 + 0 (two black threes at one canasta) - 2,500 - 40
        {"special_hand": "garbage"},
        {"melded_points": "250", "hand_points": "40", "canastas-natural": 1, "black_threes": 2,
         "unfinished_aces": 1},
        ("+3,000", "−1,790"),
    ),
    (  # 400 + 2,500 + 500 + 100; 150 + 500 - 20
        {"melded_points": "400", "canastas-aces": 1, "canastas-natural": 1, "went_out": "out"},
        {"melded_points": "150", "hand_points": "20", "canastas-natural": 1},
        ("+3,500", "+630"),
    ),
]  # fmt: skip


def tap_side(page, taps: Taps, i: int, fields: dict) -> None:
    """Fills one side: a special hand chosen, points typed, counts stepped, going out tapped."""
    for name, value in fields.items():
        if name == "special_hand":
            page.locator(f"#f-{i}-special_hand").select_option(value)
            taps.count += 1
        elif name == "went_out":
            taps.tap(f"label:has(input[name='{i}-went_out'][value='{value}'])")
        elif name == "unfinished_aces":  # a penalty: in sight, one chip
            taps.tap(f"[data-chips-for='f-{i}-{name}'] button[data-value='{value}']")
        elif isinstance(value, int):
            taps.step(f"{i}-{name}", value)
        else:
            taps.fill(f"#f-{i}-{name}", value)


def test_a_modern_american_game_to_8500(live_app, base_url, light_phone):
    page = light_phone
    game_id = new_game(live_app, page, "modern_american", MAC_SIDES)
    page.goto(f"{base_url}/games/{game_id}")
    taps = Taps(page)
    for number, (we, they, scores) in enumerate(HANDS, start=1):
        taps.tap("a.button.primary")  # Record hand N
        expect(page.locator(".opening-note")).to_contain_text("three natural cards of one rank")
        tap_side(page, taps, 0, we)
        tap_side(page, taps, 1, they)
        if "special_hand" in we:  # the meld fields fold away; the hand and threes stay
            expect(page.locator("#f-0-melded_points")).to_be_hidden()
            expect(page.locator("#f-0-canastas-sevens")).to_be_hidden()
            expect(page.locator("#f-0-red_threes")).to_be_visible()
            expect(page.locator("#f-1-melded_points")).to_be_visible()
        page.locator("output.preview:not([aria-busy]) .pv").nth(1).wait_for()
        shown = page.locator(".pv-score").all_inner_texts()
        assert tuple(s.strip() for s in shown) == scores
        if number == 2:
            preview = page.locator("output.preview").inner_text()
            assert "Garbage" in preview and "counts 0: fewer than two canastas" in preview
            screenshot(page, "mac-special-hand-form")
        with page.expect_navigation():
            taps.tap("button[type=submit]")
        row = page.locator(f"#hand-{number}").inner_text().split()
        assert (row[1], row[3]) == scores
    assert page.locator(".result").inner_text().startswith("We won")
    assert stored_game(live_app, game_id).state.totals == {"We": 10600, "They": -1410}
    screenshot(page, "mac-finished-sheet")
    pdf = page.request.get(f"{base_url}/games/{game_id}/sheet.pdf?paper=letter")
    assert pdf.ok
    (ARTIFACTS / "mac-game.pdf").write_bytes(pdf.body())
    text = PdfReader(io.BytesIO(pdf.body())).pages[0].extract_text()
    assert "Garbage" in text and "10,600" in text and "Sevens canasta" in text


def test_the_special_hand_form_in_each_scheme(live_app, base_url, phone, scheme):
    """The special-hand choice and the folded melds, light and dark, with no axe violation."""
    game_id = new_game(live_app, phone, "modern_american", MAC_SIDES)
    phone.goto(f"{base_url}/games/{game_id}/hands/new")
    phone.locator("#f-1-special_hand").select_option("pairs")
    expect(phone.locator("#f-1-melded_points")).to_be_hidden()
    expect(phone.locator("#f-0-melded_points")).to_be_visible()
    phone.locator("#f-1-special_hand").scroll_into_view_if_needed()
    screenshot(phone, f"mac-form-{scheme}")

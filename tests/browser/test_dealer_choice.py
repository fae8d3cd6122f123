"""Who deals first: the seats on the new-game form follow the names as they are typed, and
again when the form comes back with a problem to fix."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_the_seats_follow_the_names_as_they_are_typed(base_url, light_phone):
    """Typed names replace "They: player 1"; a cleared side name falls back to its default."""
    page = light_phone
    page.goto(f"{base_url}/games/new?format=classic")
    seats = page.locator("#f-first_dealer option")
    expect(seats).to_have_text(
        [
            "Seat 1: We: player 1",
            "Seat 2: They: player 1",
            "Seat 3: We: player 2",
            "Seat 4: They: player 2",
        ]
    )
    for field, name in (("0-player-0", "Ann"), ("0-player-1", "Bob"), ("1-player-0", "Cat")):
        page.locator(f"#f-side-{field}").fill(name)
    page.locator("#f-side-1-player-1").press_sequentially("Dan")  # key by key, as a thumb types
    expect(seats).to_have_text(
        ["Seat 1: We: Ann", "Seat 2: They: Cat", "Seat 3: We: Bob", "Seat 4: They: Dan"]
    )
    page.locator("#f-side-1-name").fill("Cats")
    expect(seats.nth(1)).to_have_text("Seat 2: Cats: Cat")
    page.locator("#f-side-1-name").fill("")  # a blank side plays as They: its seats say so
    page.locator("#f-side-0-player-1").fill("  ")
    expect(seats).to_have_text(
        ["Seat 1: We: Ann", "Seat 2: They: Cat", "Seat 3: We: player 2", "Seat 4: They: Dan"]
    )

    # Back with a problem: the seats read the names kept, the seat chosen stays, and they
    # follow what is typed next.
    page.locator("#f-first_dealer").select_option("1-0")
    page.locator("#f-side-0-start").fill("12x")
    page.get_by_role("button", name="Start game").tap()
    expect(page.locator("#e-side-0-start")).to_be_visible()
    expect(seats).to_have_text(
        ["Seat 1: We: Ann", "Seat 2: They: Cat", "Seat 3: We: player 2", "Seat 4: They: Dan"]
    )
    expect(page.locator("#f-first_dealer")).to_have_value("1-0")
    page.locator("#f-side-1-player-0").fill("Cy")
    expect(seats.nth(1)).to_have_text("Seat 2: They: Cy")
    page.locator("#f-side-0-start").fill("")
    page.get_by_role("button", name="Start game").tap()
    expect(page).to_have_url(re.compile(r"/games/[\w-]+$"))
    expect(page.locator("main")).to_contain_text("Cy deals first.")


def test_individual_seats_and_the_words_follow_the_language(base_url, light_phone):
    """Cutthroat's seats are its players; in German the seat's words are German too."""
    page = light_phone
    page.goto(f"{base_url}/language/de?next=/games/new?format=cutthroat")
    seats = page.locator("#f-first_dealer option")
    expect(seats).to_have_text(["Platz 1: Spieler 1", "Platz 2: Spieler 2", "Platz 3: Spieler 3"])
    page.locator("#f-side-1-name").fill("Bea")
    expect(seats).to_have_text(["Platz 1: Spieler 1", "Platz 2: Bea", "Platz 3: Spieler 3"])

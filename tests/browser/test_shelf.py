"""Delete a game from home on a phone, undo it, and archive one: no JavaScript needed."""

from __future__ import annotations

import pytest
from conftest import CLASSIC_SIDES, PHONE, screenshot, sign_in
from playwright.sync_api import expect

from scorekeeper import store
from scorekeeper.store.connection import connect

pytestmark = pytest.mark.browser


def test_delete_undo_and_archive_from_home(live_app, base_url, phone, scheme):
    """Delete asks first, home offers Undo, and an archived game waits in the Archived list."""
    page = phone
    owner = sign_in(live_app, page.context)
    db = connect(live_app.config["DATABASE"])
    try:
        kept, gone = (
            store.create_game(
                db, format_id="classic", sides=sides, first_dealer=sides[0][1][0], owner=owner
            ).id
            for sides in (CLASSIC_SIDES, (("Us", ("Eve", "Flo")), ("Them", ("Gus", "Hal"))))
        )
    finally:
        db.close()
    page.goto(f"{base_url}/")
    page.locator(f"a[href='/games/{gone}/remove']").tap()
    expect(page.locator("h1")).to_have_text("Archive or delete this game?")
    page.get_by_role("button", name="Delete").tap()
    expect(page.locator(".undo")).to_contain_text("Us v Them deleted. Undo until")
    expect(page.locator(f"a.card[href='/games/{gone}']")).to_have_count(0)
    screenshot(page, f"home-undo-{scheme}")
    page.locator(".undo").get_by_role("button", name="Undo").tap()
    expect(page.locator(f"a.card[href='/games/{gone}']")).to_have_count(1)

    page.locator(f"a[href='/games/{kept}/remove']").tap()
    page.get_by_role("button", name="Archive").tap()
    page.get_by_role("link", name="Archived games").tap()
    expect(page.locator(f"a.card[href='/games/{kept}']")).to_have_count(1)
    screenshot(page, f"archived-{scheme}")


@pytest.mark.parametrize(
    ("language", "written"),
    [("en", "1 Dec 2026, 8:38\N{NARROW NO-BREAK SPACE}AM"), ("de", "01.12.2026, 08:38")],
)
def test_home_writes_last_played_in_the_phones_zone_as_pages_write_a_day(
    browser, live_app, base_url, language, written
):
    """23:38 UTC on 30 November is 08:38 on 1 December in Tokyo, its day written as the sheet
    writes a day in the page's language (i18n.day), not the browser's own way."""
    context = browser.new_context(**PHONE, timezone_id="Asia/Tokyo", service_workers="block")
    context.set_default_timeout(5000)
    page = context.new_page()
    owner = sign_in(live_app, page.context)
    db = connect(live_app.config["DATABASE"])
    try:
        game = store.create_game(
            db, format_id="classic", sides=CLASSIC_SIDES, first_dealer="Ann", owner=owner
        )
        with db.conn:
            db.conn.execute(
                "UPDATE games SET updated_at = ? WHERE id = ?",
                ["2026-11-30T23:38:00+00:00", game.id],
            )
    finally:
        db.close()
    page.goto(f"{base_url}/?lang={language}")
    when = page.locator(f"a.card[href^='/games/{game.id}'] time")
    expect(when).to_have_text(written)
    context.close()

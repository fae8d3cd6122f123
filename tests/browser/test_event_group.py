"""The new-event form's group picker in the browser: a member's group shows its players to tick."""

from __future__ import annotations

import pytest
from conftest import axe_violations, screenshot
from playwright.sync_api import expect

from scorekeeper.store.connection import connect
from scorekeeper.store.groups.group import create_group

pytestmark = pytest.mark.browser


def _group_with_players(live_app, names: tuple[str, ...]) -> tuple[str, str]:
    """Makes a group (no member yet) with players; returns its id and join token."""
    db = connect(live_app.config["DATABASE"])
    try:
        group = create_group(db, "Thursday club")
        for name in names:
            db.execute(
                "INSERT INTO group_players (id, group_id, name, created_at) VALUES (?, ?, ?, ?)",
                [f"{group.id}-{name}", group.id, name, "2026-12-01T20:00:00Z"],
            )
        db.conn.commit()
        return group.id, group.token
    finally:
        db.close()


def test_choosing_a_group_offers_its_players(live_app, base_url, screen, scheme):
    group_id, token = _group_with_players(live_app, ("Ivy", "Jo", "Kim", "Lu"))
    page = screen
    page.goto(f"{base_url}/groups/join/{token}")
    page.goto(f"{base_url}/events/new")
    picks = page.locator(f"fieldset.picks[data-group='{group_id}']")
    expect(picks).to_be_hidden()
    page.select_option("#f-group", group_id)
    expect(picks).to_be_visible()
    page.fill("#f-name", "Thursday night")
    page.fill("#f-entrants", "Aces: Ann, Bob\nKings: Cy, Di")
    for name in ("Ivy", "Jo", "Kim", "Lu"):
        picks.get_by_label(name).check()
    assert [v["id"] for v in axe_violations(page)] == []
    screenshot(page, f"events-group-picker-{scheme}")
    page.select_option("#f-group", "")  # back to no group: the ticks go with the group
    expect(picks).to_be_hidden()
    page.select_option("#f-group", group_id)
    assert picks.locator("input:checked").count() == 0
    for name in ("Ivy", "Jo"):
        picks.get_by_label(name).check()
    with page.expect_navigation():
        page.locator("button.primary[type=submit]").tap()
    assert "/events/director/" in page.url
    expect(page.locator("body")).to_contain_text("Ivy & Jo")

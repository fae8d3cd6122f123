"""A member reads the group's ratings, a player's rating history, and the expected result on
the new-game form, then balances the partnerships; in light and dark, with screenshots."""

from __future__ import annotations

import pytest
from conftest import axe_violations, screenshot

from scorekeeper.store.connection import connect
from scorekeeper.store.portable.importing import dumps, import_document
from tests.ratings_club import PEOPLE, club

pytestmark = pytest.mark.browser
WIDER_THAN_THE_PHONE = "document.documentElement.scrollWidth > window.innerWidth"


def _club(live_app) -> tuple[str, str]:
    """Imports a club of 60 finished games; returns its group's id and join token."""
    db = connect(live_app.config["DATABASE"])
    try:
        document, _played = club(db, 60, seed=4)
        group_id = import_document(db, dumps(document), member="nobody")[1][0]
        token = db.execute("SELECT token FROM groups WHERE id = ?", [group_id]).fetchone()[0]
        return group_id, token
    finally:
        db.close()


def _clean(page) -> None:
    assert [(v["id"], [n["html"][:120] for n in v["nodes"]]) for v in axe_violations(page)] == []
    assert not page.evaluate(WIDER_THAN_THE_PHONE)


def test_ratings_table_history_and_expected_result(live_app, base_url, phone, scheme):
    group_id, token = _club(live_app)
    page = phone
    page.goto(f"{base_url}/groups/join/{token}")
    page.goto(f"{base_url}/groups/{group_id}/ratings")
    rows = page.locator("table.stats tbody tr")
    assert rows.count() == len(PEOPLE)
    _clean(page)
    screenshot(page, f"ratings-table-{scheme}")

    top = rows.first.locator("th a")
    name = top.inner_text()
    top.tap()
    assert page.locator("h1").inner_text() == name
    assert page.locator("svg.chart polyline").count() == 2
    _clean(page)
    screenshot(page, f"ratings-history-{scheme}")

    seats = [f"side-{i // 2}-player-{i % 2}={p}" for i, p in enumerate(PEOPLE[:4])]
    page.goto(f"{base_url}/games/new?group={group_id}&format=classic&{'&'.join(seats)}")
    chances = page.locator(".chances li")
    assert chances.count() == 2
    first = int(chances.first.locator("strong").inner_text().rstrip("%"))
    second = int(chances.nth(1).locator("strong").inner_text().rstrip("%"))
    assert 99 <= first + second <= 101  # rounded, they add up
    _clean(page)
    page.locator(".expected").scroll_into_view_if_needed()
    screenshot(page, f"ratings-expected-{scheme}")
    balance = page.get_by_role("link", name="Balance the partnerships")
    if balance.count():
        balance.tap()
        even = int(page.locator(".chances li strong").first.inner_text().rstrip("%"))
        assert abs(even - 50) <= abs(first - 50)

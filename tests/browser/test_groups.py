"""A phone joins a group by its link, starts a game with two taps on remembered partnerships,
reads the statistics, and sees a finished game's chart; in light and dark, with screenshots."""

from __future__ import annotations

import re
import secrets

import pytest
from conftest import axe_violations, screenshot
from playwright.sync_api import expect

from scorekeeper import store
from scorekeeper.store.connection import connect
from scorekeeper.store.groups.group import create_group

pytestmark = pytest.mark.browser
WIDER_THAN_THE_PHONE = "document.documentElement.scrollWidth > window.innerWidth"

OUT = {"melded_points": 200, "canastas": {"natural": 1}, "red_threes": 1, "went_out": "out"}
PLAIN = {"melded_points": 150, "hand_points": 20}
LOW = {"melded_points": 90, "hand_points": 35}


def _group_with_games(live_app) -> tuple[str, str, str]:
    """Makes a group with three finished games; returns its id, join token and a game's id."""
    db = connect(live_app.config["DATABASE"])
    try:
        group = create_group(db, "Tuesday table")
        plays = [
            ((("Ann", "Bob"), ("Cy", "Di")), "We"),
            ((("Ann", "Cy"), ("Bob", "Di")), "They"),
            ((("Ann", "Bob"), ("Cy", "Di")), "They"),
        ]
        for (we, they), winner in plays:
            game = store.create_game(
                db,
                format_id="classic",
                sides=[("We", we), ("They", they)],
                first_dealer=we[0],
                start_totals={"We": 2500, "They": 2400},
                group=group.id,
            )
            loser = "They" if winner == "We" else "We"
            swings = [(loser, PLAIN, LOW), (winner, OUT, LOW), (loser, PLAIN, LOW)]
            swings += [(winner, OUT, PLAIN)] * 6
            for side, good, bad in swings:
                if game.state.status.over:
                    break
                other = "They" if side == "We" else "We"
                hand = {"hand": {side: good, other: bad}}
                game = store.add_hand(
                    db, game.id, hand, version=game.version, form_token=secrets.token_urlsafe(16)
                )
            assert game.state.status.over
        return group.id, group.token, game.id
    finally:
        db.close()


def test_join_start_with_two_taps_and_read_the_stats(live_app, base_url, phone, scheme):
    group_id, token, finished = _group_with_games(live_app)
    page = phone
    page.goto(f"{base_url}/groups/join/{token}")
    assert page.locator("h1").inner_text().startswith("Tuesday table")
    assert [(v["id"], [n["html"][:120] for n in v["nodes"]]) for v in axe_violations(page)] == []
    assert not page.evaluate(WIDER_THAN_THE_PHONE)
    screenshot(page, f"group-page-{scheme}")

    page.get_by_role("link", name="New game in this group").tap()
    page.get_by_role("link", name="Set up Classic").tap()
    page.get_by_role("link", name="Ann & Bob").tap()  # tap one: a remembered partnership
    page.get_by_role("link", name="Cy & Di").tap()  # tap two: the other side
    assert page.locator("#f-side-0-player-1").input_value() == "Bob"
    assert page.locator("#f-side-1-player-0").input_value() == "Cy"
    assert [(v["id"], [n["html"][:120] for n in v["nodes"]]) for v in axe_violations(page)] == []
    screenshot(page, f"group-new-game-{scheme}")
    page.get_by_role("button", name="Start game").tap()
    assert "/games/" in page.url
    assert "Ann, Bob" in page.locator(".board").inner_text()

    page.goto(f"{base_url}/groups/{group_id}/stats")
    players = page.get_by_role("table", name="Players: games and wins")
    ann = players.get_by_role("row").filter(has_text="Ann")
    assert ann.get_by_role("cell").nth(0).inner_text() == "3"  # games
    assert ann.get_by_role("cell").nth(2).inner_text() == "33%"  # one win in three
    assert [(v["id"], [n["html"][:120] for n in v["nodes"]]) for v in axe_violations(page)] == []
    assert not page.evaluate(WIDER_THAN_THE_PHONE)  # wide tables scroll inside their box
    screenshot(page, f"group-stats-{scheme}")

    page.goto(f"{base_url}/groups/{group_id}/history")
    assert page.locator(".games li").count() == 3
    assert [(v["id"], [n["html"][:120] for n in v["nodes"]]) for v in axe_violations(page)] == []
    screenshot(page, f"group-history-{scheme}")

    page.get_by_role("link", name="Statistics").tap()
    page.get_by_role("link", name="Ann", exact=True).first.tap()
    assert page.locator("h1").inner_text() == "Ann"
    assert [(v["id"], [n["html"][:120] for n in v["nodes"]]) for v in axe_violations(page)] == []
    assert not page.evaluate(WIDER_THAN_THE_PHONE)
    screenshot(page, f"group-player-{scheme}")

    page.goto(f"{base_url}/games/{finished}")
    chart = page.locator("svg.chart")
    assert chart.is_visible()
    box = chart.bounding_box()
    assert box and box["width"] > 300  # the chart fills the phone's width
    assert [(v["id"], [n["html"][:120] for n in v["nodes"]]) for v in axe_violations(page)] == []
    assert not page.evaluate(WIDER_THAN_THE_PHONE)
    screenshot(page, f"game-chart-{scheme}")


HAND_ON = re.compile("Hand on the admin role to phone")
MAKE_ADMIN = re.compile("Make admin: phone")


def test_the_group_page_shows_admins_and_gives_their_buttons_to_admins_only(
    live_app, base_url, phone, screen, scheme
):
    """Issue 24: who is admin is shown to all; hand-on and name-admin buttons only to admins."""
    _group_id, token, _game = _group_with_games(live_app)
    admin, member = phone, screen
    admin.goto(f"{base_url}/groups/join/{token}")  # the first phone of an API-made group
    member.goto(f"{base_url}/groups/join/{token}")
    admin.reload()
    for page, buttons in ((admin, 1), (member, 0)):
        assert page.locator(".tag.admin").count() == 1
        assert page.get_by_role("button", name=HAND_ON).count() == buttons
        assert page.get_by_role("button", name=MAKE_ADMIN).count() == buttons
        assert page.get_by_role("button", name="Replace the join link").count() == buttons
        assert not page.evaluate(WIDER_THAN_THE_PHONE)
        violations = axe_violations(page)
        assert [(v["id"], [n["html"][:120] for n in v["nodes"]]) for v in violations] == []
    screenshot(admin, f"group-admin-{scheme}")
    screenshot(member, f"group-member-{scheme}")
    admin.get_by_role("button", name=MAKE_ADMIN).tap()
    # The tap posts a form: wait for the page it leads to, not the one still showing.
    expect(admin.locator("main")).to_contain_text("is an admin of the group now")
    member.reload()
    assert member.locator(".tag.admin").count() == 2
    assert member.get_by_role("button", name=HAND_ON).count() == 1
    screenshot(member, f"group-second-admin-{scheme}")

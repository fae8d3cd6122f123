"""Pages private to a browser or a group's members say so, so no copy outlives a removal."""

from __future__ import annotations

import pytest

from tests.conftest import Table
from tests.test_web_groups import _player_id, finished_game, make_group


@pytest.fixture
def group_pages(app, client, table: Table) -> dict[str, str]:
    """Returns one path of each private page kind, for a group with one finished game."""
    group_id = make_group(client)
    game_id = finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    player_id = _player_id(app, "Ann")
    client.post(f"/games/{game_id}/archive", data=table.form(f"/games/{game_id}/remove"))
    return {
        "groups": "/groups",
        "group": f"/groups/{group_id}",
        "history": f"/groups/{group_id}/history",
        "stats": f"/groups/{group_id}/stats",
        "player": f"/groups/{group_id}/players/{player_id}",
        "names": f"/games/{game_id}/names",
        "archived": "/archived",
        "summary": f"/games/{game_id}/summary",
        "group's new game": f"/games/new?group={group_id}&format=classic",
    }


@pytest.mark.parametrize(
    "kind",
    [
        "groups",
        "group",
        "history",
        "stats",
        "player",
        "names",
        "archived",
        "summary",
        "group's new game",
    ],
)
def test_every_private_page_says_so(client, group_pages, kind) -> None:
    """Issue 24, item 3: history, stats, players, names, archived: never kept."""
    response = client.get(group_pages[kind])
    assert response.status_code == 200, kind
    control = response.headers["Cache-Control"]
    assert "private" in control or "no-store" in control, kind
    assert "no-store" in control, kind  # the service worker keeps no copy of it


def test_pages_every_browser_sees_alike_may_be_kept(client) -> None:
    """The format list and the offline notice hold nothing private: a phone may keep them."""
    for path in ("/games/new", "/games/new?format=classic", "/offline"):
        control = client.get(path).headers.get("Cache-Control", "")
        assert "private" not in control and "no-store" not in control, path

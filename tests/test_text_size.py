"""The text size switch: a link on every page, a cookie per browser, the rule in the page."""

from __future__ import annotations

import pytest

from scorekeeper.web.text_size import LARGE, LARGE_SOURCE


@pytest.mark.parametrize("path", ["/", "/games/new", "/groups", "/events/new", "/formats/upload"])
def test_every_page_names_the_switch_and_waits_for_no_stylesheet(client, path):
    """The switch comes back to this page; normal type adds nothing to the page."""
    page = client.get(path).text
    assert f'class="type" href="/text-size?next={path}"' in page
    assert "text-size.css" not in page and LARGE not in page  # nothing to fetch before painting


def test_large_type_is_remembered_by_this_browser_only(app, client):
    """Large until normal is chosen; another browser (no cookie) reads normal type."""
    chosen = client.get("/text-size/large?next=/games/new")
    assert chosen.status_code == 302 and chosen.headers["Location"] == "/games/new"
    assert "Max-Age=34560000" in chosen.headers["Set-Cookie"]
    page = client.get("/games/new")
    assert f"<style>{LARGE}</style>" in page.text
    # The page's CSP allows exactly that rule, by its hash, never 'unsafe-inline'.
    policy = page.headers["Content-Security-Policy"]
    assert LARGE_SOURCE in policy and "unsafe-inline" not in policy
    assert LARGE not in app.test_client().get("/games/new").text
    client.get("/text-size/normal")
    assert LARGE not in client.get("/games/new").text
    assert LARGE_SOURCE not in client.get("/games/new").headers["Content-Security-Policy"]


def test_a_sheet_held_in_normal_type_is_sent_again_in_large(client, game_id):
    """The sheet's ETag names the type size: the copy in normal type is no 304 in large."""
    sheet = f"/games/{game_id}"
    client.get(sheet)  # shows "Hand 1 saved." once, untagged
    normal = client.get(sheet)
    assert client.get(sheet, headers={"If-None-Match": normal.headers["ETag"]}).status_code == 304
    client.get("/text-size/large")
    large = client.get(sheet, headers={"If-None-Match": normal.headers["ETag"]})
    assert large.status_code == 200 and f"<style>{LARGE}</style>" in large.text
    assert large.headers["ETag"] != normal.headers["ETag"]


def test_the_choice_page_marks_the_size_in_use_and_refuses_others(client):
    """Two plain links; an unknown size is a 404; ?next= never leaves the app."""
    page = client.get("/text-size?next=/groups").text
    assert 'href="/text-size/large?next=/groups"' in page and 'aria-current="true"' in page
    assert client.get("/text-size/huge").status_code == 404
    assert client.get("/text-size/large?next=//elsewhere.example").headers["Location"] == "/"

"""The text size switch: a link on every page, a cookie per browser, one small stylesheet."""

from __future__ import annotations

import pytest

from scorekeeper.web.text_size import LARGE


@pytest.mark.parametrize("path", ["/", "/games/new", "/groups", "/events/new", "/formats/upload"])
def test_every_page_names_the_switch_and_the_stylesheet(client, path):
    """The same HTML for every browser: the switch comes back to this page."""
    page = client.get(path).text
    assert 'href="/text-size.css"' in page
    assert f'class="type" href="/text-size?next={path}"' in page


def test_large_type_is_remembered_by_this_browser_only(app, client):
    """Large until normal is chosen; another browser (no cookie) reads normal type."""
    assert client.get("/text-size.css").text == ""
    chosen = client.get("/text-size/large?next=/games/new")
    assert chosen.status_code == 302 and chosen.headers["Location"] == "/games/new"
    assert "Max-Age=34560000" in chosen.headers["Set-Cookie"]
    sheet = client.get("/text-size.css")
    assert sheet.text == LARGE and sheet.mimetype == "text/css"
    assert sheet.headers["Cache-Control"] == "private, no-cache" and "Cookie" in sheet.vary
    assert app.test_client().get("/text-size.css").text == ""
    client.get("/text-size/normal")
    assert client.get("/text-size.css").text == ""


def test_the_choice_page_marks_the_size_in_use_and_refuses_others(client):
    """Two plain links; an unknown size is a 404; ?next= never leaves the app."""
    page = client.get("/text-size?next=/groups").text
    assert 'href="/text-size/large?next=/groups"' in page and 'aria-current="true"' in page
    assert client.get("/text-size/huge").status_code == 404
    assert client.get("/text-size/large?next=//elsewhere.example").headers["Location"] == "/"

"""The installable app's shell: service worker, offline page, manifest, gzip and the hand form's
counter, as the server sends them (the browser tests drive them in Chromium)."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from scorekeeper.rules.presets import rules_for
from tests.conftest import Table

STATIC = Path(__file__).resolve().parents[1] / "static"


def test_service_worker_is_served_from_the_root_with_its_shell(client):
    response = client.get("/sw.js")
    assert response.mimetype == "application/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert response.headers["Cache-Control"] == "no-cache"
    code = response.get_data(as_text=True)
    version = re.search(r'var VERSION = "([0-9a-f]{12})";', code)
    shell = json.loads(re.search(r"var SHELL = (\[.*?\]);", code).group(1))
    assert version and "__VERSION__" not in code
    assert shell[0] == "/offline"
    assert {"/static/css/app.css", "/static/js/app.js", "/static/manifest.webmanifest"} <= set(
        shell
    )
    assert "/static/js/sw.js" not in shell
    notices = json.loads(re.search(r"var NOTICES = (\{.*?\});", code).group(1))
    assert notices["pt-BR"] == "/offline?lang=pt_BR" and len(notices) == 5
    assert set(notices.values()) <= set(shell)  # every language's notice is precached


def test_pages_name_their_language_for_the_service_worker(client):
    assert client.get("/").headers["Content-Language"] == "en"
    assert client.get("/offline?lang=pt_BR").headers["Content-Language"] == "pt-BR"
    assert client.get("/", headers={"Accept-Language": "de"}).headers["Content-Language"] == "de"
    assert "Content-Language" not in client.get("/api/v1/formats").headers


def test_offline_page_says_nothing_is_lost(client):
    page = client.get("/offline").get_data(as_text=True)
    assert "You're offline. Nothing typed is lost; it will be here when you're back." in page


def test_manifest_names_icons_that_exist(client):
    with client.get("/static/manifest.webmanifest") as response:
        manifest = json.loads(response.get_data(as_text=True))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    for icon in manifest["icons"]:
        assert (STATIC / icon["src"]).is_file(), icon["src"]
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in page


@pytest.mark.parametrize(
    "path",
    [
        pytest.param("/", id="page"),
        pytest.param("/static/css/app.css", id="stylesheet"),
        pytest.param("/static/js/hand.js", id="script"),
    ],
)
def test_text_is_gzipped_for_clients_that_ask(client, path):
    with client.get(path) as plain, client.get(path, headers={"Accept-Encoding": "gzip"}) as packed:
        assert_gzipped(plain, packed)


def assert_gzipped(plain, packed) -> None:
    """Checks that the packed response is the plain one, gzipped and marked as varying."""
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    # A page's CSRF token is signed with the second it was made: two requests may differ there.
    assert unsigned(gzip.decompress(packed.data)) == unsigned(plain.data)
    assert len(packed.data) < len(plain.data) / 2


def unsigned(body: bytes) -> bytes:
    """Returns a response body with its CSRF tokens blanked."""
    return re.sub(rb'(name="csrf_token" value=")[^"]*', rb"\1", body)


@pytest.mark.parametrize("encoding", ["gzip", "br", "zstd"])
def test_a_compressed_static_file_revalidates(client, encoding):
    headers = {"Accept-Encoding": encoding}
    with client.get("/static/css/app.css", headers=headers) as first:
        etag = first.headers["ETag"]
        assert first.headers["Content-Encoding"] == encoding
    assert etag.endswith(f':{encoding}"')  # the compressed bytes differ from the plain file's
    with client.get("/static/css/app.css", headers=headers | {"If-None-Match": etag}) as again:
        assert again.status_code == 304


def test_a_compressed_sheet_is_still_a_cheap_304(table: Table, client):
    game_id = table.new_game()
    client.get(f"/games/{game_id}")  # shows "Game started." once, a page never revalidated
    first = client.get(f"/games/{game_id}", headers={"Accept-Encoding": "br"})
    assert first.headers["Content-Encoding"] == "br" and first.headers["ETag"].endswith(':br"')
    again = client.get(
        f"/games/{game_id}",
        headers={"Accept-Encoding": "br", "If-None-Match": first.headers["ETag"]},
    )
    assert again.status_code == 304 and again.headers["ETag"] == first.headers["ETag"]


def test_the_live_stream_is_not_compressed():
    from scorekeeper.web import COMPRESSED_TYPES

    assert "text/event-stream" not in COMPRESSED_TYPES


def test_pages_name_their_scripts_early(table: Table, client):
    game_id = table.new_game()
    links = client.get(f"/games/{game_id}/hands/new").headers["Link"].split(", ")
    assert links[0] == "</static/js/app.js>; rel=preload; as=script"
    assert "</static/js/hand.js>; rel=preload; as=script" in links
    assert not any("css" in link for link in links)  # the page holds its stylesheets
    packed = client.get(f"/games/{game_id}/hands/new", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Link"].split(", ") == links  # gzip comes after, not before
    with client.get("/static/css/app.css") as stylesheet:
        assert "Link" not in stylesheet.headers
    sheet = client.get(f"/games/{game_id}").headers["Link"]
    assert "/static/js/sheet.js" in sheet and "opening.js" not in sheet  # loaded only if opened


def test_what_can_wait_comes_after_the_page(table: Table, client):
    """The wake lock (and the sheet's outbox) are marked for app.js, not fetched up front."""
    game_id = table.new_game()
    for url, later, early in [
        (f"/games/{game_id}/hands/new", ["awake.js"], ["hand.js", "outbox_form.js", "outbox.js"]),
        (f"/games/{game_id}", ["outbox.js", "awake.js"], ["sheet.js"]),
    ]:
        answer = client.get(url)
        page, links = answer.get_data(as_text=True), answer.headers["Link"]
        for name in later:
            assert f'<template data-later="/static/js/{name}"></template>' in page
            assert f"/static/js/{name}" not in links and f'src="/static/js/{name}"' not in page
        for name in early:
            assert f"/static/js/{name}>" in links and f'src="/static/js/{name}" defer' in page


@pytest.mark.parametrize("format_id", ["classic", "oklahoma", "hand_and_foot"])
def test_hand_form_counter_carries_the_presets_values(table: Table, client, format_id):
    game_id = table.new_game(format_id)
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    rules = rules_for(format_id)
    melded = [c.melded for c in rules.cards if c.melded is not None]
    in_hand = [c.in_hand for c in rules.cards]
    counter = page[page.index('<details class="counter"') : page.index("</details>")]
    groups = counter.split('<fieldset class="counter-group"')[1:]
    assert [int(v) for v in re.findall(r'data-points="(\d+)"', groups[0])] == melded
    assert [int(v) for v in re.findall(r'data-points="(\d+)"', groups[1])] == in_hand
    assert 'data-target="f-0-melded_points"' in groups[0]
    assert 'data-target="f-0-hand_points"' in groups[1]


@pytest.mark.parametrize(
    ("what", "asked"),
    [
        ("language in the address", {"query": "?lang=de"}),
        ("language remembered", {"cookie": ("lang", "de")}),
        ("the browser's language", {"headers": {"Accept-Language": "pt-BR"}}),
        ("paper chosen", {"cookie": ("paper", "letter")}),
        ("type size", {"cookie": ("type", "large")}),
    ],
)
def test_a_sheet_asked_for_otherwise_is_not_a_304(table: Table, client, what, asked):
    """A 304 is answered without choosing the page's language, paper or type size: whatever
    they are chosen from changes the tag, so a poll never keeps the other page."""
    game_id = table.new_game()
    client.get(f"/games/{game_id}")  # shows "Game started." once, a page never revalidated
    first = client.get(f"/games/{game_id}")
    tag = first.headers["ETag"]
    assert client.get(f"/games/{game_id}", headers={"If-None-Match": tag}).status_code == 304
    if "cookie" in asked:
        client.set_cookie(*asked["cookie"])
    path = f"/games/{game_id}{asked.get('query', '')}"
    headers = {"If-None-Match": tag, **asked.get("headers", {})}
    other = client.get(path, headers=headers)
    assert other.status_code == 200, what
    assert other.headers["ETag"] != tag
    again = client.get(path, headers={**headers, "If-None-Match": other.headers["ETag"]})
    assert again.status_code == 304 and "Content-Language" not in again.headers


def test_a_sheet_is_a_group_members_to_read_and_nobody_elses(app, client, table: Table):
    """The role read with the sheet's head: a group member views it, a stranger gets a 404."""
    from tests.test_web_groups import finished_game, join_link, make_group

    group_id = make_group(client)
    game_id = finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    member, stranger = app.test_client(), app.test_client()
    member.get(join_link(client, group_id))
    assert member.get(f"/games/{game_id}").status_code == 200
    assert stranger.get(f"/games/{game_id}").status_code == 404

"""Sharing a game: the Share page, replacing links, and the sheet's ETag for live followers."""

from __future__ import annotations

import pytest

from tests.conftest import GOOD, Table, hand_fields, saved_hand


def phone(app, token: str | None = None) -> Table:
    """Returns another browser, joined through a link when given one."""
    other = Table(app, app.test_client())
    if token:
        other.client.get(f"/join/{token}")
    return other


@pytest.mark.parametrize(
    ("role", "shows_edit", "shows_replace"),
    [
        pytest.param("owner", True, True, id="owner"),
        pytest.param("edit", True, False, id="co-scorer"),
        pytest.param("view", False, False, id="viewer"),
    ],
)
def test_the_share_page_shows_what_each_role_may_hand_on(
    app, table: Table, game_id, role, shows_edit, shows_replace
) -> None:
    """Everyone sees the read-only link and its QR code; only writers see the edit link."""
    tokens = table.game(game_id).tokens
    who = table if role == "owner" else phone(app, getattr(tokens, role))
    response = who.client.get(f"/games/{game_id}/share")
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    assert f'value="http://localhost/join/{tokens.view}"' in page
    assert "<svg" in page and "QR code of the link" in page
    assert (tokens.edit in page) is shows_edit
    assert ("Replace read-only link" in page) is shows_replace
    assert tokens.owner not in page


def test_the_sheet_links_to_the_share_page(table: Table, game_id) -> None:
    """The sheet has a Share button."""
    page = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/share"' in page


@pytest.mark.parametrize(
    ("which", "loses", "keeps"),
    [
        pytest.param("view", "view", "edit", id="read-only"),
        pytest.param("edit", "edit", "view", id="edit"),
    ],
)
def test_replacing_a_link_locks_out_who_came_through_it(
    app, table: Table, game_id, db, which, loses, keeps
) -> None:
    """The old link stops working, its phones lose the game, and everyone else keeps it."""
    before = table.game(game_id).tokens
    lost = phone(app, getattr(before, loses))
    kept = phone(app, getattr(before, keeps))
    response = table.client.post(f"/games/{game_id}/share/{which}/replace")
    assert response.headers["Location"] == f"/games/{game_id}/share"
    after = table.game(game_id).tokens
    assert getattr(after, which) != getattr(before, which)
    assert (after.owner, getattr(after, keeps)) == (before.owner, getattr(before, keeps))
    assert lost.client.get(f"/games/{game_id}").status_code == 404
    assert game_id not in lost.client.get("/").get_data(as_text=True)
    assert lost.client.get(f"/join/{getattr(before, which)}").status_code == 404
    assert kept.client.get(f"/games/{game_id}").status_code == 200
    assert table.client.get(f"/games/{game_id}").status_code == 200
    assert phone(app, getattr(after, which)).client.get(f"/games/{game_id}").status_code == 200
    assert len(table.game(game_id).hands) == 1


@pytest.mark.parametrize("role", ["edit", "view"])
def test_only_the_owner_replaces_links(app, table: Table, game_id, role) -> None:
    """A co-scorer or viewer asking to replace a link gets 403 and changes nothing."""
    before = table.game(game_id).tokens
    other = phone(app, getattr(before, role))
    assert other.client.post(f"/games/{game_id}/share/view/replace").status_code == 403
    assert table.game(game_id).tokens == before


def test_the_owner_link_cannot_be_replaced(table: Table, game_id) -> None:
    """Only the view and edit links have a replace address."""
    assert table.client.post(f"/games/{game_id}/share/owner/replace").status_code == 404


def test_an_unchanged_sheet_is_a_cheap_304(table: Table, game_id) -> None:
    """The sheet carries an ETag; asking again with it gives 304 and no body."""
    table.client.get(f"/games/{game_id}")  # shows "Hand 1 saved." once: a page never kept
    first = table.client.get(f"/games/{game_id}")
    tag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "private, no-cache"
    assert f'data-follow="{tag.strip(chr(34))}"' in first.get_data(as_text=True)
    again = table.client.get(f"/games/{game_id}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag
    weak = table.client.get(f"/games/{game_id}", headers={"If-None-Match": f"W/{tag}"})
    assert weak.status_code == 304  # a gzipped copy carries the weak form of the same tag


def test_a_hand_from_another_phone_changes_the_tag(app, table: Table, game_id) -> None:
    """A viewer following the sheet gets the new hand as soon as a co-scorer saves it."""
    tokens = table.game(game_id).tokens
    viewer, scorer = phone(app, tokens.view), phone(app, tokens.edit)
    tag = viewer.client.get(f"/games/{game_id}").headers["ETag"]
    assert viewer.client.get(f"/games/{game_id}", headers={"If-None-Match": tag}).status_code == 304
    scorer.record(game_id, GOOD)
    fresh = viewer.client.get(f"/games/{game_id}", headers={"If-None-Match": tag})
    assert fresh.status_code == 200 and fresh.headers["ETag"] != tag
    assert 'id="hand-2"' in fresh.get_data(as_text=True)


def test_tags_differ_by_role_and_browser(app, table: Table, game_id) -> None:
    """Two browsers never share a tag: their pages differ in buttons and form tokens."""
    table.client.get(f"/games/{game_id}")  # shows "Hand 1 saved." once: a page never kept
    viewer = phone(app, table.game(game_id).tokens.view)
    mine = table.client.get(f"/games/{game_id}").headers["ETag"]
    theirs = viewer.client.get(f"/games/{game_id}").headers["ETag"]
    assert mine != theirs
    assert (
        viewer.client.get(f"/games/{game_id}", headers={"If-None-Match": mine}).status_code == 200
    )


def test_a_waiting_message_is_never_hidden_by_a_304(table: Table, game_id) -> None:
    """After a save the flash shows even when the browser holds a matching copy."""
    table.client.get(f"/games/{game_id}")  # shows "Hand 1 saved." once: a page never kept
    tag = table.client.get(f"/games/{game_id}").headers["ETag"]
    with table.client.session_transaction() as session:
        session["_flashes"] = [("ok", "Hand 1 saved.")]
    response = table.client.get(f"/games/{game_id}", headers={"If-None-Match": tag})
    assert response.status_code == 200 and "Hand 1 saved." in response.get_data(as_text=True)
    # Nor may the copy with the message come back later from a 304: it is never kept.
    assert "ETag" not in response.headers and response.headers["Cache-Control"] == "no-store"
    after = table.client.get(f"/games/{game_id}")
    assert "Hand 1 saved." not in after.get_data(as_text=True) and after.headers["ETag"] == tag


def test_a_304_never_replaces_the_kept_pages_policy(table: Table, game_id) -> None:
    """A browser copies a 304's headers onto its copy: no policy there, or its styles break."""
    table.client.get(f"/games/{game_id}")  # shows "Hand 1 saved." once: a page never kept
    first = table.client.get(f"/games/{game_id}")
    assert "'sha256-" in first.headers["Content-Security-Policy"]  # the inline stylesheets
    again = table.client.get(f"/games/{game_id}", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and "Content-Security-Policy" not in again.headers
    assert again.headers["X-Content-Type-Options"] == "nosniff"  # the other headers stay


def test_a_stranger_with_a_tag_still_gets_404(app, game_id) -> None:
    """A conditional request reveals nothing to a browser without a role."""
    stranger = phone(app)
    response = stranger.client.get(f"/games/{game_id}", headers={"If-None-Match": '"x"'})
    assert response.status_code == 404


def test_the_sheet_loads_the_follow_script(table: Table, game_id) -> None:
    """sheet.js is served from static/ and deferred."""
    page = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert '<script src="/static/js/sheet.js" defer></script>' in page
    with table.client.get("/static/js/sheet.js") as script:
        assert script.status_code == 200


def test_a_stale_edit_from_a_second_phone_is_refused_and_loses_nothing(
    app, table: Table, game_id
) -> None:
    """Two scorers fix the same hand: the second is told, and the first one's fix stands."""
    scorer = phone(app, table.game(game_id).tokens.edit)
    path = f"/games/{game_id}/hands/1/edit"
    mine, theirs = table.form(path), scorer.form(path)
    first = {0: {"melded_points": "400", "canastas-natural": 1, "went_out": "out"}}
    assert saved_hand(table.client.post(path, data=mine | hand_fields(first)), game_id) == 1
    late = {0: {"melded_points": "45+5", "canastas-natural": 1, "went_out": "out"}}
    response = scorer.client.post(path, data=theirs | hand_fields(late))
    page = response.get_data(as_text=True)
    assert response.status_code == 409 and "Another phone changed this game" in page
    assert 'value="45+5"' in page  # what the late scorer typed is still in the form
    entry = table.game(game_id).hands[0].entries["We"]
    assert entry.melded_points == 400

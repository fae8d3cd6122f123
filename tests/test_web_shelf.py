"""Archive or delete a game from home, undo it, restore it, and one game per "again" tap."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import Table, hidden_fields, location

CLASSIC = {"side-0-0": "Ann", "side-0-1": "Bo", "side-1-0": "Cy", "side-1-1": "Di"}


def _form(page: str, action: str) -> dict[str, str]:
    """Returns the hidden fields of the form posting to `action` on the page."""
    found = re.search(rf'<form[^>]*action="{re.escape(action)}".*?</form>', page, re.S)
    assert found, f"no form for {action}"
    return hidden_fields(found.group(0))


def _shelve(table: Table, game_id: str, how: str):
    page = table.client.get(f"/games/{game_id}/remove").get_data(as_text=True)
    return table.client.post(f"/games/{game_id}/{how}", data=_form(page, f"/games/{game_id}/{how}"))


def _columns(db, game_id: str) -> tuple | None:
    row = db.execute(
        "SELECT archived_at IS NOT NULL, deleted_at IS NOT NULL FROM games WHERE id = ?",
        [game_id],
    ).fetchone()
    return None if row is None else tuple(row)


def test_home_offers_archive_or_delete_with_a_confirmation(table: Table) -> None:
    """Each owned card links to a page that asks before anything changes."""
    game_id = table.new_game(**CLASSIC)
    home = table.client.get("/").get_data(as_text=True)
    assert f'href="/games/{game_id}/remove"' in home
    page = table.client.get(f"/games/{game_id}/remove").get_data(as_text=True)
    assert "Archive or delete this game?" in page and "Keep it" in page
    assert f'action="/games/{game_id}/archive"' in page
    assert f'action="/games/{game_id}/delete"' in page


def test_archiving_hides_the_game_and_the_archived_list_restores_it(table: Table, db) -> None:
    """Archived: off home, listed under Archived games, back with one tap; the sheet still opens."""
    game_id = table.new_game(**CLASSIC)
    response = _shelve(table, game_id, "archive")
    assert location(response) == "/"
    assert _columns(db, game_id) == (1, 0)
    home = table.client.get("/").get_data(as_text=True)
    assert f'href="/games/{game_id}"' not in home.split('class="undo"')[-1]
    assert "archived." in home and 'href="/archived"' in home
    assert table.client.get(f"/games/{game_id}").status_code == 200
    listed = table.client.get("/archived").get_data(as_text=True)
    assert f'href="/games/{game_id}"' in listed
    back = table.client.post(
        f"/games/{game_id}/restore", data=_form(listed, f"/games/{game_id}/restore")
    )
    assert back.headers["Location"] == "/" and _columns(db, game_id) == (0, 0)
    assert f'href="/games/{game_id}"' in table.client.get("/").get_data(as_text=True)


def test_deleting_is_undoable_from_home_then_purged_after_the_window(table: Table, db) -> None:
    """Deleted: gone for every phone, "Undo" on home brings it back; past the window, gone."""
    game_id = table.new_game(**CLASSIC)
    _shelve(table, game_id, "delete")
    assert _columns(db, game_id) == (0, 1)
    assert table.client.get(f"/games/{game_id}").status_code == 404
    home = table.client.get("/").get_data(as_text=True)
    assert "deleted. Undo until" in home
    table.client.post(f"/games/{game_id}/restore", data=_form(home, f"/games/{game_id}/restore"))
    assert _columns(db, game_id) == (0, 0)
    assert table.client.get(f"/games/{game_id}").status_code == 200

    _shelve(table, game_id, "delete")
    db.execute("UPDATE games SET deleted_at = '2000-01-01T00:00:00+00:00' WHERE id = ?", [game_id])
    db.conn.commit()
    assert "Undo" not in table.client.get("/").get_data(as_text=True)  # home purges it
    assert _columns(db, game_id) is None
    assert db.execute("SELECT count(*) FROM sides WHERE game_id = ?", [game_id]).fetchone()[0] == 0


def test_delete_for_good_from_the_archived_list(table: Table, db) -> None:
    """An archived game can be deleted at once, with its hands and links, when asked."""
    game_id = table.new_game(**CLASSIC)
    _shelve(table, game_id, "archive")
    listed = table.client.get("/archived").get_data(as_text=True)
    action = f"/games/{game_id}/delete-for-good"
    response = table.client.post(action, data=_form(listed, action))
    assert response.headers["Location"] == "/archived" and _columns(db, game_id) is None
    again = table.client.post(action, data=_form(listed, action))  # a double tap: nothing left
    assert location(again) == "/archived"


def test_the_same_form_sent_twice_archives_once(table: Table, db) -> None:
    """A double tap spends the one-time token once; the second tap changes nothing."""
    game_id = table.new_game(**CLASSIC)
    page = table.client.get(f"/games/{game_id}/remove").get_data(as_text=True)
    fields = _form(page, f"/games/{game_id}/archive")
    table.client.post(f"/games/{game_id}/archive", data=fields)
    stamp = db.execute("SELECT archived_at FROM games WHERE id = ?", [game_id]).fetchone()[0]
    second = table.client.post(f"/games/{game_id}/archive", data=fields)
    assert second.headers["Location"] == "/"
    assert (
        db.execute("SELECT archived_at FROM games WHERE id = ?", [game_id]).fetchone()[0] == stamp
    )
    assert table.client.post(f"/games/{game_id}/archive", data={}).status_code == 400


def test_only_the_owners_browser_may_archive_or_delete(app: Flask, table: Table, db) -> None:
    """An edit or view link's phone gets no link and a 403; a stranger a 404."""
    game_id = table.new_game(**CLASSIC)
    tokens = table.game(game_id).tokens
    owner_page = table.client.get(f"/games/{game_id}/remove").get_data(as_text=True)
    fields = _form(owner_page, f"/games/{game_id}/delete")
    for token in (tokens.edit, tokens.view):
        other: FlaskClient = app.test_client()
        other.get(f"/join/{token}")
        assert f"/games/{game_id}/remove" not in other.get("/").get_data(as_text=True)
        assert other.get(f"/games/{game_id}/remove").status_code == 403
        assert other.post(f"/games/{game_id}/delete", data=fields).status_code == 403
        assert other.post(f"/games/{game_id}/restore", data=fields).status_code == 403
        action = f"/games/{game_id}/delete-for-good"
        assert other.post(action, data=fields).status_code == 403
    stranger = app.test_client()
    assert stranger.post(f"/games/{game_id}/delete", data=fields).status_code == 404
    assert location(stranger.post(f"/games/{game_id}/restore", data=fields)) == "/"
    assert _columns(db, game_id) == (0, 0)


def test_again_starts_one_game_on_a_double_tap(table: Table, db) -> None:
    """ "New game like the last" sent twice with one token starts one game and opens it twice."""
    first = table.new_game(**CLASSIC)
    home = table.client.get("/").get_data(as_text=True)
    fields = _form(home, f"/games/{first}/again")
    one = table.client.post(f"/games/{first}/again", data=fields)
    two = table.client.post(f"/games/{first}/again", data=fields)
    assert location(one) == location(two) != f"/games/{first}"
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 2
    assert table.client.post(f"/games/{first}/again", data={}).status_code == 400

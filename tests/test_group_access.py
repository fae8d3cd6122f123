"""Who may do what in a group: a removed phone stays out, admins run it, API tokens apart."""

from __future__ import annotations

import html
import re
from contextlib import closing

import pytest

from scorekeeper.store.connection import connect
from scorekeeper.store.migrations import migrations
from tests.conftest import location
from tests.test_web_groups import finished_game, join_link, make_group


@pytest.fixture
def bee(app):
    """Returns a second phone."""
    return app.test_client()


@pytest.fixture
def cee(app):
    """Returns a third phone."""
    return app.test_client()


def tags(client, group_id: str, action: str = "remove") -> list[str]:
    """Returns the member tags the group's page offers this phone a button for."""
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    return re.findall(rf"/members/([\w-]+)/{action}\"", page)


def tag_of(admin, group_id: str) -> str:
    """Returns the tag of the one other member an admin's page lists."""
    (tag,) = tags(admin, group_id)
    return tag


def said(client, response) -> str:
    """Returns the page a redirect leads to (or the page answered), with its flashed message."""
    if response.status_code not in (301, 302, 303):
        return html.unescape(response.get_data(as_text=True))
    return html.unescape(client.get(location(response)).get_data(as_text=True))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# Item 1: a removed member loses access for good.


def test_a_removed_phone_cannot_walk_back_in(app, client, bee, table) -> None:
    group_id = make_group(client)
    game_id = finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    old = join_link(client, group_id)
    bee.get(old)
    assert bee.get(f"/groups/{group_id}").status_code == 200
    page = said(
        client, client.post(f"/groups/{group_id}/members/{tag_of(client, group_id)}/remove")
    )
    assert "is removed for good" in page and "no link lets it join again" in page
    assert "The join link was replaced" in page
    new = join_link(client, group_id)
    assert new != old
    for path in (old, new, f"/groups/{group_id}", f"/games/{game_id}"):
        bee.get(path)
        assert bee.get(f"/groups/{group_id}").status_code == 404, path
        assert bee.get(f"/games/{game_id}").status_code == 404, path
    # The same person with their cookies cleared holds only the old link: it admits no one.
    fresh = app.test_client()
    assert fresh.get(old).status_code == 404
    assert fresh.get(f"/groups/{group_id}").status_code == 404


def test_the_api_token_is_apart_from_the_join_link(client, bee) -> None:
    made = client.post("/api/v1/groups", json={"name": "Club"}).get_json()
    key = made["join"].rsplit("/", 1)[-1]
    assert made["token"] != key
    stats = f"/api/v1/groups/{made['id']}/stats"
    assert client.get(stats, headers=bearer(made["token"])).status_code == 200
    assert client.get(stats, headers=bearer(key)).status_code == 404  # the link reads nothing
    # The first phone to join a group made through the API becomes its admin.
    bee.get(f"/groups/join/{key}")
    page = bee.get(f"/groups/{made['id']}").get_data(as_text=True)
    assert "This phone is an admin" in page and 'id="api-tokens"' in page
    (token_id,) = re.findall(r"/tokens/([\w-]+)/revoke", page)
    bee.post(f"/groups/{made['id']}/tokens/{token_id}/revoke")
    assert client.get(stats, headers=bearer(made["token"])).status_code == 404


def test_an_admin_makes_and_revokes_api_tokens(client, bee) -> None:
    group_id = make_group(client)
    answer = client.post(f"/groups/{group_id}/tokens", data={"label": "Club display"})
    page = said(client, answer)
    token = re.search(r'id="f-new-token" type="text" readonly value="([\w-]+)"', page)[1]
    assert "Club display" in page
    stats = f"/api/v1/groups/{group_id}/stats"
    assert bee.get(stats, headers=bearer(token)).status_code == 200
    again = client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert token not in again  # shown once
    (token_id,) = re.findall(r"/tokens/([\w-]+)/revoke", again)
    client.post(f"/groups/{group_id}/tokens/{token_id}/revoke")
    assert bee.get(stats, headers=bearer(token)).status_code == 404
    refused = said(client, client.post(f"/groups/{group_id}/tokens", data={"label": "\u202eevil"}))
    assert "invisible" in refused and 'id="f-new-token"' not in refused


def test_a_new_api_token_never_passes_through_the_session_cookie(app, client, bee) -> None:
    """Issue 34: the token sat in the signed, unencrypted session until the page was next shown;
    now the POST answers 303 to a GET that shows it once from a one-time row kept server-side."""
    group_id = make_group(client)
    answer = client.post(f"/groups/{group_id}/tokens", data={"label": "Club display"})
    assert answer.status_code == 303
    shown = location(answer)
    assert shown.startswith(f"/groups/{group_id}?shown=")
    assert client.get_cookie("session") is not None
    bee.get(join_link(client, group_id))
    assert 'id="f-new-token"' not in said(bee, bee.get(shown))  # another phone: nothing
    page = client.get(shown)
    assert page.headers["Cache-Control"] == "no-store"
    token = re.search(
        r'id="f-new-token" type="text" readonly value="([\w-]+)"', said(client, page)
    )[1]
    assert bee.get(f"/api/v1/groups/{group_id}/stats", headers=bearer(token)).status_code == 200
    serializer = app.session_interface.get_signing_serializer(app)
    session = client.get_cookie(app.config.get("SESSION_COOKIE_NAME", "session"))
    cookies = " ".join(answer.headers.getlist("Set-Cookie") + page.headers.getlist("Set-Cookie"))
    assert token not in cookies and token not in str(serializer.loads(session.value))
    assert token not in client.get(shown).get_data(as_text=True)  # a reload: shown once only
    assert token not in client.get(f"/groups/{group_id}").get_data(as_text=True)


def test_removing_a_phone_revokes_the_tokens_it_made(client, bee) -> None:
    group_id = make_group(client)
    bee.get(join_link(client, group_id))
    client.post(f"/groups/{group_id}/members/{tag_of(client, group_id)}/admin")
    bees = re.search(
        r'readonly value="([\w-]+)"',
        said(bee, bee.post(f"/groups/{group_id}/tokens", data={"label": "Bee's script"})).split(
            'id="f-new-token"'
        )[1],
    )[1]
    mine = re.search(
        r'id="f-new-token" type="text" readonly value="([\w-]+)"',
        said(client, client.post(f"/groups/{group_id}/tokens", data={"label": "Mine"})),
    )[1]
    page = said(
        client, client.post(f"/groups/{group_id}/members/{tag_of(client, group_id)}/remove")
    )
    assert "1 API token it could use was revoked" in page
    stats = f"/api/v1/groups/{group_id}/stats"
    assert client.get(stats, headers=bearer(bees)).status_code == 404
    assert client.get(stats, headers=bearer(mine)).status_code == 200


# Item 2: only admins run the group; the last admin stays; the role is handed on.


def test_a_member_cannot_take_the_group_over(app, client, bee, table) -> None:
    group_id = make_group(client)
    finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    bee.get(join_link(client, group_id))
    assert tags(bee, group_id) == []  # no remove buttons for a member
    page = html.unescape(bee.get(f"/groups/{group_id}").get_data(as_text=True))
    assert "Only the group's admins can remove phones" in page
    assert "link/replace" not in page and "/hand-on" not in page and '/admin"' not in page
    with closing(connect(app.config["DATABASE"])) as db:
        founder = db.execute("SELECT key FROM group_members WHERE founder = 1").fetchone()[0]
        ids = dict(db.execute("SELECT name, id FROM group_players").fetchall())
    attempts = [
        f"/groups/{group_id}/members/{founder}/remove",
        f"/groups/{group_id}/link/replace",
        f"/groups/{group_id}/players/{ids['Ann']}/merge",
        f"/groups/{group_id}/members/{founder}/hand-on",
        f"/groups/{group_id}/tokens",
    ]
    link = join_link(client, group_id)
    for path in attempts:
        assert bee.post(path, data={"other": ids["Bob"], "label": "x"}).status_code == 403, path
    assert client.get(f"/groups/{group_id}").status_code == 200
    assert join_link(client, group_id) == link
    player = bee.get(f"/groups/{group_id}/players/{ids['Ann']}").get_data(as_text=True)
    assert "/merge" not in player


def test_the_last_admin_hands_the_role_on_before_leaving(client, bee, cee) -> None:
    group_id = make_group(client)
    bee.get(join_link(client, group_id))
    page = said(client, client.post(f"/groups/{group_id}/leave"))
    assert "Hand the admin role on" in page
    assert client.get(f"/groups/{group_id}").status_code == 200
    page = said(
        client, client.post(f"/groups/{group_id}/members/{tag_of(client, group_id)}/hand-on")
    )
    assert "is the group's admin now" in page
    assert "Only the group's admins" in page  # this phone is a member now
    cee.get(join_link(bee, group_id))
    assert len(tags(bee, group_id)) == 2  # the new admin may remove both others
    assert location(client.post(f"/groups/{group_id}/leave")) == "/groups"


def test_admins_name_admins_and_nobody_removes_the_founder(client, bee, cee) -> None:
    group_id = make_group(client)
    bee.get(join_link(client, group_id))
    client.post(f"/groups/{group_id}/members/{tag_of(client, group_id)}/admin")
    cee.get(join_link(client, group_id))
    removable = tags(bee, group_id)
    assert len(removable) == 1  # the third phone; the founder has no remove button
    page = bee.get(f"/groups/{group_id}").get_data(as_text=True)
    founder = re.findall(r"/members/([\w-]+)/hand-on", page)
    founder = [t for t in founder if t not in removable][0]
    refused = said(bee, bee.post(f"/groups/{group_id}/members/{founder}/remove"))
    assert "Nobody can remove the phone that made the group" in refused
    assert client.get(f"/groups/{group_id}").status_code == 200
    bee.post(f"/groups/{group_id}/members/{removable[0]}/remove")
    assert cee.get(f"/groups/{group_id}").status_code == 404


def test_a_group_page_shows_who_is_admin(client, bee) -> None:
    group_id = make_group(client)
    bee.get(join_link(client, group_id))
    for phone in (client, bee):
        page = phone.get(f"/groups/{group_id}").get_data(as_text=True)
        assert page.count('class="tag admin"') == 1


# The migration: groups made before it keep working.


def test_groups_made_before_admins_keep_working(tmp_path) -> None:
    path = tmp_path / "old.db"
    with closing(connect(path)) as db:
        migrations.apply(db, stop_before="0008_group_access")
        stamp = "2026-01-01T00:00:00+00:00"
        db.execute(
            "INSERT INTO groups (id, name, token, demo, created_at) VALUES "
            "('g1', 'Made here', 'link1', 0, ?), ('g2', 'Founder gone', 'link2', 0, ?)",
            [stamp, stamp],
        )
        db.execute(
            "INSERT INTO group_members (group_id, browser_id, founder, joined_at) VALUES "
            "('g1', 'ann', 1, ?), ('g1', 'bob', 0, ?), ('g2', 'cy', 0, ?), ('g2', 'di', 0, ?)",
            [stamp] * 4,
        )
        db.conn.commit()
        migrations.apply(db)
        rows = db.execute(
            "SELECT group_id, browser_id, admin, key FROM group_members ORDER BY 1, 2"
        ).fetchall()
        assert [r[:3] for r in rows] == [
            ("g1", "ann", 1),
            ("g1", "bob", 0),
            ("g2", "cy", 1),
            ("g2", "di", 1),
        ]
        assert len({r[3] for r in rows}) == 4 and all(r[3] for r in rows)
        tokens = db.execute(
            "SELECT group_id, token, shared FROM group_tokens ORDER BY 1"
        ).fetchall()
        assert tokens == [("g1", "link1", 1), ("g2", "link2", 1)]  # scripts keep reading
        joined = db.execute("SELECT token FROM groups ORDER BY id").fetchall()
        assert joined == [("link1",), ("link2",)]  # printed QR codes still admit

"""Group pages: making and joining a group, its members and link, isolation, players' names."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.store.connection import connect
from scorekeeper.web.groups.group_stats import decimal
from tests.conftest import GOOD, Table, location


def make_group(client, name: str = "Tuesday") -> str:
    """Makes a group from this client and returns its id."""
    found = re.fullmatch(r"/groups/([\w-]+)", location(client.post("/groups", data={"name": name})))
    assert found
    return found[1]


def join_link(client, group_id: str) -> str:
    """Returns the group's join path as its page shows it."""
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    found = re.search(r'value="https?://[^/"]+(/groups/join/[\w-]+)"', page)
    assert found, page
    return found[1]


def finished_game(table: Table, group_id: str, players: tuple[str, str, str, str]) -> str:
    """Starts a Classic game of the group from 4,900 and ends it with one hand; its id."""
    fields = {f"side-{i // 2}-player-{i % 2}": name for i, name in enumerate(players)}
    game_id = table.new_game("classic", group=group_id, **fields, **{"side-0-start": "4900"})
    table.record(game_id, GOOD)
    return game_id


@pytest.fixture
def other(app):
    """Returns a second browser."""
    return app.test_client()


def test_a_name_is_needed_and_kept(client):
    response = client.post("/groups", data={"name": "   "})
    assert response.status_code == 422
    assert "Give the group a name" in response.get_data(as_text=True)


def test_joining_by_link_shares_games_and_players(client, other, table):
    group_id = make_group(client)
    game_id = finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    assert other.get(f"/groups/{group_id}").status_code == 404
    assert other.get(f"/games/{game_id}").status_code == 404
    assert location(other.get(join_link(client, group_id))) == f"/groups/{group_id}"
    page = other.get(f"/groups/{group_id}").get_data(as_text=True)
    assert all(name in page for name in ("Ann", "Bob", "Cy", "Di"))
    assert other.get(f"/games/{game_id}").status_code == 200  # a member reads the sheet
    history = other.get(f"/groups/{group_id}/history").get_data(as_text=True)
    assert f"/games/{game_id}" in history


def test_a_member_of_one_group_sees_nothing_of_another(app, client, other, table):
    mine = make_group(client, "Mine")
    game_id = finished_game(table, mine, ("Ann", "Bob", "Cy", "Di"))
    theirs = make_group(other, "Theirs")
    player_id = _player_id(app, "Ann")
    for path in (
        f"/groups/{mine}",
        f"/groups/{mine}/history",
        f"/groups/{mine}/stats",
        f"/groups/{mine}/history.csv",
        f"/groups/{mine}/stats/players.csv",
        f"/groups/{mine}/players/{player_id}",
        f"/games/{game_id}",
        f"/games/{game_id}/summary",
        f"/games/{game_id}/sheet.pdf",
        f"/games/new?group={mine}&format=classic",
    ):
        assert other.get(path).status_code == 404, path
    for path in (
        f"/groups/{mine}/leave",
        f"/groups/{mine}/link/replace",
        f"/groups/{mine}/players/{player_id}/rename",
    ):
        assert other.post(path, data={"name": "X"}).status_code == 404, path
    page = other.get(f"/groups/{theirs}/history").get_data(as_text=True)
    assert game_id not in page and "Ann" not in page
    assert other.get("/groups").get_data(as_text=True).count("/groups/" + mine) == 0


def test_replacing_the_link_stops_the_old_one(client, other, app):
    group_id = make_group(client)
    old = join_link(client, group_id)
    client.post(f"/groups/{group_id}/link/replace")
    new = join_link(client, group_id)
    assert new != old
    assert other.get(old).status_code == 404
    assert other.get(f"/groups/{group_id}").status_code == 404
    assert location(other.get(new)) == f"/groups/{group_id}"


def test_leaving_and_removing_a_member(client, other, app):
    group_id = make_group(client)
    other.get(join_link(client, group_id))
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    (tag,) = re.findall(r"/members/([\w-]+)/remove", page)  # every member but this phone
    client.post(f"/groups/{group_id}/members/{tag}/remove")
    assert other.get(f"/groups/{group_id}").status_code == 404
    assert other.get(join_link(client, group_id)).status_code == 404  # removed for good
    third = app.test_client()
    third.get(join_link(client, group_id))
    assert location(third.post(f"/groups/{group_id}/leave")) == "/groups"
    assert third.get(f"/groups/{group_id}").status_code == 404
    assert client.get(f"/groups/{group_id}").status_code == 200  # the others stay


def _player_id(app, name: str) -> str:
    conn = connect(app.config["DATABASE"])
    try:
        return conn.execute("SELECT id FROM group_players WHERE name = ?", [name]).fetchone()[0]
    finally:
        conn.close()


def test_a_rename_keeps_the_players_history(app, client, table):
    group_id = make_group(client)
    game_id = finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    ann = _player_id(app, "Ann")
    client.post(f"/groups/{group_id}/players/{ann}/rename", data={"name": "Annie"})
    page = client.get(f"/groups/{group_id}/players/{ann}").get_data(as_text=True)
    assert "<h1>Annie</h1>" in page and f"/games/{game_id}" in page
    stats = client.get(f"/groups/{group_id}/stats").get_data(as_text=True)
    assert "Annie &amp; Bob" in stats and ">Ann<" not in stats
    taken = client.post(f"/groups/{group_id}/players/{ann}/rename", data={"name": "bob"})
    assert "merge the two instead" in client.get(location(taken)).get_data(as_text=True)


def test_a_merge_joins_two_spellings(app, client, table):
    group_id = make_group(client)
    first = finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    second = finished_game(table, group_id, ("Anne", "Bob", "Cy", "Di"))
    ann, anne = _player_id(app, "Ann"), _player_id(app, "Anne")
    client.post(f"/groups/{group_id}/players/{ann}/merge", data={"other": anne})
    page = client.get(f"/groups/{group_id}/players/{ann}").get_data(as_text=True)
    assert f"/games/{first}" in page and f"/games/{second}" in page
    assert client.get(f"/groups/{group_id}/players/{anne}").status_code == 404
    rows = client.get(f"/groups/{group_id}/stats/partnerships.csv").get_data(as_text=True)
    assert "Ann & Bob,all,2,2,1.0," in rows


def test_names_added_later_become_the_groups_players(app, client, table):
    group_id = make_group(client)
    blank = {f"side-{i}-player-{j}": "" for i in (0, 1) for j in (0, 1)}
    game_id = table.new_game("classic", group=group_id, **blank)  # no names: no players
    assert "Players are remembered" in client.get(f"/groups/{group_id}").get_data(as_text=True)
    path = f"/games/{game_id}/names"
    fields = {"side-0-name": "We", "side-1-name": "They", "side-0-player-0": "Ann"}
    client.post(path, data=table.form(path) | fields)
    assert _player_id(app, "Ann")


def test_the_new_game_form_offers_remembered_partnerships(client, table):
    group_id = make_group(client)
    finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    page = client.get(f"/games/new?group={group_id}&format=classic").get_data(as_text=True)
    chips = re.findall(r'<a href="([^"]+)" rel="nofollow">([^<]+)</a>', page)
    assert [label for _, label in chips][:2] == ["Ann &amp; Bob", "Cy &amp; Di"]
    first = client.get(chips[0][0].replace("&amp;", "&")).get_data(as_text=True)
    assert 'name="side-0-player-0" type="text" value="Ann"' in first
    chips = re.findall(r'<a href="([^"]+)" rel="nofollow">([^<]+)</a>', first)
    assert [label for _, label in chips][0] == "Cy &amp; Di"  # Ann & Bob are seated
    second = client.get(chips[0][0].replace("&amp;", "&")).get_data(as_text=True)
    assert 'name="side-1-player-1" type="text" value="Di"' in second


def test_csv_cells_that_look_like_formulas_are_quoted(app, client, table):
    group_id = make_group(client)
    finished_game(table, group_id, ("=cmd()", "Bob", "Cy", "Di"))
    rows = client.get(f"/groups/{group_id}/stats/players.csv")
    assert rows.headers["Content-Type"].startswith("text/csv")
    assert "'=cmd()" in rows.get_data(as_text=True)
    history = client.get(f"/groups/{group_id}/history.csv").get_data(as_text=True)
    assert "'=cmd() & Bob" in history


def test_seats_left_blank_in_another_language_are_nobody(app, client, table):
    group_id = make_group(client)
    blank = {"side-0-name": "", "side-1-name": ""}
    client.set_cookie("lang", "es")  # as the language switch leaves it
    game_id = table.new_game("two_hand", group=group_id, **blank)
    sides = [s.name for s in table.game(game_id).setup.sides]
    assert sides == ["Jugador 1", "Jugador 2"]  # the form's names for blank seats, in Spanish
    conn = connect(app.config["DATABASE"])
    try:
        assert conn.execute("SELECT count(*) FROM group_players").fetchone()[0] == 0
    finally:
        conn.close()


def test_a_groups_game_played_again_stays_in_the_group(app, client, table):
    group_id = make_group(client)
    first = finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    fields = table.form(f"/games/{first}")  # the sheet's hidden one-time token
    again = location(client.post(f"/games/{first}/again", data=fields))
    second = again.rsplit("/", 1)[1]
    assert second != first
    conn = connect(app.config["DATABASE"])
    try:
        rows = conn.execute("SELECT game_id FROM group_games WHERE group_id = ?", [group_id])
        assert {r[0] for r in rows} == {first, second}
        assert (
            conn.execute("SELECT count(*) FROM game_seats WHERE game_id = ?", [second]).fetchone()[
                0
            ]
            == 4
        )  # the same four players, linked again
    finally:
        conn.close()


def test_members_find_the_games_being_played(client, other, table):
    group_id = make_group(client)
    other.get(join_link(client, group_id))
    fields = {"side-0-player-0": "Ann", "side-0-player-1": "Bob"}
    game_id = table.new_game("classic", group=group_id, **fields)
    table.record(game_id, {0: {"melded_points": "120"}, 1: {"melded_points": "90"}})
    page = other.get(f"/groups/{group_id}").get_data(as_text=True)
    section = page[page.index('id="in-play"') :]
    assert f"/games/{game_id}" in section and "Hands so far: 1." in section
    assert other.get(f"/games/{game_id}").status_code == 200
    summary = other.get(f"/games/{game_id}/summary").get_data(as_text=True)
    assert summary.count("<polyline") == 2  # the chart of the game in play, a line per side


def test_a_game_renamed_later_keeps_when_it_finished_and_its_place(app, client, table):
    """The history's "finished" is the ending hand's time: a later rename moves nothing."""
    group_id = make_group(client)
    older = finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    newer = finished_game(table, group_id, ("Ed", "Flo", "Gus", "Hal"))
    conn = connect(app.config["DATABASE"])
    try:
        for game_id, when in (
            (older, "2026-01-02T10:00:00+00:00"),
            (newer, "2026-03-04T10:00:00+00:00"),
        ):
            conn.execute("UPDATE hands SET created_at = ? WHERE game_id = ?", [when, game_id])
    finally:
        conn.close()
    names = f"/games/{older}/names"
    page = client.get(names).get_data(as_text=True)
    fields = dict(re.findall(r'name="([\w-]+)" (?:type="(?:text|hidden)" )?value="([^"]*)"', page))
    fields = {k: ("Ravens" if v == "We" else v) for k, v in fields.items()}
    assert location(client.post(names, data=fields)).endswith(older)

    rows = client.get(f"/groups/{group_id}/history.csv").get_data(as_text=True).splitlines()
    assert [r.split(",")[:2] for r in rows[1:]] == [
        [newer, "2026-03-04T10:00:00+00:00"],
        [older, "2026-01-02T10:00:00+00:00"],
    ]
    assert "Ravens" in rows[2]


@pytest.mark.parametrize(
    ("language", "won"),
    [
        ("en", "Won by Ann &amp; Bob, 1 hand, "),
        ("de", "Gewonnen von Ann &amp; Bob, 1 Runde, "),
        ("es", "Ganó Ann &amp; Bob, 1 mano, "),
    ],
)
def test_a_one_hand_game_is_counted_in_the_singular(client, table, language, won):
    """The group page and its history say "1 hand", each language by its plural forms."""
    group_id = make_group(client)
    finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    for path in (f"/groups/{group_id}", f"/groups/{group_id}/history"):
        page = client.get(f"{path}?lang={language}").get_data(as_text=True)
        assert won in page, path


@pytest.mark.parametrize(
    "path",
    [
        "/groups/{group}/stats/players",  # no such page, in a group this phone is in
        "/groups/{group}/players/nobody",
        "/groups/no-such-group",
        "/groups/no-such-group/history",
        "/groups/join/no-such-token",
    ],
)
def test_a_missing_group_page_speaks_of_groups(client, path):
    """A 404 under /groups/ says why a group page may be missing, not a game."""
    group_id = make_group(client)
    response = client.get(path.format(group=group_id))
    assert response.status_code == 404
    page = html.unescape(response.get_data(as_text=True))
    assert "The group may be open only on its members' phones" in page
    assert "game" not in page.split("<h1>", 1)[1].split("</p>", 1)[0]
    german = client.get(path.format(group=group_id), query_string={"lang": "de"})
    assert "Vielleicht ist die Gruppe nur auf den Handys" in german.get_data(as_text=True)


def test_a_missing_game_still_speaks_of_games(client):
    page = client.get("/games/no-such-game").get_data(as_text=True)
    assert "The game may have been shared with another phone only" in page


@pytest.mark.parametrize(
    ("language", "whole", "half"),
    [("en", "1,710", "\N{MINUS SIGN}1,712.5"), ("de", "1.710", "\N{MINUS SIGN}1.712,5")],
)
def test_an_average_shows_its_decimal_only_when_it_has_one(app, language, whole, half) -> None:
    """Scores are multiples of 5: 1,710.0 reads 1,710; a half point stays."""
    with app.test_request_context(headers={"Accept-Language": language}):
        assert (decimal(1710.0), decimal(-1712.5), decimal(None)) == (whole, half, "–")


def test_the_history_csv_winner_is_the_players(client, table):
    """Issue 26 item 10: the winner column names who won, the side's name beside it."""
    group_id = make_group(client)
    finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    head, row = client.get(f"/groups/{group_id}/history.csv").get_data(as_text=True).splitlines()
    cells = dict(zip(head.split(","), row.split(","), strict=False))
    assert cells["winner"] == "Ann & Bob" and cells["winning side"] == "We"


def test_the_group_page_counts_finished_games_like_the_stats_page(client, table):
    """Issue 26 item 10: a game still in play is not in a player's count on the group page."""
    group_id = make_group(client)
    finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    fields = {"side-0-player-0": "Ann", "side-0-player-1": "Bob"}
    fields |= {"side-1-player-0": "Cy", "side-1-player-1": "Eve"}
    table.new_game("classic", group=group_id, **fields)  # in play
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    counts = dict(re.findall(r">([A-Z][a-z]+) <small>(\d+)</small>", page))
    assert counts == {"Ann": "1", "Bob": "1", "Cy": "1", "Di": "1", "Eve": "0"}


def test_head_to_head_has_a_draws_column(client, table):
    """Issue 26 item 10: a draw reads as one, not as 1 game, 0 won, 0 lost."""
    group_id = make_group(client)
    finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    page = client.get(f"/groups/{group_id}/stats").get_data(as_text=True)
    assert '<th scope="col">Drawn</th>' in page
    assert "<td>1</td><td>1</td><td>0</td><td>0</td></tr>" in page

"""Ratings pages: the table per family, a player's chart and partners, the expected result and
balanced partners on a group's new-game form, and the help page in every language."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.store.connection import connect
from scorekeeper.store.ratings import player_ratings, table
from tests.conftest import location
from tests.test_web_groups import finished_game, make_group


def _ratings(app, group_id: str):
    db = connect(app.config["DATABASE"])
    try:
        return table(db, group_id, "partnership"), player_ratings(db, group_id, "partnership")
    finally:
        db.close()


def test_the_table_lists_players_by_rating_and_links_their_history(app, client, table):
    group_id = make_group(client)
    finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    finished_game(table, group_id, ("Ann", "Cy", "Bob", "Di"))
    page = client.get(f"/groups/{group_id}/ratings").get_data(as_text=True)
    names = re.findall(r'<th scope="row" class="who"><a href="([^"]+)">([^<]+)</a>', page)
    rows, _ = _ratings(app, group_id)
    assert [n for _, n in names] == [r.name for r in rows]
    assert names[0][1] == "Ann"  # won both
    assert page.count("provisional") >= 4  # two games each: all provisional
    chart = client.get(html.unescape(names[0][0])).get_data(as_text=True)
    assert '<svg class="chart"' in chart and "<polyline" in chart
    assert "Bob" in chart and "Cy" in chart  # her partners
    assert client.get(f"/groups/{group_id}/ratings?family=bridge").status_code == 404


def test_the_new_game_form_shows_the_expected_result_and_balances(app, client, table):
    group_id = make_group(client)
    for _ in range(3):
        finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    seats = "side-0-player-0=Ann&side-0-player-1=Bob&side-1-player-0=Cy&side-1-player-1=Di"
    page = client.get(f"/games/new?group={group_id}&format=classic&{seats}").get_data(as_text=True)
    chances = re.findall(r"<li><span>([^<]+)</span> <strong>(\d+)%</strong></li>", page)
    assert [html.unescape(n) for n, _ in chances] == ["Ann & Bob", "Cy & Di"]
    assert int(chances[0][1]) > 50 > int(chances[1][1])
    balance = re.search(r'<a class="tap" href="([^"]+)" rel="nofollow">Balance', page)
    assert balance, page
    even = client.get(html.unescape(balance[1])).get_data(as_text=True)
    seated = re.findall(r'name="side-(\d)-player-\d" type="text" value="(\w+)"', even)
    sides = [{n for s, n in seated if s == k} for k in "01"]
    # Ann & Bob won three times: balanced, they no longer sit together.
    assert {"Ann", "Bob"} not in sides
    again = re.findall(r"<strong>(\d+)%</strong>", even)
    assert abs(int(again[0]) - 50) < abs(int(chances[0][1]) - 50)


@pytest.mark.parametrize(
    ("language", "heading", "family", "sigma"),
    [
        ("en", "Why a win over stronger players counts more", "Partnership Canasta", "7.5"),
        ("es", "Por qué ganar a jugadores más fuertes", "Canasta por parejas", "7,5"),
        ("pt_BR", "Por que vencer jogadores mais fortes", "Canastra em duplas", "7,5"),
        ("it", "Perché battere giocatori più forti", "Canasta a coppie", "7,5"),
        ("de", "Warum ein Sieg gegen Stärkere", "Team-Canasta", "7,5"),
    ],
)
def test_the_help_page_speaks_every_language(client, language, heading, family, sigma):
    page = client.get(f"/ratings/help?lang={language}").get_data(as_text=True)
    assert heading in page
    assert f"<strong>{family}</strong>" in page
    assert f" {sigma}" in page  # the threshold, written the language's way


def test_an_event_table_shows_the_expected_result_before_its_first_hand(app, client, table):
    from tests.test_web_events import FORM

    group_id = make_group(client)
    for _ in range(2):
        finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    data = FORM | {"group": group_id, "entrants": "Aces: Ann, Bob\nKings: Cy, Di", "rounds": "1"}
    path = location(client.post("/events/new", data=data))
    client.post(f"{path}/rounds")
    page = client.get(path).get_data(as_text=True)
    card = re.findall(r'href="/events/entrant/([^"]+)"', page)[0]  # the first entrant's card
    notice = client.get(f"/events/entrant/{card}").get_data(as_text=True)
    chances = re.findall(r"<li><span>([^<]+)</span> <strong>(\d+)%</strong></li>", notice)
    assert [name for name, _ in chances] == ["Aces", "Kings"]  # the entrants, as seated
    assert int(chances[0][1]) > 50 > int(chances[1][1])  # Ann & Bob won both games


@pytest.mark.parametrize(
    ("language", "seven", "below"), [("en", "7.0", "−0.8"), ("de", "7,0", "−0,8")]
)
def test_a_rating_always_shows_one_decimal(app, language, seven, below) -> None:
    """A rating that rounds to a whole number keeps its ",0", so a column of ratings lines up."""
    from scorekeeper.web.groups.group_stats import rating_figure

    with app.test_request_context(headers={"Accept-Language": language}):
        assert (rating_figure(6.994), rating_figure(-0.8), rating_figure(None)) == (
            seven,
            below,
            "–",
        )


def test_the_player_page_and_table_write_ratings_to_one_decimal(app, client, table):
    group_id = make_group(client)
    finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    page = client.get(f"/groups/{group_id}/ratings", headers={"Accept-Language": "de"})
    text = page.get_data(as_text=True)
    figures = re.findall(r"</th>\s*<td>([^<]+)</td>", text)
    assert len(figures) == 4 and all(re.fullmatch(r"−?\d+,\d", f) for f in figures), figures
    link = re.search(r'<th scope="row" class="who"><a href="([^"]+)"', text)
    player = client.get(html.unescape(link[1]), headers={"Accept-Language": "de"})
    shown = re.findall(r"<dd>([^<]+)</dd>", player.get_data(as_text=True))
    assert len(shown) == 4 and all(re.fullmatch(r"−?\d+,\d", f) for f in shown[:3]), shown
    assert "Spiel 1" in player.get_data(as_text=True)


@pytest.mark.parametrize(
    ("language", "heading", "rule"),
    [
        ("en", "Handicaps", "gets 20 points a round"),
        ("es", "Hándicaps", "recibe 20 puntos por ronda"),
        ("pt_BR", "Handicaps", "recebe 20 pontos por rodada"),
        ("it", "Handicap", "riceve 20 punti per turno"),
        ("de", "Handicaps", "erhält er 20 Punkte pro Durchgang"),
    ],
)
def test_the_help_page_explains_the_handicap_in_every_language(client, language, heading, rule):
    from scorekeeper.ratings.handicap import CAP, per_round

    page = client.get(f"/ratings/help?lang={language}").get_data(as_text=True)
    assert f'<h2 id="h-handicap">{heading}</h2>' in page
    assert rule in page and f" {CAP} " in page
    assert per_round(0.0, [19.0, 0.0]) == 190  # the page's example: 9.5 below the mean, +190

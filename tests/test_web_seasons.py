"""A member's season pages, downloads and public switch; the public pages leak nothing."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from scorekeeper.store import seasons as store_seasons
from tests.conftest import location
from tests.season_helpers import night

PAIRS = [
    ("Zelda Quibble & Yorick Marsh", ["Zelda Quibble", "Yorick Marsh"]),
    ("Xavier Plumtree & Wanda Crisp", ["Xavier Plumtree", "Wanda Crisp"]),
    ("Vera Dunstable & Ulric Fenn", ["Vera Dunstable", "Ulric Fenn"]),
]
SURNAMES = ["Quibble", "Marsh", "Plumtree", "Crisp", "Dunstable", "Fenn"]
FIRST_NAMES = ["Zelda", "Yorick", "Xavier", "Wanda", "Vera", "Ulric"]


def club(client, db) -> tuple[str, str, list[str]]:
    """Makes a group from this browser, two closed nights and a season; returns their ids."""
    group_id = location(client.post("/groups", data={"name": "Club"})).rsplit("/", 1)[1]
    events = [
        night(db, group_id, "2026-01-06", PAIRS, lambda r, t: (1500, 500), rounds=3),
        night(db, group_id, "2026-01-13", PAIRS, lambda r, t: (500, 1200), rounds=3),
    ]
    new = store_seasons.NewSeason("Winter", "2026-01-01", "2026-03-31")
    return group_id, store_seasons.create_season(db, group_id, new).id, events


def test_the_season_page_screen_and_downloads(client, db) -> None:
    group_id, season_id, _events = club(client, db)
    base = f"/groups/{group_id}/seasons/{season_id}"
    page = client.get(base).get_data(as_text=True)
    assert "Winter" in page and "Zelda Quibble" in page
    assert season_id in client.get(f"/groups/{group_id}/seasons").get_data(as_text=True)
    assert "Xavier Plumtree" in client.get(f"{base}/screen").get_data(as_text=True)
    csv = client.get(f"{base}/standings.csv").get_data(as_text=True).splitlines()
    assert csv[0] == "rank,name,score,nights,counted,dropped,qualified" and len(csv) == 4
    for paper, width in (("a4", 595), ("letter", 612)):
        pdf = client.get(f"{base}/standings.pdf?paper={paper}")
        reader = PdfReader(__import__("io").BytesIO(pdf.data))
        assert round(float(reader.pages[0].mediabox.width)) == width
        assert "Winter" in reader.pages[0].extract_text()


def test_another_browser_sees_no_season(app, client, db) -> None:
    group_id, season_id, _events = club(client, db)
    stranger = app.test_client()
    assert stranger.get(f"/groups/{group_id}/seasons/{season_id}").status_code == 404


def test_the_public_switch_opens_and_closes_the_season_page(client, db) -> None:
    group_id, season_id, _events = club(client, db)
    base = f"/groups/{group_id}/seasons/{season_id}"
    client.post(f"{base}/public", data={"public": "1", "names": "hidden"})
    url = re.search(r'id="public-address" href="([^"]+)"', client.get(base).text).group(1)
    assert client.get(url).status_code == 200 and "Zelda" not in client.get(url).text
    client.post(f"{base}/public", data={"public": "0", "names": "hidden"})
    assert client.get(url).status_code == 404


def _secrets(db) -> list[str]:
    """Returns every token the database holds, and the ids of its events, games and seasons."""
    found = []
    for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
        for column in columns:
            if "token" in column or (
                column == "id" and table in ("events", "games", "seasons", "groups")
            ):
                found += [
                    v for (v,) in db.execute(f"SELECT {column} FROM {table}") if isinstance(v, str)
                ]
    return [s for s in found if len(s) >= 12]


@pytest.mark.parametrize("naming", ["full", "initial", "hidden"])
def test_public_pages_carry_no_token_no_hidden_name_and_no_more_than_results(
    app, db, naming
) -> None:
    from flask.testing import FlaskClient

    member: FlaskClient = app.test_client()
    group_id, season_id, events = club(member, db)
    season_page = store_seasons.set_public(db, "season", season_id, True, naming)
    event_page = store_seasons.set_public(db, "event", events[0], True, naming)
    reader = app.test_client()  # anyone: no cookie of the group
    texts = []
    for slug in (season_page.slug, event_page.slug):
        for path in (f"/results/{slug}", f"/results/{slug}.json"):
            response = reader.get(path)
            assert response.status_code == 200
            texts.append(response.get_data(as_text=True))
    event_json = reader.get(f"/results/{event_page.slug}.json").get_json()
    assert set(event_json) == {"name", "date", "standings"}
    for line in event_json["standings"]:
        assert set(line) == {
            "rank",
            "position",
            "name",
            "players",
            "victory_points",
            "margin",
            "played",
            "scorecard",
        }
        card = reader.get(line["scorecard"])
        assert card.status_code == 200 and "Winter" in card.text  # its season line
        texts.append(card.get_data(as_text=True))
    night_page = reader.get(f"/results/{event_page.slug}").text
    assert f"/results/{season_page.slug}" in night_page  # the night links to its season
    season_json = reader.get(f"/results/{season_page.slug}.json").get_json()
    assert set(season_json) == {"name", "from", "to", "nights", "standings"}
    everything = "\n".join(texts)
    for secret in _secrets(db):
        assert secret not in everything
    if naming != "full":
        for surname in SURNAMES:
            assert surname not in everything
    if naming == "hidden":
        for first in FIRST_NAMES:
            assert first not in everything
    else:
        assert "Zelda" in everything


def test_an_admin_makes_a_season_and_a_refusal_keeps_what_was_typed(client, db) -> None:
    group_id = location(client.post("/groups", data={"name": "Club"})).rsplit("/", 1)[1]
    form = {"name": "Spring", "from": "2026-04-01", "to": "2026-03-01", "score": "place_points"}
    refused = client.post(f"/groups/{group_id}/seasons", data=form | {"best": "two"})
    assert refused.status_code == 422
    assert 'value="Spring"' in refused.text and 'id="e-best"' in refused.text
    assert 'id="e-to"' in refused.text  # judged at once with the number it cannot read
    refused = client.post(f"/groups/{group_id}/seasons", data=form)
    assert 'id="e-to"' in refused.text and 'id="e-place_points"' in refused.text
    made = client.post(
        f"/groups/{group_id}/seasons",
        data=form | {"to": "2026-06-30", "place_points": "10, 8, 6", "drop_worst": "1"},
    )
    season_id = location(made).rsplit("/", 1)[1]
    season = store_seasons.get_season(db, season_id, group_id)
    assert season.rule.place_points == (10, 8, 6) and season.rule.drop_worst == 1


def test_the_director_opens_the_nights_results_and_sees_its_seasons(client, db) -> None:
    group_id, season_id, events = club(client, db)
    token = db.execute("SELECT director_token FROM events WHERE id = ?", [events[0]]).fetchone()[0]
    page = client.get(f"/events/director/{token}").text
    assert f"/groups/{group_id}/seasons/{season_id}" in page and 'id="public-address"' not in page
    client.post(f"/events/director/{token}/public", data={"public": "1", "names": "initial"})
    page = client.get(f"/events/director/{token}").text
    url = re.search(r'id="public-address" href="([^"]+)"', page).group(1)
    assert "Zelda Q." in client.get(url).text


def test_the_form_counts_chosen_nights_or_a_format_and_keeps_them_on_a_refusal(client, db) -> None:
    group_id, _season_id, events = club(client, db)
    form = {"name": "Picked", "from": "2026-01-01", "to": "2026-03-31", "score": "victory_points"}
    page = client.get(f"/groups/{group_id}/seasons").text
    assert all(f'value="{e}"' in page for e in events) and '<option value="classic"' in page
    refused = client.post(
        f"/groups/{group_id}/seasons", data=form | {"nights": "chosen", "best": "x"}
    )
    assert refused.status_code == 422 and 'id="e-events"' in refused.text
    assert "Tick at least one night" in refused.text and 'value="chosen" checked' in refused.text
    refused = client.post(
        f"/groups/{group_id}/seasons",
        data=form | {"nights": "chosen", "events": [events[1]], "to": "2025-01-01"},
    )
    assert refused.status_code == 422 and 'id="e-to"' in refused.text
    assert f'value="{events[1]}" checked' in refused.text  # the tick kept
    assert f'value="{events[0]}" checked' not in refused.text
    foreign = client.post(
        f"/groups/{group_id}/seasons", data=form | {"nights": "chosen", "events": ["nope"]}
    )
    assert foreign.status_code == 422 and 'id="e-events"' in foreign.text
    made = client.post(
        f"/groups/{group_id}/seasons",
        data=form | {"nights": "chosen", "events": [events[1]], "format": "classic"},
    )
    season = store_seasons.get_season(db, location(made).rsplit("/", 1)[1], group_id)
    assert season.events == (events[1],) and season.format == "classic"
    nights, _lines = store_seasons.season_standings(db, season)
    assert [n.event for n in nights] == [events[1]]
    other = client.post(
        f"/groups/{group_id}/seasons", data=form | {"nights": "dates", "format": "hand_foot"}
    )
    season = store_seasons.get_season(db, location(other).rsplit("/", 1)[1], group_id)
    assert store_seasons.season_standings(db, season)[0] == []  # no night in that format


def test_the_big_screen_follows_the_season_with_a_304_while_it_stands(client, db) -> None:
    group_id, season_id, events = club(client, db)
    base = f"/groups/{group_id}/seasons/{season_id}/screen"
    page = client.get(base).text
    assert "js/season_screen.js" in page and 'http-equiv="refresh"' not in page
    assert f'data-live="{base}/live.json"' in page
    live = client.get(f"{base}/live.json")
    assert live.status_code == 200 and live.headers["Cache-Control"] == "private, no-cache"
    body = live.get_json()
    assert body["nights_line"].startswith("2 nights")
    assert len(body["standings"]) == 3 and {"rank", "name", "score"} <= set(body["standings"][0])
    tag = live.headers["ETag"].strip('"')
    same = client.get(f"{base}/live.json", headers={"If-None-Match": tag})
    assert same.status_code == 304 and same.get_data() == b""
    german = client.get(
        f"{base}/live.json", headers={"If-None-Match": tag, "Accept-Language": "de"}
    )
    assert german.status_code == 200 and german.get_json()["nights_line"].startswith("2 Abende")
    night(db, group_id, "2026-01-20", PAIRS, lambda r, t: (900, 100), rounds=3)
    moved = client.get(f"{base}/live.json", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.get_json()["nights_line"].startswith("3 nights")
    assert client.get(f"/groups/{group_id}/seasons/{events[0]}/screen/live.json").status_code == 404


def test_only_an_admin_opens_the_seasons_results_on_the_web(app, client, db) -> None:
    group_id, season_id, _events = club(client, db)
    token = db.execute("SELECT token FROM groups WHERE id = ?", [group_id]).fetchone()[0]
    member = app.test_client()
    member.get(f"/groups/join/{token}")
    base = f"/groups/{group_id}/seasons/{season_id}"
    page = member.get(base)
    assert page.status_code == 200 and "Publish the results" not in page.text
    refused = member.post(f"{base}/public", data={"public": "1", "names": "full"})
    assert (
        refused.status_code == 403
        and "say who they are" not in refused.text
        and "says who they are" in refused.text
    )
    assert store_seasons.public_of(db, "season", season_id) is None
    assert "Publish the results" in client.get(base).text  # the admin's page has the switch

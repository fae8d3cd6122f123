"""The demo: one tap gives a newcomer a group of finished games to look around, and deletes."""

from __future__ import annotations

import io
import re

import pytest

from scorekeeper.basics.resources import resource_dir
from scorekeeper.store.portable.importing import check, parse
from tests.conftest import location

DEMO = resource_dir("seeds") / "demo" / "demo.json"


def test_the_seed_is_an_export_of_a_dozen_finished_games_in_several_formats():
    document = parse(DEMO.read_bytes())
    games = check(document)  # every hand valid under its format, as an import checks it
    assert 10 <= len(games) <= 16
    assert all(game.book.replay(game.setup, game.hands).status.over for game in games)
    formats = {(raw["format"], tuple(raw.get("options", []))) for raw in document["games"]}
    assert len(formats) >= 3
    (group,) = document["groups"]
    assert {g["game"] for g in group["games"]} == {raw["id"] for raw in document["games"]}
    assert len(group["players"]) >= 5


@pytest.mark.slow  # makes the whole demo group (the fast loop skips it; CI runs it)
def test_an_empty_home_offers_the_demo_and_one_tap_makes_it(client):
    assert "Look around a demo" in client.get("/").get_data(as_text=True)
    group_url = location(client.post("/groups/demo"))
    group_id = re.fullmatch(r"/groups/([\w-]+)", group_url)[1]
    page = client.get(group_url).get_data(as_text=True)
    assert "Delete the demo" in page
    stats = client.get(f"/groups/{group_id}/stats")
    assert stats.status_code == 200 and "Win rate" in stats.get_data(as_text=True)
    history = client.get(f"/groups/{group_id}/history").get_data(as_text=True)
    games = re.findall(r'href="/games/([\w-]+)"', history)
    assert len(games) >= 10
    assert "How the game went" in client.get(f"/games/{games[0]}").get_data(as_text=True)
    assert location(client.post("/groups/demo")) == group_url  # a second tap opens the same one
    home = client.get("/").get_data(as_text=True)
    assert "Look around a demo" not in home  # no longer empty: the demo group is listed


def test_deleting_the_demo_deletes_its_games(app, client):
    group_url = location(client.post("/groups/demo"))
    group_id = group_url.rsplit("/", 1)[1]
    games = re.findall(
        r'href="/games/([\w-]+)"', client.get(f"{group_url}/history").get_data(as_text=True)
    )
    assert location(client.post(f"/groups/{group_id}/delete")) == "/"
    assert client.get(group_url).status_code == 404
    assert all(client.get(f"/games/{g}").status_code == 404 for g in games)


def test_a_real_group_cannot_be_deleted(client):
    group_url = location(client.post("/groups", data={"name": "Real"}))
    group_id = group_url.rsplit("/", 1)[1]
    client.post(f"/groups/{group_id}/delete")
    assert client.get(group_url).status_code == 200


def test_a_groups_download_imports_back_as_a_new_group(app, client):
    group_url = location(client.post("/groups/demo"))
    group_id = group_url.rsplit("/", 1)[1]
    download = client.get(f"/groups/{group_id}/export.json")
    assert download.headers["Content-Disposition"].startswith("attachment")
    other = app.test_client()
    assert other.get(f"/groups/{group_id}/export.json").status_code == 404
    response = other.post("/import", data={"file": (io.BytesIO(download.data), "g.json")})
    assert location(response) == "/"
    home = other.get("/").get_data(as_text=True)
    (copy,) = re.findall(r'href="/groups/([\w-]+)"><strong>Demo table', home)
    assert copy != group_id
    mine = client.get(f"/groups/{group_id}/stats").get_data(as_text=True)
    theirs = other.get(f"/groups/{copy}/stats").get_data(as_text=True)

    def tables(page: str) -> list[str]:  # the links hold each group's own ids: left out
        return [
            re.sub(r'href="[^"]*"', "", t) for t in re.findall(r"<tbody>.*?</tbody>", page, re.S)
        ]

    assert tables(mine) == tables(theirs)  # the same players, games, wins and figures

"""A night's pages lead to its seasons: the entrant's page and the big screen link each public
season that counts the night; the entrant's page and its pair card carry its scorecard."""

from __future__ import annotations

import io

from pypdf import PdfReader

from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.groups.group import create_group
from tests.season_helpers import night

PAIRS = [("Aces", ["Ann Smith", "Bob Jones"]), ("Kings", ["Cy Young", "Di Prince"])]


def test_a_nights_pages_link_its_public_season_and_the_entrants_scorecard(client, db) -> None:
    group = create_group(db, "Club")
    event_id = night(db, group.id, "2026-01-06", PAIRS, lambda r, t: (1500, 500))
    season = store_seasons.create_season(
        db, group.id, store_seasons.NewSeason("Winter cup", "2026-01-01", "2026-03-31")
    )
    director, view = db.execute(
        "SELECT director_token, view_token FROM events WHERE id = ?", [event_id]
    ).fetchone()
    entrant = db.execute(
        "SELECT token FROM event_entrants WHERE event_id = ? AND position = 1", [event_id]
    ).fetchone()[0]

    def pages() -> tuple[str, str, str]:
        cards = client.get(f"/events/director/{director}/pair-cards.pdf")
        text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(cards.data)).pages)
        return (
            client.get(f"/events/entrant/{entrant}").get_data(as_text=True),
            client.get(f"/events/screen/{view}").get_data(as_text=True),
            text,
        )

    mine, screen, cards = pages()  # all private: nothing to follow
    assert "Winter cup" not in mine and "Winter cup" not in screen
    assert "/results/" not in mine and "/results/" not in cards

    season_page = store_seasons.set_public(db, "season", season.id, True, "full")
    night_page = store_seasons.set_public(db, "event", event_id, True, "initial")
    assert season_page and night_page
    mine, screen, cards = pages()
    for page in (mine, screen):
        assert "Season: Winter cup" in page and f"/results/{season_page.slug}" in page
    assert f"/results/{night_page.slug}/entrants/1" in mine  # its own scorecard, not another's
    assert "/entrants/0" not in mine
    assert f"/results/{night_page.slug}/entrants/0" in cards.replace("\n", "")
    assert f"/results/{night_page.slug}/entrants/1" in cards.replace("\n", "")


def test_the_screens_poll_carries_the_nights_seasons_as_they_change(client, db) -> None:
    group = create_group(db, "Club")
    event_id = night(db, group.id, "2026-01-06", PAIRS, lambda r, t: (1500, 500))
    view = db.execute("SELECT view_token FROM events WHERE id = ?", [event_id]).fetchone()[0]
    url = f"/events/screen/{view}/live.json"
    first = client.get(url)
    assert first.get_json()["seasons"] == []
    tag = first.headers["ETag"]
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304

    # A season made and published after the night closed moves no event version: the poll
    # still answers with the new line instead of a 304.
    season = store_seasons.create_season(
        db, group.id, store_seasons.NewSeason("Winter cup", "2026-01-01", "2026-03-31")
    )
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304  # still private
    shown = store_seasons.set_public(db, "season", season.id, True, "full")
    assert shown is not None
    moved = client.get(url, headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag
    assert moved.get_json()["seasons"] == [
        {"name": "Winter cup", "url": f"/results/{shown.slug}", "line": "Season: Winter cup"}
    ]
    german = client.get(f"{url}?lang=de").get_json()["seasons"][0]["line"]
    assert german != "Season: Winter cup" and german.endswith("Winter cup")

    db.execute("UPDATE seasons SET name = 'Winter trophy' WHERE id = ?", [season.id])
    db.conn.commit()
    renamed = client.get(url, headers={"If-None-Match": moved.headers["ETag"]})
    assert renamed.status_code == 200
    assert renamed.get_json()["seasons"][0]["line"] == "Season: Winter trophy"
    store_seasons.set_public(db, "season", season.id, False, "full")
    assert client.get(url).get_json()["seasons"] == []

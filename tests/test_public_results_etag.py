"""Public results pages answer a conditional GET: 304 until the night, season, naming or
language moves."""

from __future__ import annotations

from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.events import event as store_events
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.groups.group import create_group
from tests.season_helpers import night

PAIRS = [("Aces", ["Ann Smith", "Bob Jones"]), ("Kings", ["Cy Young", "Di Prince"])]


def _again(client, address: str, tag: str, **headers: str):
    return client.get(address, headers={"If-None-Match": tag, **headers})


def test_the_public_pages_answer_304_until_something_they_show_moves(client, db) -> None:
    group = create_group(db, "Club")
    first = night(db, group.id, "2026-01-06", PAIRS, lambda r, t: (1500, 500))
    season = store_seasons.create_season(
        db, group.id, store_seasons.NewSeason("Winter", "2026-01-01", "2026-03-31")
    )
    event_page = store_seasons.set_public(db, "event", first, True, "full")
    season_page = store_seasons.set_public(db, "season", season.id, True, "full")
    assert event_page and season_page
    addresses = {
        "event": f"/results/{event_page.slug}",
        "json": f"/results/{event_page.slug}.json",
        "card": f"/results/{event_page.slug}/entrants/0",
        "season": f"/results/{season_page.slug}",
        "season json": f"/results/{season_page.slug}.json",
    }
    tags = {}
    for kind, address in addresses.items():
        seen = client.get(address)
        assert seen.status_code == 200 and seen.headers["Cache-Control"] == "no-cache", kind
        tags[kind] = seen.headers["ETag"].strip('"')
        unchanged = _again(client, address, tags[kind])
        assert unchanged.status_code == 304 and unchanged.get_data() == b"", kind
        # Another language is another page.
        assert _again(client, address, tags[kind], **{"Accept-Language": "de"}).status_code == 200

    # The director reopens the night, corrects its one table and closes it: every page moves.
    store_events.reopen_event(db, first)
    event_rounds.correct(db, first, 1, 1, (500, 1500))
    store_events.close_event(db, first)
    for kind, address in addresses.items():
        moved = _again(client, address, tags[kind])
        assert moved.status_code == 200, kind
        tags[kind] = moved.headers["ETag"].strip('"')
    assert client.get(addresses["season json"]).get_json()["standings"][0]["name"] == "Kings"

    # A second night closes: the season moves, and so does the first night's scorecard (its
    # season line); the first night's own standings do not.
    night(db, group.id, "2026-01-13", PAIRS, lambda r, t: (900, 100))
    assert _again(client, addresses["season"], tags["season"]).status_code == 200
    assert _again(client, addresses["card"], tags["card"]).status_code == 200
    assert _again(client, addresses["event"], tags["event"]).status_code == 304

    # Another naming is another page; a reopened night leaves the season.
    store_seasons.set_public(db, "event", first, True, "hidden")
    renamed = _again(client, addresses["event"], tags["event"])
    assert renamed.status_code == 200 and "Aces" not in renamed.get_data(as_text=True)
    season_tag = client.get(addresses["season"]).headers["ETag"].strip('"')
    store_events.reopen_event(db, first)
    store_seasons.night_changed(db, first)
    assert _again(client, addresses["season"], season_tag).status_code == 200

"""A day the calendar does not have (2026-13-45) is refused at every edge that takes one, in the
request's words, and one stored before the edges checked it still opens every page and paper."""

from __future__ import annotations

import re

import pytest

from scorekeeper.api.shapes import DAY
from scorekeeper.basics.days import day_of, real_day
from scorekeeper.language import i18n
from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.events import event as store_events
from scorekeeper.store.groups.group import create_group
from tests.conftest import location
from tests.season_helpers import night
from tests.test_api_events import bearer, body

IMPOSSIBLE = ["2026-13-45", "2026-02-30", "2026-00-10", "2025-02-29"]
PAIRS = [("Aces", ["Ann", "Bob"]), ("Kings", ["Cy", "Di"])]
WORDS = {"en": "Dates are YYYY-MM-DD.", "de": "Daten sind JJJJ-MM-TT."}


def test_the_judge_of_a_day_knows_the_calendar() -> None:
    assert real_day("2024-02-29") and day_of("2026-12-07") is not None
    for text in [*IMPOSSIBLE, "", "2026-1-01", "20261207", "２０２６-12-07", "2026-12-07T10:00"]:
        assert not real_day(text), text


def test_the_apis_day_pattern_is_the_calendar() -> None:
    """The schema's pattern (what a client reads) takes exactly the days real_day takes."""
    pattern = re.compile(DAY.removeprefix("^").removesuffix("$"))
    years = [*range(0, 30), *range(1896, 1905), *range(1996, 2105), *range(2396, 2405), 9999]
    for year in years:
        for month in range(0, 14):
            for day in range(0, 33):
                text = f"{year:04d}-{month:02d}-{day:02d}"
                assert (pattern.fullmatch(text) is not None) == real_day(text), text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("day", IMPOSSIBLE)
def test_a_new_event_on_a_day_that_is_not_one_is_refused_on_date(client, lang, day) -> None:
    response = client.post("/api/v1/events", json=body(date=day), headers={"Accept-Language": lang})
    assert response.status_code == 422, response.get_data(as_text=True)
    assert response.get_json()["errors"] == [
        {"side": None, "field": "date", "message": WORDS[lang]}
    ]


def test_a_real_day_is_kept(client) -> None:
    made = client.post("/api/v1/events", json=body(date="2024-02-29")).get_json()
    read = client.get(f"/api/v1/events/{made['id']}", headers=bearer(made["token"]))
    assert read.get_json()["date"] == "2024-02-29"


def test_the_store_refuses_a_day_that_is_not_one_whichever_edge_sent_it(db) -> None:
    group = create_group(db, "Club")
    with pytest.raises(store_events.InvalidEvent) as refused:
        night(db, group.id, "2026-13-45", PAIRS, lambda r, t: (1500, 500))
    found = refused.value.problems
    assert [(p.field, p.code) for p in found] == [("date", "event_date")]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_season_or_a_history_filter_on_a_day_that_is_not_one_is_refused(client, lang) -> None:
    group = client.post("/api/v1/groups", json={"name": "Club"}).get_json()
    asked = bearer(group["token"]) | {"Accept-Language": lang}
    season = {"name": "Winter", "from": "2026-02-30", "to": "2026-03-31"}
    refused = client.post(f"/api/v1/groups/{group['id']}/seasons", json=season, headers=asked)
    assert refused.status_code == 422
    assert [e["field"] for e in refused.get_json()["errors"]] == ["from"]
    history = client.get(
        f"/api/v1/groups/{group['id']}/history",
        query_string={"since": "2026-13-45"},
        headers=asked,
    )
    assert history.status_code == 422
    assert history.get_json()["errors"] == [
        {"side": None, "field": "since", "message": WORDS[lang]}
    ]


def test_a_day_stored_before_the_check_opens_every_page_and_paper(client, db) -> None:
    group = create_group(db, "Club")
    event_id = night(db, group.id, "2026-01-06", PAIRS, lambda r, t: (1500, 500))
    season = store_seasons.create_season(
        db, group.id, store_seasons.NewSeason("Winter cup", "2026-01-01", "2026-12-31")
    )
    db.execute("UPDATE events SET day = '2026-02-30' WHERE id = ?", [event_id])
    db.commit()
    director = db.execute("SELECT director_token FROM events WHERE id = ?", [event_id]).fetchone()[
        0
    ]
    night_page = store_seasons.set_public(db, "event", event_id, True, "full")
    season_page = store_seasons.set_public(db, "season", season.id, True, "full")
    assert night_page and season_page
    paths = [
        f"/events/director/{director}",
        f"/events/director/{director}/standings.pdf",
        f"/events/director/{director}/scorecards.pdf",
        f"/results/{night_page.slug}",
        f"/results/{night_page.slug}/entrants/0",
        f"/results/{season_page.slug}",
    ]
    for path in paths:
        for lang in ("en", "de"):
            response = client.get(path, headers={"Accept-Language": lang})
            assert response.status_code == 200, (path, lang, response.status_code)
    page = client.get(f"/results/{night_page.slug}").get_data(as_text=True)
    assert "2026-02-30" in page  # shown as it was stored, not guessed
    season_text = client.get(f"/results/{season_page.slug}").get_data(as_text=True)
    assert "Night 2026-01-06" in season_text and "2026-02-30" in season_text


def test_a_stored_day_that_is_not_one_is_written_as_it_is() -> None:
    assert i18n.day("2026-13-45", "de") == "2026-13-45"
    assert i18n.day("2026-12-07", "de") == "07.12.2026"


def test_the_groups_season_pages_and_csv_with_a_day_stored_before_the_check(client, db) -> None:
    group_id = location(client.post("/groups", data={"name": "Club"})).rsplit("/", 1)[1]
    event_id = night(db, group_id, "2026-01-06", PAIRS, lambda r, t: (1500, 500))
    new = store_seasons.NewSeason("Winter", "2026-01-01", "2026-03-31")
    season_id = store_seasons.create_season(db, group_id, new).id
    db.execute("UPDATE events SET day = '2026-02-30' WHERE id = ?", [event_id])
    db.commit()
    base = f"/groups/{group_id}/seasons/{season_id}"
    for path in (f"/groups/{group_id}/seasons", base, f"{base}/standings.pdf"):
        for lang in ("en", "de"):
            response = client.get(path, headers={"Accept-Language": lang})
            assert response.status_code == 200, (path, lang, response.status_code)
    listed = client.get(f"/groups/{group_id}/seasons").get_data(as_text=True)
    assert "2026-02-30" in listed
    csv = client.get(f"{base}/standings.csv")
    assert csv.headers["Content-Type"] == "text/csv; charset=utf-8"  # one charset

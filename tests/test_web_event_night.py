"""The director's night on the web: arrivals, withdrawals, the timer, an unfinished round, the screen."""

from __future__ import annotations

import csv
import io
import re

from pypdf import PdfReader

from scorekeeper.store.events import event as store_events
from tests.conftest import location
from tests.test_web_events import director


def event_of(client, path: str):  # type: ignore[no-untyped-def]
    page = client.get(path).get_data(as_text=True)
    return re.search(r'<code id="event-id">([^<]+)</code>', page).group(1)


def test_the_page_shows_the_event_id_and_adds_a_late_entrant_and_a_withdrawal(client, db) -> None:
    path = director(client)
    event_id = event_of(client, path)
    assert store_events.get_event(db, event_id).name == "Tuesday club"
    client.post(f"{path}/rounds")
    client.post(f"{path}/entrants", data={"entrant": "Tens: Ivy, Jo"})
    late = store_events.get_event(db, event_id).entrants[-1]
    assert (late.name, late.players, late.from_round) == ("Tens", ("Ivy", "Jo"), 2)
    refused = client.post(f"{path}/entrants", data={"entrant": "aces: Zed, Yu"})
    assert location(refused).startswith(path)
    assert len(store_events.get_event(db, event_id).entrants) == 5  # a name taken: refused
    client.post(f"{path}/withdraw", data={"position": "2"})
    assert store_events.get_event(db, event_id).entrants[2].withdrawn_after == 1
    page = client.get(path).get_data(as_text=True)
    assert re.search(r'Queens(</a>)? <span class="gone">\(withdrawn\)</span>', page)
    screen = re.search(r'href="(/events/screen/[^"]+)"', page).group(1)
    marks = {
        ln["name"]: ln["mark"] for ln in client.get(f"{screen}/live.json").get_json()["standings"]
    }
    assert marks["Queens"] == "withdrawn" and marks["Aces"] == ""
    rows = list(csv.reader(io.StringIO(client.get(f"{path}/standings.csv").get_data(as_text=True))))
    gone = {r[2]: r[-1] for r in rows[1:]}
    assert rows[0][-1] == "withdrawn_after" and gone["Queens"] == "1" and gone["Aces"] == ""
    for kind in ("standings.pdf", "scorecards.pdf"):
        pdf = PdfReader(io.BytesIO(client.get(f"{path}/{kind}?lang=de").data))
        text = " ".join(p.extract_text() for p in pdf.pages)
        assert "Queens (zurückgezogen)" in text, kind


def test_starting_a_round_with_tables_playing_names_them_and_asks_again(client, db) -> None:
    path = director(client)
    client.post(f"{path}/rounds")
    asked = client.post(f"{path}/rounds")
    assert "ask=1" in location(asked)
    page = client.get(f"{path}?ask=1").get_data(as_text=True)
    assert "Tables 1, 2 are still playing" in page and "Start round 2 anyway" in page
    assert 'name="anyway" value="1"' in page
    event_id = event_of(client, path)
    assert store_events.get_event(db, event_id).started == 1  # not started by the first tap
    client.post(f"{path}/rounds", data={"anyway": "1"})
    assert store_events.get_event(db, event_id).started == 2


def test_a_correction_typed_the_page_languages_way(client, db) -> None:
    path = director(client)
    client.post(f"{path}/rounds")
    event_id = event_of(client, path)
    client.post(
        f"{path}/tables/1/1?lang=de", data={"ns": "2.150", "ew": "1.400", "action": "correct"}
    )
    client.post(
        f"{path}/tables/1/2?lang=en", data={"ns": "2,150", "ew": "−300", "action": "correct"}
    )
    event = store_events.get_event(db, event_id)
    from scorekeeper.store.events import rounds as event_rounds

    scores = [t.scores for t in event_rounds.tables(db, event, 1)]
    assert scores == [(2150, 1400), (2150, -300)]
    client.post(f"{path}/tables/1/1", data={"ns": "100001", "ew": "0", "action": "correct"})
    assert event_rounds.tables(db, store_events.get_event(db, event_id), 1)[0].scores == (
        2150,
        1400,
    )


def test_the_timer_and_final_standings_on_the_big_screen(client, db) -> None:
    path = director(client)
    client.post(f"{path}/timer", data={"minutes": "25"})
    client.post(f"{path}/rounds")
    page = client.get(path).get_data(as_text=True)
    screen = re.search(r'href="(/events/screen/[^"]+)"', page).group(1)
    live = client.get(f"{screen}/live.json").get_json()
    assert live["round_line"] == "Round 1 of 3" and live["final"] is False
    started = store_events.get_event(db, event_of(client, path)).round_started_at
    assert live["ends"][:16] > started[:16]  # 25 minutes after the round started
    assert 'data-ends="' in client.get(screen).get_data(as_text=True)
    client.post(f"{path}/timer", data={"minutes": "999"})  # over the bound: refused
    assert store_events.get_event(db, event_of(client, path)).round_minutes == 25
    client.post(f"{path}/close")
    live = client.get(f"{screen}/live.json").get_json()
    assert live["round_line"] == "Final standings" and live["final"] and live["ends"] == ""
    assert "Final standings" in client.get(screen).get_data(as_text=True)


def test_club_night_is_linked_from_home_and_a_groups_page(client) -> None:
    home = client.get("/").get_data(as_text=True)
    assert re.search(r'id="club-night" href="/events/new"', home)
    group_page = location(client.post("/groups", data={"name": "Thursday"}))
    page = client.get(group_page).get_data(as_text=True)
    link = re.search(r'id="club-night" href="(/events/new\?group=[^"]+)"', page).group(1)
    form = client.get(link).get_data(as_text=True)
    group_id = link.split("=")[1]
    assert f'<option value="{group_id}" selected>' in form


def _form_values(client, lang: str = "en") -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Returns the new-event form's fields as the page fills them."""
    page = client.get(f"/events/new?lang={lang}").get_data(as_text=True)
    return dict(re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', page))


def test_the_bands_are_rows_filled_from_a_template_and_edited_there(client, db) -> None:
    from tests.test_web_events import FORM

    shown = _form_values(client)
    assert (shown["band-0-up_to"], shown["band-0-winner"], shown["band-0-loser"]) == (
        "150",
        "10",
        "10",
    )
    assert shown["band-10-up_to"] == "" and shown["band-10-winner"] == "20"  # the open last band
    assert (shown["bye_vp"], shown["bye_margin"]) == ("14", "355")
    filled = {k: v for k, v in shown.items() if k.startswith("band") or k.startswith("bye")}
    edited = filled | {"band-1-winner": "12", "band-1-loser": "8", "bye_margin": "-200"}
    path = location(client.post("/events/new", data=FORM | edited))
    event = store_events.get_event(db, event_of(client, path))
    assert (event.table.bands[1].winner, event.table.bands[1].loser) == (12, 8)
    assert (event.bye.victory_points, event.bye.margin) == (14, -200)
    # rows left as filled, another template chosen: that template's bands
    path = location(
        client.post("/events/new", data=FORM | filled | {"victory_points": "canasta_4"})
    )
    from scorekeeper.events import template

    assert store_events.get_event(db, event_of(client, path)).table == template("canasta_4")
    german = _form_values(client, "de")
    assert german["band-4-up_to"] == "1.500"  # written the German way
    german = {k: v for k, v in german.items() if k.startswith(("band", "bye"))}
    german |= {"band-4-up_to": "1.400"}
    path = location(client.post("/events/new?lang=de", data=FORM | german))
    assert store_events.get_event(db, event_of(client, path)).table.bands[4].up_to == 1400
    bad = filled | {"band-2-loser": "13"}  # the loser above the winner (12)
    page = client.post("/events/new", data=FORM | bad)
    text = page.get_data(as_text=True)
    assert page.status_code == 422 and 'id="e-bands"' in text and "Row 3" in text
    assert 'name="band-2-loser" type="text" inputmode="numeric" value="13"' in text


def test_a_mitchell_page_says_its_lines(client) -> None:
    path = director(client, movement="mitchell", rounds="2")
    page = client.get(path).get_data(as_text=True)
    assert "Mitchell lines: North-South Aces, Kings; East-West Queens, Jacks." in page


def test_a_mitchell_page_says_who_moved_after_a_withdrawal(client) -> None:
    """The reviewer's night (D6): tables 1 to 4, and the page says who sits against its line."""
    names = "\n".join(f"P{i}: a{i}, b{i}" for i in range(1, 9))
    path = director(client, movement="mitchell", rounds="4", entrants=names)
    for number in range(1, 5):
        if number == 3:
            client.post(f"{path}/entrants", data={"entrant": "Late: L a, L b"})
        if number == 4:
            client.post(f"{path}/withdraw", data={"position": "5"})  # P6, after round 3
        client.post(f"{path}/rounds", data={"anyway": "1"})
        for table in range(1, 5):
            client.post(
                f"{path}/tables/{number}/{table}",
                data={"action": "correct", "ns": "300", "ew": "600"},
            )
    page = client.get(path).get_data(as_text=True)
    assert re.findall(r'<section class="director-table" id="table-(\d+)"', page) == list("1234")
    moves = re.search(r'<ul id="line-moves">(.*?)</ul>', page, re.S).group(1)
    assert "are both" in moves and moves.count("<li>") >= 1

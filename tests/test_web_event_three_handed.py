"""Tables of three on the web: the form's choice, each player's card, confirmations, corrections."""

from __future__ import annotations

import re

import pytest

from scorekeeper.events import standings
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import get_event
from tests.conftest import location
from tests.test_web_entrant_cards import cards, event_id, hand_form
from tests.test_web_events import director

PLAYERS = ["Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]
NIGHT = {
    "movement": "individual",
    "seating": "cutthroat",
    "entrants": "\n".join(PLAYERS),
    "confirm": "on",
    "deals_per_round": "1",
    "rounds": "3",
}


def won(side: int, sides: int) -> dict[str, str]:
    """Returns a hand's fields that seat `side` wins going out (a table of three: alone)."""
    fields = {
        f"{side}-melded_points": "400",
        f"{side}-canastas-natural": "2",
        f"{side}-went_out": "out",
        # Cutthroat's partners enter their melds once, in the first partner's column
        f"{min(s for s in range(sides) if s != side)}-melded_points": "60",
    }
    return fields | ({"lone_hand": str(side)} if sides == 3 else {})


@pytest.mark.slow  # about 2 s: the store's test of the same night runs in the fast loop
def test_ten_players_three_rounds_at_tables_of_three_through_the_cards(client, db) -> None:
    path = director(client, **NIGHT)
    assert path.startswith("/events/director/"), path
    eid = event_id(db, path)
    pages = cards(db, path)
    names = {e.position: e.name for e in get_event(db, eid).entrants}
    for number in (1, 2, 3):
        assert location(client.post(f"{path}/rounds")).startswith(path)
        tables = event_rounds.tables(db, get_event(db, eid), number)
        assert sorted(p for t in tables for side in t.seats for p in side) == list(range(10))
        for t in tables:
            sides = len(t.seats)
            saver = (number + t.number) % sides
            saving = pages[names[t.seats[saver][0]]]
            if t.third:  # the card says where to sit: a table of three, against the two others
                text = client.get(saving).get_data(as_text=True)
                assert f"table {t.number}, a table of three (Cutthroat), against" in text
            saved = client.post(
                f"{saving}/hands/new", data=hand_form(client, saving) | won(saver, sides)
            )
            assert "#hand-1" in location(saved), saved.get_data(as_text=True)
            mine = client.get(saving).get_data(as_text=True)
            assert "/confirm" not in mine
            other = pages[names[t.seats[(saver + 1) % sides][0]]]
            assert f"{other}/rounds/{number}/hands/1/confirm" in client.get(other).get_data(
                as_text=True
            )
            client.post(f"{other}/rounds/{number}/hands/1/confirm")
        assert all(t.finished for t in event_rounds.tables(db, get_event(db, eid), number))
    assert db.execute("SELECT count(*) FROM event_byes").fetchone()[0] == 0
    event = get_event(db, eid)
    found = [event_rounds.played(t) for t in event_rounds.tables(db, event)]
    expected = standings(eid, [e.position for e in event.entrants], found, event.table, event.bye)
    page = client.get(path).get_data(as_text=True)
    screen = re.search(r'href="(/events/screen/[^"]+)"', page).group(1)
    live = client.get(f"{screen}/live.json").get_json()
    assert [(ln["name"], ln["victory_points"]) for ln in live["standings"]] == [
        (names[ln.entrant], str(ln.victory_points)) for ln in expected.lines
    ]
    assert all(ln.played == 3 for ln in expected.lines)
    three = next(t for t in live["tables"] if len(t["sides"]) == 3)
    assert len(three["scores"]) == 3


def test_the_director_corrects_a_table_of_three_with_a_score_each(client, db) -> None:
    path = director(client, **NIGHT)
    client.post(f"{path}/rounds")
    page = client.get(path).get_data(as_text=True)
    assert 'name="third"' in page  # a third score at a table of three
    client.post(
        f"{path}/tables/1/1",
        data={"ns": "1.500", "ew": "900", "third": "600", "action": "correct"},
        headers={"Accept-Language": "de"},
    )
    first = event_rounds.tables(db, get_event(db, event_id(db, path)), 1)[0]
    assert first.corrected and first.scores == (1500, 900, 600)
    refused = client.post(
        f"{path}/tables/1/1", data={"ns": "1500", "ew": "900", "action": "correct"}
    )
    assert "#table-1" in location(refused)
    first = event_rounds.tables(db, get_event(db, event_id(db, path)), 1)[0]
    assert first.scores == (1500, 900, 600)  # two scores for three sides change nothing


def test_the_form_offers_tables_of_three_and_refuses_five_players(client) -> None:
    assert 'value="cutthroat"' in client.get("/events/new").get_data(as_text=True)
    page = client.post("/events/new", data={**_form(), **NIGHT, "entrants": "\n".join(PLAYERS[:5])})
    text = page.get_data(as_text=True)
    assert page.status_code == 422 and 'id="e-seating"' in text
    assert "Tables of three cannot seat 5 players" in text


def _form() -> dict[str, str]:
    from tests.test_web_events import FORM

    return dict(FORM)

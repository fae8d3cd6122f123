"""Entrant ids: whole numbers (positions) from the store to every edge, read from text by one judge."""

from __future__ import annotations

import re

import pytest

from scorekeeper.events import draw, round_robin
from scorekeeper.events.bounds import entrant_id
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import get_event
from tests.test_api_events import bearer
from tests.test_event_papers import played_event


@pytest.mark.parametrize(
    ("text", "found"),
    [("0", 0), ("7", 7), ("42", 42), ("999999", 999999)],
)
def test_the_judge_reads_an_id_written_one_way(text: str, found: int) -> None:
    assert entrant_id(text) == found


@pytest.mark.parametrize(
    "text", ["", "01", "00", "+1", "-1", " 1", "1 ", "1.0", "١", "１", "1234567", "x", "0x1"]
)
def test_the_judge_refuses_every_other_spelling(text: str) -> None:
    assert entrant_id(text) is None


def test_entrant_zero_may_take_the_bye() -> None:
    """Position 0 is an id like any other: a bye given to it is kept (0 is not 'no bye')."""
    drawn = draw.as_round(1, [(1, 2)], 0)
    assert drawn.byes == (0,)
    planned = round_robin([0, 1, 2], 1)
    kept = draw.keep_or_match(planned, [0, 1, 2], {}, {})
    assert sorted([*kept.byes, *(e for s in kept.seats for side in s.sides for e in side)]) == [
        0,
        1,
        2,
    ]


def test_the_store_and_the_rules_speak_whole_numbers(client, db) -> None:
    made, _ = played_event(client)
    event = get_event(db, made["id"])
    lines = event_rounds.standings(db, event.id).lines
    assert sorted(ln.entrant for ln in lines) == [0, 1, 2, 3]
    tables = event_rounds.tables(db, event)
    assert all(isinstance(p, int) for t in tables for side in t.seats for p in side)
    cards = event_rounds.scorecards(db, event)
    assert set(cards) == {0, 1, 2, 3}
    assert all(isinstance(p, int) for card in cards.values() for ln in card for p in ln.opponents)


def test_every_edge_reads_an_id_by_the_judge(client) -> None:
    made, _ = played_event(client)
    api = f"/api/v1/events/{made['id']}/scorecards.pdf"
    viewer = bearer(made["view_token"])
    assert client.get(f"{api}?entrant=0", headers=viewer).status_code == 200
    assert client.get(f"{api}?entrant=00", headers=viewer).status_code == 422
    assert client.get(f"{api}?entrant=%201", headers=viewer).status_code == 422
    named = client.get(f"{api}?entrant=3", headers=viewer).headers["Content-Disposition"]
    assert "scorecards-3-a4.pdf" in named
    standings = client.get(f"/api/v1/events/{made['id']}/standings", headers=viewer).get_json()
    assert sorted(line["id"] for line in standings["standings"]) == [0, 1, 2, 3]


def test_the_directors_pages_read_an_id_by_the_judge(client) -> None:
    from tests.test_web_events import director

    path = director(client)
    client.post(f"{path}/rounds")
    assert client.get(f"{path}/scorecards.pdf?entrant=0").status_code == 200
    assert client.get(f"{path}/scorecards.pdf?entrant=01").status_code == 404
    assert client.get(f"{path}/pair-cards.pdf?entrant=1").status_code == 200
    assert client.get(f"{path}/pair-cards.pdf?entrant=01").status_code == 404
    refused = client.post(f"{path}/withdraw", data={"position": "01"}, follow_redirects=True)
    assert "There is no such entrant." in refused.get_data(as_text=True)
    done = client.post(f"{path}/withdraw", data={"position": "1"}, follow_redirects=True)
    assert re.search(r"is withdrawn\.", done.get_data(as_text=True))


@pytest.mark.parametrize("spelling", ["01", " 1", "-1", "99", "x", "١"])
def test_the_adjusted_score_form_reads_its_entrant_by_the_judge(client, spelling) -> None:
    """Any spelling but the one is "There is no such entrant." and saves nothing; " 1" too."""
    from tests.test_web_events import director

    path = director(client)
    client.post(f"{path}/rounds")
    award = {"round": "1", "kind": "fixed", "victory_points": "14", "margin": "355"}
    refused = client.post(
        f"{path}/adjust", data=award | {"entrant": spelling}, follow_redirects=True
    ).get_data(as_text=True)
    assert "There is no such entrant." in refused and "adjusted score is saved" not in refused
    saved = client.post(f"{path}/adjust", data=award | {"entrant": "1"}, follow_redirects=True)
    assert "The adjusted score is saved." in saved.get_data(as_text=True)


@pytest.mark.parametrize("spelling", ["01", "00", "007"])
def test_a_number_in_an_address_has_one_spelling(client, spelling) -> None:
    """A leading zero is no second address for the same entrant, hand or round: a 404."""
    made, _ = played_event(client)
    director = bearer(made["token"])
    events = f"/api/v1/events/{made['id']}"
    withdrawn = client.delete(f"{events}/entrants/{spelling}", headers=director)
    assert withdrawn.status_code == 404
    adjusted = client.put(
        f"{events}/rounds/1/adjustments/{spelling}", json={"kind": "no_play"}, headers=director
    )
    assert adjusted.status_code == 404
    assert client.get(f"/api/v1/games/anything/hands/{spelling}").status_code == 404
    assert all(
        e["withdrawn_after"] is None
        for e in client.get(events, headers=director).get_json()["entrants"]
    )

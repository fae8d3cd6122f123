"""An event's name is judged by the one rule for names (engine.names), in the store, whichever
edge sends it: a control character is refused in words, never by the database's CHECK."""

from __future__ import annotations

import pytest

from scorekeeper.events.bounds import event_name_problems
from tests.test_hostile import event_rows

FORM = {
    "name": "Club",
    "format": "classic",
    "movement": "round_robin",
    "rounds": "3",
    "deals_per_round": "2",
    "victory_points": "canasta_3",
    "entrants": "A: Ann, Bob\nB: Cy, Di\nC: Ed, Flo\nD: Gus, Hal",
}


@pytest.mark.parametrize(
    ("name", "words"),
    [
        pytest.param("\x00", "control characters", id="nul"),
        pytest.param("Club\x00night", "control characters", id="nul-inside"),
        pytest.param("Club\u202e", "text-direction", id="bidi"),
    ],
)
def test_a_bad_event_name_is_refused_in_words_and_keeps_the_form(client, db, name, words):
    before = event_rows(db)
    response = client.post("/events/new", data=FORM | {"name": name})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert words in page
    assert "Ann, Bob" in page  # what was typed stays
    assert event_rows(db) == before


def test_the_one_rule_names_each_problem():
    assert event_name_problems("Tuesday club", 80) == []
    assert event_name_problems("x" * 81, 80) == [("name_too_long", {"most": 80})]
    assert event_name_problems("\x00", 80) == [("name_control", {})]
    assert event_name_problems("\t", 80) == [("name_control", {})]
    assert event_name_problems("\u3000", 80) == [("name_spaces", {})]
    assert event_name_problems("", 80) == []  # the edges word an empty name


def test_the_api_refuses_a_control_character_in_an_event_name(client, db):
    from tests.test_api_events import body

    before = event_rows(db)
    response = client.post("/api/v1/events", json=body() | {"name": "Club\x00night"})
    assert response.status_code == 422, response.get_data(as_text=True)
    assert "control characters" in response.get_data(as_text=True)
    assert event_rows(db) == before

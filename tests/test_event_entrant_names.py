"""An entrant's name and players pass one judge at every door: new event or late arrival,
web form, director's page or API; a round never answers 500 for a game it cannot make."""

from __future__ import annotations

import json

import pytest

from scorekeeper.events import bounds
from scorekeeper.store.events import entrants as event_entrants
from scorekeeper.store.events import event as store_events
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.errors import TableRefused
from scorekeeper.store.events.event import InvalidEvent
from tests.conftest import location
from tests.test_api_events import PAIRS, bearer, body, make
from tests.test_web_events import FORM, director

LONG = "P" * (bounds.MAX_ENTRANT_NAME + 1)
# A late pair as the review typed it, and the field and code its refusal names.
LATE = [
    ("Late", ["solo"], "players", "players_per_entrant"),
    ("Late", ["p", "q", "r"], "players", "players_per_entrant"),
    ("Late", [], "players", "players_per_entrant"),
    ("Late", ["dup", "Dup"], "players[1]", "player_named_twice"),
    ("Late", ["Ann", "Zed"], "players[0]", "player_twice"),  # Ann plays for Aces
    ("Late", ["", "y"], "players[0]", "player_name"),
    ("Late", [LONG, "y"], "players[0]", "player_name"),
    ("Late", ["a\tb", "c"], "players[0]", "name_control"),
    ("Late", ["a\u202eb", "c"], "players[0]", "name_bidi"),
    ("A\tB", ["x", "y"], "name", "name_control"),
    (LONG, ["x", "y"], "name", "entrant_name"),
    ("aces", ["x", "y"], "name", "entrant_taken"),
]


@pytest.mark.parametrize(("name", "players", "field", "code"), LATE)
def test_the_store_refuses_a_late_entrant_a_round_could_not_seat(
    client, db, name, players, field, code
) -> None:
    made = make(client)
    with pytest.raises(InvalidEvent) as refused:
        event_entrants.add_entrant(db, made["id"], name, players)
    found = refused.value.problems[0]
    assert (found.field, found.code) == (field, code)
    assert len(store_events.get_event(db, made["id"]).entrants) == len(PAIRS)


def test_an_individual_late_entrant_is_its_own_player(client, db) -> None:
    solo = [{"name": n} for n in ("Ann", "Bob", "Cy", "Di")]
    made = make(client, entrants=solo, movement="individual")
    added = event_entrants.add_entrant(db, made["id"], "Jo", [])
    assert added.players == ("Jo",)
    with pytest.raises(InvalidEvent):
        event_entrants.add_entrant(db, made["id"], "Kim", ["Kim", "Lu"])


@pytest.mark.parametrize(
    ("entrant", "field"),
    [
        ({"name": "A\tB", "players": ["p1", "p2"]}, "entrants[0].name"),
        ({"name": "Aces", "players": ["p\tq", "r"]}, "entrants[0].players[0]"),
    ],
)
def test_the_store_refuses_a_new_event_with_a_tab_in_a_name(db, entrant, field) -> None:
    new = store_events.NewEvent(
        name="Tuesday",
        format="classic",
        entrants=[(entrant["name"], entrant["players"])]
        + [(p["name"], p["players"]) for p in PAIRS[1:]],
        movement="round_robin",
        rounds=1,
        deals_per_round=1,
        table=store_events.VictoryTable(()),
    )
    with pytest.raises(InvalidEvent) as refused:
        store_events.create_event(db, new)
    assert [(p.field, p.code) for p in refused.value.problems] == [(field, "name_control")]


def _after_round_one(client) -> tuple[str, dict[str, str]]:
    made = make(client, rounds=2, deals_per_round=1)
    director_token = bearer(made["token"])
    assert (
        client.post(f"/api/v1/events/{made['id']}/rounds", headers=director_token).status_code
        == 201
    )
    return f"/api/v1/events/{made['id']}", director_token


BAD_BODIES = [
    ({"name": "Late", "players": ["solo"]}, "players", "Each entrant needs 2 player names."),
    ({"name": "Late", "players": ["p", "q", "r"]}, "players", "Each entrant needs 2 player names."),
    ({"name": "Late", "players": []}, "players", "Each entrant needs 2 player names."),
    (
        {"name": "Late", "players": ["dup", "dup"]},
        "players[1]",
        "dup is named twice: give each player once.",
    ),
    (
        {"name": "Late", "players": ["", ""]},
        "players",
        "Players are a list of names, 1 to 40 letters each.",
    ),
    (
        {"name": "Late", "players": [LONG, "y"]},
        "players",
        "Players are a list of names, 1 to 40 letters each.",
    ),
    (
        {"name": "Late", "players": ["a\tb", "c"]},
        "players",
        "Names cannot hold control characters (like tabs or line breaks).",
    ),
    (
        {"name": LONG, "players": ["x", "y"]},
        "name",
        "Each entrant needs a name of its own, 1 to 40 letters.",
    ),
    (
        {"name": "Kings", "players": ["x", "y"]},
        "name",
        "“Kings” is given twice: each entrant needs a name of its own.",
    ),
    ({"name": "Late", "players": ["Cy", "y"]}, "players[0]", "Cy plays for two entrants."),
    ({"name": "Late", "players": ["x", "y"], "colour": 1}, "colour", None),
]


@pytest.mark.parametrize(("late", "field", "message"), BAD_BODIES)
def test_the_api_refuses_a_bad_late_entrant_and_the_next_round_starts(
    client, late, field, message
) -> None:
    url, director_token = _after_round_one(client)
    refused = client.post(f"{url}/entrants", json=late, headers=director_token)
    assert refused.status_code == 422, refused.get_json()
    entry = refused.get_json()["errors"][0]
    assert entry["field"] == field
    if message is not None:
        assert entry["message"] == message
        assert refused.get_json()["detail"] == message
    assert client.post(f"{url}/rounds", headers=director_token).status_code == 201


def test_the_api_words_a_late_entrant_refusal_in_german(client) -> None:
    url, director_token = _after_round_one(client)
    german = director_token | {"Accept-Language": "de"}
    cases = [
        ({"name": "Late", "players": ["solo"]}, "Jeder Teilnehmer braucht 2 Spielernamen."),
        (
            {"name": LONG, "players": ["x", "y"]},
            "Jeder Teilnehmer braucht einen eigenen Namen, 1 bis 40 Zeichen.",
        ),
        (
            {"name": "Late", "players": ["a\tb", "c"]},
            "Namen dürfen keine Steuerzeichen enthalten (wie Tabulatoren oder Zeilenumbrüche).",
        ),
    ]
    for late, words in cases:
        refused = client.post(f"{url}/entrants", json=late, headers=german)
        assert refused.get_json()["errors"][0]["message"] == words


@pytest.mark.parametrize(
    ("entrant", "field"),
    [
        ({"name": "A\tB", "players": ["p1", "p2"]}, "entrants[0].name"),
        ({"name": "Aces", "players": ["p\tq", "r"]}, "entrants[0].players"),
    ],
)
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Names cannot hold control characters (like tabs or line breaks)."),
        ("de", "Namen dürfen keine Steuerzeichen enthalten (wie Tabulatoren oder Zeilenumbrüche)."),
    ],
)
def test_the_api_refuses_a_new_event_with_a_tab_in_a_name(
    client, entrant, field, lang, words
) -> None:
    sent = body(entrants=[entrant, *PAIRS[1:]])
    refused = client.post("/api/v1/events", json=sent, headers={"Accept-Language": lang})
    assert refused.status_code == 422
    assert refused.get_json()["errors"] == [{"side": None, "field": field, "message": words}]


def test_padded_names_are_judged_as_they_are_stored(client, db) -> None:
    """L9: the spaces the API strips from a name's ends do not count towards its bound."""
    at = "y" * bounds.MAX_ENTRANT_NAME
    padded = {"name": f" {at} ", "players": [f"  {at}", "Bob"]}
    made = make(client, name=" " + "e" * bounds.MAX_EVENT_NAME, entrants=[padded, *PAIRS[1:]])
    event = store_events.get_event(db, made["id"])
    assert (event.name, event.entrants[0].name) == ("e" * bounds.MAX_EVENT_NAME, at)
    assert event.entrants[0].players == (at, "Bob")
    url, director_token = f"/api/v1/events/{made['id']}", bearer(made["token"])
    late = {"name": f"  {'z' * bounds.MAX_ENTRANT_NAME}", "players": ["Ivy ", " Jo"]}
    assert client.post(f"{url}/entrants", json=late, headers=director_token).status_code == 201
    assert store_events.get_event(db, made["id"]).entrants[-1].players == ("Ivy", "Jo")


@pytest.mark.parametrize(
    ("typed", "lang", "words"),
    [
        ("Late: solo", "en", "Each entrant needs 2 player names."),
        ("Late: solo", "de", "Jeder Teilnehmer braucht 2 Spielernamen."),
        ("Late: dup, dup", "en", "dup is named twice: give each player once."),
        ("Late: dup, dup", "de", "dup steht zweimal da: Nenne jeden Spieler nur einmal."),
        (f"Late: {LONG}, y", "en", "Players are a list of names, 1 to 40 letters each."),
        (
            f"Late: {LONG}, y",
            "de",
            "Spieler sind eine Liste von Namen mit je 1 bis 40 Zeichen.",
        ),
        ("Late: A, B, C", "en", "Each entrant needs 2 player names."),
        ("Late: a\tb, c", "en", "Names cannot hold control characters (like tabs or line breaks)."),
    ],
)
def test_the_directors_page_refuses_a_bad_late_entrant_and_round_two_starts(
    client, db, typed, lang, words
) -> None:
    path = director(client, deals_per_round="1")
    client.post(f"{path}/rounds")
    sent = client.post(f"{path}/entrants?lang={lang}", data={"entrant": typed})
    page = client.get(location(sent)).get_data(as_text=True)
    assert words in page
    started = client.post(f"{path}/rounds", data={"anyway": "1"})
    assert started.status_code == 302
    assert "Round 2 started." in client.get(location(started) + "?lang=en").get_data(as_text=True)


def test_the_new_event_form_refuses_a_tab_in_an_entrants_line(client) -> None:
    entrants = "Aces: Ann, B\tob\nKings: Cy, Di\nQueens: Ed, Flo\nJacks: Gus, Hal"
    page = client.post("/events/new", data=FORM | {"entrants": entrants})
    assert page.status_code == 422
    text = page.get_data(as_text=True)
    assert 'id="e-entrants"' in text
    assert "Names cannot hold control characters (like tabs or line breaks)." in text


def _stored_badly(db, event_id: str) -> None:
    """Stores two late pairs as the store took them before it judged them (old events)."""
    for position, players in ((4, ["solo"]), (5, ["a\tb", "c"])):
        db.execute(
            "INSERT INTO event_entrants (event_id, position, name, players, from_round) "
            "VALUES (?, ?, ?, ?, 1)",
            [event_id, position, f"Late {position}", json.dumps(players)],
        )
    db.conn.commit()


def test_a_round_that_cannot_make_a_table_is_refused_in_words(client, db) -> None:
    made = make(client)
    _stored_badly(db, made["id"])
    with pytest.raises(TableRefused):
        event_rounds.start_round(db, made["id"])
    url, director_token = f"/api/v1/events/{made['id']}", bearer(made["token"])
    for lang, start in (("en", "Table "), ("de", "Tisch ")):
        headers = director_token | {"Accept-Language": lang}
        refused = client.post(f"{url}/rounds", headers=headers)
        assert refused.status_code == 409
        problem = refused.get_json()
        assert problem["type"].endswith("#table-refused")
        assert problem["detail"].startswith(start) and "%(" not in problem["detail"]
    assert store_events.get_event(db, made["id"]).started == 0


def test_the_directors_page_says_why_a_round_cannot_start(client, db) -> None:
    path = director(client)
    page = client.get(path).get_data(as_text=True)
    event_id = page.split('<code id="event-id">')[1].split("<")[0]
    _stored_badly(db, event_id)
    started = client.post(f"{path}/rounds")
    assert started.status_code == 302
    text = client.get(location(started)).get_data(as_text=True)
    assert "cannot start:" in text and "Withdraw the entrant at fault" in text

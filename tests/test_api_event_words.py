"""Every club-night refusal of the API in the request's words: detail and each field's message,
never pydantic's English (docs/api.md, "Languages"); and a CSV's one charset."""

from __future__ import annotations

import pytest

from tests.test_api_events import PAIRS, bearer, body, make

GERMAN = {"Accept-Language": "de"}
TIMER = {
    "en": "Give 0 to 240 minutes a round.",
    "de": "Gib 0 bis 240 Minuten pro Durchgang an.",
}
KIND = {
    "en": "Choose the average, a fixed award or the bye's award.",
    "de": "Wähle den Schnitt, eine feste Wertung oder die des Freiloses.",
}
AWARD = {
    "en": "A fixed award is 0 to 1,000 victory points and a whole-number margin.",
    "de": "Eine feste Wertung sind 0 bis 1.000 Siegpunkte und eine ganzzahlige Differenz.",
}


def test_a_refused_new_event_says_so_in_the_requests_language(client) -> None:
    english = client.post("/api/v1/events", json={"name": "x"}).get_json()
    german = client.post("/api/v1/events", json={"name": "x"}, headers=GERMAN).get_json()
    assert english["detail"] == "The event cannot be made like this."
    assert german["detail"] == "So lässt sich das Turnier nicht anlegen."
    # the store's refusal (too many rounds for the movement) says the same detail
    store = client.post("/api/v1/events", json=body(rounds=9), headers=GERMAN).get_json()
    assert store["detail"] == "So lässt sich das Turnier nicht anlegen."


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("minutes", [241, -1, "5", 2.5, None])
def test_a_bad_timer_is_refused_in_the_timers_own_words(client, lang, minutes) -> None:
    made = make(client)
    response = client.put(
        f"/api/v1/events/{made['id']}/timer",
        json={"round_minutes": minutes},
        headers=bearer(made["token"]) | {"Accept-Language": lang},
    )
    assert response.status_code == 422
    problem = response.get_json()
    assert problem["detail"] == TIMER[lang]
    assert problem["errors"] == [{"side": None, "field": "round_minutes", "message": TIMER[lang]}]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    ("award", "field", "words"),
    [
        ({"kind": "x"}, "kind", KIND),
        ({}, "kind", KIND),
        ({"kind": "fixed", "victory_points": 1001}, "victory_points", AWARD),
        ({"kind": "fixed", "victory_points": -1}, "victory_points", AWARD),
        ({"kind": "fixed", "victory_points": 3, "margin": 100_001}, "margin", AWARD),
    ],
)
def test_a_bad_adjustment_is_refused_in_the_stores_words(client, lang, award, field, words):
    made = make(client)
    director = bearer(made["token"]) | {"Accept-Language": lang}
    event = f"/api/v1/events/{made['id']}"
    client.post(f"{event}/rounds", headers=director)
    response = client.put(f"{event}/rounds/1/adjustments/0", json=award, headers=director)
    assert response.status_code == 422
    problem = response.get_json()
    assert problem["detail"] == words[lang]
    assert problem["errors"] == [{"side": None, "field": field, "message": words[lang]}]


def test_the_table_result_late_entrant_and_group_sentences_are_german_under_de(client) -> None:
    made = make(client)
    director = bearer(made["token"]) | GERMAN
    event = f"/api/v1/events/{made['id']}"
    client.post(f"{event}/rounds", headers=director)
    result = client.put(f"{event}/rounds/1/tables/1", json={"scores": [1]}, headers=director)
    assert result.status_code == 422
    assert result.get_json()["detail"].startswith('Sende {"scores": [Nord-Süd, Ost-West]}')
    assert result.get_json()["errors"][0]["message"] == result.get_json()["detail"]
    late = client.post(f"{event}/entrants", json={"name": 123}, headers=director)
    assert late.status_code == 422
    assert late.get_json()["errors"][0]["message"] == (
        "Jeder Teilnehmer braucht einen eigenen Namen, 1 bis 40 Zeichen."
    )
    group = client.post("/api/v1/events", json=body(group=7), headers=GERMAN)
    assert group.status_code == 422
    assert "Gruppe" in group.get_json()["detail"]


def test_the_event_rooms_other_refusals_are_german_under_de(client) -> None:
    made = make(client)
    event = f"/api/v1/events/{made['id']}"
    unknown = client.get(event, headers=bearer("nope") | GERMAN).get_json()
    assert unknown["detail"] == "Für dieses Token gibt es dieses Turnier nicht."
    viewer = client.post(f"{event}/rounds", headers=bearer(made["view_token"]) | GERMAN)
    assert viewer.get_json()["detail"] == "Nur das Token der Turnierleitung führt das Turnier."
    download = client.get(
        f"{event}/standings.pdf",
        query_string={"paper": "a3", "entrant": "9"},
        headers=bearer(made["token"]) | GERMAN,
    ).get_json()
    assert download["detail"] == "Diesen Download gibt es nicht."
    assert [e["message"] for e in download["errors"]] == [
        "Das Papier ist a4 oder letter.",
        "Der Teilnehmer ist die ID eines Teilnehmers des Turniers.",
    ]
    table = client.put(
        f"{event}/rounds/1/tables/9", json={"no_play": True}, headers=bearer(made["token"]) | GERMAN
    )
    assert table.get_json()["detail"] == "Diesen Tisch gibt es in diesem Turnier nicht."


@pytest.mark.parametrize(
    ("lang", "one", "more"),
    [
        ("en", "at most 1 round with", "at most 3 rounds with"),
        ("de", "höchstens 1 Durchgang.", "höchstens 3 Durchgänge."),
    ],
)
def test_too_many_rounds_says_round_for_one(client, lang, one, more) -> None:
    headers = {"Accept-Language": lang}
    single = client.post(
        "/api/v1/events", json=body(entrants=PAIRS[:2], rounds=2), headers=headers
    ).get_json()
    several = client.post("/api/v1/events", json=body(rounds=4), headers=headers).get_json()
    assert one in single["errors"][0]["message"]
    assert more in several["errors"][0]["message"]


def test_a_csv_download_names_its_charset_once(client) -> None:
    made = make(client)
    answer = client.get(f"/api/v1/events/{made['id']}/standings.csv", headers=bearer(made["token"]))
    page = client.get(f"/events/director/{made['token']}/standings.csv")
    for response in (answer, page):
        assert response.status_code == 200
        assert response.headers["Content-Type"] == "text/csv; charset=utf-8"


def test_a_missing_token_asks_for_the_rooms_own_token_in_the_requests_language(client) -> None:
    made = make(client)
    event = client.get(f"/api/v1/events/{made['id']}", headers=GERMAN)
    assert event.status_code == 401
    assert event.get_json()["detail"] == (
        "Schick das Token des Turniers als `Authorization: Bearer TOKEN`."
    )
    side = client.post("/api/v1/tables/hands/1/confirm")
    assert side.get_json()["detail"] == "Send your side's token as `Authorization: Bearer TOKEN`."
    group = client.get("/api/v1/groups/nope/history", headers=GERMAN)
    assert group.get_json()["detail"] == (
        "Schick das Token der Gruppe als `Authorization: Bearer TOKEN`."
    )

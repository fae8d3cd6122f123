"""The director's night through the API: the round timer and adjusted scores."""

from __future__ import annotations

from tests.test_api_events import bearer, make


def test_the_timer_and_an_adjusted_score_through_the_api(client) -> None:
    made = make(client, seating="sit_out", ranking="average", round_minutes=20)
    director, event = bearer(made["token"]), f"/api/v1/events/{made['id']}"
    got = client.get(event, headers=director).get_json()
    assert (got["ranking"], got["round_minutes"], got["seating"]) == ("average", 20, "sit_out")
    assert (
        client.put(f"{event}/timer", json={"round_minutes": 25}, headers=director).get_json()[
            "round_minutes"
        ]
        == 25
    )
    assert (
        client.put(f"{event}/timer", json={"round_minutes": 241}, headers=director).status_code
        == 422
    )
    client.post(f"{event}/rounds", headers=director)
    client.put(f"{event}/rounds/1/tables/1", json={"no_play": True}, headers=director)
    rounds = client.get(f"{event}/rounds", headers=director).get_json()
    entrant = rounds[0]["tables"][0]["entrants"][0][0]
    award = {"kind": "fixed", "victory_points": 12, "margin": 300}
    answer = client.put(f"{event}/rounds/1/adjustments/{entrant}", json=award, headers=director)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    lines = client.get(f"{event}/standings", headers=director).get_json()["standings"]
    line = next(ln for ln in lines if ln["id"] == entrant)
    assert (line["victory_points"], line["margin"], line["played"], line["average"]) == (
        12,
        300,
        0,
        12,
    )
    late = client.put(
        f"{event}/rounds/2/adjustments/{entrant}", json={"kind": "bye"}, headers=director
    )
    assert late.status_code == 422 and late.get_json()["errors"][0]["field"] == "round"
    view = bearer(made["view_token"])
    assert client.put(f"{event}/timer", json={"round_minutes": 5}, headers=view).status_code == 403


def test_a_fixed_award_without_its_points_is_refused(client) -> None:
    """A fixed award names its victory points (the director's form asks for them too); the
    margin may be left out, for 0."""
    made = make(client, seating="sit_out")
    director, event = bearer(made["token"]), f"/api/v1/events/{made['id']}"
    client.post(f"{event}/rounds", headers=director)
    client.put(f"{event}/rounds/1/tables/1", json={"no_play": True}, headers=director)
    rounds = client.get(f"{event}/rounds", headers=director).get_json()
    entrant = rounds[0]["tables"][0]["entrants"][0][0]
    path = f"{event}/rounds/1/adjustments/{entrant}"
    refused = client.put(path, json={"kind": "fixed", "margin": 50}, headers=director)
    assert refused.status_code == 422
    assert refused.get_json()["errors"][0]["field"] == "victory_points"
    lines = client.get(f"{event}/standings", headers=director).get_json()["standings"]
    assert next(ln for ln in lines if ln["id"] == entrant)["victory_points"] == 0  # nothing saved
    saved = client.put(path, json={"kind": "fixed", "victory_points": 9}, headers=director)
    assert saved.status_code == 200, saved.get_data(as_text=True)
    lines = client.get(f"{event}/standings", headers=director).get_json()["standings"]
    assert next(ln for ln in lines if ln["id"] == entrant)["margin"] == 0

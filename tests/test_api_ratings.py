"""The ratings API: a group's table per family in the model's numbers, and the families."""

from __future__ import annotations

from openskill.models import PlackettLuce

from tests.test_api_groups import bearer, make_group, play


def test_the_ratings_table_is_the_models_numbers_rounded_by_ordinal(client, monkeypatch):
    group = make_group(client)
    # A minute apart, so the order they ended in is theirs, not the tie-break's.
    monkeypatch.setattr("scorekeeper.store.games.hands.now", lambda: "2026-03-01T20:00:00+00:00")
    play(client, group, ["Ann", "Bob"], ["Cy", "Di"])
    monkeypatch.setattr("scorekeeper.store.games.hands.now", lambda: "2026-03-01T20:01:00+00:00")
    play(client, group, ["Ann", "Cy"], ["Bob", "Di"])
    answer = client.get(f"/api/v1/groups/{group['id']}/ratings", headers=bearer(group["token"]))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    body = answer.get_json()
    assert body["family"] == "partnership"
    model = PlackettLuce()
    people = {n: model.rating() for n in ("Ann", "Bob", "Cy", "Di")}
    for we, they in ((("Ann", "Bob"), ("Cy", "Di")), (("Ann", "Cy"), ("Bob", "Di"))):
        rated = model.rate([[people[p] for p in we], [people[p] for p in they]], ranks=[1, 2])
        people |= dict(zip(we, rated[0], strict=True)) | dict(zip(they, rated[1], strict=True))
    expected = {
        n: {
            "name": n,
            "mu": round(r.mu, 3),
            "sigma": round(r.sigma, 3),
            "ordinal": round(r.ordinal(), 3),
            "games": 2,
            "provisional": True,
        }
        for n, r in people.items()
    }
    rows = body["ratings"]
    assert {
        row["name"]: {k: v for k, v in row.items() if k != "player"} for row in rows
    } == expected
    assert [row["ordinal"] for row in rows] == sorted(
        (row["ordinal"] for row in rows), reverse=True
    )
    assert body["ratings"][0]["name"] == "Ann"  # won both


def test_the_families_list_their_formats_and_games(client):
    group = make_group(client)
    play(client, group, ["Ann", "Bob"], ["Cy", "Di"])
    answer = client.get(
        f"/api/v1/groups/{group['id']}/ratings/families", headers=bearer(group["token"])
    )
    families = {f["family"]: f for f in answer.get_json()["families"]}
    assert families["partnership"]["games"] == 1
    assert "classic" in families["partnership"]["formats"]
    assert families["one_a_side"]["formats"] == ["two_hand", "cutthroat", "oklahoma"]
    assert families["hand_and_foot"]["games"] == 0


def test_an_unknown_family_is_a_422_and_a_foreign_token_a_404(client):
    group, other = make_group(client), make_group(client, "Other")
    path = f"/api/v1/groups/{group['id']}/ratings"
    bad = client.get(f"{path}?family=bridge", headers=bearer(group["token"]))
    assert bad.status_code == 422
    assert bad.get_json()["errors"][0]["field"] == "family"
    assert client.get(path, headers=bearer(other["token"])).status_code == 404
    assert client.get(path).status_code == 401

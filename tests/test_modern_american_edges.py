"""Modern American past the form: the JSON API and its OpenAPI shapes, a group's statistics
with the new canasta kinds, and the three-deal event option in a stored game."""

from __future__ import annotations

import pytest

from scorekeeper import store
from scorekeeper.api.openapi import document
from scorekeeper.stats.tables import statistics
from scorekeeper.store.connection import connect
from scorekeeper.store.groups.figures import played
from scorekeeper.store.groups.group import create_group
from scorekeeper.store.groups.players import players_of
from scorekeeper.store.stamps import new_token
from tests.test_api import Api, problem

MAC = "modern_american"
SEVENS_OUT = {  # 400 + 500 + 2,500 + 100 + 300 (two red threes) = 3,800
    "melded_points": 400,
    "canastas": {"natural": 1, "sevens": 1},
    "red_threes": 2,
    "went_out": "out",
}
GARBAGE = {"special_hand": "garbage", "red_threes": 1}  # 3,000: the threes count 0


@pytest.fixture
def mac_api(client) -> Api:
    return Api(client, format=MAC)


def test_the_api_scores_a_special_hand_and_a_sevens_canasta(mac_api):
    response = mac_api.send("POST", body={"hand": {"We": SEVENS_OUT, "They": GARBAGE}})
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["game"]["totals"] == {"We": 3800, "They": 3000}
    row = mac_api.game()["hands"][0]
    they = row["sides"]["They"]["breakdown"]
    assert they[0] == {"item": "special_hand", "label": "Garbage", "points": 3000}
    assert {"item": "red_threes", "label": "Red threes", "points": 0, "count": 1,
            "reason": "special_hand"} in they  # fmt: skip


@pytest.mark.parametrize(
    ("they", "field"),
    [
        pytest.param(GARBAGE | {"melded_points": 60}, "melded_points", id="special-with-melds"),
        pytest.param({"special_hand": "royal"}, "special_hand", id="unknown-special-hand"),
        pytest.param({"melded_points": 300, "canastas": {"sevens": 1}}, "canastas.sevens", id="two-sevens-canastas"),
        pytest.param({"hand_points": 40, "aces_in_hand": 1}, "hand_points", id="three-aces-are-60"),
    ],
)  # fmt: skip
def test_the_api_names_each_refused_field(mac_api, they, field):
    errors = problem(mac_api.send("POST", body={"hand": {"We": SEVENS_OUT, "They": they}}), 422)
    assert field in [e["field"] for e in errors["errors"]]
    assert mac_api.game()["hands"] == []


def test_the_openapi_document_knows_special_hands_and_their_reason():
    schemas = document()["components"]["schemas"]
    assert "special_hand" in schemas["SideEntry"]["properties"]
    reason = schemas["BreakdownItem"]["properties"]["reason"]["enum"]
    assert "special_hand" in reason and "under_two_canastas" in reason
    assert "special_hands" in schemas["FormatSummary"]["properties"]


def test_the_formats_list_has_the_special_hands(client):
    listed = {f["id"]: f for f in client.get("/api/v1/formats").get_json()["formats"]}
    hands = {h["id"]: h["points"] for h in listed[MAC]["special_hands"]}
    assert hands["garbage"] == 3000 and hands["dream_1"] == 8500 and len(hands) == 11


def test_a_groups_statistics_count_canastas_by_the_new_kinds(app):
    db = connect(app.config["DATABASE"])
    try:
        group = create_group(db, "Club")
        game = store.create_game(
            db,
            format_id=MAC,
            sides=[("We", ("Ann", "Bob")), ("They", ("Cy", "Di"))],
            first_dealer="Ann",
            start_totals={"We": 5000},
            group=group.id,
        )
        hand = {"hand": {"We": SEVENS_OUT, "They": GARBAGE}}
        game = store.add_hand(db, game.id, hand, version=game.version, form_token=new_token())
        assert store.get_game(db, game.id).state.status.over  # 8,800 to 3,000
        names = {p.id: p.name for p in players_of(db, group.id)}
        stats = statistics(played(db, group.id), names)
    finally:
        db.close()
    (fmt,) = stats.formats
    assert ("sevens", "Sevens canasta") in fmt.kinds and ("wild_four_jokers",
            "Wild canasta with all four jokers") in fmt.kinds  # fmt: skip
    ann = next(line for line in stats.players if line.name == "Ann")
    figures = ann.by_format[MAC].figures(fmt.kinds)
    assert figures["canastas_per_hand"]["sevens"] == 1.0
    assert figures["canastas_per_hand"]["aces"] == 0.0
    assert figures["best_hand"] == 3800


def test_the_three_deal_event_opens_125_155_180_and_ends_after_three(app):
    db = connect(app.config["DATABASE"])
    try:
        game = store.create_game(
            db,
            format_id=MAC,
            options=["three_deals"],
            sides=[("We", ("Ann", "Bob")), ("They", ("Cy", "Di"))],
            first_dealer="Ann",
        )
        minimums = []
        for _ in range(3):
            minimums.append(game.state.next_minimums["We"].points)
            hand = {"hand": {"We": SEVENS_OUT, "They": {"melded_points": 90}}}
            game = store.add_hand(db, game.id, hand, version=game.version, form_token=new_token())
        status = store.get_game(db, game.id).state.status  # read while the database is open
    finally:
        db.close()
    assert minimums == [125, 155, 180]
    assert status.over and status.winner == "We"

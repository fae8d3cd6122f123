"""The JSON API: tokens, versioned one-time writes, problem details and the game document."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from scorekeeper.api.openapi import EXAMPLE_GAME, EXAMPLE_HAND
from scorekeeper.engine import check_setup
from scorekeeper.rules.presets import rules_for
from tests.conftest import Table

KEYS = (f"key-{n:016d}" for n in itertools.count())
BAD_MELD = {
    "hand": {
        "We": {"melded_points": 7, "went_out": "out", "canastas": {"natural": 1}},
        "They": {"melded_points": 90, "hand_points": 35},
    }
}


class Api:
    """Calls the API as a script would: one game, its tokens, and the version last seen."""

    def __init__(self, client, **game: Any) -> None:
        self.client = client
        response = client.post("/api/v1/games", json={**EXAMPLE_GAME, **game})
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
        self.id, self.tokens, self.version = body["id"], body["tokens"], 1
        self.path = f"/api/v1/games/{self.id}"

    def headers(self, role: str = "edit", version: int | None = None, key: str | None = None):
        """Returns the bearer token, If-Match and a fresh Idempotency-Key."""
        return {
            "Authorization": f"Bearer {self.tokens[role]}",
            "If-Match": f'"{self.version if version is None else version}"',
            "Idempotency-Key": key or next(KEYS),
        }

    def send(self, method: str, path: str = "/hands", body: Any = EXAMPLE_HAND, **headers: Any):
        """Sends one request to the game and remembers the version it answers with."""
        response = self.client.open(
            self.path + path, method=method, json=body, headers=self.headers(**headers)
        )
        if response.status_code in (200, 201) and "game" in (response.get_json() or {}):
            self.version = response.get_json()["game"]["version"]
        return response

    def game(self, role: str = "view") -> dict:
        """Returns the game document."""
        response = self.client.get(self.path, headers=self.headers(role))
        assert response.status_code == 200
        return response.get_json()


@pytest.fixture
def api(client) -> Api:
    return Api(client)


def problem(response, status: int) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["status"] == status and body["title"] and body["detail"]
    return body


def test_creating_a_game_returns_its_tokens_links_and_version(client, db):
    response = client.post("/api/v1/games", json=EXAMPLE_GAME)
    body = response.get_json()
    assert response.status_code == 201
    assert response.headers["Location"] == f"/api/v1/games/{body['id']}"
    assert response.headers["ETag"] == '"1"'
    assert body["links"]["view"].endswith(f"/join/{body['tokens']['view']}")
    row = db.execute("SELECT edit_token, format FROM games WHERE id = ?", [body["id"]]).fetchone()
    assert row == (body["tokens"]["edit"], "classic")
    assert body["game"]["next"] == {
        "number": 1,
        "dealer": "Ann",
        "sitting_out": None,
        "minimums": {s: {"points": 50, "needs": None, "label": "50"} for s in ("We", "They")},
    }


def test_an_individual_format_needs_no_player_lists(client):
    body = {"format": "cutthroat", "sides": [{"name": n} for n in "ABC"], "first_dealer": "B"}
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201
    assert response.get_json()["game"]["next"]["dealer"] == "B"


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        pytest.param({"format": "poker"}, "format", "Choose a format from the list.", id="format"),
        pytest.param({"options": ["nope"]}, "options", "classic has no house option 'nope'", id="option"),
        pytest.param({"sides": EXAMPLE_GAME["sides"][:1]}, "sides", "Classic is played by 2 sides.", id="one-side"),
        pytest.param(
            {"sides": [{"name": "We", "players": ["Ann", "Bob"]}, {"name": "we", "players": ["Cy", "Di"]}]},
            "sides[1].name", "Another side already has this name.", id="same-side-name",
        ),
        pytest.param(
            {"sides": [{"name": "We", "players": ["Ann"]}, {"name": "They", "players": ["Cy", "Di"]}]},
            "sides[0].players", "This side of Classic has 2 players.", id="player-count",
        ),
        pytest.param({"first_dealer": "Zed"}, "first_dealer", "Choose who deals the first hand.", id="dealer"),
        pytest.param(
            {"start_totals": {"We": 12}}, "start_totals.We",
            "A starting total is a whole multiple of 5, like 1250 or -120.", id="start-total",
        ),
        pytest.param(
            {"start_totals": {"We": 5000}}, "start_totals.We",
            "A starting total must be below the target (5,000).", id="start-at-target",
        ),
        pytest.param({"colour": "red"}, "colour", "A new game has no field 'colour'.", id="unknown-field"),
    ],
)  # fmt: skip
def test_a_wrong_new_game_gets_the_web_forms_message_beside_its_field(
    client, change, field, message
):
    body = problem(client.post("/api/v1/games", json={**EXAMPLE_GAME, **change}), 422)
    assert {"side": None, "field": field, "message": message} in body["errors"]
    assert body["type"] == "/api/v1/problems#invalid-game"


@pytest.mark.parametrize(
    ("sides", "dealer", "totals"),
    [
        pytest.param([("We", ["Ann", "ann"]), ("we", ["Cy", "x" * 41])], "Ann", {}, id="names"),
        pytest.param([("We", ["Ann", "Bob"]), ("They", ["Cy", "Di"])], "Zed", {"We": 12, "They": 5000}, id="dealer-and-totals"),
        pytest.param([("We", ["Ann", "Bob"]), ("They", ["Cy", "Di"])], "Ann", {"Ghost": 50}, id="unknown-side"),
    ],
)  # fmt: skip
def test_the_api_reports_the_engines_setup_problems_as_they_are(client, sides, dealer, totals):
    """The API adds no words or paths of its own: each error is one of check_setup's problems."""
    body = {
        "format": "classic",
        "sides": [{"name": name, "players": players} for name, players in sides],
        "first_dealer": dealer,
        "start_totals": totals,
    }
    _draft, expected = check_setup(rules_for("classic"), sides, dealer, totals)
    errors = problem(client.post("/api/v1/games", json=body), 422)["errors"]
    as_made = [{"side": p.side, "field": p.field, "message": p.message} for p in expected]
    assert expected and errors == as_made


@pytest.mark.parametrize(
    ("authorization", "status"),
    [
        pytest.param(None, 401, id="no-token"),
        pytest.param("Basic abc", 401, id="not-bearer"),
        pytest.param("Bearer nosuchtoken123", 401, id="unknown-token"),
        pytest.param("other-game", 404, id="another-games-token"),
        pytest.param("view", 403, id="view-token"),
        pytest.param("edit", 201, id="edit-token"),
        pytest.param("owner", 201, id="owner-token"),
    ],
)
def test_writes_need_an_edit_or_owner_token_of_this_game(client, api, authorization, status):
    headers = api.headers()
    if authorization in api.tokens:
        headers["Authorization"] = f"Bearer {api.tokens[authorization]}"
    elif authorization == "other-game":
        headers["Authorization"] = f"Bearer {Api(client).tokens['owner']}"
    elif authorization is None:
        del headers["Authorization"]
    else:
        headers["Authorization"] = authorization
    response = client.post(f"{api.path}/hands", json=EXAMPLE_HAND, headers=headers)
    assert response.status_code == status
    if status == 401:
        assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert len(api.game()["hands"]) == (1 if status == 201 else 0)


def test_a_token_never_tells_whether_another_game_exists(client, api):
    headers = {"Authorization": f"Bearer {api.tokens['view']}"}
    other = Api(client)
    assert client.get(other.path, headers=headers).status_code == 404
    assert client.get("/api/v1/games/no-such-game", headers=headers).status_code == 404


def test_recording_a_hand_returns_its_number_and_the_new_version(api):
    response = api.send("POST")
    body = response.get_json()
    assert response.status_code == 201
    assert (body["hand"], body["replayed"], body["game"]["version"]) == (1, False, 2)
    assert response.headers["ETag"] == '"2"'
    assert "hands" not in body["game"] and body["game"]["totals"] == {"We": 820, "They": 55}
    row = api.game()["hands"][0]
    assert row["entry"]["hand"]["We"]["canastas"] == {"natural": 1}
    assert row["sides"]["We"]["score"] == 820
    assert [i["item"] for i in row["sides"]["We"]["breakdown"]] == [
        "melded", "canastas.natural", "going_out", "red_threes", "hand",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("headers", "status", "kind"),
    [
        pytest.param({"version": 7}, 409, "stale-version", id="stale"),
        pytest.param({"If-Match": None}, 428, "version-needed", id="no-version"),
        pytest.param({"If-Match": "yesterday"}, 400, "bad-header", id="bad-version"),
        pytest.param({"Idempotency-Key": None}, 400, "bad-header", id="no-key"),
        pytest.param({"Idempotency-Key": "short"}, 400, "bad-header", id="short-key"),
    ],
)
def test_a_write_without_its_current_version_or_key_saves_nothing(
    client, api, headers, status, kind
):
    sent = api.headers(version=headers.pop("version", None))
    for name, value in headers.items():
        sent.pop(name) if value is None else sent.update({name: value})
    response = client.post(f"{api.path}/hands", json=EXAMPLE_HAND, headers=sent)
    assert problem(response, status)["type"].endswith(kind)
    assert api.game()["hands"] == []


def test_a_repeated_idempotency_key_answers_200_and_saves_once(api):
    first = api.send("POST", key="same-key-0123456789")
    again = api.send("POST", key="same-key-0123456789", version=1)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["replayed"] is True and again.headers["Idempotent-Replayed"] == "true"
    assert len(api.game()["hands"]) == 1


def test_an_impossible_hand_gets_the_engines_messages_as_the_web_form_does(api, table: Table):
    body = problem(api.send("POST", body=BAD_MELD), 422)
    message = "Melded points must be a multiple of 5 (every card is); got 7."
    assert {"side": "We", "field": "melded_points", "message": message} in body["errors"]
    game_id = table.new_game()
    page = table.record(game_id, {0: {"melded_points": "7"}}).get_data(as_text=True)
    assert message in page
    assert api.game()["hands"] == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"hand": {"We": {}}}, "hand", id="missing-side"),
        pytest.param({**EXAMPLE_HAND, "format": "samba"}, "format", id="format-field"),
        pytest.param({**EXAMPLE_HAND, "lone_hand": "We"}, "lone_hand", id="lone-hand-in-classic"),
        pytest.param({"hand": {"We": {"melded_points": "lots"}, "They": {}}}, "melded_points", id="not_a_number"),
    ],
)  # fmt: skip
def test_each_bad_field_of_a_hand_is_named(api, body, field):
    errors = problem(api.send("POST", body=body), 422)["errors"]
    assert field in [e["field"] for e in errors]


@pytest.mark.parametrize(
    ("data", "content_type", "status"),
    [
        pytest.param("{not json", "application/json", 400, id="not_json"),
        pytest.param("[1, 2]", "application/json", 400, id="not-an-object"),
        pytest.param("hand=1", "application/x-www-form-urlencoded", 415, id="a-form"),
    ],
)
def test_a_body_that_is_not_a_json_object_is_refused(client, api, data, content_type, status):
    headers = api.headers() | {"Content-Type": content_type}
    problem(client.post(f"{api.path}/hands", data=data, headers=headers), status)


def test_editing_a_hand_changes_the_totals_after_it(api):
    api.send("POST")
    api.send("POST")
    edited = {"hand": {"We": {"melded_points": 50}, "They": {"melded_points": 60}}}
    response = api.send("PUT", "/hands/1", body=edited)
    assert response.status_code == 200 and response.get_json()["hand"] == 1
    game = api.game()
    assert [h["sides"]["We"]["total"] for h in game["hands"]] == [50, 870]
    assert game["totals"] == {"We": 870, "They": 115}
    assert problem(api.send("PUT", "/hands/3", body=edited), 404)


def test_deleting_the_last_hand(api):
    assert problem(api.send("DELETE", "/hands/last", body=None), 404)
    api.send("POST")
    response = api.send("DELETE", "/hands/last", body=None)
    assert response.status_code == 200 and response.get_json()["hand"] == 1
    assert api.game()["hands"] == [] and api.version == 3


def test_a_finished_game_refuses_more_hands(client):
    api = Api(client, start_totals={"We": 4900})
    game = api.send("POST").get_json()["game"]
    assert game["status"] == {
        "over": True,
        "winner": "We",
        "tied": False,
        "margin": 5665,
        "message": "Winner: We, by 5,665.",
        "ended_at": 1,
    }
    assert game["target"] == 5000 and game["target_raises"] == []
    assert game["locked"] and game["next"]["dealer"] is None
    assert problem(api.send("POST"), 409)["type"].endswith("game-over")


def test_a_read_is_not_modified_while_the_version_stands(client, api):
    headers = {"Authorization": f"Bearer {api.tokens['view']}", "If-None-Match": '"1"'}
    response = client.get(api.path, headers=headers)
    assert response.status_code == 304 and response.headers["ETag"] == '"1"'
    api.send("POST")
    assert client.get(api.path, headers=headers).status_code == 200


def test_a_preview_scores_without_saving(client, api):
    headers = {"Authorization": f"Bearer {api.tokens['view']}"}
    response = client.post(f"{api.path}/preview", json=EXAMPLE_HAND, headers=headers)
    assert response.status_code == 200
    assert response.get_json()["sides"]["We"] | {"breakdown": []} == {
        "score": 820,
        "total": 820,
        "breakdown": [],
    }
    assert api.game()["hands"] == []
    late = client.post(f"{api.path}/preview", json={**EXAMPLE_HAND, "number": 3}, headers=headers)
    assert problem(late, 422)["errors"][0]["field"] == "number"


def test_the_api_needs_no_csrf_token_with_csrf_on(csrf_app):
    client = csrf_app.test_client()
    api = Api(client)
    assert api.send("POST").status_code == 201


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        pytest.param("GET", "/api/v1/nothing-here", 404, id="unknown-address"),
        pytest.param("PATCH", "/api/v1/games", 405, id="wrong-method"),
    ],
)
def test_errors_outside_the_views_are_problem_details_too(client, method, path, status):
    problem(client.open(path, method=method), status)


def test_formats_are_listed_with_their_options(client):
    formats = {f["id"]: f for f in client.get("/api/v1/formats").get_json()["formats"]}
    assert "samba" in formats and formats["classic"]["options"]


def test_reopening_a_finished_game_lets_a_hand_be_fixed(client):
    api = Api(client, start_totals={"We": 4900})
    assert api.send("POST").get_json()["game"]["locked"]
    assert problem(api.send("PUT", "/hands/1"), 409)["type"].endswith("game-over")
    assert problem(api.send("POST", "/reopen", body={"reopened": "yes"}), 400)
    response = api.send("POST", "/reopen", body={"reopened": True})
    assert response.status_code == 200 and response.get_json()["hand"] is None
    assert response.get_json()["game"]["reopened"] and not response.get_json()["game"]["locked"]
    fixed = {"hand": {"We": {"melded_points": 50}, "They": {"melded_points": 90}}}
    assert api.send("PUT", "/hands/1", body=fixed).status_code == 200
    game = api.game()
    assert game["totals"] == {"We": 4950, "They": 90} and not game["status"]["over"]
    assert not game["reopened"]  # no longer over, so the reopening is spent
    assert problem(api.send("POST", "/reopen", role="view"), 403)


@pytest.mark.parametrize("reopened", [True, False])
def test_reopening_or_closing_a_game_in_play_changes_nothing(client, reopened):
    """A game not over has nothing to reopen or close: 200 with the game as it is, and its
    version stays, so another phone's next write is not refused as stale."""
    api = Api(client)
    assert api.send("POST").status_code == 201
    before = api.version
    response = api.send("POST", "/reopen", body={"reopened": reopened})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["game"]["version"] == before
    assert not response.get_json()["game"]["reopened"]
    assert api.send("POST", version=before).status_code == 201


def test_an_edit_that_ends_the_game_earlier_marks_the_later_hands(client):
    api = Api(client, start_totals={"We": 4300})
    small = {"hand": {"We": {"melded_points": 50}, "They": {"melded_points": 50}}}
    for _ in range(2):
        assert api.send("POST", body=small).status_code == 201
    assert api.send("POST").get_json()["game"]["status"]["ended_at"] == 3
    assert problem(api.send("POST", body=small), 409)["type"].endswith("game-over")
    api.send("POST", "/reopen", body={"reopened": True})
    assert problem(api.send("POST", body=small), 409)["type"].endswith("game-over")
    assert api.send("PUT", "/hands/1").status_code == 200  # the big hand, now first
    game = api.game()
    assert game["status"]["ended_at"] == 1 and game["status"]["winner"] == "We"
    assert [h["after_end"] for h in game["hands"]] == [False, True, True]
    assert game["totals"] == {k: s["total"] for k, s in game["hands"][0]["sides"].items()}


def test_a_key_reused_for_a_different_request_is_a_422_and_saves_nothing(api):
    """The IETF draft's rule: one key, one request; a different body under it is refused."""
    assert api.send("POST", key="reused-key-0123456789").status_code == 201
    other = {"hand": {"We": {"melded_points": 50, "hand_points": 50}, "They": {}}}
    again = api.send("POST", body=other, key="reused-key-0123456789", version=api.version)
    body = problem(again, 422)
    assert body["type"].endswith("#idempotency-key-reused")
    assert len(api.game()["hands"]) == 1


def test_a_key_is_scoped_to_its_game_and_link(client, api):
    """The same key on another game, or through another link, is a write of its own."""
    other = Api(client)
    assert api.send("POST", key="shared-key-0123456789").status_code == 201
    assert other.send("POST", key="shared-key-0123456789").status_code == 201
    deleting = api.send("DELETE", "/hands/last", body=None, key="shared-key-0123456789")
    assert deleting.status_code == 422  # same game and link, another request
    owner = api.send("POST", role="owner", key="shared-key-0123456789")
    assert owner.status_code == 201 and owner.get_json()["replayed"] is False
    assert len(other.game()["hands"]) == 1


def test_a_key_expires_after_a_week(api, db):
    """An expired key is a new write again."""
    assert api.send("POST", key="expiring-key-0123456789").status_code == 201
    with db.conn:
        db.conn.execute("UPDATE used_form_tokens SET used_at = '2000-01-01T00:00:00+00:00'")
    again = api.send("POST", key="expiring-key-0123456789")
    assert again.status_code == 201 and len(api.game()["hands"]) == 2


def test_a_preview_warns_of_melds_below_the_opening_minimum_as_the_web_does(client):
    """They carried 3,000 over, so they need 120 to open: 90 melded is flagged, not refused."""
    api = Api(client, start_totals={"They": 3000})
    headers = {"Authorization": f"Bearer {api.tokens['view']}"}
    body = client.post(f"{api.path}/preview", json=EXAMPLE_HAND, headers=headers).get_json()
    assert body["warnings"] == [
        {
            "side": "They",
            "field": "melded_points",
            "message": "They needed 120 to open; 90 melded — check?",
            "code": "opening_short",
            "params": {"needed": 120, "melded": 90, "must_exceed": False},
        }
    ]
    fresh = Api(client)  # at 0 they need 50: 90 is plenty
    headers = {"Authorization": f"Bearer {fresh.tokens['view']}"}
    body = client.post(f"{fresh.path}/preview", json=EXAMPLE_HAND, headers=headers).get_json()
    assert body["warnings"] == []


@pytest.mark.parametrize(
    ("entry", "field", "message"),
    [
        pytest.param({"melded_points": "9" * 40}, "melded_points", "Melded points is too large: at most 100,000.", id="long-string"),
        pytest.param({"melded_points": 10**9}, "melded_points", "Melded points is too large: at most 100,000.", id="huge-number"),
        pytest.param({"hand_points": "\N{CIRCLED DIGIT ONE}"}, "hand_points", "Type the digits 0 to 9; \N{LEFT DOUBLE QUOTATION MARK}\N{CIRCLED DIGIT ONE}\N{RIGHT DOUBLE QUOTATION MARK} is not one of them.", id="unicode-digit"),
        pytest.param({"red_threes": 2.5}, "red_threes", "Enter a whole number, like 2.", id="fraction"),
        pytest.param({"canastas": {"natural": "10000"}}, "canastas.natural", "Natural canastas is too large: at most 9,999.", id="canastas"),
    ],
)  # fmt: skip
def test_a_hands_numbers_get_the_web_forms_number_messages(api, entry, field, message):
    """Numbers in a hand are read by scorekeeper.language.i18n, as the form reads typed ones."""
    for path, method in (("/hands", "POST"), ("/preview", "POST")):
        body = {"hand": {"We": entry, "They": {"melded_points": 50}}}
        errors = problem(api.send(method, path, body=body), 422)["errors"]
        assert errors == [{"side": "We", "field": field, "message": message}]
    assert api.game()["hands"] == []


def test_a_number_sent_as_text_is_read_like_a_typed_one(api):
    """ "1,250" in a JSON string is 1,250, as on the form; the hand is saved with numbers."""
    body = {
        "hand": {
            **EXAMPLE_HAND["hand"],
            "We": {**EXAMPLE_HAND["hand"]["We"], "melded_points": "1,050"},
        }
    }
    response = api.send("POST", body=body)
    assert response.status_code == 201, response.get_json()
    assert api.game()["hands"][0]["entry"]["hand"]["We"]["melded_points"] == 1050


@pytest.mark.parametrize(
    ("total", "message"),
    [
        pytest.param("\N{CIRCLED DIGIT ONE}", "Type the digits 0 to 9; \N{LEFT DOUBLE QUOTATION MARK}\N{CIRCLED DIGIT ONE}\N{RIGHT DOUBLE QUOTATION MARK} is not one of them.", id="unicode-digit"),
        pytest.param("9" * 40, "A starting total is too large: at most 100,000.", id="long-string"),
        pytest.param(10**9, "A starting total is too large: at most 100,000.", id="huge-number"),
        pytest.param("lots", "A starting total is a whole multiple of 5, like 1250 or -120.", id="text"),
        pytest.param(True, "A starting total is a whole multiple of 5, like 1250 or -120.", id="true"),
        pytest.param(None, "A starting total is a whole multiple of 5, like 1250 or -120.", id="null"),
        pytest.param(12, "A starting total is a whole multiple of 5, like 1250 or -120.", id="not-5"),
        pytest.param("-1,2", "A starting total is a whole multiple of 5, like 1250 or -120.", id="bad-group"),
    ],
)  # fmt: skip
def test_a_starting_total_gets_the_web_forms_number_message(client, db, total, message):
    body = {**EXAMPLE_GAME, "start_totals": {"We": total}}
    errors = problem(client.post("/api/v1/games", json=body), 422)["errors"]
    assert errors == [{"side": None, "field": "start_totals.We", "message": message}]
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 0


@pytest.mark.parametrize("typed", ["-1,250", "\N{MINUS SIGN}1250", " -1 250 "])
def test_a_starting_total_sent_as_text_is_read_like_a_typed_one(client, typed):
    body = {**EXAMPLE_GAME, "start_totals": {"We": typed}}
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["game"]["start_totals"] == {"We": -1250}


@pytest.mark.parametrize("blank", ["", "  "])
def test_a_blank_starting_total_counts_as_none_as_the_forms_empty_box_does(client, blank):
    body = {**EXAMPLE_GAME, "start_totals": {"We": blank, "They": "120"}}
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["game"]["start_totals"] == {"They": 120}


def test_a_name_that_is_not_text_is_refused_on_its_field(client, db):
    """Players [1, 2] are not renamed: each is a 422 error on its own field."""
    sides = [{"name": "We", "players": [1, 2]}, {"name": ["They"], "players": ["Cy", "Di"]}]
    body = {**EXAMPLE_GAME, "sides": sides, "first_dealer": "Cy"}
    errors = problem(client.post("/api/v1/games", json=body), 422)["errors"]
    assert {e["field"]: e["message"] for e in errors} == {
        "sides[0].players[0]": 'A name is text, like "Ann".',
        "sides[0].players[1]": 'A name is text, like "Ann".',
        "sides[1].name": 'A name is text, like "Ann".',
    }
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 0

"""A hand's numbers typed as text are read once, by its shape, in the request's language (issue 36)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from scorekeeper.api import spec
from scorekeeper.api.games.bodies import HandInput
from scorekeeper.api.openapi import EXAMPLE_HAND
from tests.test_api import Api, problem

INVALID_HAND = "/api/v1/problems#invalid-hand"


@pytest.fixture
def api(client) -> Api:
    return Api(client)


def typed(**we: Any) -> dict[str, Any]:
    """Returns the example hand with We's numbers as given."""
    hand = EXAMPLE_HAND["hand"]
    return {**EXAMPLE_HAND, "hand": {**hand, "We": {**hand["We"], **we}}}


def send(api: Api, body: Any, language: str, method: str = "POST", path: str = "/hands"):
    """Sends a hand to the game, asking for answers in `language`."""
    headers = {**api.headers(), "Accept-Language": language}
    return api.client.open(api.path + path, method=method, json=body, headers=headers)


@pytest.mark.parametrize("language", ["en", "de"])
def test_digits_grouped_by_dots_are_read_in_german_and_in_english(api, language):
    """ "1.050" is 1,050 in German, and in English too (the form's reader takes both)."""
    response = send(api, typed(melded_points="1.050", red_threes=" 1 "), language)
    assert response.status_code == 201, response.get_json()
    entry = api.game()["hands"][0]["entry"]["hand"]["We"]
    assert (entry["melded_points"], entry["red_threes"]) == (1050, 1)


def test_a_comma_grouped_number_is_refused_in_german_on_every_hand_write(api):
    """German reads a comma as decimals: the form's words, for a record, a preview and an edit."""
    assert send(api, EXAMPLE_HAND, "en").status_code == 201
    expected = [
        {
            "side": "We",
            "field": "melded_points",
            "message": "Auf Deutsch ist 1,050 eine Kommazahl, keine ganze Zahl: schreib 1.050 oder 1050.",
        }
    ]
    for method, path in (("POST", "/hands"), ("POST", "/preview"), ("PUT", "/hands/1")):
        body = problem(send(api, typed(melded_points="1,050"), "de", method, path), 422)
        assert body["type"] == INVALID_HAND
        assert (body["title"], body["detail"]) == (
            "Ungültige Eingabe",
            "Die Runde ist ungültig; nichts wurde gespeichert.",
        )
        assert body["errors"] == expected
    assert len(api.game()["hands"]) == 1


@pytest.mark.parametrize(
    ("language", "text", "message"),
    [
        pytest.param("en", "999,999", "Melded points is too large: at most 100,000.", id="en"),
        pytest.param("de", "999.999", "Melded points: zu groß, höchstens 100.000.", id="de"),
    ],
)
def test_a_typed_number_over_the_limit_is_refused_in_the_forms_words(api, language, text, message):
    errors = problem(send(api, typed(melded_points=text), language), 422)["errors"]
    assert errors == [{"side": "We", "field": "melded_points", "message": message}]
    assert api.game()["hands"] == []


def test_a_bad_typed_number_and_an_unknown_key_are_both_named(api):
    """Judged once: the unknown key and the number the reader refuses come back together."""
    body = problem(send(api, {**typed(melded_points="999,999"), "extra": 1}, "en"), 422)
    assert (body["type"], body["detail"]) == (
        INVALID_HAND,
        "The body has fields a hand does not have.",
    )
    assert [(e["side"], e["field"]) for e in body["errors"]] == [
        ("We", "melded_points"),
        (None, "extra"),
    ]
    assert body["errors"][0]["message"] == "Melded points is too large: at most 100,000."


def test_a_hand_that_passes_its_shape_carries_whole_numbers(app):
    """The shape reads typed text in the request's language; an empty box stays empty."""
    sent = {
        "hand": {
            "We": {"melded_points": "1.250", "canastas": {"natural": " 2 "}, "x": "", "y": " "}
        }
    }
    shape = spec.adapter(HandInput)
    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert shape.validate_python(sent) == {  # spaces alone are an empty box, as on the form
            "hand": {"We": {"melded_points": 1250, "canastas": {"natural": 2}, "x": "", "y": ""}}
        }
        with pytest.raises(ValidationError) as refused:
            shape.validate_python({"hand": {"We": {"hand_points": "1,250"}}})
    [error] = refused.value.errors()
    assert (error["type"], error["loc"], error["input"]) == (
        "number",
        ("hand", "We", "hand_points"),
        "1,250",
    )

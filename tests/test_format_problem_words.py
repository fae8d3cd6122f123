"""A format document's problems in the reader's words: English as written, others translated."""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper.language.problem_words import format_problem
from scorekeeper.rules.checks import english
from scorekeeper.rules.documents import FormatError, derive, inline_document
from tests.test_web_house_formats import submit

BROKEN = [  # changes to Classic, each refused by the loader or the impossible-rule checks
    {"ending.target": 0},
    {"pack": -108},
    {"canastas.natural.min_points": 5000},
    {"canastas.natural.min_points": -5},
    {"cards.joker.count": -1},
    {"cards.joker.melded": -50},
    {"going_out.requires": {"sevens": 1}},
    {"going_out.canastas": -1},
    {"going_out.nonsense": 1},
    {"nothing.here": 1},
    {"going_out.requires": 2},
    {"going_out.bonus": 101},
    {"going_out.bonus": "lots"},
    {"opening.by": "luck"},
    {"opening.tiers": [{"below": 3000, "points": 50}, {"below": 1500, "points": 90}]},
    {"red_threes.max": -1},
    {"red_threes.scale": [100]},
    {"table.players_per_side": [2]},
    {"ending.deals": 4},
    {"id": "mine"},
    {"canastas": 3},
]


def _problems(changes):
    with pytest.raises(FormatError) as refused:
        derive("classic", changes)
    return refused.value.problems


@pytest.mark.parametrize("changes", BROKEN, ids=lambda c: ",".join(c))
def test_every_loader_problem_carries_its_template(changes) -> None:
    """The English message is exactly the template filled in: the translation words the same."""
    for found in _problems(changes):
        assert found.template, found
        assert found.message == found.template % english(found.params)


def test_an_inline_formats_problems_carry_templates_too() -> None:
    for value in (3, {"base": "classic", "colour": 1}, {"base": 5}, {"base": "x", "options": 1}):
        with pytest.raises(FormatError) as refused:
            inline_document(value)
        (found,) = refused.value.problems
        assert found.template and found.message == found.template % english(found.params)


def test_format_problems_are_worded_in_the_language(app: Flask) -> None:
    """Numbers are written the language's way; English keeps the loader's own sentence."""
    (found,) = _problems({"canastas.natural.min_points": 5000})
    expected = "A canasta of at least 5,000 points is more than the whole pack holds (1,180)."
    assert found.message == expected
    with app.test_request_context("/"):
        assert format_problem(found) == expected
    with app.test_request_context("/?lang=de"):
        german = format_problem(found)
    assert "5.000" in german and "1.180" in german and "Canasta" in german
    assert german != expected
    (found,) = _problems({"nothing.here": 1})
    assert found.message == "'nothing.here' names no field of this preset."
    with app.test_request_context("/?lang=es"):
        assert format_problem(found) == "'nothing.here' no nombra ningún campo de este formato."
    (found,) = _problems({"going_out.nonsense": 1})
    assert (found.message, found.field) == ("is not a known field", "going_out.nonsense")
    with app.test_request_context("/?lang=it"):
        assert format_problem(found) == "non è un campo noto"


def test_an_impossible_house_rule_is_refused_in_german(client) -> None:
    """Typed on the form in German: the messages beside the fields are German; English stays."""
    typed = {"ending.target": "0", "canastas.natural.min_points": "5.000"}
    english_page = submit(client, "/formats/new?base=classic", name="Kaputt", **typed)
    assert english_page.status_code == 422
    assert "The target must be more than 0 points." in english_page.text
    client.get("/language/de?next=/")
    german = submit(client, "/formats/new?base=classic", name="Kaputt", **typed)
    assert german.status_code == 422
    page = german.text
    assert "Das Ziel muss größer als 0 Punkte sein." in page
    assert "Eine Canasta mit mindestens 5.000 Punkten" in page
    assert "The target must be more than 0 points." not in page
    assert "more than the whole pack holds" not in page


def test_the_api_words_format_problems_only_when_asked(client) -> None:
    body = {"name": "Nope", "base": "classic", "set": {"ending.target": 0, "pack": -1}}
    english_errors = client.post("/api/v1/formats", json=body).get_json()["errors"]
    assert [e["message"] for e in english_errors] == [
        "The pack needs at least one card.",
        "The target must be more than 0 points.",
    ]
    german = client.post("/api/v1/formats", json=body, headers={"Accept-Language": "de"})
    errors = german.get_json()["errors"]
    assert [e["field"] for e in errors] == [e["field"] for e in english_errors]
    assert [e["message"] for e in errors] == [
        "Ein Kartenspiel braucht mindestens eine Karte.",
        "Das Ziel muss größer als 0 Punkte sein.",
    ]

"""Each bound of a club night is one constant that every edge reads: forms, bodies, OpenAPI, store."""

from __future__ import annotations

import re

import pytest

from scorekeeper.events import bounds
from scorekeeper.events.victory import MAX_VP
from scorekeeper.rules.documents import MAX_NAME as MAX_FORMAT_NAME
from scorekeeper.store.events import entrants as event_entrants
from scorekeeper.store.events.event import InvalidEvent
from scorekeeper.store.groups.group import MAX_GROUP_NAME
from tests.test_api_events import PAIRS, body, make
from tests.test_web_events import FORM

LONG = "x" * (bounds.MAX_ENTRANT_NAME + 1)


def test_the_api_document_reads_the_bounds(client) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    new, entrant = schemas["NewEvent"]["properties"], schemas["EntrantInput"]["properties"]
    late = schemas["LateEntrant"]["properties"]
    # A name's bound is in its pattern, which lets the spaces at its ends through (the edges
    # strip them): the longest name, padded, matches; one letter more does not.
    for most, schema in (
        (bounds.MAX_EVENT_NAME, new["name"]),
        (bounds.MAX_ENTRANT_NAME, entrant["name"]),
        (bounds.MAX_ENTRANT_NAME, entrant["players"]["items"]),
        (bounds.MAX_ENTRANT_NAME, late["name"]),
        (bounds.MAX_ENTRANT_NAME, late["players"]["items"]),
    ):
        whole = schema["pattern"].removeprefix("^").removesuffix("$")
        assert re.fullmatch(whole, f"  {'y' * most} ")
        assert not re.fullmatch(whole, "y" * (most + 1))
    assert new["format"]["maxLength"] == bounds.MAX_FORMAT_ID
    assert new["entrants"]["maxItems"] == bounds.MAX_ENTRANTS
    assert new["rounds"]["maximum"] == bounds.MAX_ROUNDS
    assert new["deals_per_round"]["maximum"] == bounds.MAX_DEALS
    assert new["round_minutes"]["maximum"] == bounds.MAX_ROUND_MINUTES
    for shape in ("ByeInput", "Adjustment"):
        figures = schemas[shape]["properties"]
        assert figures["victory_points"]["maximum"] == MAX_VP
        assert figures["margin"]["maximum"] == bounds.MAX_TABLE_SCORE


def test_the_forms_maxlengths_read_the_bounds(client) -> None:
    def most(path: str) -> str:
        page = client.get(path).get_data(as_text=True)
        return re.search(r'name="name" type="text"[^>]*maxlength="(\d+)"', page).group(1)

    assert most("/events/new") == str(bounds.MAX_EVENT_NAME)
    assert most("/groups") == str(MAX_GROUP_NAME)
    page = client.get("/formats/new?preset=classic").get_data(as_text=True)
    assert f'maxlength="{MAX_FORMAT_NAME}"' in page


@pytest.mark.parametrize("where", ["name", "players"])
def test_the_api_takes_a_name_at_the_bound_and_refuses_one_past_it(client, where) -> None:
    at = "y" * bounds.MAX_ENTRANT_NAME
    first = (
        {"name": at, "players": ["Ann", "Bob"]}
        if where == "name"
        else {"name": "A", "players": [at, "Bob"]}
    )
    make(client, entrants=[first, *PAIRS[1:]])
    past = {**first, where: LONG if where == "name" else [LONG, "Bob"]}
    refused = client.post("/api/v1/events", json=body(entrants=[past, *PAIRS[1:]]))
    assert refused.status_code == 422
    fields = {e["field"] for e in refused.get_json()["errors"]}
    assert any(f.startswith("entrants[0]") for f in fields)


def test_the_form_says_the_bound_of_a_name(client) -> None:
    page = client.post("/events/new", data=FORM | {"entrants": f"{LONG}\nKings\nQueens"})
    assert page.status_code == 422
    assert f"Names are 1 to {bounds.MAX_ENTRANT_NAME} letters." in page.get_data(as_text=True)
    german = client.post("/events/new?lang=de", data=FORM | {"entrants": f"{LONG}\nKings"})
    assert f"Namen haben 1 bis {bounds.MAX_ENTRANT_NAME} Zeichen." in german.get_data(as_text=True)


def test_a_late_entrant_past_the_bound_is_refused_by_the_store(client, db) -> None:
    made = make(client)
    with pytest.raises(InvalidEvent):
        event_entrants.add_entrant(db, made["id"], LONG, ["Ivy", "Jo"])
    at = "z" * bounds.MAX_ENTRANT_NAME
    added = event_entrants.add_entrant(db, made["id"], at, ["Ivy", "Jo"])
    assert added.position == len(PAIRS)

"""Hostile input from hypothesis: form data and import files never cause a 500 or a half-save."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import store
from scorekeeper.presets import rules_for
from scorekeeper.store.portable import InvalidImport, export_games, import_games
from scorekeeper.web.hand_form import fields_for
from tests.conftest import Table

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
TABLES = ("games", "sides", "players", "hands", "used_form_tokens", "browser_games")
FIELDS = [f"{i}-{f.suffix}" for i in range(2) for f in fields_for(rules_for("classic"))]
FIELDS += ["0-went_out", "1-went_out", "version", "form_token", "number", "lone_hand"]
NASTY_TEXT = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["", " ", "0", "-5", "1e9", "9" * 400, "120+35", "+", "½", "٣٠٠", "\x00"]),
    st.integers(-(10**30), 10**30).map(str),
    st.from_regex(r"[0-9]{1,9}( ?\+ ?[0-9]{1,9}){0,50}", fullmatch=True),
)


def snapshot(db) -> dict[str, list]:
    """Returns every row of every table."""
    return {t: db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in TABLES}


@pytest.fixture
def game_id(table: Table) -> str:
    """Returns a new Classic game."""
    return table.new_game("classic")


@SETTINGS
@given(fields=st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=20), NASTY_TEXT))
def test_hostile_hand_forms_save_all_or_nothing(table: Table, game_id, db, fields) -> None:
    """Any form data gives a page (never a 500) and saves one whole hand or nothing at all."""
    path = f"/games/{game_id}/hands/new"
    hidden = table.form(path) if "form_token" not in fields else {}
    before = snapshot(db)
    response = table.client.post(path, data=hidden | fields)
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    after = snapshot(db)
    if response.status_code == 302 and "#hand-" in response.headers["Location"]:
        assert len(after["hands"]) == len(before["hands"]) + 1
        assert after["games"][0][6] == before["games"][0][6] + 1  # the version moved on once
    else:
        assert after == before


@SETTINGS
@given(
    names=st.lists(st.text(max_size=60), min_size=6, max_size=6),
    dealer=st.text(max_size=8),
    start=NASTY_TEXT,
)
def test_hostile_new_game_forms_never_fail(table: Table, db, names, dealer, start) -> None:
    """Any names and starting totals give the game or the form with its problems."""
    keys = ["side-0-name", "side-1-name"] + [f"side-{i}-player-{j}" for i in (0, 1) for j in (0, 1)]
    data = {"format": "classic", "first_dealer": dealer, "side-0-start": start}
    data |= dict(zip(keys, names, strict=True))
    before = len(snapshot(db)["games"])
    response = table.client.post("/games/new", data=data)
    assert response.status_code in (302, 400, 422)
    assert len(snapshot(db)["games"]) == before + (response.status_code == 302)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=50),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=20,
)


def leaves(value, path=()):
    """Yields the path of every value inside a JSON document."""
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from leaves(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from leaves(child, (*path, index))


def replaced(document, path, value):
    """Returns a copy of the document with the value at `path` replaced."""
    if not path:
        return value
    copy = json.loads(json.dumps(document))
    node = copy
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return copy


@pytest.fixture
def export(table: Table, db) -> dict:
    """Returns a valid export of one Classic game with two hands."""
    game_id = table.new_game("classic")
    hand = {0: {"melded_points": "300", "canastas-natural": 1, "went_out": "out"}}
    table.record(game_id, hand)
    table.record(game_id, {1: {"melded_points": "90"}, 0: {"hand_points": "15"}})
    return export_games(db, [game_id])


def assert_all_or_nothing(db, text: str) -> None:
    """Imports the text: either every game is added, or InvalidImport and no row changes."""
    before = snapshot(db)
    try:
        ids = import_games(db, text)
    except InvalidImport as refused:
        assert refused.message
        assert snapshot(db) == before
        return
    for game_id in ids:
        store.get_game(db, game_id).state  # noqa: B018 - a saved game always replays
    assert len(snapshot(db)["games"]) == len(before["games"]) + len(ids)


@SETTINGS
@given(data=st.data())
def test_a_mangled_export_imports_whole_or_not_at_all(db, export, data) -> None:
    """Any one value of a real export replaced by any JSON value: all the game, or none of it."""
    paths = list(leaves(export))
    path = data.draw(st.sampled_from(paths), label="path")
    value = data.draw(JSON, label="value")
    assert_all_or_nothing(db, json.dumps(replaced(export, path, value)))


@SETTINGS
@given(document=JSON)
def test_arbitrary_json_is_refused_without_a_trace(db, document) -> None:
    """A file that is any JSON at all never crashes the import."""
    assert_all_or_nothing(db, json.dumps(document))


@SETTINGS
@given(blob=st.binary(max_size=200))
def test_arbitrary_bytes_are_refused_on_the_import_page(table: Table, db, blob) -> None:
    """Uploading any bytes gives the page with a message, never a 500."""
    import io

    before = snapshot(db)
    response = table.client.post("/import", data={"file": (io.BytesIO(blob), "x.json")})
    assert response.status_code in (302, 422)
    if response.status_code == 422:
        assert snapshot(db) == before

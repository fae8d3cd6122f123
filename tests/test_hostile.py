"""Hostile input from hypothesis: form data and import files never cause a 500 or a half-save."""

from __future__ import annotations

import io
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import store
from scorekeeper.rules.presets import rules_for
from scorekeeper.store.portable.importing import InvalidImport, export_games, import_games
from scorekeeper.web.games.hand_form import fields_for
from tests.conftest import Table, fresh_rate_limits, location

pytestmark = pytest.mark.slow  # hypothesis drives hundreds of forms and files

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

    fresh_rate_limits(table.app.instance_path)  # many examples: not the limit tested

    before = snapshot(db)
    response = table.client.post("/import", data={"file": (io.BytesIO(blob), "x.json")})
    assert response.status_code in (302, 422)
    if response.status_code == 422:
        assert snapshot(db) == before


# Payload classes of issue 10, each sent where a number or a name is read.
UNICODE_DIGITS = ["①", "²", "٣", "３", "½"]
BAD_NAMES = ["\x00Ann", "Ann\x00", "A\tB", "\u202eevil", "a\u2066b", "a\ud800b", "\udfff"]
NESTED = "[" * 30_000 + "]" * 30_000


@pytest.fixture
def cutthroat(table: Table) -> str:
    """Returns a new cutthroat game (its form asks who played alone)."""
    return table.new_game("cutthroat")


def number_requests(game_id: str, cut_id: str, hidden: dict, cut_hidden: dict, digit: str):
    """Yields (method, path, data) for each place the web reads a number, with `digit` in it."""
    yield "GET", "/games/new", {"format": "oklahoma", "sides": digit}
    yield "GET", f"/games/{game_id}/opening-check", {"side": digit}
    yield "GET", f"/games/{game_id}/opening-check", {"side": "0", "cards-joker": digit}
    yield "POST", f"/games/{game_id}/preview", {"number": digit, "0-melded_points": "50"}
    yield "POST", f"/games/{game_id}/preview", {"0-melded_points": digit}
    yield "POST", f"/games/{cut_id}/hands/new", cut_hidden | {"lone_hand": digit}
    yield "POST", f"/games/{game_id}/hands/new", hidden | {"version": digit}
    yield "POST", f"/games/{game_id}/hands/new", hidden | {"0-melded_points": f"1{digit}0"}
    yield "POST", f"/games/{game_id}/hands/new", hidden | {"0-canastas-natural": digit}
    yield "GET", f"/games/{game_id}/hands/{digit}", {}
    yield "GET", f"/games/{game_id}/hands/{digit}/edit", {}


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_unicode_digits_are_refused_everywhere_a_number_is_read(
    table: Table, db, game_id, cutthroat, digit
) -> None:
    """Superscript, circled, Arabic-Indic and full-width digits: a 4xx, never a 500 or a save."""
    table.record(game_id, {0: {"melded_points": "90"}})
    hidden = table.form(f"/games/{game_id}/hands/new")
    cut_hidden = table.form(f"/games/{cutthroat}/hands/new")
    before = snapshot(db)
    for method, path, data in number_requests(game_id, cutthroat, hidden, cut_hidden, digit):
        if method == "GET":
            response = table.client.get(path, query_string=data)
        else:
            response = table.client.post(path, data=data)
        assert response.status_code < 500, (path, data)
        if method == "POST" and path.endswith("/hands/new"):
            assert response.status_code in (400, 422), (path, data)
        if path.endswith("/preview"):
            assert response.get_json()["ok"] is False or "number" in data
    assert snapshot(db) == before


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_unicode_digits_in_the_api_are_refused(client, db, digit) -> None:
    """The API's hand numbers, versions and starting totals take ASCII digits only."""
    from scorekeeper.api.openapi import EXAMPLE_GAME, EXAMPLE_HAND

    created = client.post("/api/v1/games", json=EXAMPLE_GAME).get_json()
    path, token = f"/api/v1/games/{created['id']}", created["tokens"]["edit"]
    headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": "k" * 20}
    before = snapshot(db)
    answers = [
        client.put(
            f"{path}/hands/{digit}", json=EXAMPLE_HAND, headers=headers | {"If-Match": '"1"'}
        ),
        client.post(f"{path}/hands", json=EXAMPLE_HAND, headers=headers | {"If-Match": digit}),
        client.post("/api/v1/games", json=EXAMPLE_GAME | {"start_totals": {"We": digit}}),
    ]
    assert [r.status_code for r in answers] == [404, 400, 422]
    assert snapshot(db) == before


@pytest.mark.parametrize("name", BAD_NAMES)
def test_bad_names_are_refused_by_form_api_and_import(table: Table, db, export, name) -> None:
    """A NUL, a control character, a bidi override or a lone surrogate never reaches the store."""
    from scorekeeper.api.openapi import EXAMPLE_GAME

    before = snapshot(db)
    data = {"format": "classic", "first_dealer": "0-0", "side-0-name": "We", "side-1-name": "They"}
    data |= {"side-0-player-0": name, "side-0-player-1": "B"}
    data |= {"side-1-player-0": "C", "side-1-player-1": "D"}
    if not any("\ud800" <= ch <= "\udfff" for ch in name):  # a form cannot carry a surrogate
        assert table.client.post("/games/new", data=data).status_code == 422
    sides = [{"name": name, "players": ["A", "B"]}, EXAMPLE_GAME["sides"][1]]
    api = table.client.post("/api/v1/games", json=EXAMPLE_GAME | {"sides": sides})
    assert api.status_code == 422 and api.mimetype == "application/problem+json"
    assert api.get_json()["errors"][0]["field"] == "sides[0].name"
    document = replaced(export, ("games", 0, "sides", 0, "players", 0), name)
    with pytest.raises(InvalidImport, match="sides|player"):
        import_games(db, json.dumps(document))
    assert snapshot(db) == before


def test_deep_nesting_is_a_400_on_every_api_write(client, db) -> None:
    """60 KB of '[' is a problem document on every write, the token-less new game included."""
    from scorekeeper.api.openapi import EXAMPLE_GAME

    created = client.post("/api/v1/games", json=EXAMPLE_GAME).get_json()
    path, token = f"/api/v1/games/{created['id']}", created["tokens"]["owner"]
    headers = {"Authorization": f"Bearer {token}", "If-Match": '"1"', "Idempotency-Key": "n" * 20}
    before = snapshot(db)
    writes = [
        ("POST", "/api/v1/games"),
        ("POST", f"{path}/hands"),
        ("PUT", f"{path}/hands/1"),
        ("POST", f"{path}/reopen"),
        ("POST", f"{path}/preview"),
    ]
    for method, url in writes:
        for body in (NESTED, '{"hand": ' * 5_000 + "1" + "}" * 5_000):
            response = client.open(
                url, method=method, data=body, content_type="application/json", headers=headers
            )
            assert response.status_code == 400, (method, url)
            assert response.mimetype == "application/problem+json"
            assert "The body nests deeper" in response.get_json()["detail"]
    assert snapshot(db) == before


def fill_to_the_limit(db, game_id: str) -> None:
    """Gives a game MAX_HANDS valid hands that score nothing, straight into the table."""
    from scorekeeper.store.connection import write
    from scorekeeper.store.games import scores
    from scorekeeper.store.games.game import MAX_HANDS

    hand = {
        "We": {"melded_points": 100, "hand_points": 100},
        "They": {"melded_points": 60, "hand_points": 60},
    }
    rows = [
        (game_id, n, json.dumps({"hand": hand}), "2025-01-01T00:00:00+00:00")
        for n in range(1, MAX_HANDS + 1)
    ]
    with db.conn:
        db.conn.executemany(
            "INSERT INTO hands (game_id, number, entry, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?4)",
            rows,
        )
        db.conn.execute("UPDATE games SET version = ?, rewritten = ?", [1_001, 1_001])
    with write(db):  # each hand's stored result and the head, as the migration computes them
        scores.rescore(db, game_id)


def test_a_full_game_refuses_one_more_hand_and_its_export_comes_back(table: Table, db) -> None:
    """Finding 8: one limit for hands per game, on record and import alike."""
    import io

    game_id = table.new_game("classic")
    fill_to_the_limit(db, game_id)
    before = snapshot(db)
    response = table.record(game_id, {0: {"melded_points": "90"}})
    assert response.status_code == 422
    assert "at most 1,000 hands" in response.get_data(as_text=True)
    assert snapshot(db) == before
    exported = table.client.get(f"/games/{game_id}/export.json").data
    upload = {"file": (io.BytesIO(exported), "full.json")}
    assert location(table.client.post("/import", data=upload)) == "/"
    assert len(snapshot(db)["hands"]) == 2 * len(before["hands"])


def test_a_full_game_says_so_in_the_readers_language(table: Table, db) -> None:
    """The store's limit is a problem with a code and params: each language words it."""
    game_id = table.new_game("classic")
    fill_to_the_limit(db, game_id)
    path = f"/games/{game_id}/hands/new?lang=de"
    response = table.client.post(path, data=table.form(path) | {"0-melded_points": "90"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Ein Spiel hat höchstens 1.000 Runden; fang ein neues Spiel an" in page
    assert "A game holds at most" not in page


def test_files_that_hold_links_are_owner_only(fresh_app, tmp_path) -> None:
    """Finding 7: the database the app makes, its WAL and a backup are 0600, whatever the umask."""
    from scorekeeper.store.backup import backup

    before = os.umask(0o022)  # a usual shell's: the files must not lean on a stricter one
    try:
        Table(fresh_app, fresh_app.test_client()).new_game("classic")
        database = fresh_app.config["DATABASE"]
        target = tmp_path / "copy.db"
        backup(database, target)
    finally:
        os.umask(before)
    for path in (database, f"{database}-wal", target):
        assert os.stat(path).st_mode & 0o777 == 0o600, path


def test_backup_into_a_folder_says_so(tmp_path, app, capsys) -> None:
    """`scorekeeper backup DIR --force` answers with a message, not a traceback."""
    from scorekeeper.cli import main

    assert main(["backup", str(tmp_path), "--force"]) == 2
    said = capsys.readouterr().err
    assert "is a directory" in said or "is a folder" in said
    assert "Traceback" not in said
    assert not list(tmp_path.glob(".*.tmp"))


def test_api_links_use_the_configured_origin_not_the_host_header(tmp_path, monkeypatch) -> None:
    """A client's Host header never decides where the links of a new game point."""
    from scorekeeper.api.openapi import EXAMPLE_GAME
    from tests.conftest import make_app

    app = make_app(tmp_path, monkeypatch, PUBLIC_ORIGIN="https://cards.example.org")
    response = app.test_client().post(
        "/api/v1/games", json=EXAMPLE_GAME, headers={"Host": "evil.example"}
    )
    links = response.get_json()["links"]
    assert all(link.startswith("https://cards.example.org/join/") for link in links.values())


def test_join_tokens_stay_out_of_the_access_log(app) -> None:
    """What gunicorn logs (the request's environ, read after the answer) names no token."""
    from werkzeug.test import EnvironBuilder

    environ = EnvironBuilder(path="/join/SECRETtoken0123456789").get_environ()
    environ["RAW_URI"] = "/join/SECRETtoken0123456789?x=1"
    app.wsgi_app(environ, lambda status, headers, exc_info=None: None)
    logged = " ".join(str(environ.get(k)) for k in ("PATH_INFO", "RAW_URI"))
    assert "SECRET" not in logged and "/join/[redacted]" in logged


def test_pages_with_a_link_or_a_form_token_are_never_stored(table: Table, game_id) -> None:
    """Finding 3: no-store on every page that shows a link or a one-time form token."""
    table.record(game_id, {0: {"melded_points": "90"}})
    pages = [
        "/",
        f"/games/{game_id}/hands/1",
        f"/games/{game_id}/hands/new",
        f"/games/{game_id}/hands/1/edit",
        f"/games/{game_id}/hands/last/delete",
        f"/games/{game_id}/opening-check",
        f"/games/{game_id}/share",
    ]
    for path in pages:
        response = table.client.get(path)
        assert response.status_code == 200, path
        assert response.headers["Cache-Control"] == "no-store", path


@pytest.mark.parametrize("path", ["/games/new", "/api/v1/games"])
def test_a_chunked_body_over_the_limit_is_a_413(client, db, path) -> None:
    """Finding 11: a body sent without a length, past the limit, is too large, not bad."""
    before = snapshot(db)

    def chunks():
        for _ in range(100):
            yield b"x" * 1024

    response = client.post(
        path,
        input_stream=io.BytesIO(b"".join(chunks())),
        headers={"Transfer-Encoding": "chunked", "Content-Type": "application/json"},
    )
    assert response.status_code == 413
    assert snapshot(db) == before


def test_a_chunked_body_within_the_limit_is_read_whole(client) -> None:
    """Measuring a chunked body keeps it: a small new game sent without a length starts."""
    from scorekeeper.api.openapi import EXAMPLE_GAME

    response = client.post(
        "/api/v1/games",
        input_stream=io.BytesIO(json.dumps(EXAMPLE_GAME).encode()),
        headers={"Transfer-Encoding": "chunked", "Content-Type": "application/json"},
    )
    assert response.status_code == 201


# Issue 24, items 13 to 17: the pages and fields the attacker's pass still broke.
LANGUAGES = {
    "en": "No hands yet.",
    "es": "Todavía no hay manos.",
    "pt_BR": "Ainda não há mãos.",
    "it": "Ancora nessuna mano.",
    "de": "Noch keine Runden.",
}


def test_a_summary_before_the_first_hand_says_no_hands_yet(app, table: Table) -> None:
    """Item 13: the Summary page of a new game, for every role and language, is no 500."""
    import re

    game_id = table.new_game("classic")
    share = table.client.get(f"/games/{game_id}/share").get_data(as_text=True)
    links = set(re.findall(r"/join/([\w-]{16,})", share))
    assert len(links) == 2  # edit and view; the table's own phone is the owner
    readers = [table.client]
    for token in links:
        readers.append(app.test_client())
        readers[-1].get(f"/join/{token}")
    for reader in readers:
        for language, words in LANGUAGES.items():
            response = reader.get(f"/games/{game_id}/summary?lang={language}")
            assert response.status_code == 200, language
            assert words in response.get_data(as_text=True)


@pytest.mark.parametrize("base", ["classic", "two_hand", "cutthroat", "five_hand"])
@pytest.mark.parametrize(
    ("key", "typed"),
    [
        ("extras.undeclared_red_threes.max", "-1"),
        ("red_threes.max", "-1"),
        ("going_out.canastas", "-1"),
    ],
)
def test_a_negative_count_in_the_house_preview_is_refused_on_its_field(
    client, base, key, typed
) -> None:
    """Item 14: a preview with a count below 0 is a 422 beside the field, not a KeyError."""
    from tests.test_web_house_formats import submit

    response = submit(
        client, f"/formats/new?base={base}", action="preview", name="X", **{key: typed}
    )
    assert response.status_code == 422
    assert f'id="e-{key}"' in response.get_data(as_text=True)


@SETTINGS
@given(data=st.data())
def test_any_value_in_any_house_field_previews_without_a_500(client, data) -> None:
    """Item 14: whatever is typed into whatever field of the editor, the preview answers."""
    from tests.test_web_house_formats import FormFields, shown

    page = client.get("/formats/new?base=classic")
    fields = shown(page.data)
    parser = FormFields()
    parser.feed(page.text)
    key = data.draw(st.sampled_from(sorted(fields)), label="field")
    value = data.draw(NASTY_TEXT.filter(lambda t: "\x00" not in t or key == "name"), label="value")
    posted = {**fields, key: value, "action": "preview"}
    response = client.post(parser.action.replace("&amp;", "&"), data=posted)
    assert response.status_code in (200, 422), (key, value)


IMPOSSIBLE = [
    pytest.param("canastas.natural.bonus", -500, "-500", id="negative-canasta"),
    pytest.param("going_out.bonus", -100, "-100", id="negative-going-out"),
    pytest.param("going_out.concealed_bonus", -200, "-200", id="negative-concealed"),
    pytest.param("red_threes.scale", [-100, 200, 300, 800], "-100, 200, 300, 800", id="red-three"),
    pytest.param("going_out.canastas", 20, "20", id="more-canastas-than-the-pack"),
    pytest.param("table.players_per_side", [0, 2], "0, 2", id="no-players"),
    pytest.param("ending.target", 7501, "7501", id="target-not-a-multiple-of-5"),
    pytest.param("ending.target", 10**12, "1000000000000", id="target-absurd"),
]


@pytest.mark.parametrize(("key", "value", "typed"), IMPOSSIBLE)
def test_impossible_house_rules_are_refused_on_their_field_everywhere(
    app, client, db, tmp_path, key, value, typed
) -> None:
    """Item 16: the API, the editor and format-check each refuse the rule on its field."""
    from scorekeeper.cli import main
    from tests.test_web_house_formats import submit

    api = client.post("/api/v1/formats", json={"name": "X", "base": "classic", "set": {key: value}})
    assert api.status_code == 422, api.get_json()
    assert [e["field"] for e in api.get_json()["errors"]] == [f"set.{key}"]
    editor = submit(client, "/formats/new?base=classic", name="X", **{key: typed})
    assert editor.status_code == 422
    assert f'id="e-{key}"' in editor.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM house_formats").fetchone()[0] == 0
    path = tmp_path / "house.json"
    path.write_text(json.dumps({"base": "classic", "name": "X", "set": {key: value}}))
    with app.app_context():
        assert main(["format-check", str(path)]) == 2


def test_players_who_sat_in_one_game_are_not_merged(app, client, table: Table, db) -> None:
    """Item 17: merging two players of the same game is refused, saying why; nothing counts twice."""
    from tests.test_web_groups import finished_game, make_group

    group_id = make_group(client)
    finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    ids = dict(db.execute("SELECT name, id FROM group_players").fetchall())
    before = snapshot(db), db.execute("SELECT * FROM game_seats ORDER BY 1, 2, 3").fetchall()
    path = f"/groups/{group_id}/players/{ids['Ann']}"
    response = client.post(f"{path}/merge", data={"other": ids["Cy"]})
    page = client.get(location(response)).get_data(as_text=True)
    assert "Ann and Cy sat at the same table in 1 game" in page
    assert (snapshot(db), db.execute("SELECT * FROM game_seats ORDER BY 1, 2, 3").fetchall()) == (
        before
    )
    assert set(dict(db.execute("SELECT name, id FROM group_players").fetchall())) == set(ids)
    csv = client.get(f"/groups/{group_id}/stats/players.csv").get_data(as_text=True)
    assert "Ann,all,1,1," in csv


# Item 15: every name the app stores, through every way in. A surrogate cannot ride in a form.
NAME_TAILS = ["A" * 41 + "\ud800", "A" * 45 + "\x00", "Tuesday \u202e table", "\x00Ours"]


def _in_a_form(name: str) -> bool:
    return not any("\ud800" <= ch <= "\udfff" for ch in name)


@pytest.mark.parametrize("name", BAD_NAMES + NAME_TAILS)
def test_every_stored_name_follows_the_one_rule(app, client, table: Table, db, name) -> None:
    """Group, house-format, kind, player and side names: refused with a 4xx, nothing stored."""
    from tests.test_web_groups import finished_game, make_group
    from tests.test_web_house_formats import submit

    group_id = make_group(client, "Club")
    finished_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    (ann,) = db.execute("SELECT id FROM group_players WHERE name = 'Ann'").fetchone()
    before = snapshot(db), db.execute("SELECT name FROM groups").fetchall()
    made = db.execute("SELECT count(*) FROM house_formats").fetchone()[0]
    answers = [
        client.post("/api/v1/groups", json={"name": name}),
        client.post("/api/v1/formats", json={"name": name, "base": "classic", "set": {}}),
        client.post(
            "/api/v1/formats",
            json={"name": "Ours", "base": "classic", "set": {"canastas.natural.label": name}},
        ),
    ]
    assert [r.status_code for r in answers] == [422, 422, 422], [r.get_json() for r in answers]
    if _in_a_form(name):
        assert client.post("/groups", data={"name": name}).status_code == 422
        assert submit(client, "/formats/new?base=classic", name=name).status_code == 422
        kind = {"new_kind.label": name, "new_kind.bonus": "1000", "new_kind.min_points": "35"}
        assert submit(client, "/formats/new?base=classic", name="Ours", **kind).status_code == 422
        upload = json.dumps({"name": name, "base": "classic", "set": {}}).encode()
        sent = client.post("/formats/upload", data={"file": (io.BytesIO(upload), "h.json")})
        assert sent.status_code == 422
        client.post(f"/groups/{group_id}/players/{ann}/rename", data={"name": name})
    assert (snapshot(db), db.execute("SELECT name FROM groups").fetchall()) == before
    assert db.execute("SELECT count(*) FROM house_formats").fetchone()[0] == made
    assert db.execute("SELECT name FROM group_players WHERE id = ?", [ann]).fetchone()[0] == "Ann"


@SETTINGS
@given(name=st.text(max_size=70))
def test_any_name_is_stored_only_when_the_one_rule_allows_it(client, db, name) -> None:
    """Any text as a group's or a house format's name: kept exactly when the engine's rule says."""
    from scorekeeper.engine.names import name_problem, tidy

    fresh_rate_limits(client.application.instance_path)  # many examples: not the limit tested

    group = client.post("/api/v1/groups", json={"name": name})
    house = client.post("/api/v1/formats", json={"name": name, "base": "classic", "set": {}})
    assert group.status_code in (201, 422) and house.status_code in (201, 422)
    assert (group.status_code == 201) == (name_problem(tidy(name), 60) is None)
    assert (house.status_code == 201) == (name_problem(name.strip(), 60) is None)


EVENT_TABLES = ("events", "event_entrants", "event_tables", "event_byes", "games")
EVENT_VALUES = st.one_of(
    NASTY_TEXT,
    st.integers(-(10**12), 10**12),
    st.none(),
    st.booleans(),
    st.lists(
        st.one_of(NASTY_TEXT, st.integers(), st.dictionaries(NASTY_TEXT, NASTY_TEXT)), max_size=5
    ),
    st.dictionaries(
        st.sampled_from(["bands", "template", "up_to", "winner", "loser"]),
        st.integers()
        | NASTY_TEXT
        | st.lists(
            st.dictionaries(
                st.sampled_from(["up_to", "winner", "loser"]), st.integers() | st.none()
            ),
            max_size=4,
        ),
    ),
)


def event_rows(db) -> dict[str, int]:
    return {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in EVENT_TABLES}


@SETTINGS
@given(
    fields=st.dictionaries(
        st.sampled_from(
            [
                "name",
                "format",
                "options",
                "entrants",
                "movement",
                "rounds",
                "deals_per_round",
                "victory_points",
                "bye",
                "confirm",
                "date",
            ]
        )
        | st.text(max_size=10),
        EVENT_VALUES,
    )
)
def test_hostile_new_events_never_fail(client, db, fields) -> None:
    """Any JSON for a new event is a 201 or a problem with an entry per field; a refusal saves nothing."""
    from tests.test_api_events import body

    before = event_rows(db)
    response = client.post("/api/v1/events", json=body() | fields)
    assert response.status_code in (201, 400, 422), response.get_data(as_text=True)[:500]
    if response.status_code == 400:  # a number no JSON reader keeps exactly: the body itself
        assert response.get_json()["type"].endswith("#bad-body")
    if response.status_code != 201:
        assert response.get_json()["errors"] and event_rows(db) == before


@SETTINGS
@given(
    fields=st.dictionaries(
        st.sampled_from(
            [
                "name",
                "format",
                "movement",
                "rounds",
                "deals_per_round",
                "victory_points",
                "entrants",
                "confirm",
            ]
        )
        | st.text(max_size=10),
        NASTY_TEXT,
    )
)
def test_hostile_event_forms_keep_what_was_typed(client, db, fields) -> None:
    """Any event form is a page or the director's page; a refusal saves nothing."""
    form = {
        "name": "Club",
        "format": "classic",
        "movement": "round_robin",
        "rounds": "3",
        "deals_per_round": "2",
        "victory_points": "canasta_3",
        "entrants": "A: Ann, Bob\nB: Cy, Di\nC: Ed, Flo\nD: Gus, Hal",
    }
    before = event_rows(db)
    response = client.post("/events/new", data=form | fields)
    assert response.status_code in (302, 422), response.get_data(as_text=True)[:500]
    if response.status_code == 422:
        assert event_rows(db) == before


def test_event_writes_refuse_deep_nesting_and_other_tokens(client, db) -> None:
    """Every event write takes bounded JSON, and a table's or screen's token never directs."""
    from tests.test_api_events import body

    made = client.post("/api/v1/events", json=body()).get_json()
    director = {"Authorization": f"Bearer {made['token']}"}
    url = f"/api/v1/events/{made['id']}"
    for path in ("/api/v1/events", f"{url}/entrants"):
        response = client.post(path, data=NESTED, content_type="application/json", headers=director)
        assert response.status_code == 400 and response.mimetype == "application/problem+json"
    screen = {"Authorization": f"Bearer {made['view_token']}"}
    before = event_rows(db)
    for method, path in (
        ("POST", f"{url}/rounds"),
        ("POST", f"{url}/close"),
        ("DELETE", f"{url}/entrants/0"),
        ("PUT", f"{url}/rounds/1/tables/1"),
    ):
        response = client.open(path, method=method, json={"scores": [0, 0]}, headers=screen)
        assert response.status_code == 403, (method, path)
    assert event_rows(db) == before


@SETTINGS
@given(
    format_id=NASTY_TEXT | st.sampled_from(["h-", "h-" + "a" * 500, "h-\ud800", "h-%00"]),
    group_part=st.sampled_from(["", "x", "\u202e", "a" * 300]),
)
def test_hostile_group_sharing_never_fails(app, client, db, format_id, group_part) -> None:
    """Any format id or group id sent to share or stop sharing: a 404, never a 500 or a row."""
    from tests.test_web_groups import make_group

    with client.session_transaction() as session:
        session.pop("browser", None)  # a phone of its own each example: its own group
    group_id = make_group(client)
    before = db.execute("SELECT count(*) FROM group_formats").fetchone()[0]
    from urllib.parse import quote

    raw = "format=" + quote(format_id.encode("utf-8", "surrogatepass"))  # broken UTF-8 too
    for path in (f"/groups/{group_id}/formats", f"/groups/{group_id}{group_part}/formats"):
        response = client.post(path, data=raw, content_type="application/x-www-form-urlencoded")
        assert response.status_code == 404, response.get_data(as_text=True)[:300]
    in_path = quote(format_id.encode("utf-8", "surrogatepass"), safe="")
    # A "/" id makes an empty segment, which the URL map's merge_slashes answers with a 308
    # to the merged path: followed, that path is a 404 like any other unknown format.
    stop = client.post(f"/groups/{group_id}/formats/{in_path}x/stop", follow_redirects=True)
    assert stop.status_code in (404, 405)
    assert db.execute("SELECT count(*) FROM group_formats").fetchone()[0] == before


def test_the_api_cannot_flood_house_formats(client, db, monkeypatch) -> None:
    """Past its bound an anonymous API client gets a 429 problem, and no row is stored."""
    from scorekeeper.store.formats import house as house_formats

    monkeypatch.setattr(house_formats, "MAX_PER_BROWSER", 5)
    body = {"name": "Flood", "base": "classic", "set": {}}
    answers = [client.post("/api/v1/formats", json=body).status_code for _ in range(12)]
    assert answers == [201] * 5 + [429] * 7
    assert db.execute("SELECT count(*) FROM house_formats").fetchone()[0] == 5
    refused = client.post("/api/v1/formats", json=body)
    assert refused.mimetype == "application/problem+json"
    assert refused.get_json()["type"].endswith("#too-many-formats")

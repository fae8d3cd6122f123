"""Backups, JSON export and import: round trips give identical sheets; bad files change nothing."""

from __future__ import annotations

import copy
import html
import io
import json
import re
import sqlite3
import threading

import pytest
from werkzeug.test import TestResponse

from scorekeeper import store
from scorekeeper.cli import main
from scorekeeper.store.backup import BackupError, backup
from scorekeeper.store.connection import connect, migrate
from scorekeeper.store.portable.importing import (
    MAX_BYTES,
    InvalidImport,
    export_games,
    import_games,
)
from tests.conftest import Table, location

CLASSIC = [
    {0: {"melded_points": "300", "canastas-natural": 1, "went_out": "out"}},
    {1: {"melded_points": "120+35", "red_threes": 2}, 0: {"hand_points": "40"}},
    {1: {"melded_points": "500", "canastas-mixed": 2, "went_out": "concealed"}},
]


STORED = [  # CLASSIC as the engine stores it, side 0 first
    ({"melded_points": 300, "canastas": {"natural": 1}, "went_out": "out"}, {}),
    ({"hand_points": 40}, {"melded_points": 155, "red_threes": 2}),
    ({}, {"melded_points": 500, "canastas": {"mixed": 2}, "went_out": "concealed"}),
]


def add_games(db) -> list[str]:
    """Saves three games through the store: Classic with hands, Classic from paper, and Samba."""
    players = [("P00", "P01"), ("P10", "P11")]
    made = []
    for format_id, names, start, hands in [
        ("classic", ("We", "They"), {}, STORED),
        ("classic", ("Us", "They"), {"Us": 1250, "They": -120}, STORED[:1]),
        ("samba", ("We", "They"), {}, []),
    ]:
        sides = list(zip(names, players, strict=True))
        game = store.create_game(
            db, format_id=format_id, sides=sides, first_dealer="P00", start_totals=start
        )
        for number, entries in enumerate(hands, 1):
            hand = {"hand": dict(zip(names, entries, strict=True))}
            store.record_hand(db, game.id, hand, version=number, form_token=f"{game.id}-{number}")
        made.append(game.id)
    return made


@pytest.fixture
def games(table: Table, db) -> list[str]:
    """Returns the three games of `add_games`, each owned by the table's phone."""
    made = add_games(db)
    for game_id in made:
        table.client.get(f"/join/{table.game(game_id).tokens.owner}")
    return made


@pytest.fixture(scope="module")
def document(tmp_path_factory) -> dict:
    """Returns an export of the three games, built once for the module's refused files."""
    path = tmp_path_factory.mktemp("portable") / "games.db"
    migrate(path)
    db = connect(path)
    try:
        return export_games(db, add_games(db))
    finally:
        db.close()


def sheet_rows(client, game_id: str) -> list[str]:
    """Returns the text of the rendered totals panel and hand rows, tag by tag."""
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    sections = re.findall(r'<section class="(?:board|sheet)[^"]*".*?</section>', page, re.S)
    assert len(sections) == 2
    text = re.sub(r"<[^>]+>", "|", "".join(sections))
    return [cell.strip() for cell in text.split("|") if cell.strip()]


def test_export_then_import_gives_identical_sheets(app, table: Table, games, db) -> None:
    """Every game comes back under a new id with the same setup, hands and replayed sheet."""
    document = export_games(db, games)
    new_ids = import_games(db, json.dumps(document), owner=None)
    assert len(new_ids) == 3 and not set(new_ids) & set(games)
    for old_id, new_id in zip(games, new_ids, strict=True):
        old, new = store.get_game(db, old_id), store.get_game(db, new_id)
        assert (new.format, new.options, new.setup, new.hands) == (
            old.format,
            old.options,
            old.setup,
            old.hands,
        )
        assert new.state == old.state and new.created_at == old.created_at
        assert new.tokens.owner != old.tokens.owner and new.tokens.view != old.tokens.view
        owner = Table(app, app.test_client())
        owner.client.get(f"/join/{new.tokens.owner}")
        assert sheet_rows(owner.client, new_id) == sheet_rows(table.client, old_id)
    assert export_games(db, new_ids)["games"][0]["hands"] == document["games"][0]["hands"]


def test_an_export_never_holds_the_links(table: Table, games, db) -> None:
    """Whoever downloads an export (a viewer, say) learns no link to the game."""
    text = table.client.get(f"/games/{games[0]}/export.json").get_data(as_text=True)
    tokens = table.game(games[0]).tokens
    for token in (tokens.owner, tokens.edit, tokens.view):
        assert token not in text


def test_the_web_export_and_import_round_trip(app, table: Table, games) -> None:
    """Download all of this phone's games, import them on another phone: it owns copies."""
    download = table.client.get("/export.json")
    assert download.status_code == 200
    assert "attachment" in download.headers["Content-Disposition"]
    assert len(json.loads(download.data)["games"]) == 3
    other = Table(app, app.test_client())
    response = other.client.post("/import", data={"file": (io.BytesIO(download.data), "g.json")})
    assert response.headers["Location"] == "/"
    home = other.client.get("/").get_data(as_text=True)
    assert "Imported 3 games." in home and home.count('class="card"') >= 3


def test_a_viewer_may_export_but_a_stranger_may_not(app, table: Table, games) -> None:
    """The export is a read: a view link allows it, no link gives 404."""
    viewer = Table(app, app.test_client())
    viewer.client.get(f"/join/{table.game(games[0]).tokens.view}")
    assert viewer.client.get(f"/games/{games[0]}/export.json").status_code == 200
    stranger = app.test_client()
    assert stranger.get(f"/games/{games[0]}/export.json").status_code == 404


def snapshot(db) -> list:
    """Returns the rows of every game table, to prove that nothing changed."""
    return [
        db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall()
        for t in ("games", "sides", "players", "hands", "browser_games")
    ]


def mutate(document: dict, path: str, value) -> dict:
    """Returns a copy with the value at a dotted path replaced (or deleted when value is ...)."""
    document = copy.deepcopy(document)
    *parents, last = path.split(".")
    node = document
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    key = int(last) if isinstance(node, list) else last
    if value is ...:
        del node[key]
    else:
        node[key] = value
    return document


BAD = [
    pytest.param("kind", "spreadsheet", "not a Canasta Scorekeeper export", id="wrong-kind"),
    pytest.param("version", 99, "export version 1", id="future-version"),
    pytest.param("games", [], "no games", id="no-games"),
    pytest.param("games", {"a": 1}, "no games", id="games-not-a-list"),
    pytest.param("surprise", 1, "Unknown field 'surprise'", id="unknown-top-field"),
    pytest.param("games.0.format", "poker", "unknown format 'poker'", id="unknown-format"),
    pytest.param("games.0.options", ["no_such"], "no house option", id="unknown-option"),
    pytest.param("games.0.options", "all", "options must be a list", id="options-not-list"),
    pytest.param("games.0.sides.0.name", "x" * 41, "sides[0].name", id="long-side-name"),
    pytest.param("games.0.sides.0.name", "", "sides[0].name", id="empty-side-name"),
    pytest.param("games.0.sides.1.players.0", 7, "sides[1].players[0]", id="player-not-text"),
    pytest.param("games.0.sides.1.name", "We", "already has this name", id="duplicate-side"),
    pytest.param(
        "games.0.sides", [{"name": "We", "players": ["a"]}], "played by 2 sides", id="one-side"
    ),
    pytest.param("games.0.sides.0.extra", 1, "exactly a name and players", id="side-extra-key"),
    pytest.param("games.0.first_dealer", "Nobody", "first_dealer", id="dealer-not-a-player"),
    pytest.param("games.0.start_totals", {"We": 12}, "multiple of 5", id="start-not-5"),
    pytest.param("games.0.start_totals", {"We": 10**9}, "that large", id="start-huge"),
    pytest.param("games.0.start_totals", {"We": 1.5}, "whole points", id="start-float"),
    pytest.param("games.0.start_totals", {"Ghost": 50}, "not a side here", id="start-unknown-side"),
    pytest.param("games.0.reopened", "yes", "true or false", id="reopened-not-bool"),
    pytest.param("games.0.created_at", "yesterday", "date and time", id="bad-date"),
    pytest.param("games.0.seating", ["P00"], "every player once", id="bad-seating"),
    pytest.param("games.0.hands", "lots", "hands must be a list", id="hands-not-list"),
    pytest.param("games.0.hands.0", [1, 2], "hand 1", id="hand-not-object"),
    pytest.param("games.0.hands.0.hand.We.melded_points", 10**12, "hand 1", id="huge-points"),
    pytest.param("games.0.hands.0.hand.We.melded_points", -5, "cannot be negative", id="negative"),
    pytest.param(
        "games.0.hands.1.hand.We.melded_points", "300", "whole number", id="points-as-text"
    ),
    pytest.param("games.0.hands.0.hand.We.went_out", "twice", "Going out", id="bad-went-out"),
    pytest.param("games.0.hands.2.hand.Ghost", {}, "not a side", id="unknown-side-in-hand"),
    pytest.param("games.0.hands.0.hand.We.canastas.golden", 1, "Unknown canasta", id="bad-canasta"),
    pytest.param("games.0.hands.0.hand.We.melded_points", 303, "hand 1", id="not-multiple-of-5"),
    pytest.param(  # more than the pack holds: refused, never scored (it crashed the replay)
        "games.0.hands.1.hand.They.red_threes", 9, "hand 2: The pack has only 4", id="red-threes"
    ),
    pytest.param("games.0.format", ..., "format is missing", id="missing-format"),
    pytest.param("games.1.id", "same", "appears twice", id="duplicate-ids"),
    pytest.param("games.0.secret", "x", "unknown field 'secret'", id="unknown-game-field"),
    pytest.param(
        "games.0.start_totals",
        {"We": 5000},
        "start_totals.We: The starting total of We (5,000) is already at the target",
        id="start-at-target",
    ),
    pytest.param(
        "games.0.start_totals",
        {"We": 4900},  # hand 1 takes We to 5,800: hands 2 and 3 came after the end
        "hands[1]: The game ended at hand 1, but hands 2–3 came after it",
        id="hands-after-the-end",
    ),
    pytest.param(
        "games.0.created_at",
        "2999-01-01T00:00:00+00:00",
        "created_at (2999-01-01T00:00:00+00:00) is in the future",
        id="future-created",
    ),
    pytest.param(
        "games.0.updated_at", "2999-01-01T00:00:00", "updated_at", id="future-updated-no-zone"
    ),
    pytest.param(
        "games.0.target_raises",
        [{"after_hand": 1, "from_target": 4000, "to_target": 7500}],
        "target_raises[0].from_target must be the target then (5000)",
        id="raise-from-wrong-target",
    ),
    pytest.param(
        "games.0.target_raises",
        [{"after_hand": 9, "from_target": 5000, "to_target": 7500}],
        "target_raises[0].after_hand",
        id="raise-after-a-hand-never-played",
    ),
    pytest.param(
        "games.0.target_raises",
        [{"after_hand": 1, "from_target": 5000, "to_target": 4000}],
        "target_raises[0].to_target",
        id="raise-downwards",
    ),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD)
def test_a_bad_import_file_is_refused_and_changes_nothing(
    db, document, path, value, message
) -> None:
    """Each problem is named (game and field) and not one row is added."""
    document = copy.deepcopy(document)
    document["games"][0]["sides"][0]["name"] = "We"  # make the paths above predictable
    document["games"][0]["hands"] = [
        {"hand": {"We" if k == "Us" else k: v for k, v in h["hand"].items()}}
        for h in document["games"][0]["hands"]
    ]
    if path == "games.1.id":
        document["games"][0]["id"] = "same"
    before = snapshot(db)
    with pytest.raises(InvalidImport) as refused:
        import_games(db, json.dumps(mutate(document, path, value)))
    assert message in str(refused.value)
    if path.startswith("games.0.") and "appears twice" not in message:
        assert str(refused.value).startswith("Game 1")
    assert snapshot(db) == before


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param(b"\xff\xfe\x00", "not UTF-8", id="binary"),
        pytest.param(b"{not json", "not JSON (line 1", id="not_json"),
        pytest.param(b"[" * 100_000 + b"]" * 100_000, "nests", id="deep-nesting"),
        pytest.param(b'{"kind": "a", "kind": "b"}', "appears twice", id="duplicate-keys"),
        pytest.param(b'{"n": NaN}', "NaN", id="nan"),
        pytest.param(b'{"n": ' + b"9" * 5000 + b"}", "impossible number", id="huge-int"),
        pytest.param(b" " * (MAX_BYTES + 1), "larger than", id="too-big"),
        pytest.param(b'"just a string"', "not a Canasta", id="not-an-object"),
        pytest.param(
            b'{"kind": "canasta-scorekeeper", "version": 1, "games": [[[[[[[[[[[[1]]]]]]]]]]]]}',
            "nests deeper",
            id="nested-games",
        ),
    ],
)
def test_a_file_that_is_not_an_export_is_refused(db, data, message) -> None:
    """Garbage, bombs and foreign files get a clear message and change nothing."""
    before = snapshot(db)
    with pytest.raises(InvalidImport) as refused:
        import_games(db, data)
    assert message in str(refused.value)
    assert snapshot(db) == before


def test_a_game_played_on_to_a_raised_target_comes_back_whole(table: Table, db) -> None:
    """Hands after the first end count once the target was raised, in the export and back."""
    game_id = table.new_game("classic", **{"side-0-start": "4900"})
    table.record(game_id, CLASSIC[0])  # We reach 5,800: the game is over
    store.play_on(db, game_id, 7500, version=2, form_token="on")
    table.record(game_id, CLASSIC[1])
    document = export_games(db, [game_id])
    assert document["games"][0]["target_raises"] == [
        {"after_hand": 1, "from_target": 5000, "to_target": 7500}
    ]
    (new_id,) = import_games(db, json.dumps(document))
    copy_ = store.get_game(db, new_id)
    assert copy_.rules.ending.target == 7500 and len(copy_.hands) == 2
    assert copy_.state == store.get_game(db, game_id).state
    document["games"][0]["target_raises"] = []
    with pytest.raises(InvalidImport, match="hands\\[1\\]: The game ended at hand 1"):
        import_games(db, json.dumps(document))


def test_one_bad_game_keeps_every_good_one_out(db, games) -> None:
    """All or nothing: a wrong last game means the good first games are not imported either."""
    document = export_games(db, games)
    document["games"][-1]["first_dealer"] = "Nobody"
    before = snapshot(db)
    with pytest.raises(InvalidImport, match="Game 3"):
        import_games(db, json.dumps(document))
    assert snapshot(db) == before


def test_the_import_page_explains_a_bad_file(table: Table, games, db) -> None:
    """The page shows the message with 422, and nothing is added."""
    before = snapshot(db)
    response = table.client.post("/import", data={"file": (io.BytesIO(b"{oops"), "x.json")})
    assert response.status_code == 422
    assert "not JSON" in response.get_data(as_text=True)
    assert "Nothing was imported." in response.get_data(as_text=True)
    missing = table.client.post("/import", data={})
    assert missing.status_code == 422 and "Choose a file" in missing.get_data(as_text=True)
    assert snapshot(db) == before


@pytest.mark.parametrize(
    ("data", "said"),
    [
        pytest.param(b"{oops", "El archivo no es JSON (línea 1, columna 2)", id="not_json"),
        pytest.param(b"\xff\xfe\x00", "El archivo no es texto UTF-8", id="binary"),
        pytest.param(b'{"kind": "photos"}', "Esto no es una exportación", id="foreign"),
        pytest.param(
            b'{"kind": "canasta-scorekeeper", "version": 9}', "la versión 1", id="version"
        ),
    ],
)
def test_the_import_page_explains_a_wrong_file_in_the_readers_language(
    table: Table, data, said
) -> None:
    """A file that is no export at all is refused in Spanish, with nothing imported."""
    response = table.client.post(
        "/import",
        data={"file": (io.BytesIO(data), "x.json")},
        headers={"Accept-Language": "es"},
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert said in page and "No se importó nada." in page and "Nothing" not in page


def refused_in_german(table: Table, db, bad: dict) -> tuple[InvalidImport, TestResponse]:
    """Imports a bad file directly (refused in English) and through the page in German."""
    with pytest.raises(InvalidImport) as refused:
        import_games(db, json.dumps(bad))
    response = table.client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(bad).encode()), "x.json")},
        headers={"Accept-Language": "de"},
    )
    return refused.value, response


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        pytest.param(
            "games.1.sides.0.name",
            "x" * 41,
            "Spiel 2 ({id}): sides[0].name: Namen haben höchstens 40 Zeichen.",
            id="long-side-name",
        ),
        pytest.param(
            "games.0.hands.0.hand.They.hand_points",
            5000,
            "Spiel 1 ({id}): Runde 1: Punkte auf der Hand: 5.000 ist mehr, als das ganze Spiel "
            "mit 108 Karten hat (1.180).",
            id="impossible-hand",
        ),
        pytest.param(
            "games.2.created_at",
            "yesterday",
            "Spiel 3 ({id}): created_at muss ein Datum mit Uhrzeit sein, etwa 20",
            id="bad-date",
        ),
        pytest.param(
            "games.1.rules.0.digest",
            "0" * 64,
            "Spiel 2 ({id}): rules[0]: Das Dokument stimmt nicht mit seiner Prüfsumme überein "
            "(von Hand geändert?).",
            id="changed-document",
        ),
        pytest.param(
            "games.0.start_totals",
            {"We": 4900},
            "Spiel 1 ({id}): hands[1]: Das Spiel endete in Runde 1, aber danach kamen noch die "
            "Runden 2–3;",
            id="hands-after-the-end",
        ),
    ],
)
def test_the_import_page_explains_a_bad_game_in_the_readers_language(
    table: Table, db, document, path, value, said
) -> None:
    """A wrong field deep inside a game is refused in German, naming the game and the field."""
    bad = mutate(document, path, value)
    refused, response = refused_in_german(table, db, bad)
    english = str(refused).split(": ", 1)[1]  # after "Game 2 (id)"
    page = response.get_data(as_text=True)
    game_id = bad["games"][int(path.split(".")[1])]["id"]
    assert response.status_code == 422
    assert said.format(id=game_id) in page and "Es wurde nichts importiert." in page
    assert english not in page and "Game " not in page


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        pytest.param("games.0.hands.0.hand.We.melded_points", -5, "Runde 1: Ausgelegte Punkte: darf nicht negativ sein.", id="negative"),
        pytest.param("games.0.hands.1.hand.We.melded_points", "300", "Runde 2: Ausgelegte Punkte: muss eine ganze Zahl sein.", id="points-as-text"),
        pytest.param("games.0.hands.0.hand.We.melded_points", 10**12, "Runde 1: Ausgelegte Punkte: 1.000.000.000.000 ist weit mehr, als eine Runde hergibt.", id="huge-points"),
        pytest.param("games.0.hands.0.hand.We.canastas.golden", 1, "Runde 1: Unbekannte Canasta-Art 'golden' (Arten: natural, mixed).", id="bad-canasta"),
        pytest.param("games.0.hands.0.hand.We.went_out", "twice", "Runde 1: Ausgehen muss „no“, „out“ oder „concealed“ sein.", id="bad-went-out"),
        pytest.param("games.0.hands.2.hand.Ghost", {}, "Runde 3: 'Ghost' ist kein Team dieses Spiels.", id="unknown-side-in-hand"),
        pytest.param("games.0.hands.0.hand.They", ..., "Runde 1: Kein Eintrag für 'They'.", id="missing-side"),
        pytest.param("games.0.hands.0.lone_hand", "We", "Runde 1: In Klassisch gibt es keinen Einzelspieler.", id="no-lone-hand"),
        pytest.param("games.0.start_totals", {"Ghost": 50}, "start_totals.Ghost: 'Ghost' ist hier kein Team.", id="start-unknown-side"),
    ],
)  # fmt: skip
def test_the_import_page_words_the_engines_hand_problems_in_the_readers_language(
    table: Table, db, document, path, value, said
) -> None:
    """A hand the engine cannot read is refused in German: the engine's words, not English."""
    bad = mutate(document, path, value)
    refused, response = refused_in_german(table, db, bad)
    english = refused.params["problem"].message  # the engine's own sentence
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422
    assert f"Spiel 1 ({bad['games'][0]['id']}): {said}" in page
    assert english not in page and "Game " not in page


def test_the_import_page_takes_bigger_files_than_forms_but_not_huge_ones(
    table: Table, games, db, monkeypatch
):
    """An upload may exceed the 64 KiB form limit; past the import's bound it is a 413."""
    from scorekeeper.store.portable import read as portable
    from scorekeeper.web.games import portable as web_portable

    monkeypatch.setattr(portable, "WEB_IMPORT_MAX_BYTES", 2_000_000)
    monkeypatch.setattr(web_portable, "FORM_SLACK", 0)
    document = export_games(db, games)
    originals = document["games"]
    document["games"] = [{**g, "id": f"{i}-{g['id']}"} for i in range(40) for g in originals]
    data = json.dumps(document).encode()
    assert len(data) > 64 * 1024
    response = table.client.post("/import", data={"file": (io.BytesIO(data), "g.json")})
    assert location(response) == "/"
    body, kind = b"x" * 3_000_000, "multipart/form-data; boundary=b"
    huge = table.client.post("/import", data=body, content_type=kind)
    assert huge.status_code == 413


def test_the_import_page_checks_the_csrf_token(csrf_app) -> None:
    """The upload form is exempt from the global check only to check it itself."""
    client = csrf_app.test_client()
    response = client.post("/import", data={"file": (io.BytesIO(b"{}"), "x.json")})
    assert response.status_code == 400 and "form has expired" in response.get_data(as_text=True)


@pytest.fixture
def cli_env(app, monkeypatch):
    """Points the command line at the test app's instance folder and database."""
    database = app.config["DATABASE"]
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", app.instance_path)
    monkeypatch.setenv("SCOREKEEPER_DATABASE", database)  # the same file the app writes
    return database


def test_the_command_line_exports_and_imports(cli_env, games, tmp_path, capsys, db) -> None:
    """`export -o` writes all games or the named ones; `import` adds them and prints links."""
    everything, one = tmp_path / "all.json", tmp_path / "one.json"
    assert main(["export", "-o", str(everything)]) == 0
    assert main(["export", games[0], "-o", str(one)]) == 0
    assert len(json.loads(everything.read_text())["games"]) == 3
    assert [g["id"] for g in json.loads(one.read_text())["games"]] == [games[0]]
    capsys.readouterr()
    assert main(["import", str(everything)]) == 0
    out = capsys.readouterr().out
    assert "Imported 3 games." in out and out.count("/join/") == 3
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 6


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(["export", "nope", "-o", "{tmp}/x.json"], "no such game", id="unknown-game"),
        pytest.param(["import", "{tmp}/missing.json"], "cannot read", id="missing-file"),
        pytest.param(["import", "{tmp}/bad.json"], "Nothing was imported", id="bad-file"),
        pytest.param(["backup", "{db}"], "is the live database", id="backup-over-live"),
        pytest.param(["backup", "{db}-wal"], "is the live database", id="backup-over-wal"),
        pytest.param(["backup", "{tmp}/exists.db"], "already exists", id="backup-exists"),
        pytest.param(["backup", "{tmp}/no/dir.db"], "does not exist", id="backup-no-folder"),
    ],
)
def test_the_command_line_refuses_clearly(cli_env, tmp_path, capsys, argv, message) -> None:
    """Every refusal is one line on stderr and exit status 2."""
    (tmp_path / "bad.json").write_text('{"kind": "canasta-scorekeeper", "version": 1}')
    (tmp_path / "exists.db").write_text("keep me")
    argv = [a.format(tmp=tmp_path, db=cli_env) for a in argv]
    assert main(argv) == 2
    assert message in capsys.readouterr().err
    assert (tmp_path / "exists.db").read_text() == "keep me"


def test_a_backup_is_a_whole_database_made_while_writing(cli_env, table: Table, games, tmp_path):
    """The backup opens on its own, passes integrity_check, and holds every saved hand."""
    target = tmp_path / "backup.db"
    stop = threading.Event()

    def keep_writing() -> None:  # another connection writes throughout the backup
        conn = connect(cli_env)
        while not stop.is_set():
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("UPDATE games SET updated_at = updated_at")
            conn.execute("COMMIT")
        conn.close()

    writer = threading.Thread(target=keep_writing)
    writer.start()
    try:
        assert main(["backup", str(target)]) == 0
    finally:
        stop.set()
        writer.join()
    copy_db = sqlite3.connect(target)
    assert copy_db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert copy_db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert copy_db.execute("SELECT count(*) FROM hands").fetchone()[0] == 4
    copy_db.close()
    assert not list(tmp_path.glob(".backup.db.*"))  # no draft left behind
    with pytest.raises(BackupError, match="already exists"):
        backup(cli_env, target)
    assert backup(cli_env, target, overwrite=True) > 0

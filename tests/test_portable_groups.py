"""Export and import carry groups: their players, who sat where, renames and merges kept."""

from __future__ import annotations

import html
import io
import json
import re

import pytest

from scorekeeper import store
from scorekeeper.cli import main
from scorekeeper.stats.tables import statistics
from scorekeeper.store.connection import connect
from scorekeeper.store.groups.figures import played
from scorekeeper.store.groups.group import create_group, group_of_token, groups_for_browser
from scorekeeper.store.groups.players import merge_players, players_of, rename_player
from scorekeeper.store.portable.importing import InvalidImport, dumps, export_games, import_document
from scorekeeper.store.stamps import new_token

OUT = {"melded_points": 200, "canastas": {"natural": 1}, "went_out": "out"}


@pytest.fixture
def db(app):
    conn = connect(app.config["DATABASE"])
    yield conn
    conn.close()


def _play(db, group_id: str, we: tuple[str, str], they: tuple[str, str]) -> str:
    game = store.create_game(
        db,
        format_id="classic",
        sides=[("We", we), ("They", they)],
        first_dealer=we[0],
        start_totals={"We": 4900},
        group=group_id,
    )
    hand = {"hand": {"We": OUT, "They": {"melded_points": 50}}}
    return store.add_hand(db, game.id, hand, version=game.version, form_token=new_token()).id


def _table(db, group_id: str) -> dict[str, tuple[int, int]]:
    names = {p.id: p.name for p in players_of(db, group_id)}
    stats = statistics(played(db, group_id), names)
    return {line.name: (line.overall.games, line.overall.wins) for line in stats.players}


def test_a_group_comes_back_with_its_players_and_seats(db):
    group = create_group(db, "Tuesday", "phone-1")
    first = _play(db, group.id, ("Ann", "Bob"), ("Cy", "Di"))
    second = _play(db, group.id, ("Anne", "Cy"), ("Bob", "Di"))
    ids = {p.name: p.id for p in players_of(db, group.id)}
    merge_players(db, group.id, ids["Ann"], ids["Anne"])  # two spellings, one person
    rename_player(db, group.id, ids["Di"], "Diana")
    before = _table(db, group.id)
    assert before["Ann"] == (2, 2) and before["Diana"] == (2, 0)
    document = export_games(db, [first, second])
    (exported,) = document["groups"]
    assert exported["name"] == "Tuesday"
    assert sorted(p["name"] for p in exported["players"]) == ["Ann", "Bob", "Cy", "Diana"]
    games, groups = import_document(db, dumps(document), member="phone-2")
    assert len(games) == 2 and len(groups) == 1
    (copy,) = groups_for_browser(db, "phone-2")
    assert copy.id == groups[0] != group.id and copy.token != group.token
    assert _table(db, copy.id) == before  # the same people, the same results
    assert _table(db, group.id) == before  # the original is untouched


def test_one_games_export_names_only_its_own_players(db):
    group = create_group(db, "Tuesday")
    first = _play(db, group.id, ("Ann", "Bob"), ("Cy", "Di"))
    _play(db, group.id, ("Ed", "Flo"), ("Gus", "Hal"))
    (exported,) = export_games(db, [first])["groups"]
    assert sorted(p["name"] for p in exported["players"]) == ["Ann", "Bob", "Cy", "Di"]
    assert [g["game"] for g in exported["games"]] == [first]


def test_games_without_a_group_export_as_before(db):
    game = store.create_game(
        db, format_id="classic", sides=[("We", ("A", "B")), ("They", ("C", "D"))], first_dealer="A"
    )
    assert "groups" not in export_games(db, [game.id])


@pytest.mark.parametrize(
    ("change", "words"),
    [
        pytest.param(lambda g: g["games"][0].update(game="nope"), "names no game", id="no-game"),
        pytest.param(
            lambda g: g["games"][0]["seats"].append([0, 9, g["players"][0]["id"]]),
            "names no seat",
            id="no-seat",
        ),
        pytest.param(
            lambda g: g["games"][0]["seats"][0].__setitem__(2, "ghost"),
            "no player of the group",
            id="no-player",
        ),
        pytest.param(lambda g: g.update(name=""), "Give the group a name", id="blank-name"),
        pytest.param(
            lambda g: g["players"].append(dict(g["players"][0])), "appears twice", id="twice"
        ),
    ],
)
def test_a_wrong_group_imports_nothing(db, change, words):
    group = create_group(db, "Tuesday")
    game_id = _play(db, group.id, ("Ann", "Bob"), ("Cy", "Di"))
    document = json.loads(dumps(export_games(db, [game_id])))
    change(document["groups"][0])
    games_before = db.execute("SELECT count(*) FROM games").fetchone()[0]
    with pytest.raises(InvalidImport, match=words):
        import_document(db, json.dumps(document), member="phone-2")
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == games_before
    assert groups_for_browser(db, "phone-2") == []


@pytest.mark.parametrize(
    ("change", "said"),
    [
        pytest.param(
            lambda g: g["players"][0].update(name=""),
            "Gruppe 1: players[0].name: Gib den Namen des Spielers ein.",
            id="blank-player-name",
        ),
        pytest.param(
            lambda g: g["games"][0]["seats"].append(list(g["games"][0]["seats"][0])),
            "Gruppe 1: games[0]: seats[4] nennt keinen Spieler der Gruppe oder einen Platz zweimal.",
            id="seat-twice",
        ),
        pytest.param(
            lambda g: g["games"][0].update(game="nope"),
            "Gruppe 1: games[0] nennt kein Spiel der Datei oder eines, das schon in einer Gruppe ist.",
            id="no-game",
        ),
    ],
)
def test_the_import_page_explains_a_wrong_group_in_the_readers_language(
    client, db, change, said
) -> None:
    """A wrong field of a group is refused in German, naming the group and the field."""
    group = create_group(db, "Tuesday")
    game_id = _play(db, group.id, ("Ann", "Bob"), ("Cy", "Di"))
    document = json.loads(dumps(export_games(db, [game_id])))
    change(document["groups"][0])
    with pytest.raises(InvalidImport) as refused:  # the same file, refused in English
        import_document(db, json.dumps(document))
    english = str(refused.value).split(": ", 1)[1]  # after "Group 1"
    response = client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(document).encode()), "groups.json")},
        headers={"Accept-Language": "de"},
    )
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422
    assert said in page and "Es wurde nichts importiert." in page
    assert english not in page and "Group " not in page


def test_the_command_line_imports_a_group_and_prints_its_join_link(
    app, db, tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", app.instance_path)
    monkeypatch.setenv("SCOREKEEPER_DATABASE", app.config["DATABASE"])
    group = create_group(db, "Tuesday")
    game_id = _play(db, group.id, ("Ann", "Bob"), ("Cy", "Di"))
    path = tmp_path / "group.json"
    path.write_text(dumps(export_games(db, [game_id])))
    assert main(["import", str(path)]) == 0
    found = re.search(
        r"Group Tuesday: join it through /groups/join/([\w-]+)", capsys.readouterr().out
    )
    assert found and found[1] != group.token
    copy = group_of_token(db, found[1])
    assert [p.name for p in players_of(db, copy.id)] == ["Ann", "Bob", "Cy", "Di"]

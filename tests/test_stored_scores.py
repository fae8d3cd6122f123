"""Stored scores: the migration on a database main wrote, `scorekeeper check`, the cheap head."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from scorekeeper import store
from scorekeeper.cli import main
from scorekeeper.store.connection import connect
from scorekeeper.store.games.scores import differences, game_head, game_heads
from scorekeeper.store.schema import ready

DATA = Path(__file__).parent / "data"
# main_before_0007.sql: a database made by the code before stored scores (12 games: in play,
# finished, played on to a raised target with an edit and a deletion, reopened, cutthroat,
# samba, carried over from paper, renamed, three group games, two imported); the .json
# beside it is what that code's replay showed for each game.
SQL, EXPECTED = DATA / "main_before_0007.sql", DATA / "main_before_0007.json"


@pytest.fixture
def old_database(tmp_path, monkeypatch) -> Path:
    instance = tmp_path / "instance"
    instance.mkdir()
    path = instance / "scorekeeper.db"
    conn = sqlite3.connect(path)
    conn.executescript(SQL.read_text(encoding="utf-8"))
    conn.close()
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(instance))
    return path


def test_the_migration_stores_what_the_old_replay_showed(old_database) -> None:
    db = connect(old_database)
    assert db.execute("SELECT count(*) FROM hands").fetchone()[0] == 136
    db.close()
    ready(old_database)  # SQL migrations, then the scores they leave to compute
    db = connect(old_database)
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    assert len(expected) == 12
    for game_id, was in expected.items():
        assert db.execute("SELECT head FROM games WHERE id = ?", [game_id]).fetchone()[0]
        state = store.get_game(db, game_id).state
        assert dict(state.totals) == was["totals"]
        assert (state.ended_at, state.status.winner) == (was["ended_at"], was["winner"])
        assert (state.status.over, state.next_dealer) == (was["over"], was["next_dealer"])
        rows = [
            {
                "totals": dict(r.totals),
                "scores": {k: s.score for k, s in r.scores.items()},
                "after_end": r.after_end,
                "dealer": r.dealer,
            }
            for r in state.rows
        ]
        assert rows == was["rows"]
        assert differences(db, game_id) == []
    unscored = db.execute("SELECT count(*) FROM hands WHERE result IS NULL").fetchone()[0]
    assert unscored == 0
    grouped = db.execute(
        "SELECT count(*) FROM group_games gg JOIN game_figures f ON f.game_id = gg.game_id "
        "JOIN games g ON g.id = gg.game_id WHERE f.version = g.version"
    ).fetchone()[0]
    assert grouped == 3  # every group game's figures stored at its version
    db.close()


@pytest.mark.slow  # migrates and checks a database of many games (the fast loop skips it; CI runs it)
def test_check_is_clean_on_the_migrated_copy_and_names_a_game_that_differs(
    old_database, capsys
) -> None:
    assert main(["check"]) == 0  # migrates first, as every command does
    assert "Checked 12 games" in capsys.readouterr().out
    db = connect(old_database)
    game_id, number = db.execute("SELECT game_id, max(number) FROM hands").fetchone()
    result = json.loads(
        db.execute(
            "SELECT result FROM hands WHERE game_id = ? AND number = ?", [game_id, number]
        ).fetchone()[0]
    )
    first = next(iter(result["totals"]))
    result["totals"][first] += 5
    db.execute(
        "UPDATE hands SET result = ? WHERE game_id = ? AND number = ?",
        [json.dumps(result), game_id, number],
    )
    db.close()
    assert main(["check"]) == 1
    assert capsys.readouterr().out.splitlines() == [f"{game_id}: hand {number}"]
    assert main(["check", "nope"]) == 1
    assert capsys.readouterr().out.splitlines() == ["nope: no such game"]
    others = [r for r in expected_ids() if r != game_id][:2]
    assert main(["check", *others]) == 0
    assert "Checked 2 games" in capsys.readouterr().out


def expected_ids() -> list[str]:
    return sorted(json.loads(EXPECTED.read_text(encoding="utf-8")))


def test_a_games_head_is_one_cheap_read(store_db) -> None:
    game = store.create_game(
        store_db,
        format_id="classic",
        sides=[("We", ["Ann", "Bob"]), ("They", ["Cat", "Dan"])],
        first_dealer="Ann",
        start_totals={"We": 300},
    )
    head = game_head(store_db, game.id)
    assert (head.totals, head.hand_count, head.ended_at, head.over) == (
        {"We": 300, "They": 0},
        0,
        None,
        False,
    )
    entry = {
        "hand": {
            "We": {"melded_points": 120, "went_out": "out", "canastas": {"natural": 2}},
            "They": {"melded_points": 50},
        }
    }
    store.record_hand(store_db, game.id, entry, version=1, form_token="a" * 16)
    head = game_heads(store_db, [game.id, "nope"])[game.id]
    saved = store.get_game(store_db, game.id)
    assert head.version == 2 and head.hand_count == 1
    assert head.totals == dict(saved.state.totals)
    assert head.next_dealer == saved.state.next_dealer == "Cat"


def test_the_score_sheet_reads_stored_rows_without_parsing_hands_or_breakdowns(
    table, client, monkeypatch
) -> None:
    from scorekeeper import engine
    from scorekeeper.store.games import scores
    from tests.conftest import LONG_SHEET_HAND, saved_hand

    game_id = table.new_game("classic")
    for number in (1, 2, 3):
        assert saved_hand(table.record(game_id, LONG_SHEET_HAND), game_id) == number
    client.get(f"/games/{game_id}")  # "Hand 3 saved." shown once
    whole = client.get(f"/games/{game_id}").get_data(as_text=True)
    parsed, items = [], []
    real_parse, real_item = engine.parse_hand, scores._item
    monkeypatch.setattr(engine, "parse_hand", lambda *a: parsed.append(a) or real_parse(*a))
    monkeypatch.setattr(scores, "_item", lambda data: items.append(data) or real_item(data))
    again = client.get(f"/games/{game_id}").get_data(as_text=True)
    token = re.compile(r'name="(?:form_token|csrf_token)" value="[^"]+"')  # fresh each time
    assert token.sub("", again) == token.sub("", whole)
    assert (parsed, items) == ([], [])  # every hand read cleanly when its row was stored
    client.get(f"/games/{game_id}/hands/2")  # a hand's own page shows its breakdown
    assert items

"""Games keep their rules: frozen documents, preset edits that pass old games by, migration."""

from __future__ import annotations

import json
import shutil

import pytest

from scorekeeper import store
from scorekeeper.basics.resources import resource_dir
from scorekeeper.rules import presets
from scorekeeper.rules.documents import digest, preset_document
from scorekeeper.store import cache, schema
from scorekeeper.store.connection import connect, write
from scorekeeper.store.games import scores
from scorekeeper.store.migrations import migrations
from scorekeeper.store.portable import importing as portable
from tests.conftest import hidden_fields, saved_hand

S1_HAND = {
    0: {
        "melded_points": 230,
        "hand_points": 60,
        "red_threes": 1,
        "canastas-natural": 1,
        "went_out": "out",
    },
    1: {"melded_points": 140, "hand_points": 25},
}


@pytest.fixture
def preset_folder(tmp_path, monkeypatch):
    """Copies the presets where a test may edit them, and reloads them from there."""
    seeds = tmp_path / "seeds"
    shutil.copytree(resource_dir("seeds") / "formats", seeds / "formats")
    monkeypatch.setattr(presets, "resource_dir", lambda name: tmp_path / name)
    presets.load_presets.cache_clear()
    yield seeds / "formats"
    presets.load_presets.cache_clear()


def edit_preset(folder, format_id: str, old: str, new: str) -> None:
    """Changes one line of a preset file, as someone editing the seeds would."""
    path = folder / f"{format_id}.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    presets.load_presets.cache_clear()
    cache.clear()  # a new server process: nothing remembered from before the edit


def finished_game(table) -> str:
    """Plays a classic game to its end: We start at 4,900 and score 870."""
    game_id = table.new_game("classic", **{"side-0-start": "4900"})
    assert saved_hand(table.record(game_id, S1_HAND), game_id) == 1
    return game_id


def test_editing_a_preset_never_changes_a_finished_game(table, db, preset_folder) -> None:
    game_id = finished_game(table)
    before = table.game(game_id)
    assert before.state.status.winner == "We" and before.state.totals == {"We": 5770, "They": 115}

    edit_preset(preset_folder, "classic", "target = 5000", "target = 10000")
    edit_preset(preset_folder, "classic", "bonus = 500", "bonus = 1000")

    after = table.game(game_id)
    assert after.state.totals == before.state.totals
    assert after.state.status.winner == "We" and after.state.status.over
    assert after.rule_book.current.digest == before.rule_book.current.digest
    # Today's preset would score the same hand differently: the frozen copy is what held.
    today = presets.rules_for("classic")
    assert today.ending.target == 10000 and today.canasta("natural").bonus == 1000
    assert store.rules_changed(db, after)


def test_the_sheet_says_rules_changed_and_plays_on_only_when_asked(
    table, client, db, preset_folder
) -> None:
    game_id = finished_game(table)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Rules: Classic" in page and "rules changed since" not in page

    edit_preset(preset_folder, "classic", "target = 5000", "target = 10000")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "rules changed since" in page and "Play the rest under the new rules" in page
    assert table.game(game_id).state.status.over  # nothing moved until asked

    response = client.post(f"/games/{game_id}/rules", data=hidden_fields(page))
    assert response.headers["Location"].endswith(f"/games/{game_id}")
    game = table.game(game_id)
    assert [s.from_hand for s in game.rule_book.segments] == [1, 2]
    assert game.rule_book.rules_for(1).ending.target == 5000
    assert game.state.rows[0].totals == {"We": 5770, "They": 115}  # hand 1 as it was
    assert not game.state.status.over  # the new target of 10,000 is still ahead
    assert game.rules.ending.target == 10000
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "rules changed since" not in page


def test_asking_again_when_nothing_changed_is_refused(table, client) -> None:
    game_id = finished_game(table)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    response = client.post(f"/games/{game_id}/rules", data=hidden_fields(page))
    assert response.status_code == 409
    assert "already plays under the latest rules" in response.get_data(as_text=True)
    assert len(table.game(game_id).rule_book.segments) == 1


def test_a_new_game_freezes_its_preset_with_options(table, db) -> None:
    game_id = table.new_game("classic", option="tie_is_draw")
    row = next(db.query("SELECT * FROM game_rules WHERE game_id = ?", [game_id]))
    document = json.loads(row["document"])
    assert document == preset_document("classic", ["tie_is_draw"])
    assert document["ending"]["tie"] == "draw"
    assert row["digest"] == digest(document) and row["source"] == "preset"
    assert json.loads(row["options"]) == ["tie_is_draw"]


def _spoil_first_hand(db, game_id: str) -> None:
    """Gives hand 1 a canasta kind Classic has not got, as a changed rule would leave it."""
    entry = json.loads(
        next(db.query("SELECT entry FROM hands WHERE game_id = ?", [game_id]))["entry"]
    )
    entry["hand"]["We"]["canastas"] = {"sevens": 1}
    db.execute("UPDATE hands SET entry = ? WHERE game_id = ?", [json.dumps(entry), game_id])
    db.execute(
        "UPDATE games SET version = version + 1, rewritten = version + 1 WHERE id = ?", [game_id]
    )


def test_a_hand_that_no_longer_reads_is_reported_loudly(table, client, db, caplog) -> None:
    game_id = finished_game(table)
    _spoil_first_hand(db, game_id)
    assert "hand 1" in scores.differences(db, game_id)  # `scorekeeper check` says so
    with write(db):  # stored again, as every change of rules or names stores its rows
        scores.rescore(db, game_id)
    assert scores.differences(db, game_id) == []
    game = table.game(game_id)
    assert [(n, p.field) for n, p in game.unreadable] == [(1, "canastas.sevens")]
    assert "stored hand problem" in caplog.text
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Hand 1 no longer reads under this game's rules" in page
    assert "Unknown canasta kind" in page


def test_the_migration_marks_the_hands_that_no_longer_read(tmp_path, table, db) -> None:
    game_id = finished_game(table)
    _spoil_first_hand(db, game_id)
    path = tmp_path / "copy.db"
    db.execute(f"VACUUM INTO '{path}'")
    copy = connect(path)
    copy.execute("DELETE FROM _sqlite_migrations WHERE name = '0007_unread_hands_marked'")
    assert not store.get_game(copy, game_id).unreadable  # unmarked: the sheet would not say
    migrations.apply(copy)  # SQL only: the game is left to be scored again
    schema.scored(copy)  # as every start does after migrating
    assert [(n, p.field) for n, p in store.get_game(copy, game_id).unreadable] == [
        (1, "canastas.sevens")
    ]
    copy.close()


def test_the_migration_freezes_the_rules_each_game_has_today(tmp_path) -> None:
    path = tmp_path / "old.db"
    db = connect(path)
    migrations.apply(db, stop_before="0003_game_rules")
    stamp = "2026-01-01T00:00:00+00:00"
    for game_id, format_id, options in (("a", "classic", ["tie_is_draw"]), ("b", "samba", [])):
        db.table("games").insert(
            {
                "id": game_id,
                "format": format_id,
                "options": json.dumps(options),
                "first_dealer": "Ann",
                "owner_token": f"o{game_id}",
                "edit_token": f"e{game_id}",
                "view_token": f"v{game_id}",
                "created_at": stamp,
                "updated_at": stamp,
            }
        )
    migrations.apply(db)
    rows = {r["game_id"]: r for r in db.query("SELECT * FROM game_rules")}
    assert set(rows) == {"a", "b"}
    assert json.loads(rows["a"]["document"]) == preset_document("classic", ["tie_is_draw"])
    assert rows["b"]["digest"] == digest(preset_document("samba"))
    assert {r["from_hand"] for r in rows.values()} == {1}
    db.close()


def test_export_and_import_carry_the_frozen_rules(table, db, preset_folder) -> None:
    game_id = finished_game(table)
    exported = portable.export_games(db, [game_id])
    frozen = exported["games"][0]["rules"]
    assert frozen[0]["digest"] == table.game(game_id).rule_book.current.digest

    edit_preset(preset_folder, "classic", "bonus = 500", "bonus = 1000")
    (new_id,) = portable.import_games(db, portable.dumps(exported))
    imported = table.game(new_id)
    assert imported.rule_book.current.digest == frozen[0]["digest"]
    assert imported.state.totals == {"We": 5770, "They": 115}


def test_an_import_whose_rules_were_changed_by_hand_is_refused(table, db) -> None:
    exported = portable.export_games(db, [finished_game(table)])
    exported["games"][0]["rules"][0]["document"]["ending"]["target"] = 100
    with pytest.raises(portable.InvalidImport, match="does not match its digest"):
        portable.import_games(db, portable.dumps(exported))


def test_an_import_with_impossible_rules_names_the_field(table, db) -> None:
    exported = portable.export_games(db, [finished_game(table)])
    segment = exported["games"][0]["rules"][0]
    segment["document"]["ending"]["target"] = 0
    del segment["digest"]
    with pytest.raises(portable.InvalidImport, match="ending.target: The target must be"):
        portable.import_games(db, portable.dumps(exported))


@pytest.mark.parametrize("room", [True, False], ids=["cache-on", "cache-off"])
def test_a_rules_document_is_read_once_for_every_game_that_keeps_it(
    store_db, monkeypatch, room
) -> None:
    """Games under the same preset share one parsed document (the room on: read once, at most;
    off: once a game); each still gets its own rule book."""
    monkeypatch.setattr(cache, "on", room)
    sides = [("We", ["Ann", "Bob"]), ("They", ["Cy", "Di"])]
    first, second = (
        store.create_game(store_db, format_id="samba", sides=sides, first_dealer="Ann")
        for _ in range(2)
    )
    statements: list[str] = []
    store_db.conn.set_trace_callback(statements.append)
    books = [store.games.rules.rule_book(store_db, g.id) for g in (first, second, first)]
    store_db.conn.set_trace_callback(None)
    reads = [s for s in statements if "game_rules" in s and ("document" in s or "*" in s)]
    # The document's text and JSON once at most (none if kept already); with the room off,
    # once for each rule book read.
    assert len(reads) <= 1 if room else len(reads) == 3
    assert books[0].current.digest == books[1].current.digest == first.rule_book.current.digest
    assert books[0].current.document == preset_document("samba", [])
    assert books[0].current.rules == books[1].current.rules == first.rules

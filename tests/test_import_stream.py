"""Issue 34: an import read a game at a time, written in short transactions with room between."""

from __future__ import annotations

import io
import json
import sqlite3

import pytest

from scorekeeper import store
from scorekeeper.store.portable import importing as portable
from scorekeeper.store.portable import stream as portable_stream
from scorekeeper.store.portable.importing import InvalidImport, export_games, import_document
from scorekeeper.store.portable.read import MAX_BYTES, MAX_DEPTH
from scorekeeper.store.stamps import new_token
from tests.test_import_large import OUT, copied_group, played


def varied_group(db, games: int) -> bytes:
    """Returns a group export of `games` games of 0 to 3 hands each, ids and hands varied."""
    document = json.loads(copied_group(db, 1))
    game = store.create_game(
        db,
        format_id="classic",
        sides=[("We", ("Ann", "Bob")), ("They", ("Cy", "Di"))],
        first_dealer="Ann",
    )
    for n in range(3):
        hand = {"hand": {"We": OUT, "They": {"melded_points": 90 + 5 * n}}}
        store.record_hand(db, game.id, hand, version=n + 1, form_token=new_token())
    hands = export_games(db, [game.id])["games"][0]["hands"]
    one, seats = document["games"][0], document["groups"][0]["games"][0]["seats"]
    document["games"] = [{**one, "id": f"v{n:04d}", "hands": hands[: n % 4]} for n in range(games)]
    document["groups"][0]["games"] = [{"game": f"v{n:04d}", "seats": seats} for n in range(games)]
    return portable.dumps(document).encode()


def test_a_streamed_import_gives_the_same_games_as_a_whole_one(db, monkeypatch) -> None:
    """Read from a file in small pieces (a game spans many), the games and group are the same."""
    data = varied_group(db, 40)
    whole_ids, _groups = import_document(db, data, owner="phone-1", member="phone-1")
    monkeypatch.setattr(portable_stream, "CHUNK", 700)  # a game is about 5 KB: read in pieces
    streamed_ids, _groups = import_document(db, io.BytesIO(data), owner="phone-2", member="phone-2")
    whole, streamed = export_games(db, whole_ids), export_games(db, streamed_ids)
    assert len(streamed_ids) == 40 and set(streamed_ids).isdisjoint(whole_ids)
    assert played(streamed) == played(whole) == played(json.loads(data))
    assert [len(g["hands"]) for g in streamed["games"]] == [n % 4 for n in range(40)]


def test_the_stream_reads_each_game_on_its_own(db, monkeypatch) -> None:
    """No more than a game or two of text is held: the reader lets what it has read go."""
    data = varied_group(db, 60)
    monkeypatch.setattr(portable_stream, "CHUNK", 4096)
    reader_sizes: list[int] = []
    real = portable_stream.Reader.value

    def measured(self, depth_above):
        reader_sizes.append(len(self.text))
        return real(self, depth_above)

    monkeypatch.setattr(portable_stream.Reader, "value", measured)
    names = [name for name, _value in portable_stream.items(io.BytesIO(data), MAX_BYTES)]
    assert names.count(portable_stream.GAME) == 60
    assert max(reader_sizes) < 3 * 4096 < len(data) // 10


HOSTILE = [
    b"{not json",
    b"",
    b"[1, 2]",
    b'{"kind": "a", "kind": "b"}',
    b'{"n": NaN}',
    b'{"games": [1, 2,]}',
    b'{"kind": "canasta-scorekeeper", "version": 1, "games": [{}] ',
    b'{"a": 123456789}x',
    b'{"a": 1 "b": 2}',
    b"\xff\xfe\x00",
    b'{"games": [' + b"[" * MAX_DEPTH + b"]" * MAX_DEPTH + b"]}",
    b'{"n": ' + b"9" * 40 + b"}",
    b'{"kind": "canasta-scorekeeper", "version": 2, "games": [{}]}',
    b'{"kind": "canasta-scorekeeper", "version": 1, "games": []}',
    b'{"kind": "canasta-scorekeeper", "version": 1, "games": {}}',
    b'{"kind": "canasta-scorekeeper", "version": 1, "games": [{}], "extra": 1}',
    b'{"kind": "canasta-scorekeeper", "version": 1, "games": [{"id": "a"}, {"id": "a"}]}',
    b'{"kind": "canasta-scorekeeper", "version": 1, "games": [{"format": "classic"}]}',
    b" " * (MAX_BYTES + 1),
]


@pytest.mark.parametrize("data", HOSTILE, ids=range(len(HOSTILE)))
def test_a_streamed_file_is_refused_in_the_same_words(db, data: bytes, monkeypatch) -> None:
    """Every refusal of a file read whole is the refusal of the same file read as it comes."""
    with pytest.raises(InvalidImport) as whole:
        import_document(db, data)
    monkeypatch.setattr(portable_stream, "CHUNK", 7)
    with pytest.raises(InvalidImport) as streamed:
        import_document(db, io.BytesIO(data))
    assert str(streamed.value) == str(whole.value)


def test_a_bad_game_late_in_a_streamed_file_leaves_nothing(db, monkeypatch) -> None:
    """Batches written before a late game fails are deleted: the import is all or none."""
    document = json.loads(varied_group(db, 12))
    document["games"][10]["format"] = "no-such-format"
    monkeypatch.setattr(portable, "HANDS_PER_WRITE", 4)
    before = db.execute("SELECT count(*) FROM games").fetchone()[0]
    with pytest.raises(InvalidImport, match="Game 11"):
        import_document(db, io.BytesIO(portable.dumps(document).encode()), member="phone-1")
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == before
    assert db.execute("SELECT count(*) FROM groups WHERE name = 'Big club'").fetchone()[0] == 1


def test_a_save_gets_the_lock_between_the_imports_transactions(app, db, monkeypatch) -> None:
    """Before each of its transactions the import pauses with the lock free: a save lands."""
    data = varied_group(db, 10)
    table = store.create_game(
        db,
        format_id="classic",
        sides=[("We", ("Ann", "Bob")), ("They", ("Cy", "Di"))],
        first_dealer="Ann",
    )
    # A phone's save on a connection that never waits: it lands only if the lock is free.
    phone = sqlite3.connect(app.config["DATABASE"], timeout=0, isolation_level=None)
    saved: list[str] = []
    real_sleep = portable.time.sleep

    def pause(seconds: float) -> None:
        if seconds == portable.PAUSE_SECONDS:
            phone.execute("BEGIN IMMEDIATE")
            phone.execute("UPDATE games SET updated_at = ? WHERE id = ?", [new_token(), table.id])
            phone.execute("COMMIT")
            saved.append("saved")
        real_sleep(seconds)

    monkeypatch.setattr(portable.time, "sleep", pause)
    monkeypatch.setattr(portable, "HOLD_SECONDS", 0)  # one game a transaction
    began: list[str] = []
    importer = store.connection.connect(app.config["DATABASE"])
    importer.conn.set_trace_callback(
        lambda sql: began.append(sql) if sql == "BEGIN IMMEDIATE" else None
    )
    try:
        ids, groups = import_document(importer, data, owner="phone-1", member="phone-1")
    finally:
        importer.close()
        phone.close()
    assert len(ids) == 10 and len(groups) == 1
    # the group, one transaction a game, its ratings, its member: a save before all but the first
    assert len(began) == 1 + 10 + 1 + 1
    assert len(saved) == len(began) - 1

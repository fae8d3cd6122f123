"""A large import checks and scores outside the write lock: a table saving meanwhile is served."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

from bench.import_lock import export_text
from scorekeeper.store.connection import connect, migrate
from scorekeeper.store.games import scores
from scorekeeper.store.games.game import load
from scorekeeper.store.groups.figures import figures_of
from scorekeeper.store.portable.importing import import_document


def _saves(path: Path, done: threading.Event, outcomes: list[str]) -> None:
    """Saves a row every 10 ms (at most 1,000) with the app's 5 s busy timeout until `done`."""
    conn = sqlite3.connect(path, timeout=5, isolation_level=None, check_same_thread=False)
    conn.execute("CREATE TABLE IF NOT EXISTS saves (n INTEGER)")
    try:
        for n in range(1_000):
            if done.is_set():
                break
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as error:  # waited past the busy timeout
                outcomes.append(str(error))
                continue
            conn.execute("INSERT INTO saves VALUES (?)", [n])
            conn.execute("COMMIT")
            outcomes.append("saved")
            time.sleep(0.01)
    finally:
        conn.close()


def test_a_hand_save_is_not_starved_by_a_large_import(tmp_path: Path) -> None:
    path = tmp_path / "lock.db"
    migrate(path)
    db = connect(path)
    data = export_text(2, 1_000).encode()  # 2,000 hands: as large as a web import holds
    done, outcomes = threading.Event(), []
    saver = threading.Thread(target=_saves, args=(path, done, outcomes))
    saver.start()
    try:
        ids, group_ids = import_document(db, data)
    finally:
        done.set()
        saver.join(timeout=60)
    assert not saver.is_alive()
    assert outcomes and set(outcomes) == {"saved"}, outcomes[-3:]
    assert len(ids) == 2 and len(group_ids) == 1
    db.close()


def test_imported_games_store_what_a_replay_gives(tmp_path: Path) -> None:
    path = tmp_path / "rows.db"
    migrate(path)
    db = connect(path)
    ids, _groups = import_document(db, export_text(3, 40).encode(), owner="phone-1")
    for game_id in ids:
        assert scores.differences(db, game_id) == []
        game = load(db, game_id)
        assert game.hand_count == 40 and len(game.setup.sides) == 2
        kept = db.execute("SELECT figures FROM game_figures WHERE game_id = ?", [game_id])
        assert json.loads(kept.fetchone()[0]) == json.loads(json.dumps(figures_of(game)))
    owned = db.execute("SELECT count(*) FROM browser_games WHERE browser_id = 'phone-1'")
    assert owned.fetchone()[0] == 3
    db.close()

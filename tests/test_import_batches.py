"""Issue 34: an import writes in short transactions, invisible until its last one, all or none."""

from __future__ import annotations

import pytest

from scorekeeper.store.connection import connect
from scorekeeper.store.portable import importing as portable
from tests.test_import_large import copied_group

TABLES = ("games", "sides", "players", "hands", "game_rules", "game_figures", "browser_games")
TABLES += ("groups", "group_players", "group_games", "game_seats", "group_members")


def _counts(db) -> dict[str, int]:
    return {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


def test_a_large_file_is_written_a_batch_at_a_time(app, db, monkeypatch) -> None:
    """Each batch is its own BEGIN IMMEDIATE: a table's save waits for one batch, not the file."""
    data = copied_group(db, 12)
    monkeypatch.setattr(portable, "HANDS_PER_WRITE", 6)  # each game has one hand: 3 games a batch
    monkeypatch.setattr(portable, "HOLD_SECONDS", 60)  # each batch in one transaction
    importer = connect(app.config["DATABASE"])
    began: list[str] = []
    importer.conn.set_trace_callback(
        lambda sql: began.append(sql) if sql.startswith("BEGIN") else None
    )
    try:
        ids, groups = portable.import_document(importer, data, owner="phone-1", member="phone-1")
    finally:
        importer.close()
    assert len(ids) == 12 and len(groups) == 1
    # the group, four batches, its ratings, its member
    assert began.count("BEGIN IMMEDIATE") == 1 + 4 + 1 + 1
    owned = db.execute("SELECT count(*) FROM browser_games WHERE browser_id = 'phone-1'")
    assert owned.fetchone()[0] == 12


def test_a_failure_after_some_batches_leaves_nothing(app, db, monkeypatch) -> None:
    data = copied_group(db, 12)
    before = _counts(db)
    monkeypatch.setattr(portable, "HANDS_PER_WRITE", 6)

    def broken(*_args, **_kwargs):
        raise OSError("the disk is full")

    monkeypatch.setattr(portable, "add_member", broken)  # the last transaction fails
    with pytest.raises(OSError):
        portable.import_document(db, data, owner="phone-1", member="phone-1")
    assert _counts(db) == before  # the batches written before were deleted again

"""A record's write transaction, statement by statement, with temporary tables in a file or in memory.

    .venv/bin/python bench/write_statements.py [--records 2000] [--rounds 4]

Builds the app's database (its migrations, so its triggers and indexes) with 100 games of 20
hands, then runs the statements `store.games.hands.add_hand` runs in its write (BEGIN
IMMEDIATE, the one-time key, the game's head moved, the hand, COMMIT) on a connection the app
opens (`store.connection.connect`), in the app's own process, in rounds that alternate
`PRAGMA temp_store=FILE` (SQLite's default, which the app keeps) and `MEMORY`. The game's
UPDATE runs the triggers of a group's and a club night's versions, whose `IN (SELECT ...)`
SQLite answers with a temporary table: a lone script that imports nothing large pays about
130 µs a statement for it with FILE; the app's process pays nothing measurable, which this
shows. Prints µs a statement, the median over the rounds. Bounded: at most 10,000 records a
round and 8 rounds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from record_floor import GAMES, new_games, wsgi_record  # noqa: E402

HEAD = '{"hand": 21, "totals": {"We": 2100, "They": 2100}}'
ENTRY = '{"hand": {"We": {"melded_points": 60, "hand_points": 60}}}'
STATEMENTS = (
    ("BEGIN IMMEDIATE", "BEGIN IMMEDIATE"),
    (
        "the one-time key",
        "INSERT INTO used_form_tokens (token, game_id, used_at, digest) VALUES (?, ?, ?, ?)",
    ),
    (
        "the game's head moved",
        "UPDATE games SET version = version + 1, updated_at = ?, reopened = 0, head = ?, "
        "hand_count = ?, ended_at = ? WHERE id = ? AND version = ?",
    ),
    (
        "the hand",
        "INSERT INTO hands (game_id, number, entry, result, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
    ),
    ("COMMIT", "COMMIT"),
)


def _database(folder: str) -> tuple[str, list[str]]:
    """Returns the path of an app database with GAMES games of 20 hands, and the games' ids."""
    os.environ["SCOREKEEPER_INSTANCE"] = f"{folder}/instance"
    from scorekeeper import create_app

    path = f"{folder}/scorekeeper.db"
    app = create_app({"DATABASE": path})
    client = app.test_client()
    games = new_games(client)
    record = wsgi_record(app, games, iter(range(10**9)))
    for _ in range(20 * GAMES):
        record()
    return path, [game[0] for game in games]


def _round(path: str, games: list[str], temp_store: str, records: int) -> dict[str, float]:
    """Returns µs a statement over `records` writes, temporary tables in `temp_store`."""
    from scorekeeper.store.connection import connect

    db = connect(path)
    conn = db.conn
    conn.execute(f"PRAGMA temp_store={temp_store}")
    numbers = {
        game: conn.execute("SELECT hand_count, version FROM games WHERE id = ?", [game]).fetchone()
        for game in games
    }
    spent: dict[str, float] = defaultdict(float)
    for turn in range(records):
        game = games[turn % len(games)]
        count, version = numbers[game]
        stamp = f"2026-12-07T05:{turn:08d}"
        arguments = (
            (),
            (uuid.uuid4().hex, game, stamp, ""),
            (stamp, HEAD, count + 1, None, game, version),
            (game, count + 1, ENTRY, HEAD, stamp, stamp),
            (),
        )
        for (label, sql), given in zip(STATEMENTS, arguments, strict=True):
            start = time.perf_counter()
            conn.execute(sql, given)
            spent[label] += time.perf_counter() - start
        numbers[game] = (count + 1, version + 1)
    db.close()
    return {label: seconds / records * 1e6 for label, seconds in spent.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    records, rounds = max(100, min(args.records, 10_000)), max(2, min(args.rounds, 8))
    path, games = _database(tempfile.mkdtemp(prefix="write-statements-"))
    figures: dict[str, list[dict[str, float]]] = {"FILE": [], "MEMORY": []}
    for number in range(rounds):
        order = ("FILE", "MEMORY") if number % 2 == 0 else ("MEMORY", "FILE")
        for temp_store in order:
            figures[temp_store].append(_round(path, games, temp_store, records))
    print(f"µs a statement of a record's write, medians of {rounds} rounds of {records}:")
    print(f"  {'statement':<24}{'temp_store=FILE':>16}{'MEMORY':>10}")
    for label, _sql in (*STATEMENTS, ("the whole write", "")):
        if label == "the whole write":
            file, memory = (statistics.median(sum(r.values()) for r in figures[t]) for t in figures)
        else:
            file, memory = (statistics.median(r[label] for r in figures[t]) for t in figures)
        print(f"  {label:<24}{file:>16.1f}{memory:>10.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Builds benchmark databases fast: real schema, valid Classic games, one transaction of executemany.

Used by bench/bench_http.py. Every game is Classic with sides We and They; its hands are valid
engine documents from tests/sample_game.py, and its version is 1 + its number of hands.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.engine import Setup, Side, parse_hand, replay
from scorekeeper.rules.documents import canonical, digest, preset_document
from scorekeeper.rules.presets import rules_for
from scorekeeper.store.connection import migrate
from tests.sample_game import sample_hands

PLAYERS = {"We": ("Ann", "Bob"), "They": ("Cy", "Di")}
STAMP = "2024-05-01T20:00:00+00:00"
SHEET_GAME, PDF_GAME = "sheet30", "pdf40"
POOL_HANDS = 9  # write-pool games record about their 10th hand; each gains a dozen in a run


@dataclass(frozen=True)
class Built:
    """What a benchmark database holds: its counts and the write pool's (id, token, version)."""

    games: int
    hands: int
    pool: list[tuple[str, str, int]]


def entries(count: int = 40) -> list[str]:
    """Returns `count` valid hands as stored JSON, whose replay stays short of the target."""
    rules = rules_for("classic")
    setup = Setup(tuple(Side(k, k, p) for k, p in PLAYERS.items()), "Ann")
    hands = sample_hands(rules, setup, count, seed=5, out_rate=0.1)
    final = replay(rules, setup, hands)
    assert not final.status.over, "the sample game must not end within the benchmark"
    return [json.dumps(h.as_dict()) for h in hands]


def token(game_id: str, role: str) -> str:
    """Returns a game's deterministic link token for a role."""
    return f"{game_id}-{role}-token"


def _plan(filler: int, pool: int) -> Iterator[tuple[str, int]]:
    yield SHEET_GAME, 30
    yield PDF_GAME, 40
    for i in range(pool):
        yield f"pool{i:05d}", POOL_HANDS
    for i in range(filler):
        yield f"g{i:07d}", 10


def freeze_classic_rules(conn: sqlite3.Connection, game_ids: Iterator[str] | list[str]) -> None:
    """Gives each game the frozen copy of Classic's rules the app stores when it starts a game."""
    document = preset_document("classic", [])
    text, sha = canonical(document), digest(document)
    conn.executemany(
        "INSERT INTO game_rules (game_id, from_hand, source, source_id, options, document,"
        " digest, frozen_at) VALUES (?, 1, 'preset', 'classic', '[]', ?, ?, ?)",
        ((g, text, sha, STAMP) for g in game_ids),
    )


def build(path: Path, filler: int, pool: int) -> Built:
    """Creates the database at `path`: the sheet and PDF games, the write pool and fillers."""
    for stale in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        stale.unlink(missing_ok=True)
    migrate(path)
    stored = entries()
    plan = list(_plan(filler, pool))
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO games (id, format, options, first_dealer, seating, start_totals, version,"
        " reopened, owner_token, edit_token, view_token, created_at, updated_at)"
        " VALUES (?, 'classic', '[]', 'Ann', '[]', '{}', ?, 0, ?, ?, ?, ?, ?)",
        (
            (g, 1 + n, token(g, "owner"), token(g, "edit"), token(g, "view"), STAMP, STAMP)
            for g, n in plan
        ),
    )
    conn.executemany(
        "INSERT INTO sides (game_id, position, name) VALUES (?, ?, ?)",
        ((g, i, side) for g, _ in plan for i, side in enumerate(PLAYERS)),
    )
    conn.executemany(
        "INSERT INTO players (game_id, side_position, position, name) VALUES (?, ?, ?, ?)",
        (
            (g, i, j, name)
            for g, _ in plan
            for i, names in enumerate(PLAYERS.values())
            for j, name in enumerate(names)
        ),
    )
    conn.executemany(
        "INSERT INTO hands (game_id, number, entry, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
        ((g, k + 1, stored[k], STAMP, STAMP) for g, n in plan for k in range(n)),
    )
    freeze_classic_rules(conn, [g for g, _ in plan])
    conn.execute("COMMIT")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    store_scores(path, [g for g, _ in plan])
    pool_rows = [(g, token(g, "edit"), 1 + n) for g, n in plan if g.startswith("pool")]
    return Built(len(plan), sum(n for _, n in plan), pool_rows)


STATS_GROUP, STATS_TOKEN = "statsgroup", "statsgroup-member-token"
STATS_GAMES, STATS_HANDS = 1_000, 40
STATS_PEOPLE = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def finished_start(stored: list[str]) -> dict[str, int]:
    """Returns starting totals with which the sample game ends exactly at its last hand."""
    rules = rules_for("classic")
    setup = Setup(tuple(Side(k, k, p) for k, p in PLAYERS.items()), "Ann")
    hands = [parse_hand(rules, json.loads(e), list(PLAYERS), []) for e in stored]
    rows = replay(rules, setup, hands).rows
    target = rules.ending.target or 0
    side = max(PLAYERS, key=lambda k: rows[-1].totals[k] - max(r.totals[k] for r in rows[:-1]))
    start = target - rows[-1].totals[side]  # the last hand brings it to the target exactly
    assert start % 5 == 0 and all(r.totals[side] + start < target for r in rows[:-1])
    return {side: start}


def add_stats_group(
    path: Path,
    group: str = "statsgroup",
    group_token: str = "statsgroup-member-token",
    count: int = 1_000,
    hands_each: int = 40,
) -> tuple[int, int]:
    """Adds a group of STATS_GAMES finished games of STATS_HANDS hands, each game's figures
    kept as the app keeps them; returns (games, hands) added."""
    # Imported here: the statistics package is only needed for this case.
    from scorekeeper.stats.figures import format_key, format_label, game_figures

    stored = entries(hands_each)
    start = finished_start(stored)
    rules = rules_for("classic")
    setup = Setup(tuple(Side(k, k, p) for k, p in PLAYERS.items()), "Ann", start_totals=start)
    hands = [parse_hand(rules, json.loads(e), list(PLAYERS), []) for e in stored]
    state = replay(rules, setup, hands)
    assert state.ended_at == hands_each, state.ended_at
    # Every game has the same hands, so the same figures; who sat where differs.
    figures = json.dumps(
        game_figures(
            rules, setup, hands, state, key=format_key("classic", []), label=format_label(rules)
        )
    )
    games = [f"{group}-{i:05d}" for i in range(count)]
    seated = {
        g: [STATS_PEOPLE[(i * 3 + k) % len(STATS_PEOPLE)] for k in range(4)]
        for i, g in enumerate(games)
    }
    version = 1 + hands_each
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO games (id, format, options, first_dealer, seating, start_totals, version,"
        " reopened, owner_token, edit_token, view_token, created_at, updated_at)"
        " VALUES (?, 'classic', '[]', ?, '[]', ?, ?, 0, ?, ?, ?, ?, ?)",
        (
            (
                g,
                seated[g][0],
                json.dumps(start),
                version,
                token(g, "owner"),
                token(g, "edit"),
                token(g, "view"),
                STAMP,
                f"2024-05-{1 + i % 28:02d}T20:{i % 60:02d}:00+00:00",
            )
            for i, g in enumerate(games)
        ),
    )
    conn.executemany(
        "INSERT INTO sides (game_id, position, name) VALUES (?, ?, ?)",
        ((g, i, side) for g in games for i, side in enumerate(PLAYERS)),
    )
    conn.executemany(
        "INSERT INTO players (game_id, side_position, position, name) VALUES (?, ?, ?, ?)",
        ((g, k // 2, k % 2, seated[g][k]) for g in games for k in range(4)),
    )
    conn.executemany(
        "INSERT INTO hands (game_id, number, entry, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
        ((g, k + 1, stored[k], STAMP, STAMP) for g in games for k in range(hands_each)),
    )
    freeze_classic_rules(conn, games)
    conn.execute(
        "INSERT INTO groups (id, name, token, demo, created_at) VALUES (?, 'Benchmark club', ?, 0, ?)",
        [group, group_token, STAMP],
    )
    conn.executemany(
        "INSERT INTO group_players (id, group_id, name, created_at) VALUES (?, ?, ?, ?)",
        ((f"{group}-p-{name}", group, name, STAMP) for name in STATS_PEOPLE),
    )
    conn.executemany(
        "INSERT INTO group_games (game_id, group_id, added_at) VALUES (?, ?, ?)",
        ((g, group, STAMP) for g in games),
    )
    conn.executemany(
        "INSERT INTO game_seats (game_id, side_position, position, player_id) VALUES (?, ?, ?, ?)",
        ((g, k // 2, k % 2, f"{group}-p-{seated[g][k]}") for g in games for k in range(4)),
    )
    conn.executemany(
        "INSERT INTO game_figures (game_id, version, figures) VALUES (?, ?, ?)",
        ((g, version, figures) for g in games),
    )
    conn.execute("COMMIT")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    store_scores(path, games)
    return count, count * hands_each


def store_scores(path: Path, game_ids: list[str]) -> None:
    """Stores each game's scored rows and head as the app stores them (a table with `head`).

    Games alike (the same hands, sides, first dealer and starting totals) are scored once by
    the engine, through the store's own functions; the rows are then written for each.
    """
    from scorekeeper.store.connection import connect, write

    db = connect(path)
    if "head" not in {c.name for c in db["games"].columns}:
        db.close()
        return  # a database of the code before stored scores: nothing to store
    from scorekeeper.store.games import scores

    done: dict[tuple, tuple[list[tuple[int, str]], str, int, int | None]] = {}
    with write(db):
        for game_id in game_ids:
            row = scores.game_row(db, game_id)
            entries_ = tuple(
                e
                for (e,) in db.execute(
                    "SELECT entry FROM hands WHERE game_id = ? ORDER BY number", [game_id]
                )
            )
            shape = (entries_, row["first_dealer"], row["start_totals"], row["seating"])
            if shape not in done:
                fresh = scores.replay(db, game_id)
                rows = [(r.number, scores.row_json(r)) for r in fresh.state.rows]
                head = scores.head_json(fresh.state, scores.running_after(fresh.state))
                done[shape] = (rows, head, len(rows), fresh.state.ended_at)
            rows, head, count, ended = done[shape]
            db.conn.executemany(
                "UPDATE hands SET result = ? WHERE game_id = ? AND number = ?",
                [(text, game_id, number) for number, text in rows],
            )
            db.execute(
                "UPDATE games SET head = ?, hand_count = ?, ended_at = ? WHERE id = ?",
                [head, count, ended, game_id],
            )
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


LONG_HANDS = 950  # long-pool games: a record of about the 1,000th hand (the most a game holds)
ZERO = json.dumps(
    {"hand": {side: {"melded_points": 60, "hand_points": 60} for side in PLAYERS}}
)  # scores nothing, so a game of a thousand such hands never ends


def add_long_pool(path: Path, count: int) -> list[tuple[str, str, int]]:
    """Adds `count` games of LONG_HANDS hands that score nothing; returns the pool's rows."""
    games = [f"long{i:04d}" for i in range(count)]
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO games (id, format, options, first_dealer, seating, start_totals, version,"
        " reopened, owner_token, edit_token, view_token, created_at, updated_at)"
        " VALUES (?, 'classic', '[]', 'Ann', '[]', '{}', ?, 0, ?, ?, ?, ?, ?)",
        (
            (g, 1 + LONG_HANDS, token(g, "owner"), token(g, "edit"), token(g, "view"), STAMP, STAMP)
            for g in games
        ),
    )
    conn.executemany(
        "INSERT INTO sides (game_id, position, name) VALUES (?, ?, ?)",
        ((g, i, side) for g in games for i, side in enumerate(PLAYERS)),
    )
    conn.executemany(
        "INSERT INTO players (game_id, side_position, position, name) VALUES (?, ?, ?, ?)",
        (
            (g, i, j, name)
            for g in games
            for i, names in enumerate(PLAYERS.values())
            for j, name in enumerate(names)
        ),
    )
    conn.executemany(
        "INSERT INTO hands (game_id, number, entry, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
        ((g, k + 1, ZERO, STAMP, STAMP) for g in games for k in range(LONG_HANDS)),
    )
    freeze_classic_rules(conn, games)
    conn.execute("COMMIT")
    conn.close()
    store_scores(path, games)
    return [(g, token(g, "edit"), 1 + LONG_HANDS) for g in games]


def long_pool_heads(path: Path) -> list[tuple]:
    """Returns the long pool's heads as stored now (before any record), for `rewind_long_pool`."""
    conn = sqlite3.connect(path, timeout=10)
    try:
        return conn.execute(
            "SELECT version, head, hand_count, updated_at, ended_at, id FROM games"
            " WHERE id LIKE 'long%'"
        ).fetchall()
    finally:
        conn.close()


def rewind_long_pool(path: Path, heads: list[tuple]) -> None:
    """Takes the long pool back to its LONG_HANDS hands and stored `heads`, so that a load of
    any length records about the 1,000th hand and none is refused as one past the most."""
    conn = sqlite3.connect(path, timeout=10, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")  # waits for a record still in flight after wrk stopped
        conn.execute("DELETE FROM hands WHERE game_id LIKE 'long%' AND number > ?", [LONG_HANDS])
        conn.executemany(
            "UPDATE games SET version = ?, head = ?, hand_count = ?, updated_at = ?,"
            " ended_at = ? WHERE id = ?",
            heads,
        )
        conn.execute("COMMIT")
    finally:
        conn.close()

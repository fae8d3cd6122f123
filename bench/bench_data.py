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
from scorekeeper.format_documents import canonical, digest, preset_document
from scorekeeper.presets import rules_for
from scorekeeper.store.connection import migrate
from tests.sample_game import sample_hands

PLAYERS = {"We": ("Ann", "Bob"), "They": ("Cy", "Di")}
STAMP = "2024-05-01T20:00:00+00:00"
SHEET_GAME, PDF_GAME = "sheet30", "pdf40"
POOL_HANDS = 20  # write-pool games start mid-game; each gains about a dozen hands in a run


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


def add_stats_group(path: Path) -> tuple[int, int]:
    """Adds a group of STATS_GAMES finished games of STATS_HANDS hands, each game's figures
    kept as the app keeps them; returns (games, hands) added."""
    # Imported here: the statistics package is only needed for this case.
    from scorekeeper.stats.figures import format_key, format_label, game_figures

    stored = entries(STATS_HANDS)
    start = finished_start(stored)
    rules = rules_for("classic")
    setup = Setup(tuple(Side(k, k, p) for k, p in PLAYERS.items()), "Ann", start_totals=start)
    hands = [parse_hand(rules, json.loads(e), list(PLAYERS), []) for e in stored]
    state = replay(rules, setup, hands)
    assert state.ended_at == STATS_HANDS, state.ended_at
    # Every game has the same hands, so the same figures; who sat where differs.
    figures = json.dumps(
        game_figures(
            rules, setup, hands, state, key=format_key("classic", []), label=format_label(rules)
        )
    )
    games = [f"stats{i:05d}" for i in range(STATS_GAMES)]
    seated = {
        g: [STATS_PEOPLE[(i * 3 + k) % len(STATS_PEOPLE)] for k in range(4)]
        for i, g in enumerate(games)
    }
    version = 1 + STATS_HANDS
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
        ((g, k + 1, stored[k], STAMP, STAMP) for g in games for k in range(STATS_HANDS)),
    )
    freeze_classic_rules(conn, games)
    conn.execute(
        "INSERT INTO groups (id, name, token, demo, created_at) VALUES (?, 'Benchmark club', ?, 0, ?)",
        [STATS_GROUP, STATS_TOKEN, STAMP],
    )
    conn.executemany(
        "INSERT INTO group_players (id, group_id, name, created_at) VALUES (?, ?, ?, ?)",
        ((f"p-{name}", STATS_GROUP, name, STAMP) for name in STATS_PEOPLE),
    )
    conn.executemany(
        "INSERT INTO group_games (game_id, group_id, added_at) VALUES (?, ?, ?)",
        ((g, STATS_GROUP, STAMP) for g in games),
    )
    conn.executemany(
        "INSERT INTO game_seats (game_id, side_position, position, player_id) VALUES (?, ?, ?, ?)",
        ((g, k // 2, k % 2, f"p-{seated[g][k]}") for g in games for k in range(4)),
    )
    conn.executemany(
        "INSERT INTO game_figures (game_id, version, figures) VALUES (?, ?, ?)",
        ((g, version, figures) for g in games),
    )
    conn.execute("COMMIT")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return STATS_GAMES, STATS_GAMES * STATS_HANDS

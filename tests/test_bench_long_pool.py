"""The benchmarks' long pool: games at about their 1,000th hand, taken back before each load."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.append(str(BENCH))  # bench/ is scripts, not a package; appended, so it shadows nothing

from bench_data import (  # noqa: E402
    LONG_HANDS,
    add_long_pool,
    build,
    long_pool_heads,
    rewind_long_pool,
)

from scorekeeper import create_app  # noqa: E402
from scorekeeper.store.games.game import MAX_HANDS  # noqa: E402

HAND = {"hand": {s: {"melded_points": 60, "hand_points": 60} for s in ("We", "They")}}


@pytest.mark.slow  # two games of 950 hands built and scored, 50 records: about a second
def test_a_rewound_pool_records_again_where_the_last_load_stopped_short(
    tmp_path, monkeypatch
) -> None:
    """A game filled to the most a game holds is refused; rewound, it takes records again."""
    database = tmp_path / "scorekeeper.db"
    build(database, filler=0, pool=0)
    pool = add_long_pool(database, 2)
    heads = long_pool_heads(database)
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    client = create_app({"TESTING": True, "DATABASE": str(database)}).test_client()
    game, link, version = pool[0]

    def record(key: str):
        return client.post(
            f"/api/v1/games/{game}/hands",
            json=HAND,
            headers={
                "Authorization": f"Bearer {link}",
                "If-Match": f'"{version}"',
                "Idempotency-Key": key,
            },
        )

    for number in range(LONG_HANDS, MAX_HANDS):
        saved = record(f"fill-hand-number-{number:04d}")
        assert saved.status_code == 201, saved.json
        version = int(saved.headers["ETag"].strip('"'))
    assert record("past-the-most-a-game-holds").status_code == 422

    rewind_long_pool(database, heads)
    version = pool[0][2]
    again = record("after-the-rewind-to-950")
    assert again.status_code == 201, again.json
    assert again.json["game"]["version"] == version + 1
    assert (
        client.get(f"/api/v1/games/{game}", headers={"Authorization": f"Bearer {link}"}).json[
            "hands"
        ][-1]["number"]
        == LONG_HANDS + 1
    )

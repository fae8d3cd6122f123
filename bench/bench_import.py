"""CPU time of importing the largest files the app accepts, honest and hostile.

    .venv/bin/python bench/bench_import.py

Each file is as large as the web import allows (or the command line, for the last rows);
the figure is process CPU time of `import_games` on an empty database, refused or not.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.store.connection import connect, migrate  # noqa: E402
from scorekeeper.store.portable.importing import (  # noqa: E402
    MAX_BYTES,
    MAX_FILE_HANDS,
    MAX_HANDS,
    WEB_MAX_BYTES,
    InvalidImport,
    import_games,
)

HEAD = '{"kind": "canasta-scorekeeper", "version": 1, "games": '


def long_game_hands(count: int) -> list[dict]:
    """Returns `count` valid Classic hands that score nothing, so the game never ends."""
    return [
        {
            "hand": {
                "We": {"melded_points": 100 + 5 * (n % 20), "hand_points": 100 + 5 * (n % 20)},
                "They": {"melded_points": 60 + 5 * (n % 3), "hand_points": 60 + 5 * (n % 3)},
            }
        }
        for n in range(count)
    ]


def game(hands: int) -> dict:
    """Returns one valid Classic game document with `hands` hands, none after the end."""
    return {
        "format": "classic",
        "sides": [
            {"name": "We", "players": ["Ann", "Bo"]},
            {"name": "They", "players": ["Cy", "Di"]},
        ],
        "first_dealer": "Ann",
        "hands": long_game_hands(hands),
    }


def export(games: list[dict]) -> str:
    return json.dumps({"kind": "canasta-scorekeeper", "version": 1, "games": games}, indent=1)


def fill(size: int, piece: str, head: str = "", tail: str = "") -> str:
    """Returns head + piece repeated + tail, about `size` characters long."""
    return head + piece * ((size - len(head) - len(tail)) // len(piece)) + tail


def distinct_keys(size: int) -> str:
    """Returns one object with as many distinct keys as fit in `size` characters."""
    count = size // len('"k0000000": 1, ')
    return "{" + ", ".join(f'"k{n:07d}": 1' for n in range(count)) + "}"


def files(limit: int) -> dict[str, Callable[[], str]]:
    big = game(MAX_HANDS)
    return {
        f"valid: one game of {MAX_HANDS:,} hands": lambda: export([big]),
        f"valid: {MAX_FILE_HANDS:,} hands in {MAX_FILE_HANDS // MAX_HANDS} games": lambda: export(
            [big] * (MAX_FILE_HANDS // MAX_HANDS)
        ),
        "distinct keys in one object": lambda: distinct_keys(limit),
        "the same key again and again": lambda: fill(limit, '"k": 1, ', "{", '"z": 1}'),
        "many small objects": lambda: fill(limit, '{"a": 1}, ', HEAD + "[", "{}]}"),
        "nothing but '[' then ']'": lambda: "[" * (limit // 2) + "]" * (limit // 2),
        "escaped quotes": lambda: fill(limit, '\\"', '"'),
        "a number of 4,000 digits, repeated": lambda: fill(limit, "9" * 4000 + ",", "[", "1]"),
    }


def run(name: str, text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        migrate(path)
        db = connect(path)
        start = time.process_time()
        try:
            outcome = f"imported {len(import_games(db, text))} game(s)"
        except InvalidImport as refused:
            outcome = "refused: " + refused.message[:60]
        spent = time.process_time() - start
        db.close()
    print(f"{name:44} {len(text) / 1e6:5.2f} MB  {spent * 1000:7.0f} ms CPU  {outcome}")


def main() -> None:
    for label, limit in (("web", WEB_MAX_BYTES), ("command line", MAX_BYTES)):
        print(f"-- largest {label} file: {limit / 1e6:.1f} MB")
        for name, make in files(limit).items():
            run(name, make())


if __name__ == "__main__":
    main()

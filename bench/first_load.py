"""Prints the bytes a first load of the 30-hand sheet and of the record form sends, per encoding.

Run from the checkout: `.venv/bin/python bench/first_load.py`. A first load is the page plus
every stylesheet and script it names, as a phone with an empty cache fetches them; the
encodings are none, gzip only, and what Chromium offers ("gzip, deflate, br, zstd").
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app  # noqa: E402
from tests.conftest import Table  # noqa: E402

ENCODINGS = ("identity", "gzip", "gzip, deflate, br, zstd")
ASSET = re.compile(rb'(?:href|src)="(/static/(?:css|js)/[^"]+)"')
HAND = {
    0: {"melded_points": "60", "hand_points": "15", "red_threes": 1},
    1: {"melded_points": "90"},
}


def first_load(client, path: str, encoding: str) -> int:
    """Returns the bytes of the page and of each static file it names, in that encoding."""
    names = ASSET.findall(client.get(path).get_data())
    total = len(client.get(path, headers={"Accept-Encoding": encoding}).get_data())
    for name in dict.fromkeys(names):
        with client.get(name.decode(), headers={"Accept-Encoding": encoding}) as response:
            total += len(response.get_data())
    return total


def main() -> None:
    """Plays a 30-hand Classic game, then prints the first-load bytes of its two pages."""
    folder = tempfile.mkdtemp()
    os.environ["SCOREKEEPER_INSTANCE"] = f"{folder}/instance"
    app = create_app({"TESTING": True, "DATABASE": f"{folder}/bench.db", "WTF_CSRF_ENABLED": False})
    table = Table(app, app.test_client())
    game_id = table.new_game("classic")
    for _ in range(30):
        table.record(game_id, HAND)
    pages = {"sheet": f"/games/{game_id}", "record form": f"/games/{game_id}/hands/new"}
    print(f"{'Accept-Encoding':<26}" + "".join(f"{name:>14}" for name in pages))
    for encoding in ENCODINGS:
        sizes = [first_load(table.client, path, encoding) / 1024 for path in pages.values()]
        print(f"{encoding:<26}" + "".join(f"{size:>11.1f} KB" for size in sizes))


if __name__ == "__main__":
    main()

"""Writes seeds/demo/demo.json: a demo group's finished games, played by the engine's rules.

Run from a checkout: `python seeds/demo/make_demo.py`. The hands are drawn at random (seeded,
so the file is the same each time) and kept only when the engine finds them valid; the file is
an ordinary export with a group, which "Look around a demo" imports as a new demo group.
"""

from __future__ import annotations

import random
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from scorekeeper import store
from scorekeeper.store.connection import connect, migrate
from scorekeeper.store.groups.group import create_group
from scorekeeper.store.portable.importing import dumps, export_games
from scorekeeper.store.stamps import new_token

HERE = Path(__file__).resolve().parent
PEOPLE = ["Ann", "Bob", "Carla", "Dev", "Ema", "Femi"]
# (format, house options, players per side, sides, games)
PLAN = [
    ("classic", [], 2, 2, 5),
    ("classic", ["red_threes_need_canasta"], 2, 2, 2),
    ("two_hand", [], 1, 2, 3),
    ("samba", [], 2, 2, 2),
]


def _entry(rng: random.Random, rules, out: bool) -> dict:
    kinds = [k for k in rules.canastas]
    canastas: dict[str, int] = {}
    if out or rng.random() < 0.3:
        for _ in range(max(rules.going_out.canastas, 1) + (rng.random() < 0.2)):
            kind = rng.choice(kinds[:2] if len(kinds) > 1 else kinds)
            canastas[kind.id] = canastas.get(kind.id, 0) + 1
    least = sum(n * rules.canasta(k).min_points for k, n in canastas.items())
    melded = least + 5 * rng.randint(2, 30)
    entry = {"melded_points": melded, "canastas": canastas, "red_threes": rng.choice([0, 0, 0, 1])}
    if out:
        entry["went_out"] = rng.choice(["out", "out", "out", "concealed"])
    else:
        entry["hand_points"] = 5 * rng.randint(0, 30)
    return entry


def _hand(rng: random.Random, game) -> dict:
    for _ in range(500):
        keys = game.side_keys
        winner = rng.choice(keys)
        raw = {"hand": {k: _entry(rng, game.rules, k == winner) for k in keys}}
        _, problems = game.check(raw, len(game.hands) + 1)
        if not problems:
            return raw
    raise RuntimeError("no valid hand found")


def main() -> None:
    rng = random.Random(12)
    folder = Path(tempfile.mkdtemp())
    migrate(folder / "demo.db")
    db = connect(folder / "demo.db")
    group = create_group(db, "Demo table")
    day = datetime(2026, 9, 4, 20, 0, tzinfo=UTC)
    ids = []
    for format_id, options, per_side, count, games in PLAN:
        for _ in range(games):
            people = rng.sample(PEOPLE, per_side * count)
            sides = [
                (
                    people[i * per_side] if per_side == 1 else ["We", "They", "Them"][i],
                    people[i * per_side : (i + 1) * per_side],
                )
                for i in range(count)
            ]
            game = store.create_game(
                db,
                format_id=format_id,
                options=options,
                sides=sides,
                first_dealer=people[0],
                group=group.id,
            )
            while not game.state.status.over:
                game = store.add_hand(
                    db, game.id, _hand(rng, game), version=game.version, form_token=new_token()
                )
            day += timedelta(days=rng.randint(2, 8), minutes=rng.randint(0, 90))
            stamp = day.isoformat(timespec="seconds")
            db.execute(
                "UPDATE games SET created_at = ?, updated_at = ? WHERE id = ?",
                [stamp, stamp, game.id],
            )
            ids.append(game.id)
    document = export_games(db, ids)
    for game in document["games"]:
        del game["rules"]  # today's preset and options: the file stays small and readable
    document["exported_at"] = day.isoformat(timespec="seconds")
    (HERE / "demo.json").write_text(dumps(document), encoding="utf-8")
    print(len(ids), "games,", sum(len(g["hands"]) for g in document["games"]), "hands")


if __name__ == "__main__":
    main()

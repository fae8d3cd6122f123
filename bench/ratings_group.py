"""CPU time of a 10,000-game group's ratings: computed from scratch, brought up after one more
game ends, and read from the stored figures afterwards.

    .venv/bin/python bench/ratings_group.py [GAMES]

The group is a club of 12 players (tests/ratings_club.py: random foursomes, random winners),
imported into a fresh database in files of 2,000 games (a file's limit) made one group (not
timed). Each figure is process CPU time, the best of
REPEATS runs; reading happens with the stored ratings up to date.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper import store  # noqa: E402
from scorekeeper.ratings.model import current  # noqa: E402
from scorekeeper.store.connection import connect, migrate, write  # noqa: E402
from scorekeeper.store.portable.importing import dumps, import_document  # noqa: E402
from scorekeeper.store.ratings import refresh, table  # noqa: E402
from scorekeeper.store.ratings.matches import group_matches  # noqa: E402
from scorekeeper.store.stamps import new_token  # noqa: E402
from tests.ratings_club import OUT, PEOPLE, SHORT, club  # noqa: E402

REPEATS = 3
FILE_GAMES = 2000  # an export file holds at most 2,000 games


def cpu(step: Callable[[], object], before: Callable[[], object] = lambda: None) -> float:
    """Returns the least process CPU seconds of REPEATS runs of `step` (after `before` each)."""
    best = float("inf")
    for _ in range(REPEATS):
        before()
        start = time.process_time()
        step()
        best = min(best, time.process_time() - start)
    return best


def forget(db, group_id: str) -> None:
    """Drops the group's stored ratings, so the next refresh computes them all."""
    with write(db):
        for table_name in ("rating_games", "rating_rows", "rating_marks"):
            db.execute(f"DELETE FROM {table_name} WHERE group_id = ?", [group_id])  # noqa: S608


def moved(db, group_id: str) -> None:
    """Moves the group's statistics version, as a game ending does, changing no game."""
    with write(db):
        db.execute("UPDATE groups SET stats_version = stats_version + 1 WHERE id = ?", [group_id])


def one_group(db, games: int) -> str:
    """Imports `games` games in files of FILE_GAMES and makes them one group's; its id."""
    groups = []
    for first in range(0, games, FILE_GAMES):
        document, _played = club(db, min(FILE_GAMES, games - first), seed=first + 1, first=first)
        groups += import_document(db, dumps(document), member="bench", max_bytes=1 << 30)[1]
    kept, *others = groups
    with write(db):  # the same twelve names: each later group's seats become the first's
        for other in others:
            db.execute(
                "UPDATE game_seats SET player_id = (SELECT k.id FROM group_players k "
                "JOIN group_players o ON o.name = k.name WHERE o.id = game_seats.player_id "
                "AND k.group_id = ?) WHERE game_id IN "
                "(SELECT game_id FROM group_games WHERE group_id = ?)",
                [kept, other],
            )
            db.execute("UPDATE group_games SET group_id = ? WHERE group_id = ?", [kept, other])
            db.execute("DELETE FROM groups WHERE id = ?", [other])
    return kept


def ending_hand(db, group_id: str) -> Callable[[], object]:
    """Returns a step that records the hand ending a new game of the group (made untimed)."""
    game = store.create_game(
        db,
        format_id="classic",
        sides=[("We", PEOPLE[:2]), ("They", PEOPLE[2:4])],
        first_dealer=PEOPLE[0],
        start_totals={"We": 4900, "They": 4900},
        group=group_id,
    )
    refresh(db, group_id)  # as the group's next read would: the new game changed its version
    hand = {"hand": {"We": OUT, "They": SHORT}}
    return lambda: store.record_hand(
        db, game.id, hand, version=game.version, form_token=new_token()
    )


def main(games: int = 10_000) -> None:
    """Prints the figures for a group of `games` games."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        migrate(path)
        db = connect(path)
        started = time.perf_counter()
        group_id = one_group(db, games)
        print(
            f"{games:,} games imported in {time.perf_counter() - started:.0f} s wall (not a figure)"
        )
        matches = group_matches(db, group_id)["partnership"]
        pure = cpu(lambda: current(m for _e, m in matches))
        whole = cpu(lambda: refresh(db, group_id), lambda: forget(db, group_id))
        again = cpu(lambda: refresh(db, group_id), lambda: moved(db, group_id))
        read = cpu(lambda: table(db, group_id, "partnership"))
        ends = []
        for _ in range(REPEATS):
            step = ending_hand(db, group_id)
            start = time.process_time()
            step()
            ends.append(time.process_time() - start)
        print(f"openskill over {len(matches):,} games, pure:            {pure:.3f} s CPU")
        print(f"ratings computed and stored from scratch:        {whole:.3f} s CPU")
        print(f"brought up after a change that rates nothing:    {again:.3f} s CPU")
        print(f"ratings table read from the stored figures:      {read * 1000:.1f} ms CPU")
        print(f"recording a hand that ends a game (rated too):   {min(ends) * 1000:.1f} ms CPU")
        db.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)

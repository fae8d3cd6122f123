"""What migration 0010's triggers cost a hand saved: store.add_hand with and without them.

    .venv/bin/python bench/event_triggers.py [--hands 400] [--batches 5]

0010 refuses changes to a closed event's hands and drops a changed hand's check, in SQL, so
every hand saved (an event's table or any other game) runs two more trigger programs. This
saves hands in ordinary games and in an event's table games on one migrated database, in
alternating batches with the triggers in place and dropped (then made again from the
migration's own statements), and prints the median microseconds a hand of each.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import uuid

from scorekeeper import store
from scorekeeper.events import template
from scorekeeper.store.connection import connect, migrate
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import NewEvent, create_event, get_event
from scorekeeper.store.migrations.events import ENTRANT_CARDS

OUT = {"melded_points": 300, "canastas": {"natural": 1}, "went_out": "out"}
HAND_TRIGGERS = [s for s in ENTRANT_CARDS if s.startswith("CREATE TRIGGER") and " ON hands " in s]


def _names(statements: list[str]) -> list[str]:
    return [s.split()[2] for s in statements]


def _batch(db, games: list[str], hands: int) -> float:
    """Saves `hands` hands round-robin over the games; returns microseconds a hand."""
    start = time.perf_counter()
    for i in range(hands):
        game = store.get_game(db, games[i % len(games)])
        keys = game.side_keys
        hand = {"hand": {keys[0]: OUT, keys[1]: {"melded_points": 50}}}
        store.add_hand(db, game.id, hand, version=game.version, form_token=uuid.uuid4().hex)
    return (time.perf_counter() - start) / hands * 1e6


def main() -> None:
    """Prints the median microseconds a hand, triggers on and off, plain and event games."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--batches", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        migrate(f"{folder}/b.db")
        db = connect(f"{folder}/b.db")
        pairs = [(f"P{i}", [f"A{i}", f"B{i}"]) for i in range(80)]
        new = NewEvent("Night", "classic", pairs, "round_robin", 1, 200, template("canasta_3"))
        event = create_event(db, new)
        event_rounds.start_round(db, event.id)
        tables = [t.game_id or "" for t in event_rounds.tables(db, get_event(db, event.id))]
        plain = [
            store.create_game(
                db,
                format_id="classic",
                sides=[("Us", ("Ann", "Bob")), ("Them", ("Cy", "Di"))],
                first_dealer="Ann",
                inline=event.document,  # ends after 200 deals, as the tables do
            ).id
            for _ in range(40)
        ]
        figures: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.batches):
            for state in ("on", "off"):
                if state == "off":
                    for name in _names(HAND_TRIGGERS):
                        db.execute(f"DROP TRIGGER {name}")
                for kind, games in (("plain game", plain), ("event table", tables)):
                    figures.setdefault((kind, state), []).append(_batch(db, games, args.hands))
                if state == "off":
                    for statement in HAND_TRIGGERS:
                        db.execute(statement)
        for (kind, state), found in sorted(figures.items()):
            print(f"{kind:12} triggers {state:3}: {statistics.median(found):7.0f} µs a hand")


if __name__ == "__main__":
    main()

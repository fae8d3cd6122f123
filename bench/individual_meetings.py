"""How often individual nights seat the same two players together: the draw against the circle.

    .venv/bin/python bench/individual_meetings.py [--rounds 3 4 5 6]

Draws every night of 8 to 16 players with each seating, for each number of rounds given, as
the store draws it (`events.seating.seated` with the meetings and partnerships so far) and as
the circle alone would (its partnerships side by side, the turn's sit-outs and tables of
three). Prints, for both, how many pairs of players sat at one table how many times, the
meetings repeated (each earlier meeting counted once) and the partnerships repeated, and the
CPU time of a large field's round.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.events import opponents  # noqa: E402
from scorekeeper.events.seating import SEATINGS, table_sizes  # noqa: E402
from tests.test_events_individual_opponents import Night, circle_alone, draw  # noqa: E402


def night(count: int, how: str, rounds: int) -> Night:
    """Returns a night of `count` players drawn for `rounds` rounds."""
    keys = [f"p{k:02d}" for k in range(count)]
    played = Night()
    for number in range(1, rounds + 1):
        played.play(draw(keys, number, how, played))
    return played


def tally(rounds: list[int], alone: bool) -> tuple[Counter[int], int, int]:
    """Returns how many pairs met how many times, the repeats and the repeated partnerships."""
    times: Counter[int] = Counter()
    repeats = partners = 0
    for count in range(8, 17):
        for how in SEATINGS:
            if how != "sit_out" and not table_sizes(count, how):
                continue
            for length in rounds:
                if alone:
                    with circle_alone():
                        played = night(count, how, length)
                else:
                    played = night(count, how, length)
                times.update(opponents.together(played.met).values())
                repeats += played.repeats()
                partners += sum(c - 1 for c in played.partnered.values())
    return times, repeats, partners


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, nargs="+", default=[3, 4, 5, 6])
    args = parser.parse_args()
    for label, alone in (("the circle alone", True), ("the draw", False)):
        times, repeats, partners = tally(args.rounds, alone)
        three = sum(n for t, n in times.items() if t >= 3)
        print(f"{label}: pairs by times together {sorted(times.items())}")
        print(f"  three times or more {three}, meetings repeated {repeats}, partners {partners}")
    for count, how in ((39, "five_six"), (41, "cutthroat"), (62, "sit_out")):
        started = time.process_time()
        night(count, how, 10)
        spent = (time.process_time() - started) / 10
        print(f"{count} players, {how}: {spent * 1000:.0f} ms of CPU a round (10 rounds)")


if __name__ == "__main__":
    main()

"""Writes tests/slow_tests.txt: the few tests that take most of the fast loop's time.

Usage: python bench/slow_tests.py [--share 0.85] [--durations FILE]

Runs the fast loop once with `--durations=0` (or reads a saved run's output), adds each
test's setup, call and teardown, and lists the slowest tests that together take `--share` of
the loop's time. `tests/conftest.py` marks every listed test `slow`, so the edit loop skips
them and CI, which runs the whole suite, still runs them. A share, not a time in seconds,
picks them: on a busy machine every time grows, and the ranking moves far less than the times.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "tests" / "slow_tests.txt"
FAST_LOOP = ["-q", "-m", "not browser and not slow", "-n", "2", "-p", "no:randomly"]
DURATION = re.compile(r"^([\d.]+)s (?:setup|call|teardown)\s+(\S+)$")
HEADER = """\
# The slowest tests of the fast loop: together about {share:.0%} of its time, measured with
# `python bench/slow_tests.py --share {share}` ({count} of the {total} tests it timed). tests/conftest.py
# marks each one `slow`: the edit loop skips them, CI runs them. Regenerate after adding slow
# tests; a name that no longer exists fails tests/test_suite_layout.py.
"""


def durations(output: str) -> Counter[str]:
    """Returns each test's seconds (setup + call + teardown) from pytest's --durations=0."""
    seconds: Counter[str] = Counter()
    for line in output.splitlines():
        found = DURATION.match(line.strip())
        if found:
            seconds[found[2]] += float(found[1])
    return seconds


def slowest(seconds: Counter[str], share: float) -> list[str]:
    """Returns the slowest tests whose times add up to `share` of the whole."""
    whole, taken, chosen = sum(seconds.values()), 0.0, []
    for name, spent in seconds.most_common():
        if taken >= share * whole:
            break
        chosen.append(name)
        taken += spent
    return sorted(chosen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--share", type=float, default=0.85)
    parser.add_argument("--durations", type=Path, help="a saved `pytest --durations=0` output")
    args = parser.parse_args()
    if args.durations:
        output = args.durations.read_text(encoding="utf-8")
    else:
        # With the list switched off, so that the tests listed today are measured again.
        command = [sys.executable, "-m", "pytest", *FAST_LOOP, "--durations=0"]
        print(f"running: SCOREKEEPER_SLOW_LIST=off {' '.join(command)}", file=sys.stderr)
        env = {**os.environ, "SCOREKEEPER_SLOW_LIST": "off"}
        run = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, timeout=1800, env=env
        )
        output = run.stdout
    seconds = durations(output)
    if not seconds:
        sys.exit("no durations found")
    chosen = slowest(seconds, args.share)
    text = HEADER.format(share=args.share, count=len(chosen), total=len(seconds))
    LIST.write_text(text + "\n".join(chosen) + "\n", encoding="utf-8")
    spent = sum(seconds[name] for name in chosen)
    print(f"{len(chosen)} of {len(seconds)} tests, {spent:.1f} of {sum(seconds.values()):.1f} s")


if __name__ == "__main__":
    main()

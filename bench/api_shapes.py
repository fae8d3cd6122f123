"""What checking an API body against its shape costs: microseconds per body, in one process.

    .venv/bin/python bench/api_shapes.py [--repeat 20000]

Validates the example bodies of docs/api.md (a hand, a new game, a house format) with the
pydantic validators `spec.body()` uses, and builds the OpenAPI document from the shapes once
(the first request of /api/v1/openapi.json pays it; it is cached after). Prints the lowest
of five batches. Compare with bench/record_floor.py's "the app, a record" (milliseconds).
"""

from __future__ import annotations

import argparse
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.api import spec  # noqa: E402 - after the path is set
from scorekeeper.api.examples import EXAMPLE_FORMAT, EXAMPLE_GAME, EXAMPLE_HAND  # noqa: E402
from scorekeeper.api.formats.bodies import HouseFormatInput  # noqa: E402
from scorekeeper.api.games import bodies  # noqa: E402
from scorekeeper.api.openapi import document  # noqa: E402

CASES = {
    "a hand (POST .../hands)": (bodies.HandInput, EXAMPLE_HAND),
    "a new game (POST /games)": (bodies.NewGame, EXAMPLE_GAME),
    "a house format (POST /formats)": (HouseFormatInput, EXAMPLE_FORMAT),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20_000)
    repeat = parser.parse_args().repeat
    start = time.process_time()
    document()
    print(f"the OpenAPI document, built once: {(time.process_time() - start) * 1000:.1f} ms CPU")
    print(f"validating a body, lowest of 5 batches of {repeat:,}:")
    for label, (shape, body) in CASES.items():
        check = spec.adapter(shape).validate_python
        best = min(timeit.repeat(lambda: check(body), number=repeat, repeat=5)) / repeat  # noqa: B023
        print(f"  {label:32} {best * 1e6:6.1f} us")


if __name__ == "__main__":
    main()

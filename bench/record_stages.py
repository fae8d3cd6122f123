"""Where a record's time goes, stage by stage, beside the full-stack yardstick's whole record.

    .venv/bin/python bench/record_stages.py [--requests 2000] [--rounds 3]

Sends records straight to each app's WSGI callable (the environ gunicorn builds, no test client,
no server): the app's `POST /api/v1/games/<id>/hands`, round-robin over 100 games, and the
minimal full-stack app's record (bench/full_stack_app.py: a bearer token, If-Match, a pydantic
body, one transaction, a JSON answer). Each of the app's stages is timed by a wrapper around
the function that does it (wall time, one thread, so it is the CPU the stage spends); what no
stage holds is Flask's and the extensions' own handling. Prints microseconds a record, the
median over the rounds, the rounds interleaved with the yardstick's. Bounded: at most 5,000
records a round and 5 rounds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import orjson  # noqa: E402
from record_floor import GAMES, HAND, new_games, post_environ, wsgi_record  # noqa: E402

# (label, module, attribute): the function each stage is, in the order a record runs them.
STAGES = (
    (
        "token checked, head, rules and sides read (1 statement)",
        "scorekeeper.api.access",
        "writer_whole",
    ),
    ("If-Match, Idempotency-Key, the body's digest", "scorekeeper.api.games.routes", "_once"),
    ("the body: JSON read, judged by its pydantic shape", "scorekeeper.api.spec", "body"),
    ("typed numbers read", "scorekeeper.api.games.routes", "hand_document"),
    ("the head, rules and sides decoded", "scorekeeper.store.games.hands", "rule_book"),
    ("", "scorekeeper.store.games.scores", "setup_of"),
    ("", "scorekeeper.store.games.scores", "head_from"),
    ("the hand judged and scored by the engine", "scorekeeper.store.games.game", "Game.scored"),
    ("the next row: totals, minimums, dealer, result", "scorekeeper.engine", "next_row"),
    ("the one-time key spent (insert)", "scorekeeper.store.games.hands", "_use_token"),
    (
        "the stored row, entry and head written as JSON",
        "scorekeeper.store.games.scores",
        "row_json",
    ),
    ("", "scorekeeper.store.games.scores", "entry_json"),
    ("", "scorekeeper.store.games.scores", "head_json"),
    (
        "the answer: the game less its hands, as JSON",
        "scorekeeper.api.games.routes",
        "_game_response",
    ),
)


def _wrap(owner: Any, name: str, label: str, spent: dict[str, float]) -> None:
    """Replaces `owner.name` by the same function that adds its wall time to spent[label]."""
    inner = getattr(owner, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return inner(*args, **kwargs)
        finally:
            spent[label] += time.perf_counter() - start

    setattr(owner, name, timed)


def _stages(app: Any, spent: dict[str, float]) -> None:
    """Times every stage of STAGES, the write transaction and the view as a whole."""
    import importlib

    from scorekeeper.store.games import hands

    label = ""
    for said, module, attribute in STAGES:
        label = said or label  # a blank label adds to the stage above
        owner = importlib.import_module(module)
        if "." in attribute:
            holder, attribute = attribute.split(".")
            owner = getattr(owner, holder)
        _wrap(owner, attribute, label, spent)
    view = app.view_functions["api.record"]
    app.view_functions["api.record"] = _timed_view(view, spent)
    _wrap(hands, "now", "a time stamp", spent)


def _timed_view(
    view: Callable[..., Any], spent: dict[str, float], label: str = "the view, whole"
) -> Callable[..., Any]:
    """Returns the view that adds its wall time to spent[label]."""

    def timed(**kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return view(**kwargs)
        finally:
            spent[label] += time.perf_counter() - start

    return timed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    count, rounds = max(100, min(args.requests, 5_000)), max(1, min(args.rounds, 5))
    folder = tempfile.mkdtemp(prefix="record-stages-")
    os.environ["SCOREKEEPER_INSTANCE"] = f"{folder}/instance"
    os.environ["FULL_STACK_DB"] = f"{folder}/full.db"
    import full_stack_app

    from scorekeeper import create_app

    app = create_app({"DATABASE": f"{folder}/scorekeeper.db"})
    client = app.test_client()
    games = new_games(client)
    turn = iter(range(10**9))
    ours = wsgi_record(app, games, turn)
    yardstick = full_stack_app.create_app()
    theirs = _full_stack_record(yardstick)
    for _ in range(20 * GAMES):  # 20 hands a game before the figures start
        ours()
    spent: dict[str, float] = defaultdict(float)
    _stages(app, spent)
    yardstick.view_functions["record"] = _timed_view(
        yardstick.view_functions["record"], spent, "the yardstick's view"
    )
    whole: dict[str, list[float]] = defaultdict(list)
    per_round: list[dict[str, float]] = []
    for number in range(rounds):
        order = [("ours", ours), ("theirs", theirs)]
        for name, send in order if number % 2 == 0 else reversed(order):
            spent.clear()
            start = time.perf_counter()
            for _ in range(count):
                send()
            whole[name].append((time.perf_counter() - start) / count)
            key = "ours" if name == "ours" else "theirs"
            per_round.append({f"{key}:{k}": v / count for k, v in spent.items()})
    _report(whole, per_round, count, rounds)
    return 0


def _report(
    whole: dict[str, list[float]], per_round: list[dict[str, float]], count: int, rounds: int
) -> None:
    """Prints the stages in µs a record, medians over the rounds."""
    ours, theirs = statistics.median(whole["ours"]) * 1e6, statistics.median(whole["theirs"]) * 1e6
    labels = dict.fromkeys(k for r in per_round for k in r)
    stages = {k: statistics.median(r[k] for r in per_round if k in r) * 1e6 for k in labels}
    view, their_view = stages.pop("ours:the view, whole"), stages.pop("theirs:the yardstick's view")
    print(f"µs a record, straight through WSGI, medians of {rounds} rounds of {count}:")
    print(f"  the full-stack yardstick's record, whole{theirs:18.0f}")
    print(
        f"    Flask, the extensions, the hooks (not the view){their_view and theirs - their_view:10.0f}"
    )
    print(f"    its view: pydantic, one transaction, the answer{their_view:11.0f}")
    print(f"  the app's record, whole{ours:34.0f}   ({ours / theirs:.2f}x)")
    print(f"    Flask, the extensions, the hooks (not the view){ours - view:10.0f}")
    inside = 0.0
    for label, spent in stages.items():
        print(f"    {label.removeprefix('ours:'):<56}{spent:6.0f}")
        inside += spent
    print(f"    {'the write: UPDATE, INSERT, COMMIT; the glue':<56}{view - inside:6.0f}")


def _full_stack_record(app: Any) -> Callable[[], None]:
    """Returns a record sent straight to the full-stack yardstick, round-robin over its 400 games."""
    body = orjson.dumps(HAND)
    versions = dict.fromkeys(range(400), 1)
    turn = iter(range(10**9))
    seen: dict[str, str] = {}

    def start_response(status: str, _headers: list[tuple[str, str]], _exc: Any = None) -> None:
        seen["status"] = status

    def send() -> None:
        game = next(turn) % 400
        path, version = f"/games/pool{game}/hands", f'"{versions[game]}"'
        environ = post_environ(path, body, f"Bearer pool{game}-token", version)
        answer = app(environ, start_response)
        b"".join(answer)
        assert seen["status"].startswith("201"), seen["status"]
        versions[game] += 1

    return send


if __name__ == "__main__":
    raise SystemExit(main())

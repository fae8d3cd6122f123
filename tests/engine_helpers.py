"""Small builders that keep the engine's table tests readable."""

from __future__ import annotations

from scorekeeper.engine import Hand, Problem, parse_hand
from scorekeeper.rules.model import Rules
from scorekeeper.rules.presets import rules_for


def side(melded=0, hand=0, red=0, out="no", black=0, **canastas_and_extras) -> dict:
    """Returns one side's raw entry; keyword names that are canasta kinds become canastas."""
    return {
        "melded_points": melded,
        "hand_points": hand,
        "red_threes": red,
        "went_out": out,
        **({"black_threes": black} if black else {}),
        "canastas": {k: v for k, v in canastas_and_extras.items() if not k.startswith("x_")},
        **{k[2:]: v for k, v in canastas_and_extras.items() if k.startswith("x_")},
    }


def make_hand(rules: Rules | str, lone_hand: str | None = None, **sides: dict) -> Hand:
    """Returns a parsed Hand, failing the test if the raw entry has type problems."""
    rules = rules_for(rules) if isinstance(rules, str) else rules
    problems: list[Problem] = []
    raw = {"hand": sides, **({"lone_hand": lone_hand} if lone_hand else {})}
    hand = parse_hand(rules, raw, list(sides), problems)
    assert not problems, problems
    return hand

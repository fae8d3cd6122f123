"""One game's figures per side, taken from the engine's scored rows; kept as JSON per version."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.engine import GameState, Hand, Setup, SideScore
from scorekeeper.rules.model import Rules

Figures = dict[str, Any]  # JSON-ready: the store keeps it as text in game_figures


def format_key(source_id: str, options: Sequence[str]) -> str:
    """Returns the key games share when they were played under the same rules source and options."""
    return source_id + "".join(f"+{o}" for o in sorted(options))


def format_label(rules: Rules) -> list[str]:
    """Returns a format's name and its house options' labels, for a page to put in words."""
    return [rules.name, *(rules.option(o).label for o in rules.active_options)]


def _canastas(rules: Rules, scores: Sequence[SideScore]) -> dict[str, int]:
    """Returns how many canastas of each kind a side made, from its scored hands' items."""
    canastas = {kind.id: 0 for kind in rules.canastas}
    for item in (item for score in scores for item in score.items):
        kind = item.key.removeprefix("canastas.")
        if kind != item.key:
            canastas[kind] = canastas.get(kind, 0) + (item.count or 0)
    return canastas


def _side(rules: Rules, state: GameState, hands: Sequence[Hand], key: str, counted: int) -> Figures:
    """Returns one side's figures over the hands that counted."""
    rows = [row.scores[key] for row in state.rows[:counted] if key in row.scores]
    scores = [score.score for score in rows]
    entries = [hand.entries[key] for hand in hands[:counted] if key in hand.entries]
    total = state.totals.get(key, 0)
    others = [t for k, t in state.totals.items() if k != key]
    return {
        "total": total,
        "margin": total - max(others) if others else total,
        "won": state.status.winner == key,
        "hands": len(scores),
        "hand_sum": sum(scores),
        "best_hand": max(scores) if scores else None,
        "canastas": _canastas(rules, rows),
        "went_out": sum(1 for e in entries if e.out),
        "concealed": sum(1 for e in entries if e.went_out == "concealed"),
        "red_threes": sum(e.red_threes for e in entries),
        "below_zero": total < 0,
    }


def game_figures(
    rules: Rules,
    setup: Setup,
    hands: Sequence[Hand],
    state: GameState,
    *,
    key: str,
    label: list[str],
) -> Figures:
    """Returns a game's figures: its format, result, and each side's numbers, seat by seat."""
    counted = state.ended_at if state.ended_at is not None else len(state.rows)
    return {
        "format": key,
        "label": label,
        "finished": state.status.over,
        "tied": state.status.tied,
        "hands": counted,
        "target": rules.ending.target,
        "kinds": [[kind.id, kind.label] for kind in rules.canastas],
        "sides": [
            {"name": side.name, "players": list(side.players)}
            | _side(rules, state, hands, side.key, counted)
            for side in setup.sides
        ],
    }

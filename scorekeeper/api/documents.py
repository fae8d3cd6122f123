"""The API's JSON shapes: a game as the sheet shows it, a scored preview, and the hand body."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper import engine
from scorekeeper.api.numbers import hand_numbers
from scorekeeper.api.problems import ApiProblem
from scorekeeper.engine import Hand, Problem, Row
from scorekeeper.language import problem_words, words
from scorekeeper.score_contract import opening_dict
from scorekeeper.sentences.marked import N_
from scorekeeper.store import Game

HAND_KEYS = ("hand", "lone_hand")


def _side_scores(row: Row) -> dict[str, Any]:
    return {
        key: {
            "score": score.score,
            "breakdown": [item.as_dict() for item in score.items],
            "total": row.totals[key],
        }
        for key, score in row.scores.items()
    }


def hand_json(row: Row, hand: Hand) -> dict[str, Any]:
    """Returns one row of the sheet: what was entered, each side's breakdown and total."""
    return {
        "number": row.number,
        "dealer": row.dealer,
        "sitting_out": row.sitting_out,
        "minimums": {key: opening_dict(need) for key, need in row.minimums.items()},
        "entry": hand.as_dict(),
        "sides": _side_scores(row),
        "after_end": row.after_end,
    }


def game_json(game: Game, *, with_hands: bool = True) -> dict[str, Any]:
    """Returns the game: setup, every hand (unless left out), totals, what comes next, result."""
    # The head (the state without rows) answers all but the hands: a record decodes no row.
    state, status = game.head, game.head.status
    data = {
        "id": game.id,
        "format": game.format,
        "format_name": game.rules.name,
        "options": list(game.options),
        "sides": [{"name": s.name, "players": list(s.players)} for s in game.setup.sides],
        "first_dealer": game.setup.first_dealer,
        "start_totals": dict(game.setup.start_totals),
        "version": game.version,
        "reopened": game.reopened,
        "locked": game.locked,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "hands": None,
        "totals": dict(state.totals),
        "to_target": state.to_target(game.rules),
        "target": game.rules.ending.target,
        "target_raises": [
            {"after_hand": r.after_hand, "from_target": r.from_target, "to_target": r.to_target}
            for r in game.raises
        ],
        "next": {
            "number": game.hand_count + 1,
            "dealer": state.next_dealer,
            "sitting_out": state.next_sitting_out,
            "minimums": {key: opening_dict(need) for key, need in state.next_minimums.items()},
        },
        "status": {
            "over": status.over,
            "winner": status.winner,
            "tied": status.tied,
            "margin": status.margin,
            "message": words.status(status),
            "ended_at": state.ended_at,
        },
    }
    if with_hands:
        rows = zip(game.state.rows, game.hands, strict=True)
        data["hands"] = [hand_json(row, hand) for row, hand in rows]
    else:
        del data["hands"]
    return data


def hand_document(data: Mapping[str, Any]) -> dict[str, Any]:
    """Returns the checked body's hand (bodies.HandInput) with every number read as the form reads it."""
    document = {key: data[key] for key in HAND_KEYS if key in data}
    document["hand"], errors = hand_numbers(document["hand"])
    if errors:
        raise invalid_hand(errors)
    return document


def invalid_hand(problems: Sequence[Problem | Mapping[str, Any]]) -> ApiProblem:
    """Returns the 422 problem for a hand the engine refused, one entry per problem."""
    return ApiProblem(
        422, N_("The hand is not valid; nothing was saved."), kind="invalid-hand", errors=problems
    )


def _warning(note: Problem) -> dict[str, Any]:
    """Returns one of the engine's warnings with its code and numbers, for clients to render."""
    # The documented codes: one `opening_short`, whose `must_exceed` says "more than".
    code = "opening_short" if note.code == "opening_short_exceed" else note.code
    params = {k: v for k, v in note.params.items() if k != "side"}  # the entry's own `side`
    said = problem_words.problem(note)
    return {"side": note.side, "field": note.field, "message": said, "code": code, "params": params}


def preview_json(game: Game, number: int, raw: Mapping[str, Any]) -> dict[str, Any]:
    """Scores a hand as hand `number` without saving it; 422 with every problem otherwise."""
    hand, problems = game.check(raw, number)
    if problems:
        raise invalid_hand(problems)
    scored = engine.preview(game.rules, hand, game.totals_before(number))
    return {
        "number": number,
        "sides": {
            key: {
                "score": s.score,
                "breakdown": [item.as_dict() for item in s.items],
                "total": scored.totals[key],
            }
            for key, s in scored.scores.items()
        },
        "warnings": [_warning(w) for w in game.warnings(hand, number)],
    }

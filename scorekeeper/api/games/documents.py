"""The API's JSON shapes: a game as the sheet shows it, a scored preview, and the hand body."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import orjson

from scorekeeper import engine
from scorekeeper.api.problems import ApiProblem
from scorekeeper.engine import Hand, OpeningNeed, Problem, Row
from scorekeeper.language import problem_words, words
from scorekeeper.papers.score_contract import opening_dict
from scorekeeper.sentences.marked import N_
from scorekeeper.store import Game
from scorekeeper.store.games.scores import UNREAD

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
        data["hands"] = _stored_hands(game)
    else:
        del data["hands"]
    return data


@lru_cache(maxsize=512)
def _opening(points: int, needs: str, must_exceed: bool) -> dict[str, Any]:
    """Returns a stored opening need as JSON; a game has few, so each is worded once."""
    found = opening_dict(OpeningNeed(points, needs, must_exceed))
    assert found is not None  # a need was given
    return found


def _stored_row(number: int, entry: Any, result: Mapping[str, Any]) -> dict[str, Any]:
    """Returns one row of the sheet from its stored text, as `hand_json` writes it."""
    # The stored entry is the parsed hand's own JSON (scores.entry_json), and the stored
    # breakdown items are the engine's own (Item.as_dict): nothing is parsed or scored again.
    totals = result["totals"]
    return {
        "number": number,
        "dealer": result["dealer"],
        "sitting_out": result["sitting_out"],
        "minimums": {
            key: None if need is None else {**_opening(*need)}
            for key, need in result["minimums"].items()
        },
        "entry": entry,
        "sides": {
            key: {"score": score, "breakdown": items, "total": totals[key]}
            for key, (score, items) in result["scores"].items()
        },
        "after_end": result["after_end"],
    }


def _stored_hands(game: Game) -> list[dict[str, Any]]:
    """Returns every row of the sheet, from the stored text when every hand reads cleanly."""
    # One decoding of every row, and one of every entry: a call a text cost a tenth more.
    results = orjson.loads(f"[{','.join(result for _n, _e, result in game.texts)}]")
    if len(results) != game.hand_count or any(r.get(UNREAD) for r in results):
        # A hand its rules no longer read (marked when stored): parsed again, as the sheet does.
        rows = zip(game.state.rows, game.hands, strict=True)
        return [hand_json(row, hand) for row, hand in rows]
    entries = orjson.loads(f"[{','.join(entry for _n, entry, _r in game.texts)}]")
    return [
        _stored_row(number, entry, result)
        for (number, _e, _r), entry, result in zip(game.texts, entries, results, strict=True)
    ]


def hand_document(data: Mapping[str, Any]) -> dict[str, Any]:
    """Returns the checked body's hand (bodies.HandInput), its typed numbers already read by the shape."""
    return {key: data[key] for key in HAND_KEYS if key in data}


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

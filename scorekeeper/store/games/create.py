"""Creates games: a new game's rows, its frozen rules and its owner, in one transaction."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from sqlite_utils import Database

from scorekeeper import engine
from scorekeeper.engine import Problem, Setup, Side
from scorekeeper.engine.ending import EndProblem, TargetRaise
from scorekeeper.rules.documents import FormatError, rules_of
from scorekeeper.sentences.marked import N_
from scorekeeper.store.connection import insert_many, write
from scorekeeper.store.errors import AlreadyStarted, InvalidGame
from scorekeeper.store.formats.house import HouseFormatNotFound, rules_source
from scorekeeper.store.games import scores
from scorekeeper.store.games.game import Game, Tokens, load
from scorekeeper.store.games.rules import freeze, frozen_row
from scorekeeper.store.stamps import new_token, now


def _spend_start_token(db: Database, form_token: str, game_id: str, stamp: str) -> None:
    """Marks a new-game form's token used by this game; AlreadyStarted if it started one."""
    found = db.execute(
        "SELECT game_id FROM used_form_tokens WHERE token = ?", [form_token]
    ).fetchone()
    if found is not None:  # the same tap arrived twice: the transaction is rolled back
        raise AlreadyStarted(found[0])
    db.execute(
        "INSERT INTO used_form_tokens (token, game_id, used_at) VALUES (?, ?, ?)",
        [form_token, game_id, stamp],
    )


def refusal(problems: Sequence[Problem]) -> InvalidGame:
    """Returns the error for a setup the engine refused, led by its first problem."""
    first = problems[0]
    # The part at fault in a word: "side" or "player" for a name, else the path's first key.
    area = first.params.get("what") or first.field.split(".")[0].split("[")[0]
    said: Problem | EndProblem = first
    if first.code == "start_below_target":  # a rule of the game's end: worded with the others
        said = EndProblem("start_at_target", area, first.params)
    return InvalidGame(N_("%(problem)s"), area, problems, problem=said)


def game_record(
    game_id: str,
    *,
    format_id: str,
    options: Sequence[str],
    setup: Setup,
    tokens: Tokens,
    created_at: str,
    updated_at: str,
    reopened: bool = False,
    raises: Sequence[TargetRaise] = (),
) -> dict[str, Any]:
    """Returns a new game's `games` row (its head is stored by scores), as every creator writes it."""
    return {
        "id": game_id,
        "format": format_id,
        "options": json.dumps(list(options)),
        "first_dealer": setup.first_dealer,
        "seating": json.dumps(list(setup.seating)),  # empty: partners alternate
        "start_totals": json.dumps(dict(setup.start_totals)),
        "version": 1,
        "reopened": int(reopened),
        "target_raises": json.dumps([asdict(r) for r in raises]),
        "owner_token": tokens.owner,
        "edit_token": tokens.edit,
        "view_token": tokens.view,
        "created_at": created_at,
        "updated_at": updated_at,
    }


def seat_records(game_id: str, setup: Setup) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Returns a new game's `sides` rows and `players` rows, in seating order."""
    sides = [
        {"game_id": game_id, "position": position, "name": side.name}
        for position, side in enumerate(setup.sides)
    ]
    players = [
        {"game_id": game_id, "side_position": position, "position": i, "name": p}
        for position, side in enumerate(setup.sides)
        for i, p in enumerate(side.players)
    ]
    return sides, players


def owner_record(game_id: str, owner: str, token: str, stamp: str) -> dict[str, Any]:
    """Returns the `browser_games` row that makes a browser a new game's owner."""
    return {
        "browser_id": owner,
        "game_id": game_id,
        "role": "owner",
        "token": token,
        "last_opened": stamp,
    }


def insert_game(db: Database, record: Mapping[str, Any], setup: Setup) -> None:
    """Inserts a new game's row, sides and players; call inside write()."""
    sides, players = seat_records(record["id"], setup)
    insert_many(db, "games", [record])
    insert_many(db, "sides", sides)
    insert_many(db, "players", players)


def create_game(
    db: Database,
    *,
    format_id: str,
    options: Sequence[str] = (),
    sides: Sequence[tuple[str, Sequence[str]]],
    first_dealer: str,
    start_totals: Mapping[str, int] | None = None,
    owner: str | None = None,
    inline: Mapping[str, Any] | None = None,
    form_token: str | None = None,
    group: str | None = None,
) -> Game:
    """Saves a new game with a frozen copy of its rules, in one transaction.

    With `group`, the game is that group's and its named players become the group's players.

    `format_id` is a preset or a house format; `inline`, a whole document from `format_id`.
    A `form_token` starts one game only: sent again, it raises AlreadyStarted with that game.
    """
    try:
        chosen = rules_source(db, format_id, tuple(options), inline)
        rules = rules_of(chosen.document, options)
    except FormatError as error:
        first = error.problems[0]
        raise InvalidGame(N_("%(problem)s"), first.field, problem=first) from error
    except HouseFormatNotFound as error:
        raise InvalidGame(error.message, "format") from error
    draft, problems = engine.check_setup(rules, sides, first_dealer, start_totals or {})
    if problems:
        raise refusal(problems)
    start = dict(draft.start_totals)
    setup = Setup(
        sides=tuple(Side(name, name, players) for name, players in draft.sides),
        first_dealer=first_dealer,
        start_totals=start,
    )
    game_id, tokens, stamp = new_token(), Tokens(new_token(), new_token(), new_token()), now()
    with write(db):
        record = game_record(
            game_id,
            format_id=chosen.base,
            options=rules.active_options,
            setup=setup,
            tokens=tokens,
            created_at=stamp,
            updated_at=stamp,
        )
        insert_game(db, record, setup)
        if form_token:
            _spend_start_token(db, form_token, game_id, stamp)
        freeze(
            db,
            frozen_row(
                game_id,
                from_hand=1,
                source=chosen.source,
                source_id=chosen.source_id,
                options=rules.active_options,
                document=chosen.document,
                stamp=stamp,
            ),
        )
        if group:
            # Imported here: store.groups.players reads this module's token and clock helpers.
            from scorekeeper.store.groups.players import add_game

            add_game(db, group, game_id)
        scores.rescore(db, game_id)  # an empty sheet's head: totals from paper, first dealer
        if owner:
            insert_many(db, "browser_games", [owner_record(game_id, owner, tokens.owner, stamp)])
        return load(db, game_id)

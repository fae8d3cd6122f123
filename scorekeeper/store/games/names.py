"""Renames a game's sides and players after it began, everywhere the names are kept."""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlite_utils import Database

from scorekeeper import engine
from scorekeeper.store.games.create import refusal
from scorekeeper.store.games.game import Game, load
from scorekeeper.store.games.hands import _current, _locked
from scorekeeper.store.groups.group import group_of_game
from scorekeeper.store.groups.players import link_seats


def _renamed_hand(entry: str, names: dict[str, str]) -> str:
    """Returns a stored hand with its score columns (and lone hand) under their new names."""
    data = json.loads(entry)
    data["hand"] = {names.get(key, key): value for key, value in data.get("hand", {}).items()}
    if data.get("lone_hand") is not None:
        data["lone_hand"] = names.get(data["lone_hand"], data["lone_hand"])
    return json.dumps(data, ensure_ascii=False)


def _write_names(db: Database, game_id: str, sides: Sequence[tuple[str, Sequence[str]]]) -> None:
    """Writes the sides' and players' new names; call inside the game's write."""
    # Two steps, so that swapped names never meet the UNIQUE (game, name) constraint.
    db.execute("UPDATE sides SET name = char(1) || position WHERE game_id = ?", [game_id])
    for position, (name, new_players) in enumerate(sides):
        db.execute(
            "UPDATE sides SET name = ? WHERE game_id = ? AND position = ?",
            [name, game_id, position],
        )
        for seat, player in enumerate(new_players):
            db.execute(
                "UPDATE players SET name = ? WHERE game_id = ? AND side_position = ? "
                "AND position = ?",
                [player, game_id, position, seat],
            )


def _changed_seats(
    old: engine.Setup, sides: Sequence[tuple[str, Sequence[str]]]
) -> list[tuple[int, int]]:
    """Returns the seats (side, player) given another name: that player is someone else now."""
    return [
        (i, j)
        for i, (side, (_, new_players)) in enumerate(zip(old.sides, sides, strict=True))
        for j, player in enumerate(new_players)
        if j >= len(side.players) or side.players[j] != player
    ]


def rename(
    db: Database,
    game_id: str,
    sides: Sequence[tuple[str, Sequence[str]]],
    *,
    version: int,
    form_token: str,
) -> Game:
    """Gives the sides and players new names, checked by the engine's setup rules.

    Raises InvalidGame with every problem, by the same field paths as a new game's.
    """
    game = _current(db, game_id, version, form_token, when_over=True)  # finished games too
    old = game.setup
    if len(sides) != len(old.sides):
        raise refusal(engine.check_side_count(game.rules, -1))
    players = {
        before: after
        for side, (_, new_players) in zip(old.sides, sides, strict=True)
        for before, after in zip(side.players, new_players, strict=False)
    }
    columns = {side.key: name for side, (name, _) in zip(old.sides, sides, strict=True)}
    start = {columns[key]: total for key, total in old.start_totals.items()}
    first_dealer = players.get(old.first_dealer)
    _, problems = engine.check_setup(game.rule_book.rules_for(1), sides, first_dealer, start)
    if problems:
        raise refusal(problems)
    with _locked(db, game_id, version, form_token, rescore_from=1):
        _write_names(db, game_id, sides)
        db.execute(
            "UPDATE games SET first_dealer = ?, seating = ?, start_totals = ? WHERE id = ?",
            [
                first_dealer,
                json.dumps([players.get(p, p) for p in old.seating]),
                json.dumps(start),
                game_id,
            ],
        )
        # A lone hand names a column; in cutthroat a column and its player share one name.
        names = {**players, **columns}
        for hand in list(db.query("SELECT number, entry FROM hands WHERE game_id = ?", [game_id])):
            db.execute(
                "UPDATE hands SET entry = ? WHERE game_id = ? AND number = ?",
                [_renamed_hand(hand["entry"], names), game_id, hand["number"]],
            )
        group = group_of_game(db, game_id)
        if group is not None:  # a seat given another name is that player's now
            link_seats(db, group, game_id, only=_changed_seats(old, sides))
    return load(db, game_id)

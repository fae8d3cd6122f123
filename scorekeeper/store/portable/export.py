"""Games as portable JSON, written: one game or many, with their groups, never their links."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping
from dataclasses import asdict
from typing import Any

from sqlite_utils import Database

from scorekeeper.store.connection import read
from scorekeeper.store.games.game import load
from scorekeeper.store.portable.groups import group_documents
from scorekeeper.store.stamps import now

KIND = "canasta-scorekeeper"
VERSION = 1


def game_document(game: Any) -> dict[str, Any]:
    """Returns one stored game as its export document: setup and raw hands, never its links."""
    return {
        "id": game.id,
        "format": game.format,
        "options": list(game.options),
        "sides": [{"name": s.name, "players": list(s.players)} for s in game.setup.sides],
        "first_dealer": game.setup.first_dealer,
        "seating": list(game.setup.seating),
        "start_totals": dict(game.setup.start_totals),
        "reopened": game.reopened,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "hands": [hand.as_dict() for hand in game.hands],
        "rules": [
            {
                "from_hand": s.from_hand,
                "source": s.source,
                "source_id": s.source_id,
                "options": list(s.options),
                "document": copy.deepcopy(s.document),  # the book's is shared: never handed out
                "digest": s.digest,
            }
            for s in game.rule_book.segments
        ],
        "target_raises": [asdict(r) for r in game.raises],
    }


def export_games(db: Database, game_ids: Iterable[str] | None = None) -> dict[str, Any]:
    """Returns the export document of the given games (all games when None), on one snapshot."""
    with read(db):
        if game_ids is None:
            game_ids = [r["id"] for r in db.query("SELECT id FROM games ORDER BY created_at, id")]
        games = [game_document(load(db, game_id)) for game_id in game_ids]
        groups = group_documents(db, [game["id"] for game in games])
    document = {"kind": KIND, "version": VERSION, "exported_at": now(), "games": games}
    if groups:  # the groups of these games, their players and who sat where
        document["groups"] = groups
    return document


def dumps(document: Mapping[str, Any]) -> str:
    """Returns the export document as JSON text (names stay as typed, HTML and all)."""
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"

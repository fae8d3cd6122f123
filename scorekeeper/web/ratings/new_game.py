"""A group's new-game form, rated: the expected result of the seated sides, and balanced partners.

Both read the stored ratings of the format's family. The expected result shows once every
seat holds a name (a name new to the group counts as a new player); balancing offers a link
that reseats the four named players of a partnership game into the split the model finds
most even, never one of the partnerships the group already played tonight (the last 12 hours).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from flask import url_for

from scorekeeper.db import get_db
from scorekeeper.ratings.model import win_chances
from scorekeeper.ratings.partners import balanced_partnerships
from scorekeeper.store import ratings as stored
from scorekeeper.store.groups import players as store_players
from scorekeeper.store.groups.group import Group
from scorekeeper.web.games.game_form import GameForm
from scorekeeper.web.groups import player_picks

TONIGHT = timedelta(hours=12)  # a club night: partnerships of games started this long ago


def rated_form(form: GameForm, group: Group | None, format_id: str) -> dict[str, Any]:
    """Returns the form's expected result ("expected") and balancing link ("balance"), if any."""
    db = get_db()
    family = stored.format_family(db, format_id) if group is not None else None
    sides = player_picks.seat_names(form)
    if group is None or family is None or not all(n for side in sides for n in side):
        return {"expected": [], "balance": None}
    known = {p.name.casefold(): p.id for p in store_players.players_of(db, group.id)}
    ids = [[known.get(n.casefold(), f"new:{n.casefold()}") for n in side] for side in sides]
    ratings = stored.player_ratings(db, group.id, family)
    chances = win_chances(ratings, ids)
    expected = [(" & ".join(side), chance) for side, chance in zip(sides, chances, strict=True)]
    return {"expected": expected, "balance": _balance(form, group, format_id, sides, ids, ratings)}


def _balance(
    form: GameForm,
    group: Group,
    format_id: str,
    sides: list[list[str]],
    ids: list[list[str]],
    ratings: dict[str, Any],
) -> str | None:
    """Returns the link that reseats four players as the most even partnerships, or None."""
    if [len(side) for side in sides] != [2, 2]:
        return None  # balancing draws partnerships of two, two sides to a table
    since = (datetime.now(UTC) - TONIGHT).isoformat(timespec="seconds")
    played = stored.partnerships_since(get_db(), group.id, since)
    players = [p for side in ids for p in side]
    pairs = balanced_partnerships(players, ratings, played)
    if pairs is None or {frozenset(p) for p in pairs} == {frozenset(s) for s in ids}:
        return None  # already the most even, or every even split was played tonight
    name = {
        p: n
        for side_ids, side in zip(ids, sides, strict=True)
        for p, n in zip(side_ids, side, strict=True)
    }
    query: dict[str, Any] = player_picks.seat_query(  # url_for's type
        form, [[name[p] for p in pair] for pair in pairs]
    )
    return url_for("games.new", format=format_id, sides=form.count, group=group.id, **query)

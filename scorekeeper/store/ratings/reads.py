"""Reads a group's stored ratings: the table per family, a player's history and partners."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from sqlite_utils import Database

from scorekeeper.ratings.families import family_of
from scorekeeper.ratings.model import Rating
from scorekeeper.store.ratings.kept import refresh
from scorekeeper.store.ratings.matches import game_families, seats_of


@dataclass(frozen=True)
class Standing:
    """One row of a ratings table: the player, their name and their current rating."""

    player: str
    name: str
    rating: Rating


# Each player's last row in the family: one seek down the (group, family, player, seq) index
# per player of the group, however long the family's history.
_CURRENT = (
    "SELECT r.player_id, p.name, r.mu, r.sigma, r.games FROM group_players p CROSS "
    "JOIN rating_rows r ON r.group_id = p.group_id AND r.family = ? AND r.player_id = p.id "
    "AND r.seq = (SELECT max(seq) FROM rating_rows WHERE group_id = p.group_id "
    "AND family = ? AND player_id = p.id) WHERE p.group_id = ?"
)


def table(db: Database, group_id: str, family: str) -> list[Standing]:
    """Returns the family's ratings table of the group, by ordinal (highest first), then name."""
    refresh(db, group_id)
    rows = [
        Standing(player, name, Rating(mu, sigma, games))
        for player, name, mu, sigma, games in db.execute(
            _CURRENT, [family, family, group_id]
        ).fetchall()
    ]
    return sorted(rows, key=lambda s: (-s.rating.ordinal, s.name.casefold(), s.player))


def player_ratings(db: Database, group_id: str, family: str) -> dict[str, Rating]:
    """Returns each rated player's current rating in the family (player id -> rating)."""
    return {s.player: s.rating for s in table(db, group_id, family)}


def family_counts(db: Database, group_id: str) -> dict[str, int]:
    """Returns how many games of the group each family has rated."""
    refresh(db, group_id)
    return dict(
        db.execute(
            "SELECT family, count(*) FROM rating_games WHERE group_id = ? GROUP BY family",
            [group_id],
        ).fetchall()
    )


def history(db: Database, group_id: str, family: str, player_id: str) -> list[tuple[str, Rating]]:
    """Returns a player's rating after each of their rated games in the family, oldest first."""
    refresh(db, group_id)
    return [
        (game_id, Rating(mu, sigma, games))
        for game_id, mu, sigma, games in db.execute(
            "SELECT g.game_id, r.mu, r.sigma, r.games FROM rating_rows r JOIN rating_games g "
            "ON g.group_id = r.group_id AND g.family = r.family AND g.seq = r.seq "
            "WHERE r.group_id = ? AND r.family = ? AND r.player_id = ? ORDER BY r.seq",
            [group_id, family, player_id],
        ).fetchall()
    ]


def partners(db: Database, group_id: str, family: str, player_id: str) -> Counter[str]:
    """Returns how many rated games of the family the player played with each partner."""
    found: Counter[str] = Counter()
    for (teams,) in db.execute(
        "SELECT g.teams FROM rating_games g JOIN rating_rows r ON r.group_id = g.group_id "
        "AND r.family = g.family AND r.seq = g.seq WHERE g.group_id = ? AND g.family = ? "
        "AND r.player_id = ?",
        [group_id, family, player_id],
    ).fetchall():
        for team in json.loads(teams):
            if player_id in team:
                found.update(p for p in team if p != player_id)
    return found


def format_family(db: Database, format_id: str) -> str | None:
    """Returns the family of a preset or house format by id, or None for one in no family."""
    family = family_of(format_id)
    if family is None:
        row = db.execute("SELECT base FROM house_formats WHERE id = ?", [format_id]).fetchone()
        family = family_of(row[0]) if row else None
    return family


def partnerships_since(db: Database, group_id: str, since: str) -> set[frozenset[str]]:
    """Returns the partnerships (player ids) of the group's games started at `since` or later."""
    sides: dict[tuple[str, int], set[str]] = {}
    for game_id, side, player in db.execute(
        "SELECT s.game_id, s.side_position, s.player_id FROM game_seats s "
        "JOIN group_games gg ON gg.game_id = s.game_id JOIN games g ON g.id = s.game_id "
        "WHERE gg.group_id = ? AND g.created_at >= ? AND g.deleted_at IS NULL",
        [group_id, since],
    ).fetchall():
        sides.setdefault((game_id, side), set()).add(player)
    return {frozenset(p) for p in sides.values() if len(p) > 1}


def game_teams(db: Database, game_id: str) -> tuple[str, str, list[tuple[str, list[str]]]] | None:
    """Returns a group game's group, family and each side's name and players (ids), when every
    seat is a group player; None otherwise (outside a group, in no family, a seat unnamed)."""
    row = db.execute("SELECT group_id FROM group_games WHERE game_id = ?", [game_id]).fetchone()
    family = game_families(db, row[0], game_id).get(game_id) if row else None
    if row is None or family is None:
        return None
    seats = seats_of(db, row[0], game_id).get(game_id, {})
    sides = []
    for position, name, count in db.execute(
        "SELECT s.position, s.name, (SELECT count(*) FROM players p WHERE p.game_id = s.game_id "
        "AND p.side_position = s.position) FROM sides s WHERE s.game_id = ? ORDER BY s.position",
        [game_id],
    ).fetchall():
        players = seats.get(position, [])
        if not players or len(players) != count:
            return None
        sides.append((name, players))
    return row[0], family, sides

"""Keeps a group's ratings: replays from the first game that changed, and proves them."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

from sqlite_utils import Database

from scorekeeper.ratings.model import Match, Rating, ranks, replay
from scorekeeper.store.connection import write
from scorekeeper.store.groups.figures import stats_version
from scorekeeper.store.ratings.matches import finished_games, game_families, group_matches, match_of


@contextmanager
def _written(db: Database) -> Iterator[None]:
    """Runs the block in the caller's transaction if one is open, else in a write of its own."""
    if db.conn.in_transaction:
        yield
    else:
        with write(db):
            yield


Print = tuple[str, str, str, str]  # a rated game as stored: id, when it ended, teams, ranks
Dated = tuple[str, Match]  # when a game ended, and the game as the model sees it


def _print(dated: Dated) -> Print:
    ended, match = dated
    return match.key, ended, json.dumps(match.teams), json.dumps(ranks(match.totals))


def _stored(db: Database, group_id: str) -> dict[str, list[Print]]:
    found: dict[str, list[Print]] = {}
    for family, game_id, ended, teams, ranked in db.execute(
        "SELECT family, game_id, ended, teams, ranks FROM rating_games WHERE group_id = ? "
        "ORDER BY family, seq",
        [group_id],
    ).fetchall():
        found.setdefault(family, []).append((game_id, ended, teams, ranked))
    return found


def _known(stored: Mapping[str, list[Print]]) -> dict[str, str]:
    """Returns when each rated game ended, as it was first rated."""
    return {p[0]: p[1] for prints in stored.values() for p in prints}


def ratings_before(db: Database, group_id: str, family: str, seq: int) -> dict[str, Rating]:
    """Returns every player's stored rating just before game `seq` of the family."""
    return {
        player: Rating(mu, sigma, games)
        for player, mu, sigma, games in db.execute(
            "SELECT player_id, mu, sigma, games FROM rating_rows r WHERE group_id = ? "
            "AND family = ? AND seq = (SELECT max(seq) FROM rating_rows WHERE group_id = "
            "r.group_id AND family = r.family AND player_id = r.player_id AND seq < ?)",
            [group_id, family, seq],
        ).fetchall()
    }


def _first_change(old: Sequence[Print], new: Sequence[Print]) -> int:
    for k, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            return k
    return min(len(old), len(new))


def _refresh_family(
    db: Database, group_id: str, family: str, dated: list[Dated], old: list[Print]
) -> int:
    """Replays the family from its first changed game on; returns how many games it rated."""
    fresh = [_print(d) for d in dated]
    k = _first_change(old, fresh)
    if k == len(old) == len(fresh):
        return 0
    for table in ("rating_games", "rating_rows"):
        db.execute(
            f"DELETE FROM {table} WHERE group_id = ? AND family = ? AND seq >= ?",  # noqa: S608
            [group_id, family, k],
        )
    rows = []
    start = ratings_before(db, group_id, family, k)
    # group_matches gives rateable games only: the replay skips none, so seq follows the list.
    for seq, (_match, after) in enumerate(replay([m for _e, m in dated[k:]], start), start=k):
        rows += [(group_id, family, seq, p, r.mu, r.sigma, r.games) for p, r in after.items()]
    db.conn.executemany(
        "INSERT INTO rating_games VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(group_id, family, seq, *fresh[seq]) for seq in range(k, len(fresh))],
    )
    db.conn.executemany("INSERT INTO rating_rows VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    return len(fresh) - k


def refresh(db: Database, group_id: str) -> int:
    """Brings the group's stored ratings up to its games; returns how many games it rated.

    Nothing is done when the group has not changed since (its stats_version); otherwise each
    family is replayed from its first game whose place, players or result changed.
    """
    with _written(db):
        version = stats_version(db, group_id)
        mark = db.execute(
            "SELECT stats_version FROM rating_marks WHERE group_id = ?", [group_id]
        ).fetchone()
        if mark is not None and mark[0] == version:
            return 0
        stored = _stored(db, group_id)
        dated = group_matches(db, group_id, _known(stored))
        rated = sum(
            _refresh_family(db, group_id, family, dated.get(family, []), stored.get(family, []))
            for family in sorted(set(dated) | set(stored))
        )
        db.execute(
            "INSERT INTO rating_marks (group_id, stats_version) VALUES (?, ?) "
            "ON CONFLICT (group_id) DO UPDATE SET stats_version = excluded.stats_version",
            [group_id, version],
        )
    return rated


def after_game_change(db: Database, game_id: str) -> None:
    """Brings the ratings of the game's group up to date (no-op outside a group); in a write."""
    row = db.execute("SELECT group_id FROM group_games WHERE game_id = ?", [game_id]).fetchone()
    if row is not None:
        refresh(db, row[0])


def after_game_end(db: Database, game_id: str) -> None:
    """Rates a game that a new hand just ended, inside that write (no-op outside a group).

    The common case costs four players' rows, not the group's whole history: when the stored
    ratings were up to date just before this write (the write moved the group's version once,
    by the game's own update) and the game ended after every game rated in its family, it is
    appended; anything else replays from the first change, as `refresh` does.
    """
    row = db.execute("SELECT group_id FROM group_games WHERE game_id = ?", [game_id]).fetchone()
    if row is None:
        return
    group_id = row[0]
    version = stats_version(db, group_id)
    mark = db.execute(
        "SELECT stats_version FROM rating_marks WHERE group_id = ?", [group_id]
    ).fetchone()
    if mark is None or mark[0] != version - 1 or not _appended(db, group_id, game_id):
        refresh(db, group_id)
        return
    db.execute("UPDATE rating_marks SET stats_version = ? WHERE group_id = ?", [version, group_id])


def _appended(db: Database, group_id: str, game_id: str) -> bool:
    """Appends the game to its family's rated games if it goes last; whether it did (or needs
    no rating: a game in no family, or with a seat that is no group player)."""
    if db.execute(
        "SELECT 1 FROM rating_games WHERE group_id = ? AND game_id = ?", [group_id, game_id]
    ).fetchone():
        return False  # rated before it was reopened: replayed from the change
    family = game_families(db, group_id, game_id).get(game_id)
    games = finished_games(db, group_id, game_id)
    match = match_of(games[0]) if games else None
    if family is None or match is None or not match.rateable():
        return True
    last = db.execute(
        "SELECT seq, ended FROM rating_games WHERE group_id = ? AND family = ? "
        "ORDER BY seq DESC LIMIT 1",
        [group_id, family],
    ).fetchone()
    if last is not None and last[1] >= games[0].ended:
        return False  # not last in the order: replayed from the change
    seq = 0 if last is None else last[0] + 1
    start = {p: _latest(db, group_id, family, p) for team in match.teams for p in team}
    ((_match, after),) = replay([match], {p: r for p, r in start.items() if r is not None})
    db.execute(
        "INSERT INTO rating_games VALUES (?, ?, ?, ?, ?, ?, ?)",
        [group_id, family, seq, *_print((games[0].ended, match))],
    )
    db.conn.executemany(
        "INSERT INTO rating_rows VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(group_id, family, seq, p, r.mu, r.sigma, r.games) for p, r in after.items()],
    )
    return True


def _latest(db: Database, group_id: str, family: str, player: str) -> Rating | None:
    """Returns a player's current stored rating in the family, or None before their first."""
    found = db.execute(
        "SELECT mu, sigma, games, max(seq) FROM rating_rows "
        "WHERE group_id = ? AND family = ? AND player_id = ?",
        [group_id, family, player],
    ).fetchone()
    return None if found[3] is None else Rating(found[0], found[1], found[2])


def differences(db: Database, group_id: str) -> list[str]:
    """Returns how the group's stored ratings differ from a replay of its games (empty: none)."""
    refresh(db, group_id)  # a group changed since it was last read is brought up first
    found: list[str] = []
    stored = _stored(db, group_id)
    for family, dated in sorted(group_matches(db, group_id, _known(stored)).items()):
        if [_print(d) for d in dated] != stored.pop(family, []):
            found.append(f"{family}: rated games")
            continue
        found += _rating_differences(db, group_id, family, [m for _e, m in dated])
    found += [f"{family}: rated games of no game" for family in stored if stored[family]]
    return found


def _rating_differences(
    db: Database, group_id: str, family: str, matches: list[Match]
) -> list[str]:
    """Returns each stored rating of the family that differs from a replay from the start."""
    kept: dict[tuple[int, str], tuple[float, float, int]] = {
        (seq, player): (mu, sigma, games)
        for seq, player, mu, sigma, games in db.execute(
            "SELECT seq, player_id, mu, sigma, games FROM rating_rows "
            "WHERE group_id = ? AND family = ?",
            [group_id, family],
        ).fetchall()
    }
    found = []
    for seq, (_match, after) in enumerate(replay(matches)):
        for player, rating in after.items():
            if kept.pop((seq, player), None) != (rating.mu, rating.sigma, rating.games):
                found.append(f"{family}: game {seq + 1}, player {player}")
    return found + [f"{family}: game {seq + 1}, player {p} not rated" for seq, p in kept]

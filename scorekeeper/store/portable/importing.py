"""Games as portable JSON: export one game or many, and import them all-or-nothing.

The export is written by export.py, the file read by read.py and its games
checked by check.py; this module saves them: every row built outside the write lock,
then one short transaction. Their public names are all here, as before the split.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlite_utils import Database

from scorekeeper.engine import GameState
from scorekeeper.engine.ending import with_raises
from scorekeeper.store.connection import insert_many, write
from scorekeeper.store.games import scores
from scorekeeper.store.games.create import game_record, owner_record, seat_records
from scorekeeper.store.games.game import MAX_HANDS, Sheet, Tokens, game_from
from scorekeeper.store.games.rules import frozen_row
from scorekeeper.store.groups.figures import figures_of, store_figures
from scorekeeper.store.groups.group import add_member
from scorekeeper.store.portable import read as portable_read
from scorekeeper.store.portable.check import Imported, check, check_game
from scorekeeper.store.portable.export import KIND, VERSION, dumps, export_games, game_document
from scorekeeper.store.portable.groups import (
    GroupImport,
    InvalidGroups,
    check_groups,
    insert_group,
    link_games,
)
from scorekeeper.store.portable.read import (
    CLI_MAX_BYTES,
    CLI_MAX_HANDS,
    MAX_BYTES,
    MAX_FILE_HANDS,
    MAX_GAMES,
    WEB_IMPORT_MAX_BYTES,
    WEB_IMPORT_MAX_HANDS,
    WEB_MAX_BYTES,
    InvalidImport,
    parse,
)
from scorekeeper.store.portable.stream import Source, Survey, games_of, reading, survey
from scorekeeper.store.ratings import refresh as refresh_ratings
from scorekeeper.store.stamps import new_token, now

__all__ = [
    "CLI_MAX_BYTES",
    "CLI_MAX_HANDS",
    "KIND",
    "MAX_BYTES",
    "MAX_FILE_HANDS",
    "MAX_GAMES",
    "MAX_HANDS",
    "VERSION",
    "WEB_IMPORT_MAX_BYTES",
    "WEB_IMPORT_MAX_HANDS",
    "WEB_MAX_BYTES",
    "Imported",
    "InvalidImport",
    "check",
    "check_game",
    "dumps",
    "export_games",
    "game_document",
    "import_document",
    "import_games",
    "parse",
    "portable_read",
]


@dataclass(frozen=True)
class Rows:
    """One checked game as the rows it is saved as, built before the write lock is taken."""

    game_id: str
    tables: dict[str, list[dict[str, Any]]]
    figures: Any = None  # a group game's figures, kept with it (None outside a group)


TABLES = ("games", "game_rules", "sides", "players", "hands", "browser_games")
WRITTEN_FIRST = TABLES[:-1]  # a game's own rows; who holds it comes in the last transaction
# Hands (and games) written in one transaction: its inserts, group seats and figures held
# the lock 30 ms (median) and 185 ms at most of wall time under a load average of 24
# (bench/import_holds.py), against seconds for a whole file in one transaction; 200 hands
# hold it under half that, and a save waiting beside an 11 MB import waited 393 ms at most
# against 541 ms at 500 (bench/import_starve.py, docs/performance.md).
HANDS_PER_WRITE = 200
# ...and since a transaction's length, not its size, is what a waiting save feels, a batch is
# written in transactions of about HOLD_SECONDS each, with a pause before each one in which a
# save polling for the lock (every 4 ms at most, store/connection.py) takes it.
HOLD_SECONDS = 0.025
PAUSE_SECONDS = 0.008


def _state(game: Imported) -> GameState:
    """Returns the game's hands replayed under its rules: kept from the check, or anew."""
    if game.state is not None:
        return game.state
    return game.book.replay(game.setup, game.hands, lambda rules: with_raises(rules, game.raises))


def _rows(game: Imported, owner: str | None, stamp: str) -> Rows:
    """Returns every row of one game under a new id and new links, its scores stored."""
    game_id = new_token()
    tokens = Tokens(new_token(), new_token(), new_token())
    state = _state(game)
    record = game_record(
        game_id,
        format_id=game.format,
        options=game.book.current.options,
        setup=game.setup,
        tokens=tokens,
        created_at=game.created_at,
        updated_at=game.updated_at,
        reopened=game.reopened,
        raises=game.raises,
    )
    running = scores.running_after(state)  # the head, as every hand's write stores it
    record.update(
        head=scores.head_json(state, running), hand_count=len(state.rows), ended_at=state.ended_at
    )
    sides, players = seat_records(game_id, game.setup)
    frozen = [
        frozen_row(
            game_id,
            from_hand=s.from_hand,
            source=s.source,
            source_id=s.source_id,
            options=s.options,
            document=s.document,
            stamp=stamp,
        )
        for s in game.book.segments
    ]
    hands = [
        {
            "game_id": game_id,
            "number": row.number,
            "entry": scores.entry_json(hand),
            "created_at": stamp,
            "updated_at": stamp,
            "result": scores.row_json(row),
        }
        for hand, row in zip(game.hands, state.rows, strict=True)
    ]
    mine = [owner_record(game_id, owner, tokens.owner, stamp)] if owner else []
    tables = {
        "games": [record],
        "game_rules": frozen,
        "sides": sides,
        "players": players,
        "hands": hands,
        "browser_games": mine,
    }
    return Rows(game_id, tables)


def _with_figures(rows: Rows, game: Imported) -> Rows:
    """Returns a group game's rows with its figures, computed from the game in memory."""
    record = rows.tables["games"][0]
    state = _state(game)
    head = replace(state, rows=())
    running = scores.running_after(state)
    loaded = game_from(
        record,
        game.book,
        game.raises,
        game.setup,
        head,
        running,
        len(state.rows),
        lambda: Sheet(game.hands, state.rows, ()),
    )
    return replace(rows, figures=(loaded, figures_of(loaded)))


def _write(db: Database, prepared: Sequence[Rows], tables: Sequence[str] = TABLES) -> None:
    """Writes the prepared rows, table by table, one executemany each; call inside write()."""
    for table in tables:
        insert_many(db, table, [r for rows in prepared for r in rows.tables[table]])


def import_games(
    db: Database,
    data: Source,
    owner: str | None = None,
    max_bytes: int | None = None,
    max_hands: int | None = None,
) -> list[str]:
    """Checks an export file and saves every game in it, all or none; returns the new ids.

    The file's groups come too, with the owner as their member.
    """
    return import_document(
        db, data, owner=owner, member=owner, max_bytes=max_bytes, max_hands=max_hands
    )[0]


def _groups(found: Survey, again: Iterator[Any]) -> list[GroupImport]:
    """Returns the file's groups, checked against its games' shapes, once every game passes."""
    try:
        return check_groups(found.top.get("groups"), found.shapes)
    except InvalidGroups as error:  # its template and params: each edge words it
        for index, raw in enumerate(again):  # a game's own problem is told first, as ever
            check_game(index, raw)
        raise InvalidImport(error.message, **error.params) from None


def _prepared(
    games: Sequence[Imported],
    file_ids: Sequence[str | None],
    in_groups: set[str],
    owner: str | None,
    stamp: str,
) -> list[Rows]:
    """Returns these games' rows, a group game's with its figures: all before the lock."""
    made = []
    for game, file_id in zip(games, file_ids, strict=True):
        rows = _rows(game, owner, stamp)
        made.append(_with_figures(rows, game) if file_id in in_groups else rows)
        time.sleep(0)  # lets a table's save have the interpreter between two games
    return made


def _forget(db: Database, games: Sequence[str], groups: Sequence[str]) -> None:
    """Deletes the games and groups an import wrote before it failed (their rows cascade)."""
    if not games and not groups:
        return
    with write(db):
        for table, ids in (("games", games), ("groups", groups)):
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                marks = ", ".join("?" * len(chunk))
                db.execute(f"DELETE FROM {table} WHERE id IN ({marks})", list(chunk))


def import_document(
    db: Database,
    data: Source,
    *,
    owner: str | None = None,
    member: str | None = None,
    max_bytes: int | None = None,
    demo: bool = False,
    max_hands: int | None = None,
) -> tuple[list[str], list[str]]:
    """Saves an export's games (owned by `owner`) and groups (`member` joins them), all or none.

    Returns the new game ids and the new group ids; `demo` marks the groups as deletable demos.
    An open file is read twice, a game at a time: first for what concerns the whole file
    (its kind, ids, hands in all, groups), then to check and write each game.
    """
    items = reading(data, MAX_BYTES if max_bytes is None else max_bytes)
    found = survey(items(), max_hands)
    groups = _groups(found, games_of(items()))
    # Each game is checked, then its rows made and written a batch at a time, each batch in
    # transactions that hold the lock about HOLD_SECONDS: a table saving a hand meanwhile
    # waits for one of them at most, never for the whole file. Nobody can reach a game or a
    # group before the last transaction makes the phone their owner and member: until then
    # the import is invisible, and a failure on the way (a bad game, too) deletes what it wrote.
    written: list[str] = []
    made: list[tuple[str, dict[str, str]]] = []
    try:
        with write(db):
            made = [insert_group(db, group, demo=demo) for group in groups]
        seats = {
            game: (group_id, players, seated)
            for group, (group_id, players) in zip(groups, made, strict=True)
            for game, seated in group.games
        }
        owned = Writer(db, seats, owner, written).all(games_of(items()), found.file_ids)
        for group_id, _players in made:  # rated in the order the games ended, whatever the file's
            time.sleep(PAUSE_SECONDS)
            refresh_ratings(db, group_id)  # a write of its own: the group has no member yet
        time.sleep(PAUSE_SECONDS)
        with write(db):
            insert_many(db, "browser_games", owned)
            for group_id, _players in made:
                if member:  # the importing phone founds the group again, and is its admin
                    add_member(db, group_id, member, admin=True)
    except BaseException:
        _forget(db, written, [group_id for group_id, _players in made])
        raise
    return written, [group_id for group_id, _players in made]


class Writer:
    """Writes checked games a batch at a time, each transaction bounded by time, not count."""

    def __init__(
        self,
        db: Database,
        seats: Mapping[str, tuple[str, Mapping[str, str], Any]],
        owner: str | None,
        written: list[str],
    ) -> None:
        self.db, self.seats, self.owner = db, seats, owner
        self.written = written  # the caller's list: what a failure deletes again
        self.stamp = now()
        self.owned: list[dict[str, Any]] = []  # the owner's rows, written in the last transaction

    def all(self, games: Iterator[Any], file_ids: Sequence[str | None]) -> list[dict[str, Any]]:
        """Checks and writes every game; returns the owner's rows, for the last transaction."""
        batch: list[tuple[Imported, str | None]] = []
        hands = 0
        for index, raw in enumerate(games):
            game = check_game(index, raw)
            batch.append((game, file_ids[index]))
            hands += len(game.hands) + 1
            time.sleep(0)  # a served table's save gets the interpreter between two games
            if hands >= HANDS_PER_WRITE:
                self.batch(batch)
                batch, hands = [], 0
        if batch:
            self.batch(batch)
        return self.owned

    def batch(self, batch: Sequence[tuple[Imported, str | None]]) -> None:
        """Writes one batch's games in transactions of about HOLD_SECONDS, a pause between."""
        games, file_ids = [g for g, _ in batch], [f for _, f in batch]
        prepared = _prepared(games, file_ids, set(self.seats), self.owner, self.stamp)
        waiting = list(zip(prepared, file_ids, strict=True))
        waiting.reverse()  # popped from the end, in the file's order
        while waiting:
            time.sleep(PAUSE_SECONDS)  # a save waiting for the lock takes it now
            done: list[Rows] = []
            with write(self.db):
                began = time.perf_counter()
                while waiting and (not done or time.perf_counter() - began < HOLD_SECONDS):
                    rows, file_id = waiting.pop()
                    self.game(rows, file_id)
                    done.append(rows)
            self.written += [rows.game_id for rows in done]
            self.owned += [r for rows in done for r in rows.tables["browser_games"]]
            # The import copies its own pages from the WAL into the database, outside the lock:
            # else a table's save, committing past 1,000 pages of WAL, would copy them (SQLite's
            # automatic checkpoint runs in whichever connection's commit crosses the mark).
            self.db.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def game(self, rows: Rows, file_id: str | None) -> None:
        """Writes one game's rows, its group seats and figures; call inside write()."""
        _write(self.db, [rows], WRITTEN_FIRST)
        if file_id is not None and file_id in self.seats:
            group_id, players, seated = self.seats[file_id]
            link_games(self.db, group_id, players, [(file_id, seated)], {file_id: rows.game_id})
        if rows.figures is not None:  # a group game's figures now, not at its group's view
            store_figures(self.db, *rows.figures)

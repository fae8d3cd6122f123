"""The game cache: bounded by bytes, switchable off, and never a sheet other than a fresh replay."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import engine, store
from scorekeeper.store import cache
from scorekeeper.store.cache import GameCache
from scorekeeper.store.connection import connect, migrate

SIDES = [("We", ["Ann", "Bob"]), ("They", ["Cy", "Di"])]
HANDS = [  # valid Classic hands whatever the totals, none of which ends a game on its own
    {"hand": {"We": {"melded_points": 120, "hand_points": 15}, "They": {"melded_points": 90}}},
    {"hand": {"We": {"melded_points": 90}, "They": {"melded_points": 150, "red_threes": 1}}},
    {"hand": {"We": {"melded_points": 60, "hand_points": 60}, "They": {"melded_points": 55}}},
    {
        "hand": {
            "We": {"melded_points": 200, "canastas": {"natural": 1}, "went_out": "out"},
            "They": {"melded_points": 70, "hand_points": 40},
        }
    },
]


LONG = [  # hands that score nothing on either side, so a game of any length goes on
    {"hand": {side: {"melded_points": points, "hand_points": points} for side in ("We", "They")}}
    for points in (60, 75)
]


@contextmanager
def worker(games: GameCache) -> Iterator[None]:
    """Runs the block with `games` as this process's cache, as in another gunicorn worker."""
    kept, cache.shared = cache.shared, games
    try:
        yield
    finally:
        cache.shared = kept


def fresh(db, game_id: str) -> engine.GameState:
    """Returns the game's sheet replayed from the rows in the database, bypassing every cache."""
    game = store.get_game(db, game_id)
    rows = db.execute("SELECT entry FROM hands WHERE game_id = ? ORDER BY number", [game_id])
    keys = game.side_keys
    hands = tuple(engine.parse_hand(game.rules, json.loads(r[0]), keys, []) for r in rows)
    return engine.replay(game.rules, game.setup, hands)


def new_game(db, hands: int) -> str:
    """Returns the id of a new Classic game with `hands` hands recorded."""
    game = store.create_game(db, format_id="classic", sides=SIDES, first_dealer="Ann")
    for n in range(hands):
        store.record_hand(db, game.id, LONG[n % 2], version=n + 1, form_token=f"{game.id}-{n}")
    return game.id


@pytest.fixture
def db(tmp_path):
    """Returns a migrated database of its own."""
    migrate(tmp_path / "cache.db")
    conn = connect(tmp_path / "cache.db")
    yield conn
    conn.close()


def test_loading_games_larger_than_the_bound_never_holds_more_bytes_than_it(db):
    """Entries go least recently used first; one larger than the whole bound is not kept."""
    probe = GameCache()
    with worker(probe):
        one = store.get_game(db, new_game(db, 12))
    size = probe.size  # one 12-hand game, as bytes
    games = GameCache(max_bytes=int(size * 2.5))  # room for two such games, not three
    with worker(games):
        ids = [new_game(db, 12) for _ in range(4)] + [new_game(db, 40)]
        for game_id in [one.id, *ids, *ids[:2]]:
            game = store.get_game(db, game_id)
            assert games.size <= games.max_bytes
            assert games.size == sum(games.sizes().values())
            assert game.state == fresh(db, game_id)
            for key in games.sizes():  # least recently used first, so the order stays
                assert games.get(key).state == fresh(db, key[1])
    assert len(games) == 2  # the two read last; the 40-hand game was larger than the bound
    assert [k for _, k in games.sizes()] == ids[:2]


def test_with_the_cache_off_nothing_is_kept_and_every_read_replays(db):
    """max_bytes = 0 turns it off: reads and writes stay right."""
    games = GameCache(max_bytes=0)
    with worker(games):
        game_id = new_game(db, 5)
        assert store.get_game(db, game_id).state == fresh(db, game_id)
    assert len(games) == 0 and games.size == 0


def test_an_entry_never_replaces_a_later_version_of_the_same_game(db):
    """A slow reader that replayed version 2 cannot push out version 3 kept by a writer."""
    games = GameCache()
    with worker(games):
        game_id = new_game(db, 2)
        key = cache.key(db, game_id)
        later = games.get(key)
        earlier = cache.Replayed(later.version - 1, later.setup, later.hands[:-1], later.state)
        games.put(key, earlier)
        assert games.get(key) is later


@pytest.mark.parametrize("hands", [0, 1, cache.RUN - 1, cache.RUN, cache.RUN + 1, 3 * cache.RUN])
def test_an_entry_decodes_to_what_was_pickled_whatever_its_length(db, hands):
    """Hands and rows are pickled in runs; decoded, they are the whole game again."""
    games = GameCache()
    with worker(games):
        game = store.get_game(db, new_game(db, hands))
    replayed = cache.Replayed(game.version, game.setup, game.hands, game.state, game.unreadable)
    entry = cache.pickled(replayed)
    assert len(entry.runs) == -(-hands // cache.RUN)
    assert entry.size == len(entry.head) + sum(map(len, entry.runs))
    assert cache.unpickled(entry) == replayed


def test_a_record_pickles_only_its_last_run(db):
    """Runs of the same hands as before are reused as bytes; decoded, the game is the fresh one."""
    games = GameCache()
    with worker(games):
        game_id = new_game(db, 2 * cache.RUN + 3)
        key = cache.key(db, game_id)
        before = games._entries[key]
        store.record_hand(db, game_id, LONG[0], version=before.version, form_token="one more")
        after = games._entries[key]
        assert after.runs[:2] == before.runs[:2]
        assert all(a is b for a, b in zip(after.runs[:2], before.runs[:2], strict=True))
        assert after.runs[2] is not before.runs[2]
        assert games.get(key).state == fresh(db, game_id)

        store.edit_hand(db, game_id, cache.RUN + 2, HANDS[0], version=after.version, form_token="e")
        edited = store.get_game(db, game_id)
        assert edited.state == fresh(db, game_id)  # an edit replays: no run is reused
        assert cache.unpickled(games._entries[key]).state == fresh(db, game_id)


def test_games_are_kept_decoded_up_to_their_share_of_the_bound(db):
    """The decoded copies, counted as their bytes, never exceed the share; the rest stay bytes."""
    probe = GameCache()
    with worker(probe):
        store.get_game(db, new_game(db, 10))
    games = GameCache(max_bytes=probe.size * cache.HOT_SHARE * 3)  # three such games decoded
    with worker(games):
        ids = [new_game(db, 10) for _ in range(6)]
        for game_id in ids:
            assert store.get_game(db, game_id).state == fresh(db, game_id)
            assert sum(games.decoded().values()) <= games.hot_bytes
        assert len(games) == 6
        assert [k for _, k in games.decoded()] == ids[-3:]  # the most recently used
        games.resize(probe.size * cache.HOT_SHARE)  # the share now holds one game
        assert [k for _, k in games.decoded()] == ids[-1:]


OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(["record", "edit", "delete", "read"]),
        st.integers(0, 1),  # which worker
        st.integers(0, len(HANDS) - 1),  # which hand
        st.integers(1, 12),  # which hand number to edit
    ),
    min_size=1,
    max_size=14,
)


@pytest.mark.slow  # 25 generated runs of records, edits and deletes through two workers
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operations=OPERATIONS)
def test_two_workers_after_any_changes_every_cached_sheet_equals_a_fresh_replay(operations):
    """Records, edits and deletes by two workers on one database; each keeps its own cache."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "two.db"
        migrate(path)
        conns = [connect(path), connect(path)]
        caches = [GameCache(), GameCache()]
        try:
            with worker(caches[0]):
                game_id = new_game(conns[0], 1)
            for n, (kind, who, which, number) in enumerate(operations):
                db = conns[who]
                with worker(caches[who]):
                    version = store.get_game(db, game_id).version
                    try:
                        if kind == "record":
                            store.record_hand(
                                db, game_id, HANDS[which], version=version, form_token=f"t{n}"
                            )
                        elif kind == "edit":
                            store.edit_hand(
                                db,
                                game_id,
                                number,
                                HANDS[which],
                                version=version,
                                form_token=f"t{n}",
                            )
                        elif kind == "delete":
                            store.delete_last_hand(db, game_id, version=version, form_token=f"t{n}")
                    except store.StoreError:
                        pass  # refused (no such hand, game over, a hand impossible there): fine
                truth = fresh(conns[0], game_id)
                row_version = store.get_game(conns[0], game_id).version
                for games, conn in zip(caches, conns, strict=True):
                    key = cache.key(conn, game_id)
                    kept = games.get(key)
                    if kept is not None and kept.version == row_version:
                        assert kept.state == truth  # a cached sheet of this version is right
                    with worker(games):
                        read = store.get_game(conn, game_id)
                    assert read.version == row_version and read.state == truth
                    assert games.get(key).state == truth
        finally:
            for conn in conns:
                conn.close()

"""The store: games and hands saved whole, one transaction per write, with named refusals."""

from __future__ import annotations

import json

import pytest

from scorekeeper import store
from scorekeeper.engine import Hand, SideEntry
from scorekeeper.store.connection import write

SIDES = [("We", ["Ann", "Bob"]), ("They", ["Cy", "Di"])]
OUT = {"melded_points": 300, "canastas": {"natural": 1}, "went_out": "out"}


@pytest.fixture
def game(store_db) -> store.Game:
    """Returns a new Classic game owned by browser b1."""
    return store.create_game(
        store_db, format_id="classic", sides=SIDES, first_dealer="Ann", owner="b1"
    )


def hand(**sides) -> dict:
    """Returns a raw hand document; sides not given entered nothing."""
    return {"hand": {"We": {}, "They": {}} | sides}


def test_create_game_saves_every_row(store_db, game) -> None:
    """A game, its sides, players and the owner's role are saved together."""
    assert game.version == 1 and game.setup.seats() == ("Ann", "Cy", "Bob", "Di")
    assert len(game.id) == 22 and len({game.id, *vars(game.tokens).values()}) == 4
    assert store_db.execute("SELECT count(*) FROM players").fetchone()[0] == 4
    assert store.role_of(store_db, "b1", game.id) == "owner"
    assert store.games_for_browser(store_db, "b1")[0][1].id == game.id
    assert store.games_for_browser(store_db, "b2") == []


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        pytest.param({"format_id": "poker"}, "format", id="unknown-format"),
        pytest.param(
            {"sides": [("We", ["A"]), ("We", ["B"])], "format_id": "two_hand", "first_dealer": "A"},
            "side",
            id="same-side",
        ),
        pytest.param(
            {"sides": [("We", ["A", "A"]), ("They", ["C", "D"])], "first_dealer": "A"},
            "player",
            id="same-player",
        ),
        pytest.param(
            {"sides": [("x" * 41, ["A", "B"]), ("They", ["C", "D"])], "first_dealer": "A"},
            "side",
            id="long-name",
        ),
        pytest.param(
            {"sides": [("", ["A", "B"]), ("They", ["C", "D"])], "first_dealer": "A"},
            "side",
            id="empty-name",
        ),
        pytest.param({"sides": SIDES[:1], "first_dealer": "Ann"}, "sides", id="one-side"),
        pytest.param({"first_dealer": "Zoe"}, "first_dealer", id="unknown-dealer"),
        pytest.param({"start_totals": {"We": 12}}, "start_totals", id="start-not-five"),
        pytest.param({"start_totals": {"Them": 10}}, "start_totals", id="start-unknown-side"),
    ],
)
def test_create_game_refuses_bad_setups(store_db, kwargs, field) -> None:
    """A bad setup raises InvalidGame naming the field, and saves nothing."""
    args = {"format_id": "classic", "sides": SIDES, "first_dealer": "Ann"} | kwargs
    with pytest.raises(store.InvalidGame) as error:
        store.create_game(store_db, **args)
    assert error.value.field == field
    assert store_db.execute("SELECT count(*) FROM games").fetchone()[0] == 0


def test_record_stores_the_raw_entry_and_bumps_the_version(store_db, game) -> None:
    """A recorded hand is stored as the engine's document; the version moves on."""
    number = store.record_hand(store_db, game.id, hand(We=OUT), version=1, form_token="t1")
    assert number == 1
    entry = json.loads(store_db.execute("SELECT entry FROM hands").fetchone()[0])
    assert entry["hand"]["We"]["canastas"] == {"natural": 1} and "They" in entry["hand"]
    saved = store.get_game(store_db, game.id)
    assert saved.version == 2 and saved.state.totals == {"We": 900, "They": 0}


def test_an_engine_hand_is_accepted_too(store_db, game) -> None:
    """record_hand takes an engine Hand as well as a raw document."""
    entries = {"We": SideEntry(melded_points=50), "They": SideEntry(hand_points=10)}
    store.record_hand(store_db, game.id, Hand(entries), version=1, form_token="t1")
    assert store.get_game(store_db, game.id).state.totals == {"We": 50, "They": -10}


@pytest.mark.parametrize(
    ("call", "error"),
    [
        pytest.param(
            lambda store_db, g: store.record_hand(
                store_db, g, hand(We={"melded_points": 7}), version=1, form_token="n"
            ),
            store.InvalidHand,
            id="invalid-hand",
        ),
        pytest.param(
            lambda store_db, g: store.record_hand(
                store_db, g, hand(We=OUT), version=9, form_token="n"
            ),
            store.StaleGame,
            id="stale",
        ),
        pytest.param(
            lambda store_db, g: store.record_hand(
                store_db, g, hand(We=OUT), version=1, form_token="used"
            ),
            store.AlreadySaved,
            id="repeat",
        ),
        pytest.param(
            lambda store_db, g: store.record_hand(
                store_db, "nope", hand(We=OUT), version=1, form_token="n"
            ),
            store.GameNotFound,
            id="no-game",
        ),
        pytest.param(
            lambda store_db, g: store.edit_hand(
                store_db, g, 2, hand(We=OUT), version=1, form_token="n"
            ),
            store.HandNotFound,
            id="edit-missing",
        ),
        pytest.param(
            lambda store_db, g: store.delete_last_hand(store_db, g, version=1, form_token="n"),
            store.HandNotFound,
            id="delete-empty",
        ),
    ],
)
def test_refused_writes_change_nothing(store_db, game, call, error) -> None:
    """Each refusal raises its named error and leaves every table as it was."""
    store_db.execute(
        "INSERT INTO used_form_tokens (token, game_id, used_at) VALUES ('used', ?, '2099-01-01')",
        [game.id],
    )
    before = [
        list(store_db.query(f"SELECT * FROM {t}")) for t in ("games", "hands", "used_form_tokens")
    ]
    with pytest.raises(error):
        call(store_db, game.id)
    after = [
        list(store_db.query(f"SELECT * FROM {t}")) for t in ("games", "hands", "used_form_tokens")
    ]
    assert after == before


def test_edit_and_delete_replay_the_sheet(store_db, game) -> None:
    """Editing an earlier hand moves later totals; deleting the last removes it."""
    store.record_hand(store_db, game.id, hand(We={"melded_points": 100}), version=1, form_token="a")
    store.record_hand(
        store_db, game.id, hand(They={"melded_points": 100}), version=2, form_token="b"
    )
    store.edit_hand(
        store_db, game.id, 1, hand(We={"melded_points": 200}), version=3, form_token="c"
    )
    assert store.get_game(store_db, game.id).state.rows[1].totals == {"We": 200, "They": 100}
    assert store.delete_last_hand(store_db, game.id, version=4, form_token="d") == 2
    saved = store.get_game(store_db, game.id)
    assert len(saved.hands) == 1 and saved.version == 5


def test_a_finished_game_is_locked_until_reopened(store_db) -> None:
    """Recording on a finished game raises GameOver; reopening allows fixes, not new hands."""
    game = store.create_game(
        store_db, format_id="classic", sides=SIDES, first_dealer="Ann", start_totals={"We": 4950}
    )
    store.record_hand(store_db, game.id, hand(We={"melded_points": 100}), version=1, form_token="a")
    with pytest.raises(store.GameOver):
        store.record_hand(
            store_db, game.id, hand(We={"melded_points": 100}), version=2, form_token="b"
        )
    store.set_reopened(store_db, game.id, version=2, form_token="c")
    assert store.get_game(store_db, game.id).reopened
    with pytest.raises(store.GameOver, match="keep playing"):
        store.record_hand(
            store_db, game.id, hand(They={"melded_points": 100}), version=3, form_token="d"
        )
    store.edit_hand(store_db, game.id, 1, hand(We={"melded_points": 60}), version=3, form_token="e")
    saved = store.get_game(store_db, game.id)
    assert saved.reopened and saved.state.status.winner == "We"
    assert saved.state.totals["We"] == 5010 and saved.state.ended_at == 1
    store.set_reopened(store_db, game.id, False, version=4, form_token="f")
    assert store.get_game(store_db, game.id).locked


def test_join_grants_roles_and_never_lowers_them(store_db, game) -> None:
    """A link gives its role; a lower link leaves a higher role in place; unknown links fail."""
    assert store.join(store_db, "b2", game.tokens.view) == (game.id, "view")
    assert store.join(store_db, "b2", game.tokens.edit) == (game.id, "edit")
    assert store.join(store_db, "b2", game.tokens.view) == (game.id, "edit")
    assert store.join(store_db, "b1", game.tokens.edit) == (game.id, "owner")
    with pytest.raises(store.GameNotFound):
        store.join(store_db, "b3", "no-such-token")


def test_write_rolls_back_everything_on_error(store_db, game) -> None:
    """A failure inside write() leaves no partial change behind."""
    with pytest.raises(RuntimeError), write(store_db):
        store_db.execute("UPDATE games SET version = 99")
        raise RuntimeError
    assert store.get_game(store_db, game.id).version == 1 and not store_db.conn.in_transaction


def test_old_form_tokens_are_pruned_on_a_schedule(store_db, game, monkeypatch) -> None:
    """Used form tokens older than a week are removed every PRUNE_EVERY writes, not on each."""
    from scorekeeper.store.games import hands as store_hands

    store_db.execute(
        "INSERT INTO used_form_tokens (token, game_id, used_at) VALUES ('old', ?, '2000-01-01T00:00:00+00:00')",
        [game.id],
    )
    monkeypatch.setattr(store_hands, "_writes", iter([1, store_hands.PRUNE_EVERY]))
    store.record_hand(store_db, game.id, hand(We={"melded_points": 50}), version=1, form_token="a")
    tokens = {r[0] for r in store_db.execute("SELECT token FROM used_form_tokens")}
    assert tokens == {"old", "a"}  # the first write prunes nothing
    store.record_hand(store_db, game.id, hand(We={"melded_points": 50}), version=2, form_token="b")
    tokens = {r[0] for r in store_db.execute("SELECT token FROM used_form_tokens")}
    assert tokens == {"a", "b"}  # the PRUNE_EVERY-th does


def test_ids_and_tokens_never_start_like_a_command_line_option():
    from scorekeeper.store.stamps import new_token

    tokens = [new_token() for _ in range(2000)]
    assert all(t[0] not in "-_" and len(t) == 22 for t in tokens)
    assert len(set(tokens)) == len(tokens)

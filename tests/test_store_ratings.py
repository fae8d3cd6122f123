"""Stored ratings equal openskill's own replay of a group's games, in the order they ended,
however the games arrived, and after an edit of an old game."""

from __future__ import annotations

import random

import pytest

from scorekeeper import store
from scorekeeper.store.portable.importing import dumps, import_document
from scorekeeper.store.ratings import differences, history, refresh, table
from scorekeeper.store.stamps import new_token
from tests.ratings_club import OUT, SHORT, club, openskill_replay


def imported(db, document) -> str:
    """Imports a club's export and returns its group's id."""
    return import_document(db, dumps(document), member="phone")[1][0]


def stored_steps(db, group_id: str) -> list[dict[str, tuple[float, float]]]:
    """Returns the stored (mu, sigma) of each rated game's players, by name, in order."""
    steps: dict[int, dict[str, tuple[float, float]]] = {}
    for seq, name, mu, sigma in db.execute(
        "SELECT r.seq, p.name, r.mu, r.sigma FROM rating_rows r JOIN group_players p "
        "ON p.id = r.player_id WHERE r.group_id = ? AND r.family = 'partnership'",
        [group_id],
    ):
        steps.setdefault(seq, {})[name] = (mu, sigma)
    return [steps[k] for k in sorted(steps)]


def by_name(db, group_id: str) -> dict[str, tuple[float, float, int]]:
    """Returns the group's current partnership ratings by player name."""
    return {
        s.name: (s.rating.mu, s.rating.sigma, s.rating.games)
        for s in table(db, group_id, "partnership")
    }


@pytest.mark.slow
def test_a_thousand_games_match_openskill_replayed_directly(store_db) -> None:
    document, played = club(store_db, 1000)
    group_id = imported(store_db, document)
    assert stored_steps(store_db, group_id) == openskill_replay(played)
    assert differences(store_db, group_id) == []
    ordered = table(store_db, group_id, "partnership")
    assert [s.rating.ordinal for s in ordered] == sorted(
        (s.rating.ordinal for s in ordered), reverse=True
    )
    assert sum(s.rating.games for s in ordered) == 4 * 1000


@pytest.mark.slow
def test_importing_the_games_in_another_order_gives_the_same_ratings(store_db) -> None:
    document, _played = club(store_db, 300, seed=7)
    first = imported(store_db, document)
    shuffled = dict(document)
    rng = random.Random(3)
    shuffled["games"] = rng.sample(document["games"], len(document["games"]))
    group = dict(document["groups"][0])
    group["games"] = rng.sample(group["games"], len(group["games"]))
    shuffled["groups"] = [group]
    second = imported(store_db, shuffled)
    assert by_name(store_db, first) == by_name(store_db, second)
    assert stored_steps(store_db, first) == stored_steps(store_db, second)


def _game_at(db, group_id: str, seq: int) -> str:
    return db.execute(
        "SELECT game_id FROM rating_games WHERE group_id = ? AND seq = ?", [group_id, seq]
    ).fetchone()[0]


@pytest.mark.slow
def test_editing_game_10_of_1000_changes_ratings_exactly_as_a_replay(store_db) -> None:
    document, played = club(store_db, 1000, seed=11)
    group_id = imported(store_db, document)
    before = store_db.execute(
        "SELECT rowid, seq FROM rating_rows WHERE group_id = ? AND seq < 9", [group_id]
    ).fetchall()
    game = store.get_game(store_db, _game_at(store_db, group_id, 9))
    we, they, winner = played[9]
    flipped = {"We": SHORT, "They": OUT} if winner == 0 else {"We": OUT, "They": SHORT}
    store.set_reopened(store_db, game.id, version=game.version, form_token=new_token())
    store.edit_hand(
        store_db, game.id, 1, {"hand": flipped}, version=game.version + 1, form_token=new_token()
    )
    played[9] = (we, they, 1 - winner)
    assert stored_steps(store_db, group_id) == openskill_replay(played)
    # Replayed from the changed game on: the rows of the nine games before it were kept.
    assert (
        store_db.execute(
            "SELECT rowid, seq FROM rating_rows WHERE group_id = ? AND seq < 9", [group_id]
        ).fetchall()
        == before
    )
    assert differences(store_db, group_id) == []


def test_a_game_is_rated_when_it_ends_and_a_tampered_rating_is_found(store_db) -> None:
    document, played = club(store_db, 3, seed=5)
    group_id = imported(store_db, document)
    game = store.create_game(
        store_db,
        format_id="classic",
        sides=[("We", played[0][0]), ("They", played[0][1])],
        first_dealer=played[0][0][0],
        start_totals={"We": 4900, "They": 4900},
        group=group_id,
    )
    assert len(stored_steps(store_db, group_id)) == 3  # a game in play is not rated
    hand = {"hand": {"We": OUT, "They": SHORT}}
    store.record_hand(store_db, game.id, hand, version=game.version, form_token=new_token())
    marked = store_db.execute("SELECT count(*) FROM rating_games WHERE group_id = ?", [group_id])
    assert marked.fetchone()[0] == 4  # stored by the write that ended the game
    assert stored_steps(store_db, group_id) == openskill_replay([*played, (*played[0][:2], 0)])
    name = played[0][0][0]
    player = next(s.player for s in table(store_db, group_id, "partnership") if s.name == name)
    assert [g for g, _r in history(store_db, group_id, "partnership", player)][-1] == game.id
    store_db.execute("UPDATE rating_rows SET mu = mu + 1 WHERE seq = 1")
    store_db.conn.commit()
    assert differences(store_db, group_id) != []
    assert refresh(store_db, group_id) == 0  # nothing changed in the games: nothing replayed


def test_a_game_ending_after_every_rated_one_is_appended_without_a_replay(
    store_db, monkeypatch
) -> None:
    document, played = club(store_db, 5, seed=8)
    group_id = imported(store_db, document)
    game = store.create_game(
        store_db,
        format_id="classic",
        sides=[("We", played[1][0]), ("They", played[1][1])],
        first_dealer=played[1][0][0],
        start_totals={"We": 4900, "They": 4900},
        group=group_id,
    )
    table(store_db, group_id, "partnership")  # a read brings the stored ratings up to date

    def no_replay(*_args) -> int:
        raise AssertionError("the ended game should be appended, not replayed")

    monkeypatch.setattr("scorekeeper.store.ratings.kept.refresh", no_replay)
    hand = {"hand": {"We": SHORT, "They": OUT}}
    store.record_hand(store_db, game.id, hand, version=game.version, form_token=new_token())
    monkeypatch.undo()
    assert stored_steps(store_db, group_id) == openskill_replay([*played, (*played[1][:2], 1)])
    assert differences(store_db, group_id) == []
    assert refresh(store_db, group_id) == 0  # the mark moved with the appended game


def test_scorekeeper_check_compares_stored_ratings_with_a_replay(
    tmp_path, monkeypatch, capsys
) -> None:
    from scorekeeper.cli import main
    from scorekeeper.store.connection import connect, migrate

    instance = tmp_path / "instance"
    instance.mkdir()
    migrate(instance / "scorekeeper.db")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(instance))
    db = connect(instance / "scorekeeper.db")
    document, _played = club(db, 6, seed=2)
    group_id = imported(db, document)
    db.close()
    assert main(["check"]) == 0
    said = capsys.readouterr().out
    assert "Checked the ratings of 2 groups: stored ratings equal a replay." in said
    db = connect(instance / "scorekeeper.db")
    db.execute(
        "UPDATE rating_rows SET sigma = sigma / 2 WHERE group_id = ? AND seq = 3", [group_id]
    )
    db.conn.commit()
    db.close()
    assert main(["check"]) == 1
    assert f"group {group_id} ratings: partnership: game 4" in capsys.readouterr().out


def test_check_counts_one_group_and_one_game_in_the_singular() -> None:
    from scorekeeper.commands.games import _count

    assert (_count(1, "group"), _count(2, "group"), _count(1, "game")) == (
        "1 group",
        "2 groups",
        "1 game",
    )

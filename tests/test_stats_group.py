"""A hand-built group of five Classic games: every statistic checked against sums done by hand."""

from __future__ import annotations

import pytest

from scorekeeper import store
from scorekeeper.stats.history import Filters, history
from scorekeeper.stats.tables import statistics
from scorekeeper.store.connection import connect
from scorekeeper.store.groups.figures import played
from scorekeeper.store.groups.group import create_group
from scorekeeper.store.groups.players import players_of
from scorekeeper.store.stamps import new_token

# Won by going out with a natural canasta and a red three: 200 + 500 + 100 + 100 = 900;
# the other side melded 100 and held 50: 50.
OUT = (
    {"melded_points": 200, "canastas": {"natural": 1}, "red_threes": 1, "went_out": "out"},
    {"melded_points": 100, "hand_points": 50},
)
# Went out concealed: 300 + 500 + 200 = 1,000; the other side never melded, held 80 and a red
# three that counts minus without a meld: -100 - 80 = -180.
CONCEALED = (
    {"melded_points": 300, "canastas": {"natural": 1}, "went_out": "concealed"},
    {"hand_points": 80, "red_threes": 1},
)


def _hand(winner: str, loser: str, kind: tuple[dict, dict]) -> dict:
    return {"hand": {winner: kind[0], loser: kind[1]}}


# (side players, start totals, hands as (winning side, kind)), one game a day.
GAMES = [
    ((("Ann", "Bob"), ("Cy", "Di")), {"We": 4500}, [("We", OUT)]),
    ((("Ann", "Bob"), ("Cy", "Di")), {"They": 4500}, [("They", CONCEALED)]),
    ((("Ann", "Cy"), ("Bob", "Di")), {"We": 4000}, [("We", OUT), ("We", OUT)]),
    ((("Ann", "Bob"), ("Cy", "Di")), {"They": 4800}, [("They", OUT)]),
    ((("Ed", "Ann"), ("Cy", "They 2")), {"We": 4900}, [("We", CONCEALED)]),  # an unnamed seat
]


@pytest.fixture
def group(app):
    """Plays the five games in a new group, on days 1 to 5; returns (db, group id)."""
    db = connect(app.config["DATABASE"])
    group = create_group(db, "Tuesday")
    for day, ((we, they), start, hands) in enumerate(GAMES, 1):
        game = store.create_game(
            db,
            format_id="classic",
            sides=[("We", we), ("They", they)],
            first_dealer=we[0],
            start_totals=start,
            group=group.id,
        )
        for winner, kind in hands:
            loser = "They" if winner == "We" else "We"
            game = store.add_hand(
                db,
                game.id,
                _hand(winner, loser, kind),
                version=game.version,
                form_token=new_token(),
            )
        assert game.state.status.over
        db.execute(
            "UPDATE games SET updated_at = ? WHERE id = ?",
            [f"2026-11-0{day}T20:00:00+00:00", game.id],
        )
    yield db, group.id
    db.close()


def _stats(db, group_id):
    names = {p.id: p.name for p in players_of(db, group_id)}
    return statistics(played(db, group_id), names), names


def _player(stats, name):
    return next(line for line in stats.players if line.name == name)


def test_the_players_are_remembered_without_the_unnamed_seat(group):
    db, group_id = group
    assert sorted((p.name, p.games) for p in players_of(db, group_id)) == [
        ("Ann", 5),
        ("Bob", 4),
        ("Cy", 5),
        ("Di", 4),
        ("Ed", 1),
    ]


def test_each_players_games_wins_and_streaks(group):
    stats, _ = _stats(*group)
    assert stats.games == 5
    table = {
        line.name: (
            line.overall.games,
            line.overall.wins,
            line.overall.win_rate,
            line.overall.streak,
            line.overall.longest_win_streak,
        )
        for line in stats.players
    }
    assert table == {
        "Ann": (5, 3, 0.6, 1, 1),  # W L W L W
        "Cy": (5, 3, 0.6, -1, 3),  # L W W W L
        "Bob": (4, 1, 0.25, -3, 1),  # W L L L
        "Di": (4, 2, 0.5, 1, 1),  # L W L W
        "Ed": (1, 1, 1.0, 1, 1),
    }
    assert [line.name for line in stats.players] == ["Ann", "Cy", "Di", "Bob", "Ed"]


def test_ann_figures_number_by_number(group):
    stats, _ = _stats(*group)
    (fmt,) = stats.formats
    assert (fmt.key, fmt.label, fmt.games) == ("classic", ("Classic",), 5)
    figures = _player(stats, "Ann").by_format["classic"].figures(fmt.kinds)
    assert figures == {
        "games": 5,
        "wins": 3,
        "win_rate": 0.6,
        # 5,350 - 5,680 + 5,700 - 5,650 + 6,080 = 5,800 over 5 games
        "average_margin": 1160.0,
        "hands": 6,
        # 900 - 180 + 900 + 900 + 50 + 1,000 = 3,570 over 6 hands
        "average_hand": 595.0,
        "best_hand": 1000,
        "canastas_per_hand": {"natural": 0.67, "mixed": 0.0},  # 4 naturals in 6 hands
        "went_out": 4,
        "went_out_concealed": 1,
        "red_threes_per_hand": 0.67,  # 1 + 1 (minus, game 2) + 2 = 4 in 6 hands
        "below_zero": 1,  # game 2: -180
    }


def test_cy_figures_number_by_number(group):
    stats, _ = _stats(*group)
    figures = _player(stats, "Cy").by_format["classic"].figures(stats.formats[0].kinds)
    assert figures["average_margin"] == 1120.0  # -5,350 + 5,680 + 5,700 + 5,650 - 6,080
    assert figures["average_hand"] == 595.0  # 50 + 1,000 + 1,800 + 900 - 180 over 6
    assert (figures["went_out"], figures["went_out_concealed"], figures["below_zero"]) == (4, 1, 1)
    assert figures["red_threes_per_hand"] == 0.67  # 2 (game 3) + 1 (game 4) + 1 (game 5)


def test_partnerships_and_head_to_head(group):
    stats, _ = _stats(*group)
    table = {
        line.name: (line.overall.games, line.overall.wins, line.overall.win_rate)
        for line in stats.partnerships
    }
    assert table == {
        "Ann & Bob": (3, 1, 0.333),
        "Cy & Di": (3, 2, 0.667),
        "Ann & Cy": (1, 1, 1.0),
        "Bob & Di": (1, 0, 0.0),
        "Ann & Ed": (1, 1, 1.0),
    }  # Cy with an unnamed partner is no partnership
    meetings = {
        (m.first.name, m.second.name): (m.games, m.first_wins, m.second_wins)
        for m in stats.head_to_head
    }
    assert meetings == {("Ann & Bob", "Cy & Di"): (3, 1, 2), ("Ann & Cy", "Bob & Di"): (1, 1, 0)}


def test_history_is_newest_first_and_filters(group):
    db, group_id = group
    names = {p.id: p.name for p in players_of(db, group_id)}
    ids = {name: pid for pid, name in names.items()}
    games = played(db, group_id)
    days = [e.ended[:10] for e in history(games, names)]
    assert days == [f"2026-11-0{d}" for d in (5, 4, 3, 2, 1)]
    pair = tuple(sorted((ids["Ann"], ids["Bob"])))
    assert [e.ended[8:10] for e in history(games, names, Filters(partnership=pair))] == [
        "04",
        "02",
        "01",
    ]
    assert [e.ended[8:10] for e in history(games, names, Filters(player=ids["Ed"]))] == ["05"]
    window = Filters(since="2026-11-02", until="2026-11-03")
    assert [e.ended[8:10] for e in history(games, names, window)] == ["03", "02"]
    assert history(games, names, Filters(format="samba")) == []
    latest = history(games, names)[0]
    assert [(s.players, s.total, s.won) for s in latest.sides] == [
        (("Ed", "Ann"), 5900, True),
        (("Cy", "They 2"), -180, False),
    ]

"""Seasons in the store: each closed night's figures stored once, read back, kept up to date."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.seasons import NightLine, SeasonRule, season_standings
from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.events import event as store_events
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.groups import group as groups
from tests.season_helpers import night

PAIRS = [
    ("Aces", ["Ann", "Bob"]),
    ("Kings", ["Cy", "Di"]),
    ("Queens", ["Ed", "Flo"]),
    ("Jacks", ["Gus", "Hal"]),
    ("Tens", ["Ivy", "Jo"]),
]


def live_lines(db, event_id: str, by: str) -> list[NightLine]:
    """Returns a night's lines worked out from its tables now, as the event's page counts them."""
    event = store_events.get_event(db, event_id)
    entrants = {e.position: e for e in event.entrants}
    byes = {}
    for (entrant,) in db.execute("SELECT entrant FROM event_byes WHERE event_id = ?", [event_id]):
        byes[entrant] = byes.get(entrant, 0) + 1
    return [
        NightLine(
            entrants[ln.entrant].players if by == "player" else (entrants[ln.entrant].name,),
            ln.rank,
            ln.victory_points,
            ln.played + byes.get(ln.entrant, 0),
        )
        for ln in event_rounds.standings(db, event_id).lines
    ]


def test_a_season_reads_stored_figures_and_replays_no_game(store_db, monkeypatch) -> None:
    club = groups.create_group(store_db, "Club")
    for day in ("2026-01-06", "2026-01-13"):
        night(store_db, club.id, day, PAIRS, lambda r, t: (1000 + 100 * t, 600), rounds=2)
    season = store_seasons.create_season(
        store_db, club.id, store_seasons.NewSeason("Winter", "2026-01-01", "2026-01-31")
    )
    _nights, first = store_seasons.season_standings(store_db, season)

    def no_replay(*args, **kwargs):
        raise AssertionError("a stored night was counted again")

    monkeypatch.setattr(event_rounds, "standings", no_replay)
    monkeypatch.setattr(event_rounds, "tables", no_replay)
    _nights, again = store_seasons.season_standings(store_db, season)
    assert again == first and len(first) == len(PAIRS)


def test_a_corrected_night_moves_the_season(store_db) -> None:
    club = groups.create_group(store_db, "Club")
    event_id = night(store_db, club.id, "2026-01-06", PAIRS, lambda r, t: (1500, 500))
    season = store_seasons.create_season(
        store_db, club.id, store_seasons.NewSeason("Winter", "2026-01-01", "2026-01-31")
    )
    _n, before = store_seasons.season_standings(store_db, season)
    store_events.reopen_event(store_db, event_id)  # a closed night changes only once reopened
    event_rounds.correct(store_db, event_id, 1, 1, (500, 1500))  # the director's correction
    store_events.close_event(store_db, event_id)  # closed again, the season reads the new version
    _n, after = store_seasons.season_standings(store_db, season)
    assert before != after
    expected = season_standings(season.rule, [live_lines(store_db, event_id, "entrant")])
    assert after == expected


def test_a_reopened_night_leaves_the_season(store_db) -> None:
    club = groups.create_group(store_db, "Club")
    event_id = night(store_db, club.id, "2026-01-06", PAIRS, lambda r, t: (1500, 500))
    season = store_seasons.create_season(
        store_db, club.id, store_seasons.NewSeason("Winter", "2026-01-01", "2026-01-31")
    )
    assert store_seasons.season_standings(store_db, season)[1]
    store_events.reopen_event(store_db, event_id)
    store_seasons.night_changed(store_db, event_id)  # what the reopen path calls
    rows = store_db.execute("SELECT count(*) FROM season_figures").fetchone()[0]
    assert rows == 0 and store_seasons.season_standings(store_db, season) == ([], [])


def test_chosen_nights_and_another_groups_events(store_db) -> None:
    club, other = groups.create_group(store_db, "Club"), groups.create_group(store_db, "Other")
    first = night(store_db, club.id, "2026-01-06", PAIRS, lambda r, t: (1500, 500))
    night(store_db, club.id, "2026-01-13", PAIRS, lambda r, t: (1500, 500))
    theirs = night(store_db, other.id, "2026-01-13", PAIRS, lambda r, t: (1500, 500))
    chosen = store_seasons.NewSeason("Cup", "2026-01-01", "2026-01-31", events=(first,))
    season = store_seasons.create_season(store_db, club.id, chosen)
    assert [n.event for n in store_seasons.nights(store_db, season)] == [first]
    with pytest.raises(store_seasons.InvalidSeason) as refused:
        store_seasons.create_season(
            store_db,
            club.id,
            store_seasons.NewSeason("Cup", "2026-01-01", "2026-01-31", events=(theirs,)),
        )
    assert [p.field for p in refused.value.problems] == ["events"]


RULES = st.builds(
    SeasonRule,
    score=st.sampled_from(["victory_points", "average_victory_points", "place_points"]),
    place_points=st.just((10, 8, 6, 5, 4)),
    best=st.none() | st.integers(1, 3),
    minimum=st.integers(0, 3),
    drop_worst=st.integers(0, 2),
    by=st.sampled_from(["entrant", "player"]),
)
TOTAL = st.integers(0, 60).map(lambda n: n * 50)


@pytest.mark.slow
@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rule=RULES, results=st.lists(st.tuples(TOTAL, TOTAL, st.integers(3, 5)), min_size=1, max_size=3)
)
def test_stored_season_standings_equal_a_recount_of_the_nights(store_db, rule, results) -> None:
    club = groups.create_group(store_db, "Club")
    made = [
        night(
            store_db,
            club.id,
            f"2026-02-0{i + 1}",
            PAIRS[:count],
            lambda r, t, a=a, b=b: (a + 50 * t, b),
            rounds=2,
        )
        for i, (a, b, count) in enumerate(results)
    ]
    new = store_seasons.NewSeason("Spring", "2026-02-01", "2026-02-28", rule)
    season = store_seasons.create_season(store_db, club.id, new)
    _nights, stored = store_seasons.season_standings(store_db, season)
    recounted = season_standings(rule, [live_lines(store_db, e, rule.by) for e in made])
    assert stored == recounted

"""Adjusted scores: the director's award for a round an entrant did not play, counted once."""

from __future__ import annotations

import re

import pytest

from scorekeeper.events import ByeAward, NoPlay, Played, standings, template
from scorekeeper.events.scorecards import scorecard
from scorekeeper.events.standings import Adjusted
from scorekeeper.store.events import night as event_night
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import EventClosed, InvalidEvent, close_event, get_event
from tests.test_store_event_draws import new_event, pairs
from tests.test_web_events import director

TABLE = template("canasta_3")
BYE = ByeAward(14, 355)
KEYS = ["0", "1", "2", "3"]
# Round 1: 0 beats 1 by 1,800 (15-5), 2 beats 3 by 330 (11-9). Round 2: 0 beats 2 by 1,000
# (13-7); 1 v 3 not played.
PLAYED = [
    Played(1, ("0",), ("1",), (2000, 200)),
    Played(1, ("2",), ("3",), (900, 570)),
    Played(2, ("0",), ("2",), (1500, 500)),
    NoPlay(2, ("1", "3")),
]


@pytest.mark.parametrize(
    ("adjusted", "vp", "margin"),
    [
        (Adjusted(2, "3", "average"), 9 + 9, -330 - 330),  # its one table: 9 VP, -330
        (Adjusted(2, "3", "bye"), 9 + 14, -330 + 355),
        (Adjusted(2, "3", "fixed", 10, 0), 9 + 10, -330),
    ],
)
def test_each_kind_of_award_adds_to_the_total(adjusted, vp, margin) -> None:  # type: ignore[no-untyped-def]
    lines = {ln.entrant: ln for ln in standings("e", KEYS, [*PLAYED, adjusted], TABLE, BYE).lines}
    assert (lines["3"].victory_points, lines["3"].margin) == (vp, margin)
    assert lines["3"].played == 1  # an award is no table played


def test_the_average_rounds_half_up_and_counts_as_a_round_for_the_average_ranking() -> None:
    """0 won 15 and 13 (average 14): its award is 14, and its average stays 14 over 3 rounds."""
    results = [*PLAYED, Played(3, ("1",), ("2",), (600, 600)), Adjusted(3, "0", "average")]
    lines = {ln.entrant: ln for ln in standings("e", KEYS, results, TABLE, BYE, "average").lines}
    assert lines["0"].victory_points == 15 + 13 + 14 and lines["0"].average == 14
    odd = [Played(1, ("0",), ("1",), (2000, 200)), Played(2, ("0",), ("2",), (900, 570))]
    award = standings("e", KEYS, [*odd, Adjusted(3, "0", "average")], TABLE, BYE).lines
    assert next(ln for ln in award if ln.entrant == "0").victory_points == 15 + 11 + 13  # 13 = 26/2


def test_the_scorecard_shows_the_award_as_the_standings_count_it() -> None:
    card = scorecard("3", [*PLAYED, Adjusted(2, "3", "average")], TABLE, BYE)
    assert [(ln.round, ln.kind, ln.victory_points) for ln in card] == [
        (1, "played", 9),
        (2, "no_play", None),
        (2, "adjusted", 9),
    ]


def test_the_store_takes_an_award_only_for_a_round_without_a_result(store_db) -> None:
    event = event_with_round(store_db)
    table = event_rounds.tables(store_db, get_event(store_db, event.id), 1)[0]
    event_rounds.mark_no_play(store_db, event.id, 1, table.number)
    position = table.north_south[0]
    event_night.adjust(store_db, event.id, 1, position, "fixed", (12, 300))
    line = next(
        ln for ln in event_rounds.standings(store_db, event.id).lines if ln.entrant == position
    )
    assert (line.victory_points, line.margin, line.played) == (12, 300, 0)
    event_night.adjust(store_db, event.id, 1, position, "clear")
    assert event_rounds.standings(store_db, event.id).lines[0].victory_points == 0
    other = event_rounds.tables(store_db, get_event(store_db, event.id), 1)[1]
    event_rounds.correct(store_db, event.id, 1, other.number, (2000, 100))
    for round_number, entrant, kind, award, code in [
        (1, other.north_south[0], "bye", (0, 0), "adjust_played"),  # its table counts
        (2, position, "bye", (0, 0), "adjust_round"),  # round 2 has not started
        (1, position, "fixed", (1001, 0), "adjust_award"),
        (1, position, "lots", (0, 0), "adjust_kind"),
    ]:
        with pytest.raises(InvalidEvent) as refused:
            event_night.adjust(store_db, event.id, round_number, entrant, kind, award)
        assert refused.value.problems[0].code == code
    close_event(store_db, event.id)
    with pytest.raises(EventClosed):
        event_night.adjust(store_db, event.id, 1, position, "bye")


def event_with_round(db):  # type: ignore[no-untyped-def]
    from scorekeeper.store.events.event import create_event

    event = create_event(db, new_event(entrants=pairs(4), rounds=3))
    event_rounds.start_round(db, event.id)
    return get_event(db, event.id)


@pytest.mark.slow
def test_the_directors_page_saves_an_award_typed_the_languages_way(client, db) -> None:
    path = director(client)
    client.post(f"{path}/rounds")
    client.post(f"{path}/tables/1/1", data={"action": "no_play"})
    page = client.get(path).get_data(as_text=True)
    event_id = re.search(r'<code id="event-id">([^<]+)</code>', page).group(1)
    entrant = event_rounds.tables(db, get_event(db, event_id), 1)[0].north_south[0]
    form = {"round": "1", "entrant": str(entrant), "kind": "fixed", "victory_points": "12"}
    client.post(f"{path}/adjust?lang=de", data=form | {"margin": "1.250"})
    lines = {ln.entrant: ln for ln in event_rounds.standings(db, event_id).lines}
    assert (lines[entrant].victory_points, lines[entrant].margin) == (12, 1250)
    refused = client.post(
        f"{path}/adjust", data=form | {"victory_points": "x"}, follow_redirects=True
    )
    assert "Enter a whole number" in refused.get_data(as_text=True)

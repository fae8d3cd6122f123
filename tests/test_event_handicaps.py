"""Handicaps at a club night and a season: frozen at the start, shown beside the scratch ranking."""

from __future__ import annotations

import csv
import html
import io
import subprocess
from collections.abc import Sequence
from itertools import pairwise

import pytest
from sqlite_utils import Database

from scorekeeper import store
from scorekeeper.events import ByeAward, template
from scorekeeper.language.i18n import signed
from scorekeeper.pdf import season_standings as season_pdf
from scorekeeper.ratings.model import win_chances
from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.events import event as store_events
from scorekeeper.store.events import handicaps as event_handicaps
from scorekeeper.store.events import ratings as event_ratings
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.groups.group import create_group
from scorekeeper.store.stamps import new_token
from tests.season_helpers import night

OUT = {"melded_points": 200, "canastas": {"natural": 1}, "went_out": "out"}
SHORT = {"melded_points": 50}
PAIRS = [("Aces", ["Ann", "Bob"]), ("Kings", ["Cy", "Di"]), ("Queens", ["Ed", "Flo"])]
PAIRS += [("Jacks", ["Gus", "Hal"])]


def play(db: Database, group: str, winners: Sequence[str], losers: Sequence[str]) -> None:
    """Plays one finished group game that `winners` win: it is rated when it ends."""
    game = store.create_game(
        db,
        format_id="classic",
        sides=[("We", tuple(winners)), ("They", tuple(losers))],
        first_dealer=winners[0],
        start_totals={"We": 4900, "They": 4900},
        group=group,
    )
    hand = {"hand": {"We": OUT, "They": SHORT}}
    store.record_hand(db, game.id, hand, version=game.version, form_token=new_token())


def rated_group(db: Database) -> str:
    """Returns a group where Ann & Bob beat Cy & Di four times; nobody else has played."""
    group = create_group(db, "Club").id
    for _ in range(4):
        play(db, group, ("Ann", "Bob"), ("Cy", "Di"))
    return group


def new_event(group: str | None, **changes) -> store_events.NewEvent:  # type: ignore[no-untyped-def]
    base = dict(
        name="Handicap night",
        format="classic",
        entrants=PAIRS,
        movement="round_robin",
        rounds=3,
        deals_per_round=2,
        table=template("canasta_3"),
        bye=ByeAward(14, 355),
        group=group,
        handicap=True,
    )
    return store_events.NewEvent(**(base | changes))


def played_round(db: Database, event_id: str, scores) -> int:  # type: ignore[no-untyped-def]
    """Starts the next round and sets each table's result: `scores(sides)` -> the two totals."""
    number = event_rounds.start_round(db, event_id)
    event = store_events.get_event(db, event_id)
    for table in event_rounds.tables(db, event, number):
        sides = (table.sides[0], table.sides[1])
        event_rounds.correct(db, event_id, number, table.number, scores(sides))
    return number


def kings_lose_narrowly(sides: tuple[str, str]) -> tuple[int, int]:
    """Kings lose their table by 10 (10 VP each, Kings last on margin); the other is a draw."""
    if "Kings" in sides:
        return (1000, 1010) if sides[0] == "Kings" else (1010, 1000)
    return (1500, 1500)


def test_handicaps_are_frozen_when_the_first_round_starts(store_db) -> None:
    group = rated_group(store_db)
    event = store_events.create_event(store_db, new_event(group))
    assert event.handicap and event_ratings.frozen_handicaps(store_db, event.id) == {}
    played_round(store_db, event.id, kings_lose_narrowly)
    frozen = event_ratings.frozen_handicaps(store_db, event.id)
    aces, kings = frozen[0], frozen[1]
    assert aces.rated and kings.rated and aces.per_round == -kings.per_round < 0
    assert (frozen[2].per_round, frozen[2].rated) == (0, False)  # no rating yet
    assert (frozen[3].per_round, frozen[3].rated) == (0, False)
    # Ratings move during the night (Kings now win): tonight's handicaps do not.
    for _ in range(6):
        play(store_db, group, ("Cy", "Di"), ("Ann", "Bob"))
    before = event_handicaps.ranking(store_db, event.id)
    played_round(store_db, event.id, kings_lose_narrowly)
    assert event_ratings.frozen_handicaps(store_db, event.id) == frozen
    after = event_handicaps.ranking(store_db, event.id)
    assert [ln.handicap for ln in after] != [] and before != after  # the new round counts


def test_the_handicap_ranking_differs_from_the_scratch_standings(store_db) -> None:
    group = rated_group(store_db)
    event = store_events.create_event(store_db, new_event(group))
    played_round(store_db, event.id, kings_lose_narrowly)
    scratch = [ln.entrant for ln in event_rounds.standings(store_db, event.id).lines]
    ranked = event_handicaps.ranking(store_db, event.id)
    kings = next(ln for ln in ranked if ln.entrant == 1)
    # Kings lost by 10 at scratch; their handicap (over 160 points) wins them 11 VP. The
    # draw at the other table goes to the unrated pair against the strong Aces (-handicap).
    assert kings.handicap > 160 and scratch[-1] == 1
    assert (kings.place, kings.victory_points) == (2, 11)
    assert [ln.entrant for ln in ranked][0] not in (0, 1)


def test_an_event_without_a_group_marks_everyone_no_rating_yet(store_db) -> None:
    event = store_events.create_event(store_db, new_event(None))
    played_round(store_db, event.id, kings_lose_narrowly)
    ranked = event_handicaps.ranking(store_db, event.id)
    assert {(ln.handicap, ln.rated) for ln in ranked} == {(0, False)}
    scratch = event_rounds.standings(store_db, event.id).lines
    assert [ln.place for ln in ranked] == [ln.rank for ln in scratch]


def test_a_balanced_individual_event_seats_the_most_even_tables(store_db) -> None:
    group = create_group(store_db, "Club").id
    players = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    for _ in range(3):  # Ann and Bob strong, Gus and Hal weak, the others in between
        play(store_db, group, ("Ann", "Bob"), ("Gus", "Hal"))
        play(store_db, group, ("Cy", "Di"), ("Ed", "Flo"))
        play(store_db, group, ("Ann", "Cy"), ("Hal", "Flo"))
    entrants = [(p, []) for p in players]
    rounds = {}
    for balance in (False, True):
        made = store_events.create_event(
            store_db,
            new_event(group, entrants=entrants, movement="individual", rounds=4, balance=balance),
        )
        rounds[balance] = [
            played_round(store_db, made.id, lambda sides: (1000, 1000)) for _ in range(4)
        ]
        event = store_events.get_event(store_db, made.id)
        ratings = event_ratings.ratings_by_name(store_db, event)
        partnerships, distances = set(), []
        for table in event_rounds.tables(store_db, event):
            for side in (table.north_south, table.east_west):
                pair = frozenset(side)
                assert pair not in partnerships  # never twice in a night
                partnerships.add(pair)
            teams = [
                [players[p].casefold() for p in side]
                for side in (table.north_south, table.east_west)
            ]
            distances.append(abs(win_chances(ratings, teams)[0] - 0.5))
        rounds[balance] = distances
    assert sum(rounds[True]) < sum(rounds[False])


@pytest.fixture
def handicap_event(db) -> store_events.Event:
    """Returns a played round of a handicap event of a rated group (the web app's database)."""
    group = rated_group(db)
    event = store_events.create_event(db, new_event(group))
    played_round(db, event.id, kings_lose_narrowly)
    return store_events.get_event(db, event.id)


def test_the_director_page_screen_csv_and_pdf_show_both_rankings(client, handicap_event) -> None:
    token = handicap_event.director_token
    page = client.get(f"/events/director/{token}").get_data(as_text=True)
    assert page.index('id="standings"') < page.index('id="handicap"')
    assert "Handicap ranking" in page and "no rating yet" in page
    screen = client.get(f"/events/screen/{handicap_event.view_token}").get_data(as_text=True)
    assert 'id="panel-handicap"' in screen
    live = client.get(f"/events/screen/{handicap_event.view_token}/live.json").get_json()
    assert [ln["name"] for ln in live["handicap"]][1] == "Kings"
    assert {ln["mark"] for ln in live["handicap"]} == {"", "no rating yet"}
    assert {ln["handicap"] for ln in live["handicap"] if ln["mark"]} == {"0"}
    text = client.get(f"/events/director/{token}/standings.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0])[-4:] == [
        "handicap",
        "handicapped_total",
        "handicap_place",
        "handicapped_margin",
    ]
    kings = next(r for r in rows if r["name"] == "Kings")
    queens = next(r for r in rows if r["name"] == "Queens")
    assert int(kings["handicap"]) > 0 and kings["handicap_place"] == "2"
    assert queens["handicap"] == ""  # no rating yet
    assert rows[0]["rank"] == "1" and kings["rank"] == "4"  # the scratch order stays first
    pdf = client.get(f"/events/director/{token}/standings.pdf?paper=a4").get_data()
    words = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    assert words.index("Standings") < words.index("Handicap ranking")
    assert "no rating yet" in words and f"+{kings['handicap']}" in words


def test_every_handicap_ranking_shows_the_handicapped_margin_that_breaks_ties(
    client, handicap_event
) -> None:
    """Two entrants level on handicapped VP are ordered by the handicapped margin: it shows."""
    token = handicap_event.director_token
    text = client.get(f"/events/director/{token}/standings.csv").get_data(as_text=True)
    rows = sorted(csv.DictReader(io.StringIO(text)), key=lambda r: int(r["handicap_place"]))
    margins = [int(r["handicapped_margin"]) for r in rows]
    totals = [int(r["handicapped_total"]) for r in rows]
    assert sum(margins) == 0 and any(margins)  # a table's margins cancel out
    for (vp, margin), (next_vp, next_margin) in pairwise(zip(totals, margins, strict=True)):
        assert vp > next_vp or (vp == next_vp and margin >= next_margin)
    live = client.get(f"/events/screen/{handicap_event.view_token}/live.json").get_json()
    assert [ln["margin"] for ln in live["handicap"]] == [signed(m, "en") for m in margins]
    page = client.get(f"/events/director/{token}").get_data(as_text=True)
    ranking = page[page.index('id="handicap"') :]
    ranking = ranking[: ranking.index("</table>")]
    assert '<th scope="col">Margin</th>' in ranking
    for margin in margins:
        written = html.escape(signed(margin, "en"))
        assert f"<td>{written}</td>" in ranking
    pdf = client.get(f"/events/director/{token}/standings.pdf?paper=a4").get_data()
    words = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    handicap_page = words[words.index("Handicap ranking") :]
    assert "Margin" in handicap_page and signed(margins[0], "en") in handicap_page


def test_the_german_note_on_the_handicap_reads_well(client, handicap_event) -> None:
    token = handicap_event.director_token
    page = client.get(f"/events/director/{token}", headers={"Accept-Language": "de"})
    text = page.get_data(as_text=True)
    assert "Jeder Teilnehmer erhält pro Durchgang ein Handicap in Punkten" in text
    assert "Handicap jedes Teilnehmers sind" not in text


def test_the_public_results_page_shows_the_handicap_ranking_by_its_naming(
    client, db, handicap_event
) -> None:
    public = store_seasons.set_public(db, "event", handicap_event.id, True, "hidden")
    assert public is not None
    page = client.get(f"/results/{public.slug}").get_data(as_text=True)
    assert page.index('id="standings"') < page.index('id="handicap"')
    assert "Kings" not in page and "Entrant 2" in page  # hidden names in both rankings
    document = client.get(f"/results/{public.slug}.json").get_json()
    assert [ln["name"] for ln in document["handicap"]][1] == "Entrant 2"  # Kings, hidden


def test_an_event_without_the_option_shows_no_handicap(client, db) -> None:
    group = rated_group(db)
    event = store_events.create_event(db, new_event(group, handicap=False))
    played_round(db, event.id, kings_lose_narrowly)
    page = client.get(f"/events/director/{event.director_token}").get_data(as_text=True)
    assert 'id="handicap"' not in page
    text = client.get(f"/events/director/{event.director_token}/standings.csv").get_data(
        as_text=True
    )
    assert "handicap" not in text.splitlines()[0]


def test_the_options_go_through_the_api_and_back(client) -> None:
    from tests.test_api_events import bearer, body

    made = client.post("/api/v1/events", json=body(handicap=True, balance=True)).get_json()
    read = client.get(f"/api/v1/events/{made['id']}", headers=bearer(made["token"])).get_json()
    assert (read["handicap"], read["balance"]) == (True, True)
    plain = client.post("/api/v1/events", json=body()).get_json()
    read = client.get(f"/api/v1/events/{plain['id']}", headers=bearer(plain["token"])).get_json()
    assert (read["handicap"], read["balance"]) == (False, False)
    standings = client.get(f"/api/v1/events/{made['id']}/standings", headers=bearer(made["token"]))
    assert [ln["rated"] for ln in standings.get_json()["handicap"]] == [False] * 4
    refused = client.post("/api/v1/events", json=body(handicap="yes"))
    assert refused.status_code == 422
    assert [e["field"] for e in refused.get_json()["errors"]] == ["handicap"]


def test_a_season_with_handicaps_counts_each_nights_handicap_ranking(client, db) -> None:
    group = rated_group(db)
    for day in ("2026-01-06", "2026-01-13"):
        event_id = night(db, group, day, PAIRS, lambda _r, _t: (1000, 1100))
        assert event_ratings.frozen_handicaps(db, event_id)  # frozen without the event's option
    season = store_seasons.create_season(
        db,
        group,
        store_seasons.NewSeason("Winter", "2026-01-01", "2026-03-31", handicap=True),
    )
    _nights, scratch = store_seasons.season_standings(db, season)
    handicap = store_seasons.handicap_standings(db, season)
    assert {ln.name for ln in handicap} == {ln.name for ln in scratch}
    assert [ln.name for ln in handicap] != [ln.name for ln in scratch]
    pdf = season_pdf.document("Winter", "2 nights", scratch, 0, "a4", "en", handicap)
    words = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    assert words.index("Season standings") < words.index("Handicap ranking")
    plain = store_seasons.NewSeason("Plain", "2026-01-01", "2026-03-31")
    assert store_seasons.handicap_standings(db, store_seasons.create_season(db, group, plain)) == []


def test_scorekeeper_check_recounts_each_nights_figures(tmp_path, monkeypatch, capsys) -> None:
    from scorekeeper.cli import main
    from scorekeeper.store.connection import connect, migrate

    instance = tmp_path / "instance"
    instance.mkdir()
    migrate(instance / "scorekeeper.db")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(instance))
    db = connect(instance / "scorekeeper.db")
    group = rated_group(db)
    event_id = night(db, group, "2026-01-06", PAIRS, lambda _r, _t: (1000, 1010))
    db.close()
    assert main(["check"]) == 0
    capsys.readouterr()
    db = connect(instance / "scorekeeper.db")
    db.execute(
        "UPDATE season_figures SET handicap_victory_points = handicap_victory_points + 1 "
        "WHERE event_id = ? AND position = 1",
        [event_id],
    )
    db.conn.commit()
    db.close()
    assert main(["check"]) == 1
    assert f"event {event_id} night figures: entrant 1" in capsys.readouterr().out


def test_a_members_season_with_handicaps_shows_both_rankings(client, db) -> None:
    from tests.conftest import location

    group = location(client.post("/groups", data={"name": "Club"})).rsplit("/", 1)[1]
    for _ in range(4):
        play(db, group, ("Ann", "Bob"), ("Cy", "Di"))
    for day in ("2026-01-06", "2026-01-13"):
        night(db, group, day, PAIRS, lambda _r, _t: (1000, 1010))
    form = {"name": "Winter", "from": "2026-01-01", "to": "2026-03-31", "handicap": "on"}
    refused = client.post(f"/groups/{group}/seasons", data=form | {"to": "2025-01-01"})
    assert refused.status_code == 422 and 'name="handicap" ' in refused.text
    assert "checked" in refused.text.split('name="handicap"')[1].split(">")[0]  # kept
    made = location(client.post(f"/groups/{group}/seasons", data=form))
    season = store_seasons.get_season(db, made.rsplit("/", 1)[1], group)
    assert season.handicap
    page = client.get(made).get_data(as_text=True)
    assert page.index('id="season-standings"') < page.index('id="season-handicap"')
    text = client.get(f"{made}/standings.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    handicap = store_seasons.handicap_standings(db, season)
    assert [r["handicap_place"] for r in rows] == [
        str(next(h.rank for h in handicap if h.name == r["name"])) for r in rows
    ]
    assert [r["name"] for r in rows] != [h.name for h in handicap]  # scratch order first
    pdf = client.get(f"{made}/standings.pdf?paper=letter").get_data()
    words = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    assert words.index("Season standings") < words.index("Handicap ranking")


def test_an_average_ranking_shows_the_handicapped_vp_per_table(client, db) -> None:
    group = rated_group(db)
    event = store_events.create_event(db, new_event(group, ranking="average"))
    played_round(db, event.id, kings_lose_narrowly)
    page = client.get(f"/events/director/{event.director_token}").get_data(as_text=True)
    handicap = page[page.index('id="handicap"') :]
    assert "VP per table" in handicap and "11.0" in handicap  # Kings: 11 VP in one table
    live = client.get(f"/events/screen/{event.view_token}/live.json").get_json()
    assert {ln["average_text"] for ln in live["handicap"]} >= {"11.0"}


def test_a_public_season_names_a_hidden_entrant_alike_in_both_rankings(client, db) -> None:
    group = rated_group(db)
    for day in ("2026-01-06", "2026-01-13"):
        night(db, group, day, PAIRS, lambda _r, _t: (1000, 1010))
    new = store_seasons.NewSeason("Winter", "2026-01-01", "2026-03-31", handicap=True)
    season = store_seasons.create_season(db, group, new)
    public = store_seasons.set_public(db, "season", season.id, True, "hidden")
    assert public is not None
    page = client.get(f"/results/{public.slug}").get_data(as_text=True)
    assert page.index('id="season-standings"') < page.index('id="season-handicap"')
    assert "Kings" not in page
    document = client.get(f"/results/{public.slug}.json").get_json()
    _nights, scratch = store_seasons.season_standings(db, season)
    label = {
        ln.name: shown["name"] for ln, shown in zip(scratch, document["standings"], strict=True)
    }
    handicap = store_seasons.handicap_standings(db, season)
    assert [ln["name"] for ln in document["handicap"]] == [label[ln.name] for ln in handicap]
    assert [ln.name for ln in handicap] != [ln.name for ln in scratch]

"""Handicaps on the last outputs: the scorecard's handicap line, the standings PDF's unrated
mark, the season's big screen."""

from __future__ import annotations

import csv
import io
import re
import subprocess

from scorekeeper.language.i18n import signed
from scorekeeper.papers import event_papers
from scorekeeper.pdf import event_sheets
from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.events import event as store_events
from scorekeeper.store.events import handicaps as event_handicaps
from tests.conftest import location
from tests.season_helpers import night
from tests.test_event_handicaps import (
    PAIRS,
    handicap_event,  # noqa: F401 (a fixture the tests below ask for)
    kings_lose_narrowly,
    new_event,
    play,
    played_round,
    rated_group,
)


def text_of(pdf: bytes) -> str:
    """Returns a PDF's words as pdftotext lays them out."""
    found = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    )
    return found.stdout.decode()


def handicap_rows(client, event) -> dict[str, dict[str, str]]:  # type: ignore[no-untyped-def]
    """Returns the standings CSV's rows by entrant name."""
    text = client.get(f"/events/director/{event.director_token}/standings.csv").get_data(
        as_text=True
    )
    return {r["name"]: r for r in csv.DictReader(io.StringIO(text))}


def test_the_standings_pdf_writes_0_and_marks_the_name_without_a_rating(
    client,
    handicap_event,  # noqa: F811 (the fixture imported above)
) -> None:
    pdf = client.get(f"/events/director/{handicap_event.director_token}/standings.pdf").data
    ranking = text_of(pdf).split("Handicap ranking", 1)[1]
    rows = handicap_rows(client, handicap_event)
    for name, row in rows.items():
        # place, name, the mark beside it (one line: pdftotext may see two spaces before it),
        # the handicap column, the handicapped VP, the handicapped margin
        shape = re.compile(
            rf"^\s*(\d+) {name}( +\(no rating yet\))? {{2,}}(\S+) {{2,}}(\S+) {{2,}}(\S+)$"
        )
        found = [m for m in map(shape.match, ranking.splitlines()) if m]
        assert len(found) == 1
        place, mark, handicap, total, margin = found[0].groups()
        if row["handicap"] == "":  # no rating yet: 0 in the column, the mark beside the name
            assert mark is not None and handicap == "0"
        else:
            assert mark is None and handicap.replace("−", "-").lstrip("+") == row["handicap"]
        assert (place, total) == (row["handicap_place"], row["handicapped_total"])
        assert margin.replace("−", "-").replace(",", "").lstrip("+") == row["handicapped_margin"]
    assert ranking.count("(no rating yet)") == 2


def test_long_german_names_keep_their_mark(store_db) -> None:
    group = rated_group(store_db)
    long = [(f"{name} Kartenfreunde Oberammergau e.V."[:40], players) for name, players in PAIRS]
    event = store_events.create_event(store_db, new_event(group, entrants=long))
    played_round(store_db, event.id, kings_lose_narrowly)
    event = store_events.get_event(store_db, event.id)
    papers = event_papers.gather(store_db, event)
    words = text_of(event_sheets.document(papers, "standings.pdf", "a4", lang="de"))
    unrated = sum(not h.rated for h in event_handicaps.ranking(store_db, event.id))
    assert unrated == 2 and words.count("(noch keine Wertung)") == unrated
    assert "no rating yet" not in words


def test_each_scorecard_heads_with_its_handicap_line(
    client,
    handicap_event,  # noqa: F811 (the fixture imported above)
) -> None:
    token = handicap_event.director_token
    rows = handicap_rows(client, handicap_event)
    words = text_of(client.get(f"/events/director/{token}/scorecards.pdf").data)
    pages = words.split("\f")
    for name, row in rows.items():
        page = next(p for p in pages if f"Scorecard · {name}" in p)
        given = signed(int(row["handicap"])) if row["handicap"] else "0 (no rating yet)"
        line = (
            f"Handicap {given} a table · {row['handicapped_total']} handicapped VP"
            f" · place {row['handicap_place']} in the handicap ranking"
        )
        assert line in page
        assert page.index(line) < page.index("Opponents")  # in the head, above the rounds


def test_the_public_scorecard_shows_the_same_line(
    client,
    db,
    handicap_event,  # noqa: F811 (the fixture imported above)
) -> None:
    public = store_seasons.set_public(db, "event", handicap_event.id, True, "full")
    assert public is not None
    rows = handicap_rows(client, handicap_event)
    kings = next(e for e in handicap_event.entrants if e.name == "Kings")
    page = client.get(f"/results/{public.slug}/entrants/{kings.position}").get_data(as_text=True)
    row = rows["Kings"]
    assert (
        f'<p id="handicap-line">Handicap +{row["handicap"]} a table · '
        f"{row['handicapped_total']} handicapped VP · place {row['handicap_place']}"
    ) in page


def test_an_event_without_the_option_has_no_handicap_line(client, db) -> None:
    event = store_events.create_event(db, new_event(rated_group(db), handicap=False))
    played_round(db, event.id, kings_lose_narrowly)
    words = text_of(client.get(f"/events/director/{event.director_token}/scorecards.pdf").data)
    assert "Scorecard · Kings" in words and "handicap ranking" not in words


def test_the_seasons_big_screen_carries_the_handicap_ranking(client, db) -> None:
    group = location(client.post("/groups", data={"name": "Club"})).rsplit("/", 1)[1]
    for _ in range(4):
        play(db, group, ("Ann", "Bob"), ("Cy", "Di"))
    for day in ("2026-01-06", "2026-01-13"):
        night(db, group, day, PAIRS, lambda _r, _t: (1000, 1010))
    form = {"name": "Winter", "from": "2026-01-01", "to": "2026-03-31"}
    made = location(client.post(f"/groups/{group}/seasons", data=form | {"handicap": "on"}))
    season = store_seasons.get_season(db, made.rsplit("/", 1)[1], group)
    screen = client.get(f"{made}/screen").get_data(as_text=True)
    assert screen.index('id="panel-standings"') < screen.index('id="panel-handicap"')
    live = client.get(f"{made}/screen/live.json").get_json()
    handicap = store_seasons.handicap_standings(db, season)
    assert [ln["name"] for ln in live["handicap"]] == [h.name for h in handicap]
    assert [ln["rank"] for ln in live["handicap"]] == [h.rank for h in handicap]
    assert [ln["name"] for ln in live["handicap"]] != [ln["name"] for ln in live["standings"]]
    plain = location(client.post(f"/groups/{group}/seasons", data=form | {"name": "Plain"}))
    assert "handicap" not in client.get(f"{plain}/screen/live.json").get_json()
    assert 'id="panel-handicap"' not in client.get(f"{plain}/screen").get_data(as_text=True)

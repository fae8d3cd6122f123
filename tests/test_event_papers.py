"""An event's downloads: standings PDF and CSV, scorecards PDF, from the director's page and API."""

from __future__ import annotations

import csv
import io
import re

import pytest
from pypdf import PdfReader

from scorekeeper.events.scorecards import scorecard
from scorekeeper.events.standings import Bye, NoPlay, Played
from scorekeeper.events.victory import ByeAward, template
from tests.test_api_events import bearer, make, record

LANGUAGES = ["en", "es", "pt_BR", "it", "de"]


def played_event(client, **changes) -> tuple[dict, list[dict]]:
    """Makes the 4-pair event, plays round 1 (Aces and Queens win) and starts round 2."""
    made = make(client, **changes)
    director = bearer(made["token"])
    first = client.post(f"/api/v1/events/{made['id']}/rounds", headers=director).get_json()
    for table in first["tables"]:
        record(client, table, 0)
        record(client, table, 0)
    client.post(f"/api/v1/events/{made['id']}/rounds", headers=director)
    return made, first["tables"]


def text_of(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_a_scorecard_scores_each_round_as_the_standings_do() -> None:
    table, award = template("burraco_3"), ByeAward(14, 355)
    results = [
        Played(1, ("a",), ("b",), (1_600, 0), 2),
        Bye(2, "a"),
        NoPlay(3, ("a", "c"), 1),
        Played(1, ("c",), ("d",), (100, 0), 1),
    ]
    playing = [Played(4, ("d",), ("a",), (300, 500), 3)]
    lines = scorecard("a", results, table, award, playing)
    assert [(ln.round, ln.kind, ln.table) for ln in lines] == [
        (1, "played", 2),
        (2, "bye", 0),
        (3, "no_play", 1),
        (4, "playing", 3),
    ]
    assert (lines[0].opponents, lines[0].own, lines[0].theirs) == (("b",), 1_600, 0)
    assert (lines[0].victory_points, lines[0].margin) == (20, 1_600)
    assert (lines[1].victory_points, lines[1].margin) == (14, 355)
    assert lines[2].opponents == ("c",) and lines[2].victory_points is None
    assert (lines[3].own, lines[3].theirs, lines[3].victory_points) == (500, 300, None)
    assert scorecard("b", results, table, award)[0].victory_points == 0


def test_individual_scorecards_name_the_partner() -> None:
    result = Played(1, ("n", "s"), ("e", "w"), (0, 200), 1)
    (line,) = scorecard("w", [result], template("burraco_3"), ByeAward(14, 355))
    assert line.partners == ("e",) and line.opponents == ("n", "s") and line.margin == 200


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_standings_and_scorecards_pdf_in_every_language(client, lang, paper) -> None:
    made, _tables = played_event(client)
    base = f"/api/v1/events/{made['id']}"
    standings = client.get(
        f"{base}/standings.pdf?paper={paper}&lang={lang}", headers=bearer(made["view_token"])
    )
    assert standings.status_code == 200 and standings.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(standings.data))
    width = float(reader.pages[0].mediabox.width)
    assert round(width) == (595 if paper == "a4" else 612)
    text = text_of(standings.data)
    heading = {"en": "Standings", "de": "Rangliste", "it": "Classifica"}.get(lang)
    if heading:
        assert heading in text
    order = [
        s["name"]
        for s in client.get(f"{base}/standings", headers=bearer(made["token"])).get_json()[
            "standings"
        ]
    ]
    assert [text.index(name) for name in order] == sorted(text.index(name) for name in order)
    cards = client.get(
        f"{base}/scorecards.pdf?paper={paper}&lang={lang}", headers=bearer(made["token"])
    )
    assert cards.status_code == 200 and len(PdfReader(io.BytesIO(cards.data)).pages) == 4


def test_a_pairs_scorecard_lists_its_rounds(client) -> None:
    made, tables = played_event(client)
    names = {
        e["name"]: e["id"]
        for e in client.get(
            f"/api/v1/events/{made['id']}", headers=bearer(made["token"])
        ).get_json()["entrants"]
    }
    response = client.get(
        f"/api/v1/events/{made['id']}/scorecards.pdf?entrant={names['Aces']}&lang=en",
        headers=bearer(made["view_token"]),
    )
    assert response.status_code == 200
    text = text_of(response.data)
    assert len(PdfReader(io.BytesIO(response.data)).pages) == 1
    assert "Aces" in text and "Ann & Bob" in text and "Opponents" in text
    opponents = tables[0]["sides"][1]
    assert opponents in text and "playing" in text  # round 2 has started, no hand yet
    bad = client.get(
        f"/api/v1/events/{made['id']}/scorecards.pdf?entrant=99&paper=a5",
        headers=bearer(made["token"]),
    )
    assert bad.status_code == 422
    assert {e["field"] for e in bad.get_json()["errors"]} == {"paper", "entrant"}


def test_standings_csv_quotes_formula_cells(client) -> None:
    pairs = [
        {"name": "=SUM(A1)", "players": ["Ann", "Bob"]},
        {"name": "Kings", "players": ["+Cy", "Di"]},
        {"name": "Queens", "players": ["Ed", "Flo"]},
        {"name": "Jacks", "players": ["Gus", "Hal"]},
    ]
    made, _ = played_event(client, entrants=pairs)
    response = client.get(
        f"/api/v1/events/{made['id']}/standings.csv", headers=bearer(made["view_token"])
    )
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == [
        "rank",
        "entrant",
        "name",
        "players",
        "victory_points",
        "margin",
        "played",
        "points",
        "withdrawn_after",
    ]
    assert [r[0] for r in rows[1:]] == ["1", "2", "3", "4"]
    by_name = {r[2]: r for r in rows[1:]}
    assert "'=SUM(A1)" in by_name and by_name["Kings"][3] == "'+Cy & Di"
    standings = client.get(
        f"/api/v1/events/{made['id']}/standings", headers=bearer(made["token"])
    ).get_json()["standings"]
    assert [(r[2].lstrip("'"), int(r[4]), int(r[5])) for r in rows[1:]] == [
        (s["name"], s["victory_points"], s["margin"]) for s in standings
    ]


def test_the_director_page_links_every_download(client) -> None:
    from tests.test_web_events import director

    path = director(client)
    client.post(f"{path}/rounds")
    page = client.get(path).get_data(as_text=True)
    links = re.findall(r'href="([^"]+(?:standings|scorecards)\.(?:pdf|csv)[^"]*)"', page)
    kinds = {re.search(r"(standings|scorecards)\.(pdf|csv)", link).group(0) for link in links}
    assert kinds == {"standings.pdf", "scorecards.pdf", "standings.csv"}
    assert any("entrant=" in link for link in links)  # each entrant's own card
    for link in links:
        response = client.get(link.replace("&amp;", "&"))
        assert response.status_code == 200, link
        assert "attachment" in response.headers["Content-Disposition"]
    assert client.get(f"{path}/standings.pdf?paper=a5").status_code == 400
    assert client.get(f"{path}/scorecards.pdf?entrant=42").status_code == 404
    screen = re.search(r'href="/events/screen/([^"]+)"', page).group(1)
    assert client.get(f"/events/director/{screen}/standings.pdf").status_code == 404


def test_ranked_by_average_the_papers_show_vp_per_table(client) -> None:
    """The review's D10: the standings PDF, CSV and scorecards show the figure ranked by."""
    pairs = [{"name": n, "players": [f"{n} a", f"{n} b"]} for n in "ABCDE"]
    made = make(client, entrants=pairs, ranking="average", rounds=3)
    director, view = bearer(made["token"]), bearer(made["view_token"])
    for _round in range(2):  # two rounds: each pair a bye or two tables, counted twice or once
        drawn = client.post(f"/api/v1/events/{made['id']}/rounds", headers=director).get_json()
        for table in drawn["tables"]:
            record(client, table, 0)
            record(client, table, 1)
    base = f"/api/v1/events/{made['id']}"
    rows = list(csv.reader(io.StringIO(client.get(f"{base}/standings.csv", headers=view).text)))
    assert rows[0][:9] == csv_head() and rows[0][-1] == "vp_per_table"
    standings = client.get(f"{base}/standings", headers=director).get_json()["standings"]
    # two rounds counted for each: two tables, or a table and a bye
    counted = {s["name"]: s["victory_points"] / 2 for s in standings}
    assert {r[2]: float(r[-1]) for r in rows[1:]} == counted
    averages = sorted((float(r[-1]) for r in rows[1:]), reverse=True)
    assert [float(r[-1]) for r in rows[1:]] == averages  # the order the column reads
    for lang, word in (("en", "VP per table"), ("de", "SP je Tisch")):
        text = text_of(client.get(f"{base}/standings.pdf?lang={lang}", headers=view).data)
        assert word in text
        for value in counted.values():
            written = f"{value:.1f}" if lang == "en" else f"{value:.1f}".replace(".", ",")
            assert written in text, (lang, written)
        cards = text_of(client.get(f"{base}/scorecards.pdf?lang={lang}", headers=view).data)
        assert cards.count(word) == len(pairs)
    plain = make(client)
    head = client.get(f"/api/v1/events/{plain['id']}/standings.csv", headers=bearer(plain["token"]))
    assert "vp_per_table" not in head.text


def csv_head() -> list[str]:
    """Returns the CSV's first nine columns, which a ranking by average only extends."""
    return ["rank", "entrant", "name", "players", "victory_points", "margin", "played", "points",
            "withdrawn_after"]  # fmt: skip

"""Club-night words and controls a reviewer found missing (issue 33 review): who sits out, a
closed event's controls, a late player's field, a table of three on the screen, a name twice."""

from __future__ import annotations

import re

from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import get_event
from tests.conftest import location
from tests.test_web_entrant_cards import event_id, record, started
from tests.test_web_events import director

FIVE = "Aces: Ann, Bob\nKings: Cy, Di\nQueens: Ed, Flo\nJacks: Gus, Hal\nTens: Ivy, Jo"
TEN = "\n".join(["Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"])


def _resting(db, path: str, number: int) -> list[str]:
    """Returns the names of the entrants the store gave a bye (a sit-out) in a round."""
    eid = event_id(db, path)
    names = {e.position: e.name for e in get_event(db, eid).entrants}
    rows = db.execute(
        "SELECT entrant FROM event_byes WHERE event_id = ? AND round = ? ORDER BY entrant",
        [eid, number],
    )
    return [names[r[0]] for r in rows]


def _screen(client, path: str) -> str:
    page = client.get(path).get_data(as_text=True)
    return re.search(r'href="(/events/screen/[^"]+)"', page).group(1)


def test_the_director_and_the_screen_name_the_pair_with_the_bye(client, db) -> None:
    path = director(client, entrants=FIVE)
    client.post(f"{path}/rounds")
    (bye,) = _resting(db, path, 1)
    page = client.get(path).get_data(as_text=True)
    assert f'<p class="resting" id="resting">Bye: {bye}</p>' in page
    screen = _screen(client, path)
    assert client.get(f"{screen}/live.json").get_json()["resting"] == f"Bye: {bye}"
    assert f"Bye: {bye}</p>" in client.get(screen).get_data(as_text=True)
    client.post(f"{path}/rounds", data={"anyway": "1"})
    (second,) = _resting(db, path, 2)
    assert second != bye  # byes rotate: the page follows the round
    assert f"Bye: {second}</p>" in client.get(path).get_data(as_text=True)


def test_the_director_names_who_sits_out_in_an_individual_event(client, db) -> None:
    path = director(client, movement="individual", seating="sit_out", entrants=TEN)
    client.post(f"{path}/rounds")
    out = _resting(db, path, 1)
    assert len(out) == 2
    page = client.get(path).get_data(as_text=True)
    assert f"Sitting out: {', '.join(out)}</p>" in page
    assert "Late player (a name), plays from round 2" in page and 'placeholder="Ann"' in page
    assert "Name: Player, Player" not in page


def test_a_pairs_event_where_everyone_plays_names_no_bye(client, db) -> None:
    path = director(client)
    client.post(f"{path}/rounds")
    assert 'id="resting"' not in client.get(path).get_data(as_text=True)
    assert client.get(f"{_screen(client, path)}/live.json").get_json()["resting"] == ""


def test_a_closed_event_offers_no_correction_and_its_sheet_no_reopen(client, db) -> None:
    path, found = started(client, db)
    eid = event_id(db, path)
    table = event_rounds.tables(db, get_event(db, eid), 1)[0]
    names = {e.position: e.name for e in get_event(db, eid).entrants}
    ns = found[names[table.north_south[0]]]
    record(client, ns)  # one deal a round: the table's game is over
    sheet = re.search(r'href="(/join/[^"]+)"', client.get(path).get_data(as_text=True)).group(1)
    before = client.get(sheet, follow_redirects=True).get_data(as_text=True)
    assert "Reopen to fix a hand" in before
    form = dict(re.findall(r'name="(version|form_token)" value="([^"]*)"', before))
    client.post(f"{path}/close")
    page = client.get(path).get_data(as_text=True)
    assert "Correct the result" not in page and "Not played" not in page
    assert "The event is closed: reopen it to change this table's result." in page
    shown = client.get(sheet, follow_redirects=True).get_data(as_text=True)
    assert "Reopen to fix a hand" not in shown
    assert "The event is closed: nothing changes until its director reopens it." in shown
    game = table.game_id
    # the page left open from before the close: its button is refused, the game stays shut
    refused = client.post(f"/games/{game}/reopen", data=form | {"reopened": "1"})
    assert location(refused).endswith(f"/games/{game}")
    assert db.execute("SELECT reopened FROM games WHERE id = ?", [game]).fetchone()[0] == 0
    # a pair's card: the hand form does not open; the card says why
    card = client.get(f"{ns}/hands/new")
    assert card.status_code == 302 and location(card).startswith(ns)
    said = client.get(ns).get_data(as_text=True)
    assert "The event is closed: nothing changes until its director reopens it." in said
    client.post(f"{path}/reopen")
    assert "Correct the result" in client.get(path).get_data(as_text=True)


def test_the_screen_shows_a_table_of_three_as_three_players(client, db) -> None:
    path = director(client, movement="individual", seating="cutthroat", entrants=TEN)
    client.post(f"{path}/rounds")
    eid = event_id(db, path)
    names = {e.position: e.name for e in get_event(db, eid).entrants}
    three = next(t for t in event_rounds.tables(db, get_event(db, eid), 1) if t.third)
    players = " – ".join(" & ".join(names[p] for p in side) for side in three.seats)
    big = client.get(_screen(client, path)).get_data(as_text=True)
    assert f'<td colspan="2">{players}</td>' in big


def test_a_name_given_twice_is_named(client) -> None:
    page = client.post("/events/new", data={"entrants": FIVE + "\naces: Zed, Yu"} | _form())
    assert page.status_code == 422
    assert "“aces” is given twice" in page.get_data(as_text=True)


def _form() -> dict[str, str]:
    from tests.test_web_events import FORM

    return {k: v for k, v in FORM.items() if k != "entrants"}

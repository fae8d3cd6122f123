"""Each entrant's own card: its page, its side's hands, Confirm/Dispute, the director's word,
the table card's read-only page, and a closed event that answers 409 until reopened."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from scorekeeper.store.events import cards as entrant_cards
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import get_event
from tests.conftest import location
from tests.test_web_events import director

OUT = {"0-melded_points": "300", "0-canastas-natural": "1", "0-went_out": "out"}


def event_id(db, path: str) -> str:
    token = path.rsplit("/", 1)[1]
    return str(db.execute("SELECT id FROM events WHERE director_token = ?", [token]).fetchone()[0])


def cards(db, path: str) -> dict[str, str]:
    """Returns each entrant's card page by name."""
    found = event_id(db, path)
    tokens = entrant_cards.card_tokens(db, found)
    return {e.name: f"/events/entrant/{tokens[e.position]}" for e in get_event(db, found).entrants}


def started(client, db, **changes):
    path = director(client, **({"confirm": "on", "deals_per_round": "1"} | changes))
    client.post(f"{path}/rounds")
    return path, cards(db, path)


def hand_form(client, page: str) -> dict[str, str]:
    """Opens the card's hand form and returns its hidden fields."""
    form = client.get(f"{page}/hands/new")
    assert form.status_code == 200, form.get_data(as_text=True)
    text = form.get_data(as_text=True)
    return dict(re.findall(r'name="(version|form_token|number)" value="([^"]*)"', text))


def record(client, page: str, won: dict[str, str] | None = None, side: int = 0):
    """Records one hand from the card's page that its own side wins (side 0 or 1 of the table)."""
    hidden = hand_form(client, page)
    fields = {k.replace("0-", f"{side}-", 1): v for k, v in (won or OUT).items()}
    return client.post(f"{page}/hands/new", data=hidden | fields)


def test_a_card_says_where_to_sit_and_carries_no_table_link(client, db) -> None:
    path, found = started(client, db)
    aces = client.get(found["Aces"]).get_data(as_text=True)
    assert re.search(r"Round 1: table 1, North-South, against \w+\.", aces)
    kings = client.get(found["Kings"]).get_data(as_text=True)
    assert re.search(r"Round 1: table \d, (North-South|East-West), against \w+\.", kings)
    edit_tokens = [r[0] for r in db.execute("SELECT edit_token FROM games")]
    owner_tokens = [r[0] for r in db.execute("SELECT owner_token FROM games")]
    for page in (aces, client.get(f"{found['Aces']}/hands/new").get_data(as_text=True)):
        assert "/join/" not in page
        assert not any(t in page for t in edit_tokens + owner_tokens)
    assert client.get("/events/entrant/nope").status_code == 404


def test_the_other_side_confirms_from_its_own_card(client, db) -> None:
    path, found = started(client, db)
    eid = event_id(db, path)
    table = event_rounds.tables(db, get_event(db, eid), 1)[0]
    names = {e.position: e.name for e in get_event(db, eid).entrants}
    ns, ew = found[names[table.north_south[0]]], found[names[table.east_west[0]]]
    saved = record(client, ns)
    assert location(saved).startswith(ns) and "#hand-1" in location(saved)
    mine = client.get(ns).get_data(as_text=True)
    assert "pending: the other side confirms" in mine and "/confirm" not in mine
    theirs = client.get(ew).get_data(as_text=True)
    confirm = f"{ew}/rounds/1/hands/1/confirm"
    assert confirm in theirs
    assert client.post(f"{ns}/rounds/1/hands/1/confirm").status_code == 302
    assert event_rounds.tables(db, get_event(db, eid), 1)[0].pending == 1  # its own: refused
    client.post(confirm)
    assert event_rounds.tables(db, get_event(db, eid), 1)[0].finished
    client.post(f"{ew}/rounds/1/hands/1/dispute")  # confirmed is settled
    assert event_rounds.tables(db, get_event(db, eid), 1)[0].disputed == 0


def test_a_dispute_goes_to_the_director_who_keeps_or_corrects(client, db) -> None:
    path, found = started(client, db)
    eid = event_id(db, path)
    tables = event_rounds.tables(db, get_event(db, eid), 1)
    names = {e.position: e.name for e in get_event(db, eid).entrants}
    for t in tables:
        record(client, found[names[t.north_south[0]]])
        client.post(f"{found[names[t.east_west[0]]]}/rounds/1/hands/1/dispute")
    page = client.get(path).get_data(as_text=True)
    assert "Hands for the director" in page and page.count("Keep as saved") == 2
    keep = re.findall(r'action="([^"]+/keep)"', page)
    client.post(keep[0])
    fix = re.findall(r'href="([^"]+/edit)"', page)[-1]
    form = client.get(fix).get_data(as_text=True)
    hidden = dict(re.findall(r'name="(version|form_token|number)" value="([^"]*)"', form))
    moved = {"1-melded_points": "500", "1-canastas-natural": "1", "1-went_out": "out"}
    fixed = {"0-melded_points": "50", "0-canastas-natural": "0", "0-went_out": "no"} | moved
    assert location(client.post(fix, data=hidden | fixed)).startswith(path)
    after = event_rounds.tables(db, get_event(db, eid), 1)
    assert all(t.finished and not t.disputed for t in after)
    assert after[1].scores[1] > after[1].scores[0]  # the director's correction counts
    assert "Hands for the director" not in client.get(path).get_data(as_text=True)


def test_the_table_card_opens_the_table_read_only(client, db) -> None:
    path, found = started(client, db)
    game = store.get_game(
        db, event_rounds.tables(db, get_event(db, event_id(db, path)), 1)[0].game_id
    )
    page = client.get(f"/events/at/{game.tokens.view}").get_data(as_text=True)
    assert "Table 1" in page and "Round 1" in page and "scans its own pair card" in page
    assert "/join/" not in page and game.tokens.edit not in page and "<form" not in page
    assert client.get(f"/events/at/{game.tokens.edit}").status_code == 404


def test_an_old_side_link_opens_its_entrants_card(client, db) -> None:
    path, found = started(client, db)
    eid = event_id(db, path)
    table = event_rounds.tables(db, get_event(db, eid), 1)[0]
    ns = db.execute(
        "SELECT token FROM event_side_tokens WHERE game_id = ? AND side = 0", [table.game_id]
    ).fetchone()[0]
    names = {e.position: e.name for e in get_event(db, eid).entrants}
    assert location(client.get(f"/events/table/{ns}")) == found[names[table.north_south[0]]]


def closed(client, db):
    """Returns a closed event's director path, cards, and the first table (one hand pending)."""
    path, found = started(client, db, deals_per_round="2")
    eid = event_id(db, path)
    table = event_rounds.tables(db, get_event(db, eid), 1)[0]
    names = {e.position: e.name for e in get_event(db, eid).entrants}
    ns, ew = found[names[table.north_south[0]]], found[names[table.east_west[0]]]
    record(client, ns)
    client.post(f"{path}/close")
    return path, ns, ew, table


@pytest.mark.parametrize("change", ["record", "confirm", "dispute", "correct", "no_play", "keep"])
def test_a_closed_event_answers_409_on_the_web(client, db, change) -> None:
    path, ns, ew, table = closed(client, db)
    before = event_rounds.standings(db, event_id(db, path))
    if change == "record":
        form = client.get(f"{ns}/hands/new")
        assert location(form) == ns  # no form for a closed event
        answer = client.post(f"{ns}/hands/new", data=OUT, headers={"Accept": "application/json"})
    elif change in ("confirm", "dispute"):
        answer = client.post(f"{ew}/rounds/1/hands/1/{change}")
    elif change == "keep":
        answer = client.post(f"{path}/hands/{table.game_id}/1/keep")
    else:
        data = {"ns": "9000", "ew": "0", "action": change}
        answer = client.post(f"{path}/tables/1/{table.number}", data=data)
    assert answer.status_code == 409, answer.get_data(as_text=True)[:300]
    assert "closed" in answer.get_data(as_text=True)
    assert event_rounds.standings(db, event_id(db, path)) == before
    page = client.get(path).get_data(as_text=True)
    reopen = re.search(r'action="([^"]+/reopen)"', page).group(1)
    client.post(reopen)
    assert "Reopen the event" not in client.get(path).get_data(as_text=True)


def test_a_closed_events_sheet_refuses_a_rewrite_and_a_delete(client, db) -> None:
    path, ns, ew, table = closed(client, db)
    game = store.get_game(db, table.game_id)
    client.get(f"/join/{game.tokens.edit}")  # the director's score sheet link
    edit = client.get(f"/games/{game.id}/hands/1/edit").get_data(as_text=True)
    hidden = dict(re.findall(r'name="(version|form_token|number)" value="([^"]*)"', edit))
    rewrite = client.post(f"/games/{game.id}/hands/1/edit", data=hidden | OUT)
    assert rewrite.status_code == 409 and "The event is closed" in rewrite.get_data(as_text=True)
    delete = client.get(f"/games/{game.id}/hands/last/delete").get_data(as_text=True)
    hidden = dict(re.findall(r'name="(version|form_token)" value="([^"]*)"', delete))
    assert client.post(f"/games/{game.id}/hands/last/delete", data=hidden).status_code == 409
    assert store.get_game(db, game.id).hand_count == 1


def test_an_individual_players_card_names_the_partner(client, db) -> None:
    players = "\n".join(["Ann", "Bob", "Cy", "Di"])
    path = director(client, movement="individual", entrants=players, confirm="on")
    client.post(f"{path}/rounds")
    found = cards(db, path)
    page = client.get(found["Ann"]).get_data(as_text=True)
    partner = re.search(r"Partner: (\w+)", page)
    assert partner and partner.group(1) in {"Bob", "Cy", "Di"}
    assert re.search(r"Round 1: table 1, (North-South|East-West), against \w+ &amp; \w+\.", page)


def test_a_corrected_table_shows_the_result_that_counts_on_the_card(client, db) -> None:
    """The review's D3: the card showed 0-0 and "0 deals played" for a table the director set."""
    path, found = started(client, db, deals_per_round="2")
    client.post(f"{path}/tables/1/1", data={"action": "correct", "ns": "300", "ew": "600"})
    aces = client.get(found["Aces"]).get_data(as_text=True)
    assert "300 – 600, corrected by the director." in aces
    assert re.search(r'<span class="tag side-0">[^<]* 300</span>', aces)
    assert "0 deals of 2 played" not in aces
    client.post(f"{path}/tables/1/2", data={"action": "no_play"})
    other = [n for n in found if "Round 1: table 2" in client.get(found[n]).get_data(as_text=True)]
    assert "the director set this table aside" in client.get(found[other[0]]).get_data(as_text=True)


def test_a_withdrawn_card_says_so_and_a_late_one_when_it_plays(client, db) -> None:
    """The review's D4: a withdrawn pair's card said "you sit this round out (a bye)"."""
    path, found = started(client, db)
    client.post(f"{path}/entrants", data={"entrant": "Tens: Ivy, Jo"})
    found = cards(db, path)
    assert "You play from round 2." in client.get(found["Tens"]).get_data(as_text=True)
    client.post(f"{path}/withdraw", data={"position": "2"})  # Queens, after round 1
    client.post(f"{path}/rounds", data={"anyway": "1"})
    queens = client.get(found["Queens"]).get_data(as_text=True)
    assert "Withdrawn after round 1: no later round seats you." in queens
    assert "a bye" not in queens


def test_a_pair_that_did_not_come_is_withdrawn_before_round_1(client, db) -> None:
    """Before the first round the director's page says so and offers "Withdraw before round 1",
    not "Round 0 of 3" and "after round 0"; the pair is seated in no round and its card says so."""
    path = director(client, confirm="on", deals_per_round="1")
    page = client.get(path).get_data(as_text=True)
    assert "Withdraw before round 1 (did not come)" in page and "after round 0" not in page
    assert "The first round has not started yet." in page and "Round 0 of" not in page
    client.post(f"{path}/withdraw", data={"position": "2"})  # Queens
    client.post(f"{path}/rounds")
    found = cards(db, path)
    queens = client.get(found["Queens"]).get_data(as_text=True)
    assert "Withdrawn before round 1: no round seats you." in queens
    assert "Round 1: table" not in queens
    assert "Withdraw after round 1" in client.get(path).get_data(as_text=True)


def test_a_second_phone_saving_the_same_hand_keeps_what_it_typed(client, db) -> None:
    """The review's D9: two phones of a card (or both sides) type hand 1; the second is kept."""
    path, found = started(client, db, deals_per_round="3")
    eid = event_id(db, path)
    table = event_rounds.tables(db, get_event(db, eid), 1)[0]
    names = {e.position: e.name for e in get_event(db, eid).entrants}
    ns, ew = found[names[table.north_south[0]]], found[names[table.east_west[0]]]
    first, partner, other = hand_form(client, ns), hand_form(client, ns), hand_form(client, ew)
    client.post(f"{ns}/hands/new", data=first | OUT)
    typed = {"0-melded_points": "1230", "0-canastas-natural": "1", "0-went_out": "out"}
    answer = client.post(f"{ns}/hands/new", data=partner | typed)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 409 and "already saved from your side" in page
    assert 'value="1230"' in page and "record it as hand 2" in page  # kept as typed
    assert store.get_game(db, table.game_id).hand_count == 1  # not saved twice
    mine = {"1-melded_points": "775", "1-canastas-natural": "1", "1-went_out": "out"}
    answer = client.post(f"{ew}/hands/new", data=other | mine)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 409 and "already saved by the other side" in page
    assert 'value="775"' in page and f"{ew}/rounds/1/hands/1/confirm" in client.get(ew).text
    again = dict(re.findall(r'name="(version|form_token|number)" value="([^"]*)"', page))
    assert location(client.post(f"{ew}/hands/new", data=again | mine)).endswith("#hand-2")
    assert store.get_game(db, table.game_id).hand_count == 2  # recorded as the next, by choice
    outbox = client.post(
        f"{ns}/hands/new", data=partner | typed, headers={"Accept": "application/json"}
    )
    assert outbox.status_code == 409 and outbox.get_json()["clash"] is True


def test_the_hand_forms_lead_back_to_the_page_that_opened_them(client, db) -> None:
    """A pair's card opens the hand form, whose header leads back to the card and says so; the
    director's correction leads back to the director's page; neither says "the sheet"."""
    path, found = started(client, db)
    card = found["Aces"]
    form = client.get(f"{card}/hands/new").get_data(as_text=True)
    assert f'<a href="{card}">Back to your card</a>' in form
    assert "Back to the sheet" not in form
    german = client.get(f"{card}/hands/new", headers={"Accept-Language": "de"})
    assert "Zurück zu eurer Karte" in german.get_data(as_text=True)
    record(client, card)
    game = db.execute("SELECT game_id FROM hands").fetchone()[0]
    fixing = client.get(f"{path}/hands/{game}/1/edit").get_data(as_text=True)
    assert f'<a href="{path}#to-settle">Back to the director&#39;s page</a>' in fixing
    assert "Back to the sheet" not in fixing

"""A sheet's 304 keeps no page that a render would now show otherwise: rules moved on, a club
night closed (neither moves the game's version), and `If-None-Match: *` (review 37)."""

from __future__ import annotations

import re

from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import get_event
from scorekeeper.store.formats import house as houses
from tests.test_house_formats import _house
from tests.test_web_entrant_cards import event_id, record, started


def _tagged(client, path):
    """Reads the page until it is tagged (the first may carry a one-time message)."""
    for _ in range(3):
        page = client.get(path)
        if "ETag" in page.headers:
            return page
    raise AssertionError("never tagged")


def test_a_house_format_edited_is_a_new_sheet(table, client, db) -> None:
    format_id, token = _house(db, {"going_out.bonus": 200, "ending.target": 7500})
    game_id = table.new_game(format_id)
    first = _tagged(client, f"/games/{game_id}")
    assert "rules changed since" not in first.get_data(as_text=True)
    houses.update_house_format(
        db, format_id, token, name="Grandma's Classic", base="classic", changes={}
    )
    poll = client.get(f"/games/{game_id}", headers={"If-None-Match": first.headers["ETag"]})
    assert poll.status_code == 200, "a poll kept the sheet without the 'rules changed' notice"
    assert "rules changed since" in poll.get_data(as_text=True)
    again = client.get(f"/games/{game_id}", headers={"If-None-Match": poll.headers["ETag"]})
    assert again.status_code == 304


def test_closing_the_club_night_is_a_new_sheet_at_its_tables(client, db) -> None:
    path, found = started(client, db)
    eid = event_id(db, path)
    table = event_rounds.tables(db, get_event(db, eid), 1)[0]
    names = {e.position: e.name for e in get_event(db, eid).entrants}
    record(client, found[names[table.north_south[0]]])
    join = re.search(r'href="(/join/[^"]+)"', client.get(path).get_data(as_text=True))
    assert join is not None
    client.get(join.group(1))
    sheet = f"/games/{table.game_id}"
    before = _tagged(client, sheet)
    assert "Reopen to fix a hand" in before.get_data(as_text=True)
    client.post(f"{path}/close")
    poll = client.get(sheet, headers={"If-None-Match": before.headers["ETag"]})
    assert poll.status_code == 200, "a poll kept 'Reopen to fix a hand' on a closed night"
    assert "Reopen to fix a hand" not in poll.get_data(as_text=True)
    closed = _tagged(client, sheet)  # the director's "closed" message shown once, untagged
    client.post(f"{path}/reopen")
    client.get(path)  # the director reads "reopened" on the night's page
    reopened = client.get(sheet, headers={"If-None-Match": closed.headers["ETag"]})
    assert reopened.status_code == 200 and "Reopen to fix a hand" in reopened.get_data(as_text=True)


def test_any_current_copy_is_a_304(table, client) -> None:
    game_id = table.new_game()
    tag = _tagged(client, f"/games/{game_id}").headers["ETag"]
    star = client.get(f"/games/{game_id}", headers={"If-None-Match": "*"})
    assert star.status_code == 304 and star.headers["ETag"] == tag.replace(":br", "")

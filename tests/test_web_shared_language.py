"""A shared link's ?lang= reaches every part of the page: links, forms, preview, "Can we open?"."""

from __future__ import annotations

import html
import re

from tests.conftest import Table, hand_fields

HAND = {0: {"melded_points": "120", "canastas-natural": 1, "went_out": "out"}, 1: {}}


def addresses(page: str) -> list[str]:
    """Returns the app's own addresses a page names: links, form actions, script data-."""
    found = re.findall(r'(?:href|action|data-src|data-preview)="(/[^"]*)"', page)
    return [html.unescape(a) for a in found if not a.startswith(("/static/", "/sw.js"))]


def test_every_address_on_a_shared_sheet_keeps_its_language(table: Table) -> None:
    """The sheet opened with ?lang=de names no page of ours that would fall back to English."""
    game_id = table.new_game("classic")
    table.record(game_id, HAND)
    page = table.client.get(f"/games/{game_id}?lang=de").get_data(as_text=True)
    kept = [a for a in addresses(page) if "/hands/1" not in a]  # rows: sheet.js adds it
    assert len(kept) > 8
    assert all("lang=de" in a for a in kept), [a for a in kept if "lang=de" not in a]
    assert 'data-worker="/sw.js"' in page  # one worker for every language
    # Without ?lang= nothing changes: the cookie or the browser's language decides.
    plain = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "lang=" not in "".join(addresses(plain))


def test_the_record_forms_preview_answers_in_the_links_language(table: Table) -> None:
    """The live preview posts where the form says, and that address carries ?lang=."""
    game_id = table.new_game("classic")
    page = table.client.get(f"/games/{game_id}/hands/new?lang=es").get_data(as_text=True)
    (preview,) = re.findall(r'data-preview="([^"]+)"', page)
    assert "lang=es" in html.unescape(preview)
    assert re.search(r'<form class="hand" method="post"(?![^>]*action=)', page)  # posts to itself
    fields = table.form(f"/games/{game_id}/hands/new") | hand_fields(HAND)
    data = table.client.post(html.unescape(preview), data=fields).get_json()
    labels = [item["label"] for item in data["sides"]["We"]["breakdown"]]
    assert labels[0] == "Cartas bajadas" and "Melded cards" not in labels
    response = table.client.post(f"/games/{game_id}/hands/new?lang=es", data=fields)
    assert "lang=es" in response.headers["Location"]  # the sheet after saving: Spanish still
    sheet = table.client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Mano 1 guardada." in sheet


def test_can_we_open_loads_in_the_links_language(table: Table) -> None:
    """The sheet's "Can we open?" loads its form from an address with ?lang=, and answers so."""
    game_id = table.new_game("classic")
    page = table.client.get(f"/games/{game_id}?lang=it").get_data(as_text=True)
    (source,) = re.findall(r'id="opening-check" data-src="([^"]+)"', page)
    form = table.client.get(html.unescape(source)).get_data(as_text=True)
    assert "lang=it" in html.unescape(source)
    assert "Which side plans to open?" not in form and "Jokers" not in form
    (action,) = re.findall(r'<form[^>]*action="([^"]+)"', form)
    answer = table.client.post(
        html.unescape(action), data={"side": "0"}, headers={"Accept": "application/json"}
    ).get_json()
    assert answer["message"] and not re.search(r"\b(needs?|more|to open)\b", answer["message"])

"""A sheet is rendered from its stored rows for every answer that is not a 304, each with its
browser's own tokens, and a group's statistics are added up once per `stats_version`."""

from __future__ import annotations

import re

import pytest

from scorekeeper.store import cache
from scorekeeper.store.connection import connect
from scorekeeper.store.groups import figures
from scorekeeper.store.groups.figures import summed
from scorekeeper.web.games import sheet_page
from tests.conftest import GOOD, Table, hidden_fields, location, saved_hand
from tests.test_game_rules import finished_game
from tests.test_sharing import phone
from tests.test_web_groups import finished_game as group_game
from tests.test_web_groups import make_group

FOLLOW = re.compile(r'data-follow="([0-9a-f]+)"')


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """Counts the sheet renders, by the role each was rendered for."""
    seen: list[str] = []
    real = sheet_page.render_template

    def counting(template: str, **context):
        if template == "games/sheet.html":
            seen.append("owner" if context["can_write"] else "view")
        return real(template, **context)

    monkeypatch.setattr(sheet_page, "render_template", counting)
    return seen


def rendered(*roles: str) -> list[str]:
    """Returns the renders expected for answers to these roles in turn: one per answer."""
    return list(roles)


def tokens(page: str) -> tuple[str, str, str]:
    """Returns the page's CSRF token, form token (a viewer's page has none) and live-follow tag."""
    fields = hidden_fields(page)
    found = FOLLOW.search(page)
    assert found, page
    return fields["csrf_token"], fields.get("form_token", ""), found[1]


def without_tokens(page: str) -> str:
    """Returns the page with its per-request tokens blanked, to compare two answers."""
    for token in filter(None, tokens(page)):
        page = page.replace(token, "")
    return page


def sheet(table: Table, game_id: str, **how) -> str:
    """Returns the sheet as this browser sees it, once any waiting message has been shown."""
    return table.client.get(f"/games/{game_id}", **how).get_data(as_text=True)


def settled(table: Table, game_id: str) -> None:
    """Shows the sheet once, so a message waiting since the last save is out of the way."""
    sheet(table, game_id)


def test_each_answer_has_its_own_form_token_and_a_new_hand_shows_at_once(
    table: Table, game_id, renders
) -> None:
    settled(table, game_id)
    renders.clear()
    first, second = sheet(table, game_id), sheet(table, game_id)
    assert renders == rendered("owner", "owner")  # the second answer: the first's text
    assert without_tokens(first) == without_tokens(second)
    assert tokens(first)[2] == tokens(second)[2]  # the same browser follows the same tag
    assert saved_hand(table.record(game_id, GOOD), game_id) == 2
    assert 'id="hand-2"' in sheet(table, game_id) and 'id="hand-2"' not in second


def test_phones_with_the_same_role_see_the_same_page_but_not_their_tags(
    app, table: Table, game_id, renders
) -> None:
    view = table.game(game_id).tokens.view
    ann, bob = phone(app, view), phone(app, view)
    settled(table, game_id)
    renders.clear()
    ann_page, bob_page = sheet(ann, game_id), sheet(bob, game_id)
    owner_page = sheet(table, game_id)
    assert renders == rendered("view", "view", "owner")
    assert tokens(ann_page)[2] != tokens(bob_page)[2]  # each tag names its own browser
    assert without_tokens(ann_page) == without_tokens(bob_page)
    assert "Record hand 2" in owner_page and "Record hand 2" not in ann_page


def test_a_pages_tokens_are_its_own_and_accepted_by_its_forms(csrf_app, renders) -> None:
    table = Table(csrf_app, csrf_app.test_client())
    game_id = finished_game(table)  # a finished game's sheet has forms: reopen, play on
    settled(table, game_id)
    renders.clear()
    first, kept = sheet(table, game_id), sheet(table, game_id)
    assert renders == rendered("owner", "owner")
    assert tokens(first)[1] and tokens(first)[1] != tokens(kept)[1]  # one-time: never twice
    response = table.client.post(
        f"/games/{game_id}/reopen", data=hidden_fields(kept) | {"reopened": "1"}
    )
    assert location(response).endswith(f"/games/{game_id}")
    assert "Reopened to fix a hand" in sheet(table, game_id)


@pytest.mark.parametrize(
    ("how", "shows"),
    [
        pytest.param({"query_string": {"lang": "es"}}, "Anotar la mano 2", id="lang-query"),
        pytest.param({"headers": {"Accept-Language": "de"}}, "Runde 2 eintragen", id="accept"),
    ],
)
def test_another_language_is_its_own_page(table: Table, game_id, how, shows) -> None:
    settled(table, game_id)
    english, other = sheet(table, game_id), sheet(table, game_id, **how)
    assert "Record hand 2" in english and shows in other


def test_another_paper_and_a_waiting_message_show_at_once(table: Table, game_id) -> None:
    settled(table, game_id)
    assert "Paper: <b>A4</b>" in sheet(table, game_id)
    table.client.set_cookie("paper", "letter")
    assert "Paper: <b>Letter</b>" in sheet(table, game_id)
    with table.client.session_transaction() as session:
        session["_flashes"] = [("ok", "Hand 1 saved once more.")]
    assert "Hand 1 saved once more." in sheet(table, game_id)


def test_renamed_sides_show_at_once(table: Table, game_id) -> None:
    settled(table, game_id)
    sheet(table, game_id)
    names = f"/games/{game_id}/names"
    fields = table.form(names)
    page = table.client.get(names).get_data(as_text=True)
    boxes = dict(re.findall(r'name="([\w-]+)" type="text" value="([^"]*)"', page))
    boxes = {name: ("Ravens" if value == "We" else value) for name, value in boxes.items()}
    assert location(table.client.post(names, data=fields | boxes)).endswith(game_id)
    assert "Ravens" in sheet(table, game_id)


@pytest.mark.parametrize("room", [True, False], ids=["cache-on", "cache-off"])
def test_a_groups_statistics_are_added_up_once_until_a_game_or_a_name_changes(
    app, table: Table, monkeypatch, room
) -> None:
    rendered = []
    real = figures.statistics
    monkeypatch.setattr(figures, "statistics", lambda *a, **k: rendered.append(1) or real(*a, **k))
    monkeypatch.setattr(cache, "on", room)
    group_id = make_group(table.client)
    group_game(table, group_id, ("Ann", "Bob", "Cy", "Di"))
    stats = f"/groups/{group_id}/stats"
    table.client.get("/")  # the message of the last save is shown there, out of the way
    first, again = (table.client.get(stats).get_data(as_text=True) for _ in range(2))
    assert len(rendered) == (1 if room else 2) and first == again and "Ann &amp; Bob" in first

    group_game(table, group_id, ("Eve", "Bob", "Cy", "Di"))  # a new game: new figures
    table.client.get("/")
    assert "Bob &amp; Eve" in table.client.get(stats).get_data(as_text=True)
    ann = next(p for p, n in summed_names(app, group_id).items() if n == "Ann")
    table.client.post(f"/groups/{group_id}/players/{ann}/rename", data={"name": "Annie"})
    table.client.get("/")
    assert "Annie &amp; Bob" in table.client.get(stats).get_data(as_text=True)
    if room:  # added up again only when the group's version moved: a game, then a name
        assert len(rendered) == 3


def summed_names(app, group_id: str) -> dict[str, str]:
    """Returns the group's players by id."""
    conn = connect(app.config["DATABASE"])
    try:
        return summed(conn, group_id).names
    finally:
        conn.close()

"""The new-game screens: choosing a format, naming sides and players, and every refusal."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.web.games.game_form import named_players
from tests.conftest import Table, hidden_fields

CLASSIC = {
    "format": "classic",
    "first_dealer": "0-0",
    "side-0-name": "We",
    "side-1-name": "They",
    "side-0-player-0": "Ann",
    "side-0-player-1": "Bob",
    "side-1-player-0": "Cy",
    "side-1-player-1": "Di",
}


def test_the_format_list_describes_every_preset(table: Table) -> None:
    """The first step lists every format with its one-line description."""
    page = table.client.get("/games/new").get_data(as_text=True)
    assert "Four players in two partnerships, 108 cards, game to 5,000." in page
    for format_id in ("classic", "cutthroat", "samba", "hand_and_foot", "oklahoma"):
        assert f"/games/new?format={format_id}" in page


def test_the_classic_form_offers_names_dealer_and_house_rules(table: Table) -> None:
    """Classic asks for We and They with two players each, the first dealer, and options."""
    page = table.client.get("/games/new?format=classic").get_data(as_text=True)
    assert 'value="We"' in page and 'value="They"' in page
    assert "side-1-player-1" in page and "side-1-player-2" not in page
    assert "Seat 1: We: player 1" in page and "Seat 2: They: player 1" in page
    assert 'value="tie_is_draw"' in page and "ends the game as a draw" in page


def test_options_and_start_totals_are_saved(table: Table, db) -> None:
    """House rules and totals carried over from paper reach the stored game."""
    game_id = table.new_game(
        **{**CLASSIC, "option": "tie_is_draw", "side-1-start": "1250", "first_dealer": "1-0"}
    )
    game = table.game(game_id)
    assert game.options == ("tie_is_draw",) and game.rules.ending.tie == "draw"
    assert game.state.totals == {"We": 0, "They": 1250} and game.state.next_dealer == "Cy"
    assert db.execute("SELECT seating FROM games").fetchone()[0] == "[]"  # partners alternate
    assert game.setup.seats() == ("Ann", "Cy", "Bob", "Di")
    assert [
        r[0] for r in db.execute("SELECT name FROM players ORDER BY side_position, position")
    ] == ["Ann", "Bob", "Cy", "Di"]
    assert "Opens with <b>50</b>" in table.client.get(f"/games/{game_id}").get_data(as_text=True)


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        pytest.param(
            {"side-0-player-0": "", "side-0-player-1": "We 1"},
            "side-0-player-1",
            "Another player already has this name",
            id="name-of-a-blank-partner",
        ),
        pytest.param(
            {"side-1-name": "x" * 41}, "side-1-name", "at most 40 characters", id="too-long"
        ),
        pytest.param(
            {"side-1-name": "we"},
            "side-1-name",
            "Another side already has this name",
            id="same-side",
        ),
        pytest.param(
            {"side-1-player-1": "Ann"},
            "side-1-player-1",
            "Another player already has this name",
            id="same-player",
        ),
        pytest.param(
            {"first_dealer": "7-7"},
            "first_dealer",
            "Choose who deals the first hand",
            id="bad-dealer",
        ),
        pytest.param({"side-0-start": "abc"}, "side-0-start", "multiple of 5", id="start-letters"),
        pytest.param(
            {"side-0-start": "1234"}, "side-0-start", "multiple of 5", id="start-not-five"
        ),
        pytest.param(
            {"side-0-start": "5000"},
            "side-0-start",
            "below the target (5,000)",
            id="start-at-target",
        ),
        pytest.param(
            {"side-0-start": "1000000"}, "side-0-start", "too large", id="start-a-million"
        ),
    ],
)
def test_bad_setups_are_explained_and_save_nothing(
    table: Table, db, change, field, message
) -> None:
    """Each mistake in the new-game form comes back beside its field."""
    response = table.client.post("/games/new", data={**CLASSIC, **change})
    assert response.status_code == 422
    page = html.unescape(response.get_data(as_text=True))
    start = page.index(f'id="e-{field}"')
    assert message in page[start : page.index("</ul>", start)]
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 0


def test_unknown_format_is_refused(table: Table, db) -> None:
    """Posting a format that does not exist is a 400, not a crash."""
    assert table.client.post("/games/new", data={**CLASSIC, "format": "poker"}).status_code == 400
    assert table.client.get("/games/new?format=poker").status_code == 200  # the format list
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 0


def test_names_are_shown_as_text(table: Table) -> None:
    """A name with HTML in it shows as text on every page."""
    game_id = table.new_game(**{**CLASSIC, "side-0-name": "<b>We</b>"})
    for path in (f"/games/{game_id}", f"/games/{game_id}/hands/new", "/"):
        page = table.client.get(path).get_data(as_text=True)
        assert "&lt;b&gt;We&lt;/b&gt;" in page and "<b>We</b>" not in page


def test_individual_formats_name_players_only(table: Table) -> None:
    """Cutthroat asks for three player names; each is a column of the sheet."""
    page = table.client.get("/games/new?format=cutthroat").get_data(as_text=True)
    assert "Player 3" in page and "side-0-player-0" not in page
    game_id = table.new_game(
        "cutthroat", **{"side-0-name": "Ann", "side-1-name": "Bob", "side-2-name": "Cy"}
    )
    assert table.game(game_id).side_keys == ["Ann", "Bob", "Cy"]


@pytest.mark.parametrize(
    ("asked", "given"),
    [
        pytest.param("4", 4, id="four"),
        pytest.param("9", 5, id="too-many"),
        pytest.param("x", 3, id="not_a_number"),
    ],
)
def test_oklahoma_side_count_is_kept_in_range(table: Table, asked, given) -> None:
    """The number of players is chosen from the format's range; odd values fall back."""
    page = table.client.get(f"/games/new?format=oklahoma&sides={asked}").get_data(as_text=True)
    assert f"Player {given}" in page and f"Player {given + 1}<" not in page


def test_names_are_optional(table: Table) -> None:
    """Blank names play as We and They, the partners as "We 1", "They 2" and so on."""
    page = table.client.get("/games/new?format=classic").get_data(as_text=True)
    assert "Player 1 (optional)" in page and 'placeholder="They 2"' in page
    blank = {key: "" for key in CLASSIC if key.startswith("side-")}
    response = table.client.post("/games/new", data={**CLASSIC, **blank, "side-0-player-0": "Ann"})
    game = table.game(response.headers["Location"].rsplit("/", 1)[-1])
    assert [(s.name, s.players) for s in game.setup.sides] == [
        ("We", ("Ann", "We 2")),
        ("They", ("They 1", "They 2")),
    ]
    assert game.state.next_dealer == "Ann"


def test_a_format_starts_in_one_tap_from_the_format_list(table: Table) -> None:
    """The format list's Start button sends only the format: default names, first seat deals."""
    page = table.client.get("/games/new").get_data(as_text=True)
    assert 'aria-label="Start Cutthroat"' in page and 'aria-label="Set up Cutthroat"' in page
    for format_id, names in (
        ("classic", ["We", "They"]),
        ("cutthroat", ["Player 1", "Player 2", "Player 3"]),
        ("six_hand_three_teams", ["We", "They", "Them"]),
    ):
        response = table.client.post("/games/new", data={"format": format_id})
        game = table.game(response.headers["Location"].rsplit("/", 1)[-1])
        assert game.side_keys == names and game.setup.first_dealer == game.setup.seats()[0]


def test_a_game_like_the_last_one_in_one_tap(table: Table) -> None:
    """Home offers the last game again: same format, options and sides; the next seat deals."""
    first = table.new_game(**{**CLASSIC, "option": "tie_is_draw", "side-1-start": "500"})
    home = table.client.get("/").get_data(as_text=True)
    assert f'action="/games/{first}/again"' in home and "New game like the last" in home
    response = table.client.post(f"/games/{first}/again", data=hidden_fields(home))
    second = table.game(response.headers["Location"].rsplit("/", 1)[-1])
    old = table.game(first)
    assert second.id != first and second.options == ("tie_is_draw",)
    assert second.setup.sides == old.setup.sides and second.setup.start_totals == {}
    assert old.setup.first_dealer == "Ann" and second.setup.first_dealer == "Cy"
    assert not second.hands
    home = table.client.get("/").get_data(as_text=True)
    again = table.client.post(f"/games/{second.id}/again", data=hidden_fields(home))
    assert table.game(again.headers["Location"].rsplit("/", 1)[-1]).setup.first_dealer == "Bob"


def test_changing_the_player_count_needs_no_extra_tap(table: Table) -> None:
    """The count's form submits itself with JavaScript; its button stays for browsers without."""
    page = table.client.get("/games/new?format=oklahoma").get_data(as_text=True)
    assert "data-autosubmit" in page and "data-without-js>Change</button>" in page
    assert "js/new_game.js" in page


def test_blank_partners_never_carry_an_error_of_their_own(table: Table, db) -> None:
    """A long side name still fits its partners' default names; a repeated one is said once."""
    blank = {key: "" for key in CLASSIC if key.startswith("side-")}
    long = "W" * 40
    response = table.client.post("/games/new", data={**CLASSIC, **blank, "side-0-name": long})
    game = table.game(response.headers["Location"].rsplit("/", 1)[-1])
    assert game.setup.sides[0].players == ("W" * 38 + " 1", "W" * 38 + " 2")
    assert named_players(game.setup.sides[0]) == []  # still defaults, not players to remember

    twins = {**CLASSIC, **blank, "side-0-name": "Us", "side-1-name": "us"}
    response = table.client.post("/games/new", data=twins)
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422
    assert page.count("Another side already has this name") == 1
    assert "Another player already has this name" not in page
    assert 'id="e-side-1-player-0"' not in page and 'id="e-side-0-player-0"' not in page


SEATS = re.compile(r'<option value="(\d+-\d+)"( selected)?[^>]*>([^<]*)</option>')


def test_the_dealer_seats_read_the_names_typed(table: Table) -> None:
    """Without JavaScript the seats read the names sent, also when the form comes back with a
    problem; each seat carries what new_game.js needs to follow the names being typed."""
    page = table.client.get("/games/new?format=classic").get_data(as_text=True)
    assert (
        '<option value="1-0" data-words="Seat 2: {}" data-side="f-side-1-name" '
        'data-side-blank="They" data-player="f-side-1-player-0" data-player-blank="player 1">'
        "Seat 2: They: player 1</option>"
    ) in page
    sent = {**CLASSIC, "side-1-name": "", "side-1-player-0": "Cat", "first_dealer": "1-0"}
    response = table.client.post("/games/new", data={**sent, "side-0-start": "12x"})
    assert response.status_code == 422
    assert SEATS.findall(response.get_data(as_text=True)) == [
        ("0-0", "", "Seat 1: We: Ann"),
        ("1-0", " selected", "Seat 2: They: Cat"),  # a blank side plays as They
        ("0-1", "", "Seat 3: We: Bob"),
        ("1-1", "", "Seat 4: They: Di"),
    ]
    page = table.client.get("/games/new?format=cutthroat").get_data(as_text=True)
    assert [text for _value, _chosen, text in SEATS.findall(page)] == [
        "Seat 1: Player 1",
        "Seat 2: Player 2",
        "Seat 3: Player 3",
    ]
    assert 'data-words="Seat 2: {}" data-side="f-side-1-name" data-side-blank="Player 2">' in page

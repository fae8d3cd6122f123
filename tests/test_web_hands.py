"""Recording, editing and deleting hands through the pages: bad input, repeats and races."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper import store
from scorekeeper.store.connection import connect
from tests.conftest import Table, hand_fields, location, saved_hand

GOOD = {
    0: {"melded_points": "300", "canastas-natural": 1, "went_out": "out"},
    1: {"melded_points": "100", "hand_points": "30"},
}


@pytest.fixture
def game_id(table: Table) -> str:
    """Returns a new Classic game with no hands."""
    return table.new_game("classic")


def saved_nothing(db, version: int = 1, hands: int = 0) -> bool:
    """Tells whether the database still holds only what it held before."""
    return (
        db.execute("SELECT count(*) FROM hands").fetchone()[0] == hands
        and db.execute("SELECT version FROM games").fetchone()[0] == version
        and db.execute("SELECT count(*) FROM used_form_tokens").fetchone()[0] == hands
    )


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        pytest.param({}, "_form", "Nothing was entered", id="empty-form"),
        pytest.param(
            {0: {"melded_points": ""}, 1: {"hand_points": " "}},
            "_form",
            "Nothing was entered",
            id="blank-fields",
        ),
        pytest.param(
            {0: {"melded_points": "abc"}},
            "0-melded_points",
            "Use numbers joined by +",
            id="letters",
        ),
        pytest.param(
            {0: {"melded_points": "120++35"}},
            "0-melded_points",
            "Use numbers joined by +",
            id="double-plus",
        ),
        pytest.param(
            {0: {"melded_points": "1,000,000"}},
            "0-melded_points",
            "is too large: at most 100,000",
            id="commas",
        ),
        pytest.param(
            {0: {"melded_points": "2*60"}},
            "0-melded_points",
            "Use numbers joined by +",
            id="no-eval",
        ),
        pytest.param(
            {0: {"melded_points": "9" * 300}},
            "0-melded_points",
            "is too large",
            id="very-long",
        ),
        pytest.param(
            {1: {"hand_points": "-50"}}, "1-hand_points", "cannot be negative", id="negative"
        ),
        pytest.param(
            {0: {"melded_points": "1000000"}},
            "0-melded_points",
            "Melded card points is too large: at most 100,000.",
            id="a-million",
        ),
        pytest.param(
            {0: {"melded_points": "①"}},
            "0-melded_points",
            "Type the digits 0 to 9",
            id="circled-digit",
        ),
        pytest.param(
            {0: {"melded_points": "500+500+500"}},
            "0-melded_points",
            "more than the whole 108-card pack",
            id="past-the-pack",
        ),
        pytest.param(
            {0: {"melded_points": "123"}}, "0-melded_points", "multiple of 5", id="not-five"
        ),
        pytest.param(
            {0: {"melded_points": "100", "red_threes": "two"}},
            "0-red_threes",
            "Enter a whole number",
            id="count-letters",
        ),
        pytest.param(
            {0: {"melded_points": "100", "red_threes": "5"}},
            "0-red_threes",
            "The pack has only 4",
            id="five-red-threes",
        ),
        *(
            pytest.param(
                {i: {"melded_points": "100", "red_threes": "3"} for i in (0, 1)},
                f"{marked}-red_threes",
                "The pack has 4 red threes, but 6 were entered in all.",
                id=f"red-threes-of-both-sides-marked-on-side-{marked}",
            )
            for marked in (0, 1)
        ),
        pytest.param(
            {i: {"melded_points": "600"} for i in (0, 1)},
            "1-melded_points",
            "All sides together hold 1,200 card points",
            id="card-points-of-both-sides-past-the-pack",
        ),
        pytest.param(
            {0: {"melded_points": "100", "went_out": "maybe"}},
            "0-went_out",
            "Choose no, out or concealed",
            id="bad-going-out",
        ),
        pytest.param(
            {0: {"canastas-natural": "1"}},
            "0-canastas",
            "no melded points cannot have a canasta",
            id="canasta-without-melds",
        ),
        pytest.param(
            {0: {"melded_points": "100", "went_out": "out"}},
            "0-went_out",
            "Going out needs 1 canasta",
            id="out-without-canasta",
        ),
        pytest.param(
            {0: {"melded_points": "1000", "canastas-natural": "20"}},
            "0-canastas",
            "20 canastas need at least 140 cards; the pack has 108.",
            id="more-canastas-than-the-pack-has-cards",
        ),  # 700 points of cards would do; 140 cards would not
        pytest.param(
            {
                0: {"melded_points": "300", "canastas-natural": 1, "went_out": "out"},
                1: {"melded_points": "300", "canastas-natural": 1, "went_out": "out"},
            },
            "1-went_out",
            "Only one side can go out",
            id="two-sides-out",
        ),
    ],
)
def test_bad_input_is_explained_and_saves_nothing(
    table: Table, game_id, db, fields, field, message
) -> None:
    """Each mistake comes back beside its field, with everything typed kept."""
    response = table.record(game_id, fields)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    start = page.index(f'id="e-{field}"')
    assert message in page[start : page.index("</ul>", start)]
    for i, side in fields.items():
        for key, value in side.items():
            if key != "went_out":
                assert f'name="{i}-{key}" type="text" inputmode' in page
                assert f'value="{str(value)[:200]}' in page or value == " "
    assert saved_nothing(db)


def test_a_sum_is_added_up(table: Table, game_id) -> None:
    """Points typed as 120+35+20 count as 175."""
    table.record(game_id, {0: {"melded_points": "120 + 35+20"}, 1: {"hand_points": "20+5"}})
    assert table.game(game_id).state.totals == {"We": 175, "They": -25}


def test_the_form_shows_again_with_the_values_typed(table: Table, game_id) -> None:
    """A refused form keeps the raw sum as typed, not its total."""
    page = table.record(game_id, {0: {"melded_points": "120+35", "went_out": "out"}}).get_data(
        as_text=True
    )
    assert 'value="120+35"' in page
    assert 'value="out" checked' in page


def test_the_same_form_sent_twice_saves_one_hand(table: Table, game_id, db) -> None:
    """A double tap on Save records the hand once and says so the second time."""
    path = f"/games/{game_id}/hands/new"
    data = table.form(path) | hand_fields(GOOD)
    assert saved_hand(table.client.post(path, data=data), game_id) == 1
    second = table.client.post(path, data=data, follow_redirects=True)
    assert "That hand was already saved." in second.get_data(as_text=True)
    assert saved_nothing(db, version=2, hands=1)


def test_a_stale_form_is_refused_and_keeps_what_was_typed(app, table: Table, game_id, db) -> None:
    """When another phone saved first, the hand is not saved over it and nothing typed is lost."""
    other = Table(app, app.test_client())
    other.client.get(f"/join/{table.game(game_id).tokens.edit}")
    path = f"/games/{game_id}/hands/new"
    mine = table.form(path)
    other.record(game_id, GOOD)
    response = table.client.post(path, data=mine | hand_fields({0: {"melded_points": "45+5"}}))
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "Another phone changed this game" in page and 'value="45+5"' in page
    assert re.search(r"<h1[^>]*>Hand 2</h1>", page) and "We 900</span>" in page  # after theirs
    assert saved_nothing(db, version=2, hands=1)
    again = table.client.post(
        path, data=page_fields(page) | hand_fields({0: {"melded_points": "45+5"}})
    )
    assert again.headers["Location"].endswith("#hand-2")


def page_fields(page: str) -> dict[str, str]:
    """Returns a page's hidden fields."""
    from tests.conftest import hidden_fields

    return hidden_fields(page)


def test_a_stale_delete_is_refused(app, table: Table, game_id, db) -> None:
    """Deleting the last hand after another phone changed the game shows the sheet with 409."""
    table.record(game_id, GOOD)
    confirm = table.form(f"/games/{game_id}/hands/last/delete")
    table.record(game_id, GOOD)
    response = table.client.post(f"/games/{game_id}/hands/last/delete", data=confirm)
    assert response.status_code == 409 and "Another phone changed" in response.get_data(
        as_text=True
    )
    assert saved_nothing(db, version=3, hands=2)


def test_editing_keeps_the_stored_values(table: Table, game_id) -> None:
    """The edit form opens with the hand as it was saved."""
    table.record(game_id, GOOD)
    page = table.client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert 'name="0-melded_points" type="text" inputmode="tel" value="300"' in page
    assert 'name="0-went_out" value="out" checked' in page and "Save changes" in page


def test_an_invalid_edit_changes_nothing(table: Table, game_id, db) -> None:
    """An edit that the engine refuses leaves the stored hand as it was."""
    table.record(game_id, GOOD)
    before = db.execute("SELECT entry FROM hands").fetchone()[0]
    response = table.edit(game_id, 1, {0: {"melded_points": "7"}})
    assert response.status_code == 422
    assert db.execute("SELECT entry FROM hands").fetchone()[0] == before


@pytest.mark.parametrize(
    "path",
    [
        pytest.param("/hands/2/edit", id="edit-missing-hand"),
        pytest.param("/hands/0/edit", id="edit-hand-zero"),
        pytest.param("/hands/x/edit", id="edit-not-a-number"),
        pytest.param("/hands/99999999999999999999/edit", id="edit-huge-number"),
    ],
)
def test_missing_hands_are_404(table: Table, game_id, path) -> None:
    """A hand that is not on the sheet gives the 404 page."""
    table.record(game_id, GOOD)
    response = table.client.get(f"/games/{game_id}{path}")
    assert response.status_code == 404 and "There is nothing here" in response.get_data(
        as_text=True
    )


def test_delete_with_no_hands_explains(table: Table, game_id) -> None:
    """Delete last hand on an empty sheet says there is nothing to delete."""
    response = table.client.get(f"/games/{game_id}/hands/last/delete", follow_redirects=True)
    assert "There is no hand to delete." in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "data",
    [
        pytest.param({}, id="no-hidden-fields"),
        pytest.param({"version": "one", "form_token": "a" * 22}, id="bad-version"),
        pytest.param({"version": "1", "form_token": "<script>"}, id="bad-token"),
    ],
)
def test_missing_hidden_fields_are_400(table: Table, game_id, db, data) -> None:
    """A form without its version and one-time token is refused plainly."""
    response = table.client.post(f"/games/{game_id}/hands/new", data=data | hand_fields(GOOD))
    assert response.status_code == 400 and "hidden fields" in response.get_data(as_text=True)
    assert saved_nothing(db)


def test_preview_scores_without_saving(table: Table, game_id, db) -> None:
    """The preview endpoint returns each side's score and total as JSON and saves nothing."""
    response = table.client.post(f"/games/{game_id}/preview", data=hand_fields(GOOD))
    data = response.get_json()
    assert data["ok"] and data["errors"] == []
    assert data["sides"]["We"]["total"] == 900 and data["sides"]["They"]["score"] == 70
    assert data["sides"]["We"]["breakdown"][1] == {
        "item": "canastas.natural",
        "label": "Natural canasta",
        "points": 500,
        "count": 1,
    }
    assert saved_nothing(db)


def test_preview_lists_problems_by_field(table: Table, game_id) -> None:
    """A bad hand previews as ok=false with each problem's form field."""
    data = table.client.post(
        f"/games/{game_id}/preview", data=hand_fields({0: {"melded_points": "12"}})
    ).get_json()
    assert data == {
        "ok": False,
        "sides": {},
        "warnings": [],
        "errors": [
            {
                "field": "0-melded_points",
                "message": "Melded points must be a multiple of 5 (every card is); got 12.",
            }
        ],
    }


def test_preview_of_an_empty_form_says_so_by_code(table: Table, game_id) -> None:
    """The script hides the preview on the code nothing_entered, never on the message's words."""
    data = table.client.post(f"/games/{game_id}/preview", data=hand_fields({})).get_json()
    assert data["ok"] is False and [e["code"] for e in data["errors"]] == ["nothing_entered"]
    typed = hand_fields({0: {"melded_points": "12"}})
    bad = table.client.post(f"/games/{game_id}/preview", data=typed).get_json()
    assert all("code" not in e for e in bad["errors"])


def test_preview_of_an_edit_uses_the_totals_before_that_hand(table: Table, game_id) -> None:
    """Previewing hand 1 while hand 2 exists starts from the totals before hand 1."""
    table.record(game_id, GOOD)
    table.record(game_id, GOOD)
    data = table.client.post(
        f"/games/{game_id}/preview", data=hand_fields(GOOD, number=1)
    ).get_json()
    assert data["sides"]["We"]["total"] == 900


def test_a_huge_request_is_413(table: Table, game_id, db) -> None:
    """A body over 64 KiB gets the 413 page and saves nothing."""
    response = table.client.post(
        f"/games/{game_id}/hands/new", data={"0-melded_points": "5" * 70_000}
    )
    assert response.status_code == 413 and "far more than a score sheet needs" in response.get_data(
        as_text=True
    )
    assert saved_nothing(db)


def test_rare_fields_fold_under_more_and_open_when_used(table: Table) -> None:
    """Red threes not laid down fold under each side's More; a hand that has some opens it."""
    game_id = table.new_game()
    page = table.client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    folds = page.split('<details class="more"')[1:]
    assert len(folds) == 2 and all(f.startswith(">") for f in folds)  # closed
    assert 'name="0-undeclared_red_threes"' in folds[0].split("</details>")[0]
    assert 'name="1-undeclared_red_threes"' in folds[1].split("</details>")[0]
    assert (
        page.count(" autofocus") == 1
        and 'name="0-melded_points"' in page.split(" autofocus")[0][-200:]
    )
    hand = {0: {"melded_points": "120", "went_out": "out", "canastas-natural": 1}}
    hand[1] = {"melded_points": "50", "undeclared_red_threes": 1}
    assert saved_hand(table.record(game_id, hand), game_id) == 1
    edit = table.client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    folds = edit.split('<details class="more"')[1:]
    assert folds[0].startswith(">") and folds[1].startswith(" open>")
    assert " autofocus" not in edit  # editing: the phone keeps its place


def test_hand_and_foot_asks_for_points_left_in_hand_and_foot(table: Table) -> None:
    """Hand and Foot's cards left are in the hand and the foot, and the form says so."""
    game_id = table.new_game("hand_and_foot")
    page = table.client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert page.count(">Points left in hand and foot</label>") == 2
    classic = table.client.get(f"/games/{table.new_game()}/hands/new").get_data(as_text=True)
    assert ">Points left in hands</label>" in classic


def test_the_sheet_opens_the_form_with_who_went_out(table: Table) -> None:
    """ "They went out" on the sheet is the form with They's going out chosen; odd values are ignored."""
    game_id = table.new_game()
    sheet = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/hands/new?out=1">They went out</a>' in sheet
    page = table.client.get(f"/games/{game_id}/hands/new?out=1").get_data(as_text=True)
    assert 'name="1-went_out" value="out" checked' in page
    assert 'name="0-went_out" value="no" checked' in page
    for odd in ("2", "²", "-1", "01", "x"):
        page = table.client.get(f"/games/{game_id}/hands/new?out={odd}").get_data(as_text=True)
        assert page.count('value="no" checked') == 2


def test_a_meld_below_the_minimum_is_a_warning_in_preview_and_after_saving(table: Table) -> None:
    """They needed 90 to open and melded 60: the hand saves, and both places ask to check."""
    game_id = table.new_game(**{"side-1-start": "1500"})
    hand = {0: {"melded_points": "120", "canastas-natural": 1, "went_out": "out"}}
    hand[1] = {"melded_points": "60"}
    path = f"/games/{game_id}/preview"
    data = table.form(f"/games/{game_id}/hands/new") | hand_fields(hand)
    answer = table.client.post(path, data=data).get_json()
    assert answer["ok"] and answer["warnings"] == ["They needed 90 to open; 60 melded — check?"]
    response = table.record(game_id, hand)
    assert saved_hand(response, game_id) == 1
    sheet = html.unescape(table.client.get(location(response)).get_data(as_text=True))
    assert '<p class="flash warning" role="status">Hand 1 saved. They needed 90 to open' in sheet


def test_minus_red_threes_say_why_in_the_breakdown(table: Table) -> None:
    """A red three of a side with no meld counts minus "(minus: no meld)", in page and preview."""
    game_id = table.new_game()
    hand = {0: {"melded_points": "120", "canastas-natural": 1, "went_out": "out"}}
    hand[1] = {"red_threes": 1, "hand_points": "30"}
    data = table.form(f"/games/{game_id}/hands/new") | hand_fields(hand)
    answer = table.client.post(f"/games/{game_id}/preview", data=data).get_json()
    threes = [i for i in answer["sides"]["They"]["breakdown"] if i["item"] == "red_threes"]
    assert threes == [
        {
            "item": "red_threes",
            "label": "Red threes",
            "points": -100,
            "count": 1,
            "reason": "no_meld",
            "why": "no meld",
            "note": "minus: no meld",
        }
    ]
    assert saved_hand(table.record(game_id, hand), game_id) == 1
    page = table.client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert "Red threes × 1 <small>(minus: no meld)</small>" in page


CUT = {"side-0-name": "Ann", "side-1-name": "Bob", "side-2-name": "Cy"}


def test_cutthroat_partners_melds_are_entered_once(table: Table) -> None:
    """Melds typed in both partners' columns are refused; in one column they count once."""
    game_id = table.new_game("cutthroat", **CUT)
    lone = {0: {"melded_points": "300", "canastas-natural": 2, "went_out": "out"}}
    twice = lone | {1: {"melded_points": "120"}, 2: {"melded_points": "120", "red_threes": 1}}
    response = table.record(game_id, twice, lone_hand=0)
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422
    assert "Partners' melds, canastas and going out are entered once: Bob's column" in page
    assert 'id="e-2-melded_points"' in page and "enter them once, in one partner's column" in page
    once = lone | {
        1: {"melded_points": "120", "hand_points": "20"},
        2: {"red_threes": 1, "hand_points": "15"},
    }
    assert saved_hand(table.record(game_id, once, lone_hand=0), game_id) == 1
    game = table.game(game_id)
    assert game.state.totals == {"Ann": 1400, "Bob": 85, "Cy": 185}


def test_a_stored_partnership_split_across_columns_shows_once(table: Table, app) -> None:
    """A hand from the API with melds in both partners' columns opens with them in one."""
    game_id = table.new_game("cutthroat", **CUT)
    game = table.game(game_id)
    conn = connect(app.config["DATABASE"])
    try:
        store.record_hand(
            conn,
            game_id,
            {
                "lone_hand": "Ann",
                "hand": {
                    "Ann": {"melded_points": 300, "canastas": {"natural": 2}, "went_out": "out"},
                    "Bob": {"melded_points": 120, "canastas": {"mixed": 1}},
                    "Cy": {"melded_points": 80, "red_threes": 1},
                },
            },
            version=game.version,
            form_token="split-1",
        )
    finally:
        conn.close()
    before = table.game(game_id).state.totals
    page = table.client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert 'name="1-melded_points" type="text" inputmode="tel" value="200"' in page
    assert 'name="2-melded_points" type="text" inputmode="tel" value=""' in page
    fields = dict(
        re.findall(r'name="(\d-[\w-]+)" type="text" inputmode="\w+" value="([^"]*)"', page)
    )
    checked = dict(re.findall(r'name="(\d-went_out|lone_hand)" value="(\w+)" checked', page))
    response = table.client.post(
        f"/games/{game_id}/hands/1/edit",
        data=table.form(f"/games/{game_id}/hands/1/edit") | fields | checked,
    )
    assert saved_hand(response, game_id) == 1
    assert table.game(game_id).state.totals == before


def test_the_edit_page_shows_the_totals_before_that_hand(table: Table, game_id: str) -> None:
    """Editing hand 2 of 3 starts from the totals after hand 1, not the game's latest."""
    for number in range(1, 4):
        assert saved_hand(table.record(game_id, GOOD), game_id) == number
    before = table.game(game_id).totals_before(2)
    assert before == {"We": 900, "They": 70}  # one GOOD hand: 300+500+100 and 100-30
    page = table.client.get(f"/games/{game_id}/hands/2/edit").get_data(as_text=True)
    header = re.search(r'<p class="totals">(.*?)</p>', page).group(1)
    assert re.findall(r">([^<]+)</span>", header) == ["We 900", "They 70"]
    new = table.client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    header = re.search(r'<p class="totals">(.*?)</p>', new).group(1)
    assert re.findall(r">([^<]+)</span>", header) == ["We 2,700", "They 210"]

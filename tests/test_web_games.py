"""Whole games played through the pages: Classic with fixes, and one game of each other format."""

from __future__ import annotations

import json

import pytest

from tests.conftest import Table, saved_hand

OUT = "out"


def sheet(table: Table, game_id: str) -> str:
    """Returns the sheet page's HTML, checking it loads."""
    response = table.client.get(f"/games/{game_id}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_classic_to_5000_with_an_edit_and_an_undo(table: Table, db) -> None:
    """Plays Classic to 5,000 through the pages, fixing a hand and undoing another."""
    game_id = table.new_game(
        "classic",
        **{
            "side-0-name": "We",
            "side-1-name": "They",
            "side-0-player-0": "Ann",
            "side-0-player-1": "Bob",
            "side-1-player-0": "Cy",
            "side-1-player-1": "Di",
        },
    )
    assert "Ann deals first" in sheet(table, game_id)  # the flash after creating
    hands = [
        # We: 600 + natural 500 + mixed 300 + out 100 + one red three 100 = 1,600
        (
            {
                0: {
                    "melded_points": "400+150+50",
                    "canastas-natural": 1,
                    "canastas-mixed": 1,
                    "red_threes": 1,
                    "went_out": OUT,
                },
                1: {"melded_points": "200", "hand_points": "50+30", "canastas-mixed": 1},
            },
            1600,
            420,
        ),
        # We: 500 + 2 naturals 1,000 + concealed 200 = 1,700; They: 150 - 100 + 200 = 250
        (
            {
                0: {"melded_points": "500", "canastas-natural": 2, "went_out": "concealed"},
                1: {"melded_points": "150", "hand_points": "100", "red_threes": 2},
            },
            3300,
            670,
        ),
        # We: 400 + 800 + 100 = 1,300; They: 300 + 300 - 50 = 550
        (
            {
                0: {
                    "melded_points": "400",
                    "canastas-natural": 1,
                    "canastas-mixed": 1,
                    "went_out": OUT,
                },
                1: {"melded_points": "300", "hand_points": "50", "canastas-mixed": 1},
            },
            4600,
            1220,
        ),
    ]
    for number, (fields, we, they) in enumerate(hands, start=1):
        response = table.record(game_id, fields)
        assert response.headers["Location"].endswith(f"/games/{game_id}#hand-{number}")
        game = table.game(game_id)
        assert game.state.totals == {"We": we, "They": they}
    page = sheet(table, game_id)
    assert "4,600" in page and "1,220" in page and "400 to go" in page
    assert "Opens with <b>120</b>" in page and "Opens with <b>50</b>" in page
    assert "Next dealer: <b>Di</b>" in page  # Ann, Cy, Bob dealt hands 1-3

    # Hand 2 was wrong: They had three red threes. Later totals follow.
    fixed = dict(hands[1][0])
    fixed[1] = {**fixed[1], "red_threes": 3}
    response = table.edit(game_id, 2, fixed)
    assert response.headers["Location"].endswith("#hand-2")
    assert table.game(game_id).state.totals == {"We": 4600, "They": 1320}
    stored = json.loads(db.execute("SELECT entry FROM hands WHERE number = 2").fetchone()[0])
    assert stored["hand"]["They"]["red_threes"] == 3
    assert stored["hand"]["We"]["went_out"] == "concealed"

    # A hand recorded for the wrong game is undone.
    table.record(game_id, {0: {"melded_points": "50"}, 1: {"melded_points": "60"}})
    assert table.client.get(f"/games/{game_id}/hands/last/delete").status_code == 200
    table.delete_last(game_id)
    assert [r[0] for r in db.execute("SELECT number FROM hands ORDER BY number")] == [1, 2, 3]

    # The last hand takes We past 5,000.
    table.record(
        game_id,
        {
            0: {"melded_points": "600", "canastas-natural": 1, "went_out": OUT},
            1: {"melded_points": "100", "hand_points": "120"},
        },
    )
    game = table.game(game_id)
    assert game.state.status.over and game.state.status.winner == "We"
    assert game.state.totals == {"We": 5800, "They": 1300}
    page = sheet(table, game_id)
    assert "<strong>We won</strong> by 4,500" in page
    assert "Record hand" not in page and "Reopen to fix a hand" in page
    row = db.execute("SELECT version, reopened FROM games WHERE id = ?", [game_id]).fetchone()
    assert row == (8, 0)  # created, 3 hands, an edit, a hand and its undo, the last hand
    assert db.execute("SELECT count(*) FROM used_form_tokens").fetchone()[0] == 7
    home = table.client.get("/").get_data(as_text=True)
    assert "Finished games" in home and "Winner: We, by 4,500." in home


def test_fixing_a_finished_game_needs_reopening(table: Table) -> None:
    """A finished game refuses changes until reopened; a fix can undo the win."""
    game_id = table.new_game("classic", **{"side-0-start": "4900"})
    table.record(game_id, {0: {"melded_points": "200", "canastas-natural": 1, "went_out": OUT}})
    assert table.game(game_id).locked
    response = table.client.get(f"/games/{game_id}/hands/1/edit")
    assert response.headers["Location"].endswith(f"/games/{game_id}")
    table.client.post(
        f"/games/{game_id}/reopen", data=table.form(f"/games/{game_id}") | {"reopened": "1"}
    )
    assert table.game(game_id).reopened
    table.edit(game_id, 1, {0: {"melded_points": "50"}})
    game = table.game(game_id)
    assert not game.state.status.over and not game.reopened  # no longer over: the flag is spent
    assert game.state.totals["We"] == 4950


def play(table: Table, game_id: str, hand: dict, times: int, **extra) -> None:
    """Records the same hand several times, each one saved."""
    for _ in range(times):
        saved_hand(table.record(game_id, hand, **extra), game_id)


def test_cutthroat_to_7500(table: Table) -> None:
    """Cutthroat: the lone hand scores alone; partners share melds and keep their own threes."""
    game_id = table.new_game(
        "cutthroat", **{"side-0-name": "Ann", "side-1-name": "Bob", "side-2-name": "Cy"}
    )
    response = table.record(game_id, {0: {"melded_points": "100"}})
    assert response.status_code == 422 and "Choose who played alone" in response.get_data(
        as_text=True
    )
    hand = {
        0: {"melded_points": "600", "canastas-natural": 2, "canastas-mixed": 1, "went_out": OUT},
        1: {"melded_points": "300", "hand_points": "50", "red_threes": 1},
        2: {"hand_points": "30"},  # the partnership's melds are entered once, with Bob
    }
    play(table, game_id, hand, 4, lone_hand=0)
    game = table.game(game_id)
    assert game.state.totals == {"Ann": 8000, "Bob": 1280, "Cy": 880}
    assert game.state.rows[0].lone_hand == "Ann"
    assert "<strong>Ann won</strong> by 6,720" in sheet(table, game_id)


def test_six_hand_three_partnerships_to_7500(table: Table) -> None:
    """Six-hand with three partnerships of two fits three columns and ends at 7,500."""
    game_id = table.new_game("six_hand_three_teams")
    hand = {
        0: {"melded_points": "700", "canastas-natural": 2, "canastas-mixed": 1, "went_out": OUT},
        1: {"melded_points": "200", "hand_points": "50"},
        2: {"melded_points": "100", "hand_points": "100"},
    }
    play(table, game_id, hand, 4)
    game = table.game(game_id)
    assert game.state.totals == {"We": 8400, "They": 600, "Them": 0}
    page = sheet(table, game_id)
    assert 'class="sheet cols-3"' in page and "<strong>We won</strong> by 7,800" in page


def test_samba_to_10000(table: Table) -> None:
    """Samba: a samba is worth 1,500, going out 200, and the game runs to 10,000."""
    game_id = table.new_game("samba")
    hand = {
        0: {"melded_points": "800", "canastas-samba": 1, "canastas-natural": 2, "went_out": OUT},
        1: {"melded_points": "300", "hand_points": "100", "red_threes": 1},
    }
    play(table, game_id, hand, 2)
    assert "Opens with <b>150</b>" in sheet(table, game_id)  # We are at 7,000
    play(table, game_id, hand, 1)
    game = table.game(game_id)
    assert game.state.totals == {"We": 10500, "They": 300}  # They's red three counts minus
    assert game.state.status.winner == "We"


def test_hand_and_foot_four_deals(table: Table) -> None:
    """Hand and Foot ends after exactly four deals, showing the deal number throughout."""
    game_id = table.new_game("hand_and_foot")
    hand = {
        0: {
            "melded_points": "1200",
            "canastas-clean": 2,
            "canastas-dirty": 2,
            "canastas-wild": 1,
            "went_out": OUT,
        },
        1: {"melded_points": "300", "hand_points": "200"},
    }
    assert "deal 1 of 4" in table.client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    play(table, game_id, hand, 1)
    page = sheet(table, game_id)
    assert "Deal 2 of 4." in page and "Opens with <b>90</b>" in page and "to go" not in page
    play(table, game_id, hand, 3)
    game = table.game(game_id)
    assert game.state.status.over and game.state.totals == {"We": 19200, "They": 400}
    path = f"/games/{game_id}/hands/new"
    assert table.client.get(path).headers["Location"].endswith(f"/games/{game_id}")
    data = {"version": "5", "form_token": "x" * 22, "0-melded_points": "100"}
    response = table.client.post(path, data=data, follow_redirects=True)
    assert "This game is over" in response.get_data(as_text=True)
    assert len(table.game(game_id).hands) == 4


def test_five_hand_shows_who_sits_out(table: Table) -> None:
    """Five-hand names the player of the three who sits out the next hand."""
    game_id = table.new_game(
        "five_hand",
        **{"side-1-player-0": "Xia", "side-1-player-1": "Yan", "side-1-player-2": "Zed"},
    )
    assert "Sitting out: <b>Xia</b>" in sheet(table, game_id)
    play(table, game_id, {0: {"melded_points": "100"}}, 1)
    assert "Sitting out: <b>Yan</b>" in sheet(table, game_id)
    assert "Xia sat out" in table.client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)


@pytest.mark.parametrize(
    ("count", "columns"),
    [pytest.param(2, 2, id="two-players"), pytest.param(5, 5, id="five-players")],
)
def test_oklahoma_side_count(table: Table, count: int, columns: int) -> None:
    """Oklahoma takes 2 to 5 players, one column each."""
    game_id = table.new_game("oklahoma", count=count)
    assert len(table.game(game_id).setup.sides) == columns
    assert f'class="sheet cols-{columns}"' in sheet(table, game_id)


def test_home_lists_games_in_progress_first(table: Table) -> None:
    """Home shows games in progress above finished ones, with their totals."""
    done = table.new_game("classic", **{"side-0-start": "4950"})
    table.record(done, {0: {"melded_points": "100"}})
    playing = table.new_game("samba", **{"side-0-name": "Reds", "side-1-name": "Blues"})
    page = table.client.get("/").get_data(as_text=True)
    assert (
        page.index(f'href="/games/{playing}"')
        < page.index("Finished games")
        < page.index(f'href="/games/{done}"')
    )
    assert "Reds 0" in page and 'href="/games/new"' in page


def test_a_hand_opens_its_breakdown_on_its_own_page_or_as_a_fragment(table: Table, app) -> None:
    """The sheet's rows link to each hand's itemised breakdown, which the sheet can load inline."""
    game_id = table.new_game("classic")
    play(
        table,
        game_id,
        {
            0: {
                "melded_points": "230",
                "hand_points": "60",
                "red_threes": 1,
                "canastas-natural": 1,
                "went_out": OUT,
            }
        },
        1,
    )
    assert f'href="/games/{game_id}/hands/1"' in sheet(table, game_id)
    page = table.client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    for line in (
        "Natural canasta × 1</th><td>+500",
        "Went out</th><td>+100",
        "Red threes × 1</th><td>+100",
        "Cards left in hand</th><td>−60",
        "+870",
    ):
        assert line in page
    assert f'href="/games/{game_id}/hands/1/edit"' in page
    part = table.client.get(f"/games/{game_id}/hands/1?part=detail").get_data(as_text=True)
    assert part.startswith('<div class="detail" id="detail-1">') and "<html" not in part
    assert table.client.get(f"/games/{game_id}/hands/2").status_code == 404
    viewer = app.test_client()
    viewer.get(f"/join/{table.game(game_id).tokens.view}")
    seen = viewer.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert "+870" in seen and "/hands/1/edit" not in seen
    assert app.test_client().get(f"/games/{game_id}/hands/1").status_code == 404


def test_the_sheet_has_a_heading_and_labels_the_carried_over_row(table: Table) -> None:
    """A level-one heading names the sides; totals carried over from paper say so."""
    game_id = table.new_game("classic", **{"side-1-start": "1250"})
    page = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert '<h1 class="sheet-title">We v They <small>Classic, ' in page
    start = page[page.index('<div class="row start">') :].split("</div>")[0]
    assert start.count("<small>carried over</small>") == 2 and "<b>1,250</b>" in start


def test_a_sheet_in_play_links_to_its_chart_so_far(table: Table) -> None:
    """Once a hand is in, the sheet links to the summary and its chart; before, to nothing."""
    game_id = table.new_game("classic")
    summary = f'href="/games/{game_id}/summary"'
    assert summary not in table.client.get(f"/games/{game_id}").get_data(as_text=True)
    table.record(game_id, {0: {"melded_points": "120"}, 1: {"melded_points": "90"}})
    assert summary in table.client.get(f"/games/{game_id}").get_data(as_text=True)
    page = table.client.get(f"/games/{game_id}/summary").get_data(as_text=True)
    assert page.count("<polyline") == 2  # a line per side, one hand long so far


def test_the_summary_of_a_game_from_paper_starts_with_its_paper_totals(table: Table) -> None:
    """The table's first row and each line's first point are the totals carried over."""
    game_id = table.new_game("classic", **{"side-1-start": "1250"})
    table.record(game_id, {0: {"melded_points": "120"}, 1: {"melded_points": "90"}})
    page = table.client.get(f"/games/{game_id}/summary").get_data(as_text=True)
    rows = page[page.index("<tbody>") :].split("</tr>")
    assert "From paper" in rows[0] and "1,250" in rows[0] and ">1<" in rows[1]
    points = [
        line.split('points="')[1].split('"')[0].split() for line in page.split("<polyline")[1:]
    ]
    assert [len(p) for p in points] == [2, 2]  # from paper, then hand 1


@pytest.mark.parametrize(
    ("language", "hands", "changes", "expected"),
    [
        ("en", 1, (1,), "Running totals over 1 hand: We 120, They 90. The lead changed at hand 1."),
        ("en", 2, (1, 2), "Running totals over 2 hands: We 120, They 90. The lead changed at hands 1, 2."),
        ("de", 1, (1,), "Laufende Summen über 1 Runde: We 120, They 90. Die Führung wechselte in Runde 1."),
        ("it", 1, (), "Totali progressivi in 1 mano: We 120, They 90."),
    ],
)  # fmt: skip
def test_the_charts_summary_counts_hands_in_the_singular_and_plural(
    app, language, hands, changes, expected
) -> None:
    """The chart's title says "1 hand" and "hand 1", each language by its plural forms."""
    from scorekeeper.stats.swings import Course
    from scorekeeper.web.games.game_summary import words

    totals = tuple(tuple([total] * hands) for total in (120, 90))
    played = Course(("We", "They"), totals, totals, changes, 5000)
    with app.test_request_context(f"/?lang={language}"):
        assert words(played).summary == expected

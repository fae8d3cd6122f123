"""The filled sheet: pypdf reads back what the engine computed, page by page."""

from __future__ import annotations

import ast
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorekeeper import engine
from scorekeeper.engine import GameState, Setup, Side, replay
from scorekeeper.engine.ending import TargetRaise, with_raises
from scorekeeper.pdf import PaperError, game_sheet
from scorekeeper.pdf.layout import points
from scorekeeper.rules.model import Rules
from scorekeeper.rules.presets import rules_for
from tests.sample_game import sample_hands, sample_setup

ROOT = Path(__file__).resolve().parents[1]


def read(data: bytes) -> list[str]:
    """Returns each page's text with runs of whitespace made single spaces."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages]


def make(
    format_id: str, count: int, options: tuple[str, ...] = (), setup: Setup | None = None
) -> tuple[Rules, Setup, GameState]:
    rules = rules_for(format_id, options)
    setup = setup or sample_setup(rules)
    return rules, setup, replay(rules, setup, sample_hands(rules, setup, count))


def sheet(rules: Rules, setup: Setup, state: GameState, paper: str = "a4") -> bytes:
    return game_sheet(rules, setup, state, title="Friday night", created="2024-05-01", paper=paper)


@pytest.fixture(scope="module")
def long_game() -> tuple[Rules, Setup, GameState, bytes]:
    rules, setup, state = make("classic", 40, ("meld_must_exceed",))
    return rules, setup, state, sheet(rules, setup, state)


def test_a_long_game_flows_onto_numbered_pages_with_the_headings_repeated(long_game):
    *_, data = long_game
    pages = read(data)
    assert len(pages) == 3
    for number, text in enumerate(pages, start=1):
        assert f"page {number} of 3" in text
        assert "Breakdown" in text and "To open" in text and "Total" in text
        assert "We" in text and "They" in text
    assert "(continued)" in pages[1]


def test_every_running_total_and_minimum_faced_is_the_engines(long_game):
    rules, setup, state, data = long_game
    text = " ".join(read(data))
    for row in state.rows:
        for key in row.totals:
            assert points(row.totals[key]) in text
            assert row.minimums[key].label in text
    assert "more than 120" in text  # the house option changes the engine's wording


def test_the_breakdown_shows_each_item_the_engine_scored(long_game):
    _, _, state, data = long_game
    text = " ".join(read(data))
    labels = {item.label for row in state.rows for s in row.scores.values() for item in s.items}
    assert {"Melded cards", "Cards left in hand", "Went out"} <= labels
    for label in labels:
        assert label in text


def test_the_header_names_the_format_options_date_sides_and_target(long_game):
    rules, setup, _, data = long_game
    first = read(data)[0]
    assert "Friday night" in first and "1 May 2024" in first
    assert "Classic · game to 5,000" in first
    assert "House options: Opening meld must exceed the minimum" in first
    for side in setup.sides:
        assert side.name in first
        for player in side.players:
            assert player in first


def test_the_footer_of_a_finished_game_gives_the_winner_and_margin(long_game):
    _, setup, state, data = long_game
    names = {s.key: s.name for s in setup.sides}
    assert state.status.over
    last = read(data)[-1]
    winner, margin = names[state.status.winner], points(state.status.margin)
    assert f"Winner: {winner}, by {margin} at hand {state.ended_at}." in last
    assert "Carried forward to page 2" in read(data)[0]


def test_hands_after_the_end_are_named_and_a_raised_target_is_shown(long_game):
    """The sample's 40 hands run past the end at 5,000; raised to 7,500 the header says so."""
    rules, setup, state, data = long_game
    first = state.after_end[0].number
    assert state.ended_at == first - 1 < 40
    assert f"Hands {first}–40 were played after the end and do not count." in read(data)[-1]
    raises = (TargetRaise(state.ended_at, 5000, 7500),)
    raised = with_raises(rules, raises)
    state = replay(raised, setup, sample_hands(rules, setup, 20))
    data = game_sheet(raised, setup, state, title="T", created="2024-05-01", raises=raises)
    assert f"game to 7,500 (raised from 5,000 after hand {raises[0].after_hand})" in read(data)[0]
    assert state.after_end == ()


def test_a_game_in_progress_shows_its_totals_next_minimums_and_dealer():
    rules, setup, state = make("classic", 5)
    text = read(sheet(rules, setup, state))[0]
    assert not state.status.over
    assert "In progress." in text and "page 1 of 1" in text
    for side in setup.sides:
        total = state.totals[side.key]
        assert f"{side.name} {points(total)}" in text
        assert f"{side.name} {state.next_minimums[side.key].label}" in text
    assert f"next dealer: {state.next_dealer}" in text


def test_names_in_any_script_survive_and_no_base14_font_is_used():
    rules = rules_for("classic")
    setup = Setup(
        sides=(Side("we", "We", ("José", "Zoë")), Side("they", "They", ("Łukasz", "Ørsted 李"))),
        first_dealer="José",
    )
    data = sheet(rules, setup, replay(rules, setup, []))
    text = read(data)[0]
    assert "José & Zoë" in text and "Łukasz & Ørsted 李" in text
    assert b"/FontFile2" in data  # the TrueType fonts are embedded
    assert b"Helvetica" not in data


def test_cutthroat_has_a_column_group_per_player_on_a_wide_page():
    rules, setup, state = make("cutthroat", 12)
    data = sheet(rules, setup, state)
    page = PdfReader(io.BytesIO(data)).pages[0]
    assert page.mediabox.width > page.mediabox.height
    text = " ".join(read(data))
    assert "lone hand" in text
    for side in setup.sides:
        assert points(state.totals[side.key]) in text


def test_six_hand_three_partnerships_gets_three_groups():
    rules, setup, state = make("six_hand_three_teams", 6)
    first = read(sheet(rules, setup, state))[0]
    for side in setup.sides:
        assert side.name in first and " & ".join(side.players) in first


def test_five_hand_shows_who_sits_out():
    rules, setup, state = make("five_hand", 4)
    text = read(sheet(rules, setup, state))[0]
    for row in state.rows:
        assert f"out: {row.sitting_out}" in text


def test_totals_carried_over_from_paper_open_the_sheet():
    rules = rules_for("classic")
    setup = Setup(
        sides=(Side("We", "We", ("Ann", "Bo")), Side("They", "They", ("Cy", "Di"))),
        first_dealer="Ann",
        start_totals={"We": 1200, "They": -150},
    )
    state = replay(rules, setup, sample_hands(rules, setup, 2))
    text = read(sheet(rules, setup, state))[0]
    assert "From paper" in text and "1,200" in text and "\u2212150" in text


@pytest.mark.parametrize(("paper", "size"), [("a4", (595, 842)), ("letter", (612, 792))])
def test_the_paper_size_is_the_one_asked_for(paper, size):
    rules, setup, state = make("classic", 3)
    page = PdfReader(io.BytesIO(sheet(rules, setup, state, paper))).pages[0]
    assert (round(page.mediabox.width), round(page.mediabox.height)) == size


def test_an_unknown_paper_is_refused():
    rules, setup, state = make("classic", 1)
    with pytest.raises(PaperError, match="a4 or letter"):
        sheet(rules, setup, state, "a3")


def test_the_same_game_gives_the_same_bytes(long_game):
    rules, setup, state, data = long_game
    assert sheet(rules, setup, state) == data


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
def test_the_bytes_do_not_depend_on_the_process():
    script = (
        "import hashlib, sys\n"
        "from tests.test_pdf_game_sheet import make, sheet\n"
        "sys.stdout.write(hashlib.sha256(sheet(*make('five_hand', 6))).hexdigest())\n"
    )
    digests = {
        subprocess.run(
            [sys.executable, "-c", script],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2")
    }
    assert len(digests) == 1


def test_the_writer_imports_no_web_or_database_module():
    for path in (ROOT / "scorekeeper" / "pdf").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = (
                    [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
                )
                for name in names:
                    top = (name or "").split(".")[0]
                    assert top not in {"flask", "sqlite3", "sqlite_utils"}, f"{path.name}: {name}"
                    assert not (name or "").startswith(
                        ("scorekeeper.web", "scorekeeper.store", "scorekeeper.db")
                    )


@pytest.mark.parametrize(
    ("format_id", "raw", "why"),
    [
        pytest.param("classic", {"red_threes": 1}, "Red threes (no meld)", id="classic"),
        pytest.param(
            "samba",
            {"red_threes": 1, "melded_points": 200},
            "Red threes (< 2 canastas)",
            id="samba",
        ),
    ],
)
def test_minus_red_threes_say_why_as_on_the_page(format_id, raw, why):
    """The breakdown names the engine's reason code in the words the hand page uses."""
    rules = rules_for(format_id)
    setup = sample_setup(rules)
    them = {side.key: {"melded_points": 50} for side in setup.sides[1:]}
    played = engine.parse_hand(
        rules, {"hand": {setup.sides[0].key: raw, **them}}, [s.key for s in setup.sides], []
    )
    state = replay(rules, setup, [played])
    (item,) = [i for i in state.rows[0].scores[setup.sides[0].key].items if i.reason]
    assert item.points < 0
    assert why in read(sheet(rules, setup, state))[0]

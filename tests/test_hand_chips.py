"""One-tap counts: which counts get chips, drawn by the page itself, the typed value pressed."""

from __future__ import annotations

import re

from scorekeeper.rules.presets import rules_for
from scorekeeper.web.games import hand_form
from scorekeeper.web.games.hand_chips import Grid, Row, chips_for
from tests.conftest import Table


def _chips(format_id: str, sides: int = 2) -> object:
    rules = rules_for(format_id)
    fields = hand_form.fields_for(rules)
    return chips_for(rules, fields, sides, hand_form.lone_hand_applies(rules))


def test_classic_pairs_natural_with_mixed_and_both_sides_red_threes() -> None:
    chips = _chips("classic")
    assert chips.canastas == Grid((3, 3))
    assert chips.threes == Grid((4, 4), most=4)  # the pack's four red threes
    assert chips.rows == {}  # every count is in a grid


def test_a_grid_leaves_out_the_pairs_the_pack_cannot_hold() -> None:
    cells = Grid((4, 4), most=4).cells()
    assert [n for n, _ in cells] == [0, 1, 2, 3, 4]
    assert cells[1][1] == [0, 1, 2, 3, None]  # 1 and 4 make five red threes: no chip
    assert sum(k is not None for _, row in cells for k in row) == 15
    assert all(None not in row for _, row in Grid((3, 3)).cells())  # canastas: every pair


def test_counts_outside_a_grid_get_a_row_up_to_their_maximum() -> None:
    chips = _chips("modern_american")
    assert chips.rows["canastas-sevens"] == Row(4, plus=True)  # "4+": more are allowed
    assert chips.rows["black_threes"] == Row(4, plus=False)  # the pack's four
    assert chips.rows["unfinished_aces"] == Row(1, plus=False)  # a penalty, at most one
    assert "red_threes" not in chips.rows  # in the two sides' grid


def test_no_threes_grid_where_sides_play_alone_or_are_more_than_two() -> None:
    assert _chips("cutthroat", sides=3).threes is None
    assert _chips("cutthroat", sides=3).rows["red_threes"] == Row(4, plus=False)
    assert _chips("six_hand_three_teams", sides=3).threes is None
    assert _chips("samba").threes is None  # six red threes: more than one tap can hold
    assert not _chips("oklahoma").rows and _chips("oklahoma").canastas is None


def _chip_buttons(page: str, group: str) -> list[str]:
    """Returns the chip buttons of the row or grid drawn for `group` (its data-*-for value)."""
    found = re.search(f'data-(chips|grid)-for="{group}"', page)
    assert found, group
    start = found.start()
    marks = ("data-chips-for=", "data-grid-for=", "</fieldset>", "<output")
    ends = (page.find(mark, start + 1) for mark in marks)
    chunk = page[start : min(end for end in ends if end > 0)]
    return re.findall(r'<button type="button" class="chip[^"]*"[^>]*>[^<]*</button>', chunk)


def test_the_page_draws_the_chips_before_any_script_runs(table: Table) -> None:
    game_id = table.new_game("classic")
    page = table.client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    canastas = _chip_buttons(page, "f-0-canastas-natural f-0-canastas-mixed")
    assert len(canastas) == 16
    assert (
        'data-values="1,2" aria-pressed="false" aria-label="1·2: Natural canasta 1, '
        'Mixed canasta 2">1·2</button>'
    ) in canastas[6]
    assert 'class="chip primary" data-values="0,0" aria-pressed="true"' in canastas[0]
    threes = _chip_buttons(page, "f-0-red_threes f-1-red_threes")
    assert len(threes) == 15
    assert 'aria-label="Red threes: We ↓ · They →"' in page


def test_a_refused_hand_comes_back_with_its_counts_pressed(table: Table) -> None:
    game_id = table.new_game("modern_american")
    sides = {0: {"melded_points": "abc", "red_threes": 2, "canastas-sevens": 6}}
    sides[1] = {"red_threes": 1, "unfinished_aces": 1}
    answer = table.record(game_id, sides)
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    pressed = re.findall(r'data-values?="([\d,]+)" aria-pressed="true"', page)
    # The threes' grid "2·1", each side's canastas "0·0", 6 sevens on the "4+" chip, an ace held.
    assert "2,1" in pressed and pressed.count("0,0") == 2
    sevens = _chip_buttons(page, "f-0-canastas-sevens")
    assert 'class="chip primary" data-value="4" aria-pressed="true">4+' in sevens[-1]
    aces = _chip_buttons(page, "f-1-unfinished_aces")
    assert 'aria-pressed="true">1</button>' in aces[-1] and len(aces) == 2

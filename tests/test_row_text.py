"""A hand's stored JSON is json.dumps's, character for character, however it is written."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import engine
from scorekeeper.engine import Hand, Item, OpeningNeed, Row, SideEntry, SideScore
from scorekeeper.rules.presets import load_presets, rules_for
from scorekeeper.store import row_text
from tests.sample_game import sample_hands, sample_setup


def dumped_row(row: Row, unread: bool = False) -> str:
    """The row as the store wrote it with json.dumps before row_text."""

    def need(n: OpeningNeed | None) -> list[Any] | None:
        return None if n is None else [n.points, n.needs, n.must_exceed]

    return json.dumps(
        {
            **({"unread": True} if unread else {}),
            "dealer": row.dealer,
            "sitting_out": row.sitting_out,
            "lone_hand": row.lone_hand,
            "after_end": row.after_end,
            "minimums": {k: need(n) for k, n in row.minimums.items()},
            "scores": {
                k: [s.score, [item.as_dict() for item in s.items]] for k, s in row.scores.items()
            },
            "totals": dict(row.totals),
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def dumped_entry(hand: Hand) -> str:
    return json.dumps(hand.as_dict(), ensure_ascii=False)


@pytest.mark.parametrize("format_id", sorted(load_presets()))
def test_every_presets_rows_and_entries_are_json_dumps_text(format_id) -> None:
    rules = rules_for(format_id)
    setup = sample_setup(rules)
    hands = sample_hands(rules, setup, 40, seed=9, out_rate=0.6)
    state = engine.replay(rules, setup, hands)
    for hand, row in zip(hands, state.rows, strict=True):
        assert row_text.entry_json(hand) == dumped_entry(hand)
        assert row_text.row_json(row) == dumped_row(row)
        assert row_text.row_json(row, unread=True) == dumped_row(row, unread=True)


ODD_NAMES = ['Zoë "the quick"', "back\\slash", "tab\tnew\nline", "李明", "\u202eevil", "\x00", ""]


def test_odd_names_values_and_fields_are_written_as_json_dumps_writes_them() -> None:
    entries = {
        ODD_NAMES[0]: SideEntry(
            melded_points=120,
            canastas={"natural": 2, 'odd"kind': 1},
            extras={"melded_points": 3, "aces": 1},  # an extra named like a fixed field
            went_out="concealed",
            special_hand="garbage",
            black_threes=2,
        ),
        ODD_NAMES[1]: SideEntry(hand_points=-40, red_threes=4, extras={"x\ty": 2}),
        ODD_NAMES[2]: SideEntry(),
    }
    hand = Hand(entries=entries, lone_hand=ODD_NAMES[1])
    assert row_text.entry_json(hand) == dumped_entry(hand)
    items = (
        Item("melded", "Melded \u00e9 cards", -120, reason="no_meld"),
        Item("canastas.natural", 'Nat"ural', 1000, 2),
        Item("hand", "Cards left in hand", 0, None, "special_hand"),
        Item("x", "", -0, 0),
    )
    row = Row(
        number=3,
        dealer=ODD_NAMES[3],
        sitting_out=ODD_NAMES[4],
        minimums={ODD_NAMES[0]: OpeningNeed(90, "natural_canasta", True), ODD_NAMES[5]: None},
        scores={ODD_NAMES[0]: SideScore(880, items), ODD_NAMES[6]: SideScore(0, ())},
        totals={ODD_NAMES[0]: -35, ODD_NAMES[6]: 12_345_678_901_234},
        lone_hand=None,
        after_end=True,
    )
    assert row_text.row_json(row) == dumped_row(row)
    assert row_text.row_json(row, True) == dumped_row(row, True)


def test_values_of_another_type_are_written_by_json_itself() -> None:
    """Never made by the engine, but written as json.dumps would: a bool, a float, None."""
    odd: Any = True
    row = Row(1, odd, None, {"a": OpeningNeed(odd, odd, odd)}, {}, {"a": 1.5}, odd, odd)  # type: ignore[arg-type]
    assert row_text.row_json(row) == dumped_row(row)
    hand = Hand({"a": SideEntry(melded_points=odd, canastas={"n": 2.0})})  # type: ignore[arg-type]
    assert row_text.entry_json(hand) == dumped_entry(hand)


WORDS = st.text(max_size=8)
COUNTS = st.integers(min_value=-(10**6), max_value=10**6)
ENTRIES = st.builds(
    SideEntry,
    melded_points=COUNTS,
    hand_points=COUNTS,
    red_threes=COUNTS,
    black_threes=COUNTS,
    canastas=st.dictionaries(WORDS, COUNTS, max_size=3),
    extras=st.dictionaries(WORDS, COUNTS, max_size=3),
    went_out=st.sampled_from(["no", "out", "concealed"]),
    special_hand=st.none() | WORDS,
)
ITEMS = st.builds(Item, WORDS, WORDS, COUNTS, st.none() | COUNTS, WORDS)
NEEDS = st.none() | st.builds(OpeningNeed, COUNTS, WORDS, st.booleans())


@given(st.dictionaries(WORDS, ENTRIES, max_size=4), st.none() | WORDS)
def test_any_entry_is_json_dumps_text(entries, lone) -> None:
    hand = Hand(entries=entries, lone_hand=lone)
    assert row_text.entry_json(hand) == dumped_entry(hand)


@given(
    WORDS,
    st.none() | WORDS,
    st.dictionaries(WORDS, NEEDS, max_size=3),
    st.dictionaries(WORDS, st.builds(SideScore, COUNTS, st.tuples(ITEMS, ITEMS)), max_size=3),
    st.dictionaries(WORDS, COUNTS, max_size=3),
    st.none() | WORDS,
    st.booleans(),
    st.booleans(),
)
def test_any_row_is_json_dumps_text(
    dealer, away, minimums, scores, totals, lone, after, unread
) -> None:
    row = Row(1, dealer, away, minimums, scores, totals, lone, after)
    assert row_text.row_json(row, unread) == dumped_row(row, unread)

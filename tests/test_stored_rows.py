"""A scored row and a hand's entry, as stored, read back as they were written (issue 36)."""

from __future__ import annotations

import json

import pytest

from scorekeeper import engine
from scorekeeper.rules.presets import load_presets, rules_for
from scorekeeper.store.games import scores
from tests.sample_game import sample_hands, sample_setup


@pytest.mark.parametrize("format_id", sorted(load_presets()))
def test_every_presets_rows_and_entries_read_back(format_id: str) -> None:
    rules = rules_for(format_id)
    setup = sample_setup(rules)
    hands = sample_hands(rules, setup, 20, seed=9, out_rate=0.6)
    state = engine.replay(rules, setup, hands)
    for hand, row in zip(hands, state.rows, strict=True):
        assert scores.row_from(row.number, scores.row_json(row)) == row
        assert json.loads(scores.row_json(row, unread=True))[scores.UNREAD] is True
        assert json.loads(scores.entry_json(hand)) == hand.as_dict()

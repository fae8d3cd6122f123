"""The sheet, a group's statistics and every game's PDF, as last written on purpose (issue 36).

tests/data/same_pages.json holds the digests of 100 random games' pages (every preset, three
languages, a third of them in one group, 937 hands in all) as tests/same_pages.py renders them,
tokens blanked; the file was first written by the renderer of a7f5dff. Rendering them again
per request must give the same text."""

from __future__ import annotations

import json

import pytest

from tests.same_pages import DATA, GAMES, digests


@pytest.mark.slow  # 100 games played, 200 pages and 3 statistics pages rendered
def test_every_page_is_the_same_as_before(app, client) -> None:
    before = json.loads(DATA.read_text(encoding="utf-8"))
    now = digests(client, app)
    assert len(now) == 2 * GAMES + 3
    assert sorted(name for name in before if before[name] != now.get(name)) == []

"""docs/seasons.md's worked season: its standings are counted again from its places."""

from __future__ import annotations

import json
import re
from pathlib import Path

from scorekeeper.seasons import NightLine, SeasonRule, figure, season_standings

DOC = (Path(__file__).parent.parent / "docs" / "seasons.md").read_text(encoding="utf-8")


def block(name: str) -> str:
    """Returns the block after a `<!-- worked-season: name -->` marker."""
    found = re.search(rf"<!-- worked-season: {name} -->\n(.*?)\n\n", DOC, re.S)
    assert found, name
    return found.group(1)


def test_the_worked_season_counts_as_documented() -> None:
    body = json.loads(block("rule").strip("`json\n"))
    rule = SeasonRule(
        score=body["score"],
        place_points=tuple(body["place_points"]),
        best=body.get("best"),
        minimum=body["minimum"],
        drop_worst=body["drop_worst"],
        by=body["by"],
    )
    rows = [line.strip("|").split("|") for line in block("places").splitlines()[2:]]
    nights = [
        [NightLine((row[0].strip(),), int(row[i + 1]), 0, 1) for row in rows if row[i + 1].strip()]
        for i in range(4)
    ]
    lines = season_standings(rule, nights)
    counted = [
        {
            "rank": ln.rank,
            "name": ln.name,
            "score": figure(ln.score),
            "nights": ln.nights,
            "counted": [figure(s) for s in ln.counted],
            "dropped": [figure(s) for s in ln.dropped],
            "qualified": ln.qualified,
        }
        for ln in lines
    ]
    assert counted == json.loads(block("standings").strip("`json\n"))["standings"]
    assert any(ln.dropped for ln in lines) and not all(ln.qualified for ln in lines)

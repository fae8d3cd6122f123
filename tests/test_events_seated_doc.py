"""docs/events.md's ten players over three rounds: the draw seats everyone, the standings recount."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from scorekeeper.events import ByeAward, Meeting, Played, standings, template
from scorekeeper.events.seating import seated, table_sizes

DOC = (Path(__file__).resolve().parents[1] / "docs" / "events.md").read_text(encoding="utf-8")
ROUNDS = re.compile(r"<!-- seated example: rounds -->\s*```json\n(.*?)\n```", re.DOTALL)
TABLE = re.compile(r"<!-- seated example: standings -->\n((?:\|.*\n)+)")


def example() -> dict[str, Any]:
    found = ROUNDS.search(DOC)
    assert found, "the worked example's rounds are missing from docs/events.md"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def documented_lines() -> list[list[str]]:
    found = TABLE.search(DOC)
    assert found, "the worked example's standings are missing from docs/events.md"
    rows = [[c.strip() for c in row.strip("|").split("|")] for row in found.group(1).splitlines()]
    return rows[2:]  # past the heading and its rule


def test_the_draw_seats_the_ten_as_documented_nobody_idle() -> None:
    """Drawn again as the store draws: with the meetings and the partnerships so far."""
    data = example()
    players = data["players"]
    keys = [str(i) for i in range(len(players))]
    assert len(players) == 10 and table_sizes(10) == [6, 4]
    met: Counter[Meeting] = Counter()
    partnered: Counter[Meeting] = Counter()
    for number, tables in enumerate(data["rounds"], 1):
        drawn = seated(keys, number, "five_six", {}, {}, met, partnered)
        for seat in drawn.seats:
            met[frozenset(k for side in seat.sides for k in side)] += 1
            partnered.update(frozenset(side) for side in seat.sides if len(side) == 2)
        assert drawn.byes == ()
        named = [
            {
                "north_south": [players[int(k)] for k in s.north_south],
                "east_west": [players[int(k)] for k in s.east_west],
            }
            for s in drawn.seats
        ]
        assert named == [{k: t[k] for k in ("north_south", "east_west")} for t in tables]
        everyone = [p for t in tables for p in (*t["north_south"], *t["east_west"])]
        assert sorted(everyone) == sorted(players)


def test_the_standings_are_the_documented_hand_count() -> None:
    data = example()
    index = {name: str(i) for i, name in enumerate(data["players"])}
    results = [
        Played(number, tuple(index[p] for p in t["north_south"]),
               tuple(index[p] for p in t["east_west"]), tuple(t["scores"]), table)
        for number, tables in enumerate(data["rounds"], 1)
        for table, t in enumerate(tables, 1)
    ]  # fmt: skip
    keys = list(index.values())
    lines = standings("doc", keys, results, template("canasta_3"), ByeAward(14, 355)).lines
    computed = [
        [str(ln.rank), data["players"][int(ln.entrant)], str(ln.victory_points)] for ln in lines
    ]
    documented = documented_lines()
    assert computed == [[row[0], row[1], row[-1]] for row in documented]
    for row in documented:  # the hand count: each round's VP add up to the total
        assert sum(int(v) for v in row[2:-1]) == int(row[-1])
    for number in (1, 2, 3):  # and each round's column is that round's VP
        alone = [r for r in results if r.round == number]
        each = standings("doc", keys, alone, template("canasta_3"), ByeAward(14, 355)).lines
        vp = {data["players"][int(ln.entrant)]: ln.victory_points for ln in each}
        assert {row[1]: int(row[1 + number]) for row in documented} == vp
    assert all(ln.played == 3 for ln in lines)  # nobody idle: three tables each

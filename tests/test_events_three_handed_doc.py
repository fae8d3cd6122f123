"""docs/events.md's ten players at tables of three: the draw seats them, the standings recount."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from scorekeeper.events import ByeAward, Meeting, Played, standings, template
from scorekeeper.events.seating import seated, table_sizes
from scorekeeper.events.standings import seat_awards

DOC = (Path(__file__).resolve().parents[1] / "docs" / "events.md").read_text(encoding="utf-8")
ROUNDS = re.compile(r"<!-- three-handed example: rounds -->\s*```json\n(.*?)\n```", re.DOTALL)
TABLE = re.compile(r"<!-- three-handed example: standings -->\n((?:\|.*\n)+)")
BOLD = re.compile(r"\*\*(\d+)\*\*")


def example() -> dict[str, Any]:
    found = ROUNDS.search(DOC)
    assert found, "the three-handed example's rounds are missing from docs/events.md"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def documented_lines() -> list[list[str]]:
    found = TABLE.search(DOC)
    assert found, "the three-handed example's standings are missing from docs/events.md"
    rows = [[c.strip() for c in row.strip("|").split("|")] for row in found.group(1).splitlines()]
    return rows[2:]  # past the heading and its rule


def played(data: dict[str, Any]) -> list[Played]:
    index = {name: str(i) for i, name in enumerate(data["players"])}
    found = []
    for number, tables in enumerate(data["rounds"], 1):
        for table, t in enumerate(tables, 1):
            sides = [tuple(index[p] for p in side) for side in t["sides"]]
            third = sides[2] if len(sides) == 3 else ()
            found.append(Played(number, sides[0], sides[1], tuple(t["scores"]), table, third))
    return found


def test_the_draw_seats_the_ten_at_tables_of_three_as_documented() -> None:
    """Drawn again as the store draws: with the tables of three, meetings and partners so far."""
    data = example()
    players = data["players"]
    keys = [str(i) for i in range(len(players))]
    assert table_sizes(10, "cutthroat") == [3, 3, 4]
    threes: Counter[str] = Counter()
    met: Counter[Meeting] = Counter()
    partnered: Counter[Meeting] = Counter()
    for number, tables in enumerate(data["rounds"], 1):
        drawn = seated(keys, number, "cutthroat", {}, threes, met, partnered)
        assert drawn.byes == ()
        named = [[[players[int(k)] for k in side] for side in s.sides] for s in drawn.seats]
        assert named == [t["sides"] for t in tables]
        everyone = [p for t in tables for side in t["sides"] for p in side]
        assert sorted(everyone) == sorted(players)  # nobody idle
        for seat in drawn.seats:
            met[frozenset(k for side in seat.sides for k in side)] += 1
            partnered.update(frozenset(side) for side in seat.sides if len(side) == 2)
            if seat.third:
                threes.update(k for side in seat.sides for k in side)
    assert max(threes.values()) - min(threes.values()) <= 1  # the tables of three rotate


def test_the_standings_are_the_documented_hand_count() -> None:
    data = example()
    results = played(data)
    keys = [str(i) for i in range(len(data["players"]))]
    table = template("canasta_3")
    lines = standings("doc", keys, results, table, ByeAward(14, 355)).lines
    computed = [
        [str(ln.rank), data["players"][int(ln.entrant)], str(ln.victory_points)] for ln in lines
    ]
    documented = documented_lines()
    assert computed == [[row[0], row[1], row[-1]] for row in documented]
    for row in documented:  # each round's VP add up to the total
        assert sum(int(v) for v in row[2:-1]) == int(row[-1])
    for number in (1, 2, 3):  # and each round's column is that seat's award that round
        awarded = {
            data["players"][int(e)]: got.victory_points
            for r in results
            if r.round == number
            for e, got in seat_awards(r, table).items()
        }
        assert {row[1]: int(row[1 + number]) for row in documented} == awarded
    assert all(ln.played == 3 for ln in lines)


def test_the_hand_count_in_words_names_each_seat_award() -> None:
    """The bold figures of the by-hand list are the seat awards, table by table, side by side."""
    data = example()
    table = template("canasta_3")
    start = DOC.index("By hand (a table of three")
    words = DOC[start : DOC.index("<!-- three-handed example: standings -->")]
    figures = [int(f) for f in BOLD.findall(words)]
    expected = [  # a side of two is named once: its two players earn alike
        seat_awards(result, table)[side[0]].victory_points
        for result in played(data)
        for side in result.sides
    ]
    assert figures == expected

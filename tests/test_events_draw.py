"""Draws over random nights: arrivals, withdrawals, byes and no-plays never cost an avoidable repeat."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.events import Bye, ByeAward, Meeting, NoPlay, Played, Round, standings, template
from scorekeeper.events import draw as drawing
from scorekeeper.events.standings import Result
from scorekeeper.store.events.draw import mitchell_lines, pick
from scorekeeper.store.events.event import Entrant, Event

TABLE = template("canasta_3")
BYE = ByeAward(14, 355)


def pairings(people: Sequence[int]) -> Iterator[list[tuple[int, int]]]:
    """Yields every way to pair up an even list (the exhaustive search the matching must equal)."""
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for i, other in enumerate(rest):
        for tail in pairings([*rest[:i], *rest[i + 1 :]]):
            yield [(first, other), *tail]


def best_draw(present: Sequence[int], met: Counter[Meeting], byes: Counter[int]) -> tuple[int, int]:
    """Returns the least (repeats, the bye's byes so far) of any round over `present`.

    The exhaustive search: any entrant may take the bye; repeats count first, then the bye
    goes to one with the fewest byes among the draws with the fewest repeats.
    """
    if len(present) % 2 == 0:
        return min(drawing.repeats(p, met) for p in pairings(present)), 0
    return min(
        (drawing.repeats(p, met), byes[sitter])
        for sitter in present
        for p in pairings([e for e in present if e != sitter])
    )


def drawn_cost(drawn: Round, met: Counter[Meeting], byes: Counter[int]) -> tuple[int, int]:
    """Returns a drawn round's (repeats, the bye's byes so far), as `best_draw` counts them."""
    pairs = [(s.north_south[0], s.east_west[0]) for s in drawn.seats]
    return drawing.repeats(pairs, met), sum(byes[b] for b in drawn.byes)


def event_of(movement: str, entrants: Sequence[Entrant], started: int) -> Event:
    """Returns an event as the store would read it, with only what a draw looks at."""
    return Event(
        id="e", name="n", day="2026-12-06", format="classic", options=(), document={},
        movement=movement, rounds=20, deals_per_round=3, table=TABLE, bye=BYE, confirm=False,
        group=None, director_token="d", view_token="v", closed=False,
        entrants=tuple(entrants), started=started,
    )  # fmt: skip


def recount(keys: Sequence[int], results: Sequence[Result]) -> dict[int, tuple[int, int]]:
    """Counts each entrant's VP and tables played by hand: the bands looked up one by one."""
    vp, played = dict.fromkeys(keys, 0), dict.fromkeys(keys, 0)
    for r in results:
        if isinstance(r, Bye):
            vp[r.entrant] += BYE.victory_points
        elif isinstance(r, Played):
            (ns,), (ew,) = r.north_south, r.east_west
            margin = abs(r.scores[0] - r.scores[1])
            band = next(b for b in TABLE.bands if b.up_to is None or margin <= b.up_to)
            won = (
                (band.winner, band.loser)
                if r.scores[0] >= r.scores[1]
                else (band.loser, band.winner)
            )
            if r.scores[0] == r.scores[1]:
                won = ((band.winner + band.loser) // 2,) * 2
            vp[ns] += won[0]
            vp[ew] += won[1]
            played[ns] += 1
            played[ew] += 1
    return {k: (vp[k], played[k]) for k in keys}


@st.composite
def nights(draw: st.DrawFn) -> tuple[str, int, list[tuple[str, int]]]:
    """A movement, a first field and, per round, one change (arrive, withdraw or none) and scores."""
    movement = draw(st.sampled_from(["round_robin", "danish", "mitchell"]))
    first = draw(st.integers(3, 9))
    changes = draw(
        st.lists(
            st.tuples(st.sampled_from(["arrive", "withdraw", "none", "none"]), st.integers(0, 99)),
            min_size=2,
            max_size=6,
        )
    )
    return movement, first, changes


@pytest.mark.slow  # a long hypothesis run (docs/maintaining.md)
@settings(max_examples=60, deadline=None)
@given(nights(), st.randoms(use_true_random=False))
def test_no_avoidable_repeat_byes_rotate_and_standings_recount(night, rng) -> None:  # type: ignore[no-untyped-def]
    """Every round repeats no more than the best pairing of who is present, then rotates byes."""
    movement, first, changes = night
    entrants = [Entrant(i, f"P{i}", (f"a{i}", f"b{i}")) for i in range(first)]
    met: Counter[Meeting] = Counter()
    byes: Counter[int] = Counter()
    results: list[Result] = []
    for number, (change, seed) in enumerate(changes, 1):
        present = [e for e in entrants if e.plays(number)]
        if change == "arrive" and len(entrants) < 10 and number > 1:
            entrants.append(Entrant(len(entrants), f"P{len(entrants)}", ("x", "y"), number))
        elif change == "withdraw" and len(present) > 3 and number > 1:
            gone = present[seed % len(present)]
            entrants[gone.position] = Entrant(
                gone.position, gone.name, gone.players, gone.from_round, number - 1
            )
        keys = [e.position for e in entrants if e.plays(number)]
        ranked = [
            ln.entrant
            for ln in standings("e", [e.position for e in entrants], results, TABLE, BYE).lines
        ]
        drawn = pick(
            event_of(movement, entrants, number - 1), met, byes, ranked if number > 1 else None
        )
        seated = [k for s in drawn.seats for k in (*s.north_south, *s.east_west)]
        assert sorted(seated + list(drawn.byes)) == sorted(keys)  # everyone present, once
        # fewest repeats first, then byes rotate among those draws (the bye free to anyone)
        assert drawn_cost(drawn, met, byes) == best_draw(keys, met, byes)
        _play(drawn, rng, met, byes, results)
    keys = [e.position for e in entrants]
    lines = standings("e", keys, results, TABLE, BYE).lines
    counted = recount(keys, results)
    assert {ln.entrant: (ln.victory_points, ln.played) for ln in lines} == counted
    assert [ln.victory_points for ln in lines] == sorted(
        (v for v, _ in counted.values()), reverse=True
    )


def _play(drawn: Round, rng, met, byes, results) -> None:  # type: ignore[no-untyped-def]
    """Plays a round: each table a random score, one in five not played (no meeting)."""
    for s in drawn.seats:
        if rng.random() < 0.2:
            results.append(NoPlay(drawn.number, (*s.north_south, *s.east_west), s.table))
            continue
        met[frozenset((*s.north_south, *s.east_west))] += 1
        results.append(
            Played(
                drawn.number,
                s.north_south,
                s.east_west,
                (rng.randrange(0, 6000, 5), rng.randrange(0, 6000, 5)),
            )
        )
    for b in drawn.byes:
        byes[b] += 1
        results.append(Bye(drawn.number, b))


def test_danish_six_pairs_four_rounds_repeats_only_the_unavoidable() -> None:
    """The issue's case: stepping down greedily made 3 repeats where the matching makes none."""
    keys = list(range(6))
    met: Counter[Meeting] = Counter()
    total = 0
    for number in range(1, 5):
        # a ranking that keeps the leaders together: the greedy step-down's worst case
        ranked = sorted(keys, key=lambda k: (-sum(1 for m in met if k in m and min(m) == k), k))
        drawn = drawing.danish(ranked, met, Counter(), number)
        pairs = [(s.north_south[0], s.east_west[0]) for s in drawn.seats]
        assert drawing.repeats(pairs, met) == best_draw(keys, met, Counter())[0]
        total += drawing.repeats(pairs, met)
        met.update(frozenset(p) for p in pairs)
    assert total == 0  # six pairs have five rounds of new meetings: four need no repeat


def test_round_robin_repeats_nothing_to_rotate_a_bye() -> None:
    """The reviewer's night (D5): 7 pairs, a late pair from round 3, P3 out after round 4.

    Round 7 paired P1-P2 again to give P4 its first bye; two draws without a repeat existed,
    each giving the bye to a pair that had one already.
    """
    names = ["P1", "P2", "P3", "P4", "P5", "P6", "P7"]
    entrants = [Entrant(i, n, ("a", "b")) for i, n in enumerate(names)]
    entrants[2] = Entrant(2, "P3", ("a", "b"), 1, 4)
    entrants.append(Entrant(7, "Late", ("c", "d"), 3))
    key = {e.name: e.position for e in entrants}
    played = [
        "P2-P7 P3-P6 P4-P5", "P1-P7 P2-P5 P3-P4", "P1-P6 P7-P5 Late-P4 P2-P3",
        "P1-P5 P6-P4 P7-P3 Late-P2", "P1-P2 P4-P7 P5-P6", "P1-P4 P2-P6 P7-Late",
    ]  # fmt: skip
    met = Counter(
        frozenset(key[n] for n in table.split("-")) for line in played for table in line.split()
    )
    byes = Counter(key[n] for n in ["P1", "P6", "Late", "P5"])
    drawn = pick(event_of("round_robin", entrants, 6), met, byes, None)
    assert drawn_cost(drawn, met, byes) == (0, 1)
    assert [e.name for e in entrants if e.position in drawn.byes][0] in ("P1", "P5")


@pytest.mark.parametrize("late_from", [2, 3])
def test_mitchell_keeps_its_lines_through_an_arrival_and_a_withdrawal(late_from: int) -> None:
    """A late pair joins the shorter line; a withdrawal moves nobody to the other line."""
    entrants = [Entrant(i, f"P{i}", ("a", "b")) for i in range(8)]
    entrants[1] = Entrant(1, "P1", ("a", "b"), 1, 1)  # N-S pair 1 withdraws after round 1
    entrants.append(Entrant(8, "P8", ("c", "d"), late_from))
    north, east = mitchell_lines(event_of("mitchell", entrants, late_from - 1))
    assert north == [0, 1, 2, 3, 8] and east == [4, 5, 6, 7]
    drawn = pick(event_of("mitchell", entrants, late_from - 1), Counter(), Counter(), None)
    for seat in drawn.seats:  # nobody changed line: N-S sit N-S, and meet E-W
        assert seat.north_south[0] in north and seat.east_west[0] in east


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(st.integers(4, 24), st.integers(1, 12), st.sampled_from(["sit_out", "five_six"]), st.data())
def test_individual_rounds_seat_everyone_once_and_sit_outs_rotate(
    count, number, seating, data
) -> None:  # type: ignore[no-untyped-def]
    """Tables of four, five and six seat all but 3 or 7 players; whoever sits out sat out least."""
    from scorekeeper.events.seating import seated

    players = list(range(count))
    byes = {p: data.draw(st.integers(0, 2)) for p in players}
    drawn = seated(players, number, seating, byes)
    at_tables = [p for s in drawn.seats for p in (*s.north_south, *s.east_west)]
    assert sorted(at_tables + list(drawn.byes)) == sorted(players)
    assert all(len(s.north_south) in (2, 3) and len(s.east_west) in (2, 3) for s in drawn.seats)
    if seating == "five_six" and count != 7:  # 7 cannot be seated at fours, fives and sixes
        assert drawn.byes == ()
    else:
        assert len(drawn.byes) == count % 4
        least = sorted(byes.values())[: count % 4]
        assert sorted(byes[p] for p in drawn.byes) == least  # the fewest byes sit out


def test_mitchell_numbers_its_tables_without_a_gap_after_a_withdrawal() -> None:
    """The reviewer's night (D6): 8 pairs, a late pair from round 3, P6 out after round 3.

    Round 4 had tables 1, 2, 3 and 5; now 1 to 4, each N-S pair that sits N-S at its own table.
    """
    entrants = [Entrant(i, f"P{i + 1}", ("a", "b")) for i in range(8)]
    met: Counter[Meeting] = Counter()
    for number in range(1, 5):
        if number == 3:
            entrants.append(Entrant(8, "Late", ("c", "d"), 3))
        if number == 4:
            entrants[5] = Entrant(5, "P6", ("a", "b"), 1, 3)
        drawn = pick(event_of("mitchell", entrants, number - 1), met, Counter(), None)
        met.update(frozenset((*s.north_south, *s.east_west)) for s in drawn.seats)
        assert [s.table for s in drawn.seats] == list(range(1, len(drawn.seats) + 1))
        north, _ = mitchell_lines(event_of("mitchell", entrants, number - 1))
        for seat in drawn.seats:
            if seat.north_south[0] in north and north.index(seat.north_south[0]) < len(drawn.seats):
                assert seat.table == north.index(seat.north_south[0]) + 1
    assert len(drawn.seats) == 4 and drawn.byes == ()


def test_tables_of_a_round_keep_the_homes_that_fit_and_fill_the_gaps() -> None:
    """N-S pairs 1 and 3 keep their tables; pair 5 and a table of two E-W pairs fill 2 and 4."""
    made = drawing.numbered([(1, "a", "x"), (3, "c", "y"), (5, "e", "z"), (None, "u", "v")])
    assert [(s.table, s.north_south[0]) for s in made] == [(1, "a"), (2, "e"), (3, "c"), (4, "u")]

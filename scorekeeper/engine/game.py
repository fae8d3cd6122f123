"""Replays a game's hands: running totals, minimums, dealers and the result."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from scorekeeper.engine.hand import Hand
from scorekeeper.engine.opening import OpeningNeed, opening_minimum
from scorekeeper.engine.score import SideScore, preview
from scorekeeper.rules.model import Rules
from scorekeeper.sentences import problem_texts


@dataclass(frozen=True)
class Side:
    """A score column: its key, display name and players."""

    key: str
    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Setup:
    """Who plays, where they sit, who deals first, and any totals carried over from paper."""

    sides: tuple[Side, ...]
    first_dealer: str
    seating: tuple[str, ...] = ()
    start_totals: Mapping[str, int] = field(default_factory=dict)

    def seats(self) -> tuple[str, ...]:
        """Returns every player in seating order; by default partners alternate around the table."""
        if self.seating:
            return self.seating
        longest = max(len(s.players) for s in self.sides)
        return tuple(
            side.players[i] for i in range(longest) for side in self.sides if i < len(side.players)
        )


@dataclass(frozen=True)
class Status:
    """Whether the game goes on, who won and by how much, or a tie and what it means."""

    over: bool
    winner: str | None
    tied: bool
    margin: int | None
    code: str  # deal_of, first_to, winner, draw or tie_play_on: the edges word it (problem_texts)
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @property
    def message(self) -> str:
        """Returns the English sentence of the status, from the one table (logs, tests, CLI)."""
        return problem_texts.english(self.code, self.params)


@dataclass(frozen=True)
class Row:
    """One hand as it appears on the sheet."""

    number: int
    dealer: str
    sitting_out: str | None
    minimums: Mapping[str, OpeningNeed | None]
    scores: Mapping[str, SideScore]
    totals: Mapping[str, int]
    lone_hand: str | None
    after_end: bool = False  # played after the game had ended: shown, never counted


@dataclass(frozen=True)
class GameState:
    """Everything the sheet shows: rows, totals, next minimums, next dealer and status.

    `rows` holds every hand entered; when the game has ended, `ended_at` is the number of
    the hand that ended it, and `totals` and `status` are those at that hand, so no hand
    played after the end ever counts.
    """

    rows: tuple[Row, ...]
    totals: Mapping[str, int]
    next_minimums: Mapping[str, OpeningNeed | None]
    next_dealer: str | None
    next_sitting_out: str | None
    status: Status
    ended_at: int | None = None
    start_totals: Mapping[str, int] = field(default_factory=dict)  # before the first hand

    def totals_before(self, number: int) -> dict[str, int]:
        """Returns each side's total before hand `number` (1-based; past the end: the last row's)."""
        if number <= 1 or not self.rows:
            return dict(self.start_totals)
        return dict(self.rows[min(number, len(self.rows) + 1) - 2].totals)

    @property
    def after_end(self) -> tuple[Row, ...]:
        """Returns the rows of hands played after the game had ended."""
        return () if self.ended_at is None else self.rows[self.ended_at :]

    def to_target(self, rules: Rules) -> dict[str, int | None]:
        """Returns how many points each side still needs to reach the target."""
        target = rules.ending.target
        return {k: None if target is None else max(0, target - t) for k, t in self.totals.items()}


def sitting_out(rules: Rules, setup: Setup, hand_index: int) -> str | None:
    """Returns who sits out hand `hand_index` (0-based): Five-hand's larger side takes turns."""
    seats = rules.table.seats_per_side
    if seats is None:
        return None
    big = next((s for s in setup.sides if len(s.players) > seats), None)
    return big.players[hand_index % len(big.players)] if big else None


def seats_at_table(rules: Rules, setup: Setup, hand_index: int) -> tuple[str, ...]:
    """Returns the players at the table for a hand, in seating order, without whoever sits out."""
    away = sitting_out(rules, setup, hand_index)
    if setup.seating:
        return tuple(p for p in setup.seating if p != away)
    # Partners alternate around the table, so the players of each side sit opposite.
    playing = [tuple(p for p in side.players if p != away) for side in setup.sides]
    longest = max(len(players) for players in playing)
    return tuple(players[i] for i in range(longest) for players in playing if i < len(players))


def dealing(rules: Rules, setup: Setup) -> Callable[[int], str]:
    """Returns `dealer` for one game, hand 1's table worked out once rather than every hand."""
    first = seats_at_table(rules, setup, 0)
    start = first.index(setup.first_dealer) if setup.first_dealer in first else 0
    away = sitting_out(rules, setup, 0)

    def dealer_of(hand_index: int) -> str:
        # The seats change only with who sits out: most hands sit at hand 1's table.
        same = sitting_out(rules, setup, hand_index) == away
        seats = first if same else seats_at_table(rules, setup, hand_index)
        return seats[(start + hand_index) % len(seats)]

    return dealer_of


def dealer(rules: Rules, setup: Setup, hand_index: int) -> str:
    """Returns the dealer of hand `hand_index` (0-based): the deal passes one seat to the left."""
    return dealing(rules, setup)(hand_index)


def game_status(rules: Rules, totals: Mapping[str, int], hands_played: int) -> Status:
    """Returns the game's status after `hands_played` hands with these totals."""
    ending = rules.ending
    if ending.deals is not None:
        finished = hands_played >= ending.deals
        code, params = "deal_of", {"deal": hands_played + 1, "deals": ending.deals}
    else:
        target = ending.target or 0  # the preset loader requires a target when deals are open
        finished = any(t >= target for t in totals.values())
        code, params = "first_to", {"target": target}
    if not finished or not totals:
        return Status(False, None, False, None, code, params)
    ranked = sorted(totals.items(), key=lambda kv: kv[1], reverse=True)
    top = ranked[0][1]
    leaders = [k for k, t in ranked if t == top]
    if len(leaders) == 1:
        margin = top - ranked[1][1] if len(ranked) > 1 else top
        won = {"winner": leaders[0], "margin": margin}
        return Status(True, leaders[0], False, margin, "winner", won)
    tie = {"sides": tuple(leaders), "total": top}
    if ending.tie == "draw" or ending.deals is not None:
        return Status(True, None, True, 0, "draw", tie)
    return Status(False, None, True, 0, "tie_play_on", tie)


def _minimums(rules: Rules, totals: Mapping[str, int], deal: int) -> dict[str, OpeningNeed | None]:
    return {k: opening_minimum(rules, t, deal) for k, t in totals.items()}


Minimums = Callable[[Mapping[str, int], int], dict[str, OpeningNeed | None]]
_UNMADE = OpeningNeed(-1)  # a need no rules make: marks a total not met before


def _minimums_of(rules: Rules) -> Minimums:
    """Returns `_minimums` under these rules for one replay, each need made once per total."""
    made: dict[tuple[int, int], OpeningNeed | None] = {}

    def minimums(totals: Mapping[str, int], deal: int) -> dict[str, OpeningNeed | None]:
        found = {}
        for key, total in totals.items():
            need = made.get((total, deal), _UNMADE)
            if need is _UNMADE:
                need = made[total, deal] = opening_minimum(rules, total, deal)
            found[key] = need
        return found

    return minimums


def _state(
    rules: Rules,
    setup: Setup,
    rows: tuple[Row, ...],
    totals: dict[str, int],
    ended_at: int | None,
    start: Mapping[str, int],
    count: int | None = None,
) -> GameState:
    """Returns the sheet for these rows; `totals` are those after the last counted hand.

    `count` is how many hands were played when `rows` holds only some of them (a head).
    """
    played = (len(rows) if count is None else count) if ended_at is None else ended_at
    status = game_status(rules, totals, played)
    return GameState(
        rows=rows,
        totals=totals,
        next_minimums=_minimums(rules, totals, played + 1),
        next_dealer=None if status.over else dealer(rules, setup, played),
        next_sitting_out=None if status.over else sitting_out(rules, setup, played),
        status=status,
        ended_at=ended_at,
        start_totals=start,
    )


def _row(
    rules: Rules,
    setup: Setup,
    totals: Mapping[str, int],
    index: int,
    hand: Hand,
    after_end: bool = False,
    *,
    scores: Mapping[str, SideScore] | None = None,
    dealer_of: Callable[[int], str] | None = None,
    minimums: Minimums | None = None,
) -> Row:
    """Scores hand `index + 1` (0-based `index`) on `totals`; what the caller already has
    for this game (the hand's scores, its dealing, its minimums) it may pass."""
    scored = preview(rules, hand, totals, scores)
    return Row(
        number=index + 1,
        dealer=dealer(rules, setup, index) if dealer_of is None else dealer_of(index),
        sitting_out=sitting_out(rules, setup, index),
        minimums=(minimums or partial(_minimums, rules))(totals, index + 1),
        scores=scored.scores,
        totals=scored.totals,
        lone_hand=hand.lone_hand,
        after_end=after_end,
    )


def _ends_here(rules: Rules, totals: Mapping[str, int], hands_played: int) -> bool:
    """Tells whether the game is over once `hands_played` hands have these totals."""
    ending = rules.ending
    # game_status's own test of a finish first: most hands finish nothing.
    if ending.deals is not None:
        if hands_played < ending.deals:
            return False
    elif all(t < (ending.target or 0) for t in totals.values()):
        return False
    return game_status(rules, totals, hands_played).over


def next_row(
    rules: Rules,
    setup: Setup,
    head: GameState,
    count: int,
    running: Mapping[str, int],
    hand: Hand,
    scores: Mapping[str, SideScore] | None = None,
) -> tuple[Row, GameState]:
    """Scores hand `count + 1` on a sheet known by its head alone (its state without rows).

    `running` is each side's total after hand `count` (counted or not); returns the new row
    and the new head, whose `rows` is empty. `scores`: the hand's, when the caller has them.
    """
    ended_at = head.ended_at
    row = _row(rules, setup, running, count, hand, ended_at is not None, scores=scores)
    played = count + 1
    if ended_at is not None:
        return row, _state(rules, setup, (), dict(head.totals), ended_at, head.start_totals, played)
    ended_at = played if _ends_here(rules, row.totals, played) else None
    return row, _state(rules, setup, (), dict(row.totals), ended_at, head.start_totals, played)


def append(
    rules: Rules,
    setup: Setup,
    state: GameState,
    hand: Hand,
    scores: Mapping[str, SideScore] | None = None,
) -> GameState:
    """Returns the sheet with one more hand, scoring only that hand (unless given `scores`)."""
    running = state.rows[-1].totals if state.rows else state.totals
    row, head = next_row(rules, setup, state, len(state.rows), running, hand, scores)
    return replace(head, rows=(*state.rows, row))


def restate(rules: Rules, setup: Setup, state: GameState) -> GameState:
    """Returns the sheet with its next minimums, dealer and result as these rules see them."""
    ended_at, totals = state.ended_at, dict(state.totals)
    if ended_at is not None and not _ends_here(rules, totals, ended_at):
        # Under these rules the game goes on: hands played after the old end count again.
        ended_at, totals = None, dict(state.rows[-1].totals) if state.rows else totals
    return _state(rules, setup, state.rows, totals, ended_at, state.start_totals)


def replay(
    rules: Rules,
    setup: Setup,
    hands: Sequence[Hand],
    scored: Sequence[Mapping[str, SideScore]] | None = None,
) -> GameState:
    """Scores every hand in order and returns the whole sheet, ending where the rules say.

    `scored` holds each hand's `score_hand` under these rules when the caller has them.
    """
    start = {s.key: setup.start_totals.get(s.key, 0) for s in setup.sides}
    totals = counted = start
    ended_at: int | None = None
    rows: list[Row] = []
    dealer_of, minimums = dealing(rules, setup), _minimums_of(rules)
    for index, hand in enumerate(hands):
        scores = None if scored is None else scored[index]
        after = ended_at is not None
        rows.append(
            _row(
                rules,
                setup,
                totals,
                index,
                hand,
                after,
                scores=scores,
                dealer_of=dealer_of,
                minimums=minimums,
            )
        )
        totals = dict(rows[-1].totals)
        if ended_at is None:
            counted = totals
            if _ends_here(rules, totals, index + 1):
                ended_at = index + 1
    return _state(rules, setup, tuple(rows), counted, ended_at, start)

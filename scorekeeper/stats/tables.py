"""A group's statistics: per player, per partnership, head to head, with streaks; pure sums."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from scorekeeper.stats.figures import Figures

Seats = Mapping[tuple[int, int], str]  # (side position, seat) -> player id


@dataclass(frozen=True)
class Played:
    """One game of the group: its id, when it last changed, its figures, who sat in each seat."""

    game_id: str
    ended: str  # ISO time of the game's last change: for a finished game, when it ended
    figures: Figures
    seats: Seats

    def side_players(self, side: int) -> tuple[str, ...]:
        """Returns the player ids linked to a side's seats, in seat order."""
        return tuple(p for (s, _), p in sorted(self.seats.items()) if s == side)

    def partnership(self, side: int) -> tuple[str, ...] | None:
        """Returns a side's partnership (two or more players, all named), sorted; else None."""
        players = self.side_players(side)
        named_all = len(players) == len(self.figures["sides"][side]["players"])
        return tuple(sorted(players)) if len(players) > 1 and named_all else None


def _ratio(part: float, whole: int, places: int = 2) -> float | None:
    return round(part / whole, places) if whole else None


@dataclass
class Tally:
    """Sums of one player's or partnership's sides, under one format or all of them."""

    games: int = 0
    wins: int = 0
    margin_sum: int = 0
    hands: int = 0
    hand_sum: int = 0
    best_hand: int | None = None
    canastas: dict[str, int] = field(default_factory=dict)
    went_out: int = 0
    concealed: int = 0
    red_threes: int = 0
    below_zero: int = 0
    results: list[bool] = field(default_factory=list)  # won or not, oldest game first

    def add(self, side: Mapping[str, Any]) -> None:
        """Adds one side's figures of one game."""
        self.games += 1
        self.wins += int(side["won"])
        self.results.append(bool(side["won"]))
        self.margin_sum += side["margin"]
        self.hands += side["hands"]
        self.hand_sum += side["hand_sum"]
        if side["best_hand"] is not None:
            best = side["best_hand"]
            self.best_hand = best if self.best_hand is None else max(self.best_hand, best)
        for kind, n in side["canastas"].items():
            self.canastas[kind] = self.canastas.get(kind, 0) + n
        self.went_out += side["went_out"]
        self.concealed += side["concealed"]
        self.red_threes += side["red_threes"]
        self.below_zero += int(side["below_zero"])

    @property
    def win_rate(self) -> float | None:
        """Returns wins per game, 0 to 1, to 3 places; None before any game."""
        return _ratio(self.wins, self.games, 3)

    @property
    def losses(self) -> int:
        """Returns the games not won (lost or tied)."""
        return self.games - self.wins

    @cached_property  # read after the sums are done, many times by a page
    def streak(self) -> int:
        """Returns the current run: +3 for three wins in a row, -2 for two games without one."""
        if not self.results:
            return 0
        last, run = self.results[-1], 0
        for won in reversed(self.results):
            if won != last:
                break
            run += 1
        return run if last else -run

    @cached_property
    def longest_win_streak(self) -> int:
        """Returns the most wins in a row."""
        best = run = 0
        for won in self.results:
            run = run + 1 if won else 0
            best = max(best, run)
        return best

    def figures(self, kinds: Sequence[Sequence[str]]) -> dict[str, Any]:
        """Returns the averages and counts a table shows, canastas per hand by kind."""
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "average_margin": _ratio(self.margin_sum, self.games, 1),
            "hands": self.hands,
            "average_hand": _ratio(self.hand_sum, self.hands, 1),
            "best_hand": self.best_hand,
            "canastas_per_hand": {
                kind: _ratio(self.canastas.get(kind, 0), self.hands) for kind, _ in kinds
            },
            "went_out": self.went_out,
            "went_out_concealed": self.concealed,
            "red_threes_per_hand": _ratio(self.red_threes, self.hands),
            "below_zero": self.below_zero,
        }


@dataclass
class Line:
    """One row of a statistics table: a player or partnership, over all formats and per format."""

    key: tuple[str, ...]  # player ids, sorted: the same partners whatever their seats
    names: tuple[str, ...]  # in reading order, by name
    ids: tuple[str, ...]  # the ids in the order of `names`
    overall: Tally = field(default_factory=Tally)
    by_format: dict[str, Tally] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """Returns the names joined for reading: "Ann & Bob"."""
        return " & ".join(self.names)


@dataclass(frozen=True)
class Format:
    """A format games were played under: its key, its label and its kinds of canasta."""

    key: str
    label: tuple[str, ...]  # the format's name, then its house options' labels
    kinds: tuple[tuple[str, str], ...]
    games: int


@dataclass
class Meeting:
    """Two partnerships' record against each other."""

    first: Line
    second: Line
    games: int = 0
    first_wins: int = 0
    second_wins: int = 0

    @property
    def draws(self) -> int:
        """Returns how many of their games ended in a draw."""
        return self.games - self.first_wins - self.second_wins


@dataclass(frozen=True)
class Statistics:
    """Everything the statistics page and API show for a group."""

    games: int
    formats: tuple[Format, ...]
    players: tuple[Line, ...]
    partnerships: tuple[Line, ...]
    head_to_head: tuple[Meeting, ...]


def _ordered(played: Iterable[Played]) -> list[Played]:
    """Returns finished games oldest first, so streaks read in the order they were played."""
    done = [p for p in played if p.figures["finished"]]
    return sorted(done, key=lambda p: (p.ended, p.game_id))


def _credit(
    lines: dict[tuple[str, ...], Line],
    key: tuple[str, ...],
    names: Mapping[str, str],
    fmt: str,
    side: Mapping[str, Any],
) -> Line:
    line = lines.get(key)
    if line is None:
        members = sorted(key, key=lambda p: (names.get(p, "?").casefold(), p))
        line = lines[key] = Line(key, tuple(names.get(p, "?") for p in members), tuple(members))
    line.overall.add(side)
    line.by_format.setdefault(fmt, Tally()).add(side)
    return line


def _meet(
    meetings: dict[tuple[tuple[str, ...], ...], Meeting],
    a: Line,
    b: Line,
    won: tuple[str, ...] | None,
) -> None:
    first, second = sorted((a, b), key=lambda line: line.names)
    pair = (first.key, second.key)
    meeting = meetings.setdefault(pair, Meeting(first, second))
    meeting.games += 1
    meeting.first_wins += int(won == first.key)
    meeting.second_wins += int(won == second.key)


def _rank(lines: Iterable[Line]) -> tuple[Line, ...]:
    return tuple(
        sorted(
            lines, key=lambda line: (-line.overall.games, -line.overall.wins, line.name.casefold())
        )
    )


def statistics(played: Iterable[Played], names: Mapping[str, str]) -> Statistics:
    """Returns a group's statistics from its games' figures and its players' names."""
    games = _ordered(played)
    players: dict[tuple[str, ...], Line] = {}
    partnerships: dict[tuple[str, ...], Line] = {}
    meetings: dict[tuple[tuple[str, ...], ...], Meeting] = {}
    formats: dict[str, list[Any]] = {}
    for game in games:
        figures = game.figures
        fmt = figures["format"]
        entry = formats.setdefault(fmt, [figures["label"], figures["kinds"], 0])
        entry[2] += 1
        teams = []
        for position, side in enumerate(figures["sides"]):
            for player in dict.fromkeys(game.side_players(position)):
                _credit(players, (player,), names, fmt, side)
            key = game.partnership(position)
            if key is not None:
                teams.append((_credit(partnerships, key, names, fmt, side), side["won"]))
        if len(teams) == 2 and len(figures["sides"]) == 2:
            won = next((line.key for line, w in teams if w), None)
            _meet(meetings, teams[0][0], teams[1][0], won)
    return Statistics(
        games=len(games),
        formats=tuple(
            Format(key, tuple(label), tuple((k, n) for k, n in kinds), count)
            for key, (label, kinds, count) in sorted(formats.items(), key=lambda kv: -kv[1][2])
        ),
        players=_rank(players.values()),
        partnerships=_rank(partnerships.values()),
        head_to_head=tuple(sorted(meetings.values(), key=lambda m: -m.games)),
    )

"""A group's history: its finished games newest first, filtered by format, player, partners, date."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scorekeeper.stats.tables import Played


@dataclass(frozen=True)
class Filters:
    """What the history is narrowed to; empty fields narrow nothing."""

    format: str = ""
    player: str = ""
    partnership: tuple[str, ...] = ()  # player ids, sorted
    since: str = ""  # ISO dates, inclusive
    until: str = ""


@dataclass(frozen=True)
class SideLine:
    """One side of a game in the history: its name, players as the group knows them, total."""

    name: str
    players: tuple[str, ...]
    player_ids: tuple[str | None, ...]
    total: int
    won: bool


@dataclass(frozen=True)
class Entry:
    """One finished game in the history."""

    game_id: str
    ended: str
    format: str
    label: tuple[str, ...]  # the format's name, then its house options' labels
    hands: int
    tied: bool
    sides: tuple[SideLine, ...]

    @property
    def winner(self) -> SideLine | None:
        """Returns the winning side, or None for a draw."""
        return next((s for s in self.sides if s.won), None)


def _sides(game: Played, names: Mapping[str, str]) -> tuple[SideLine, ...]:
    lines = []
    for i, side in enumerate(game.figures["sides"]):
        ids = tuple(game.seats.get((i, j)) for j in range(len(side["players"])))
        shown = tuple(
            names.get(pid, typed) if pid else typed
            for pid, typed in zip(ids, side["players"], strict=True)
        )
        lines.append(SideLine(side["name"], shown, ids, side["total"], side["won"]))
    return tuple(lines)


def _wanted(game: Played, filters: Filters) -> bool:
    figures = game.figures
    day = game.ended[:10]
    if filters.format and figures["format"] != filters.format:
        return False
    if filters.since and day < filters.since or filters.until and day > filters.until:
        return False
    if filters.player and filters.player not in game.seats.values():
        return False
    if filters.partnership:
        sides = range(len(figures["sides"]))
        return any(game.partnership(i) == filters.partnership for i in sides)
    return True


def in_play(played: Iterable[Played], names: Mapping[str, str]) -> list[Entry]:
    """Returns the games still being played, the latest changed first."""
    return _entries([g for g in played if not g.figures["finished"]], names)


def history(
    played: Iterable[Played], names: Mapping[str, str], filters: Filters = Filters()
) -> list[Entry]:
    """Returns the finished games that pass the filters, the latest first."""
    return _entries([g for g in played if g.figures["finished"] and _wanted(g, filters)], names)


def _entries(chosen: list[Played], names: Mapping[str, str]) -> list[Entry]:
    chosen.sort(key=lambda g: (g.ended, g.game_id), reverse=True)
    return [
        Entry(
            g.game_id,
            g.ended,
            g.figures["format"],
            tuple(g.figures["label"]),
            g.figures["hands"],
            g.figures["tied"],
            _sides(g, names),
        )
        for g in chosen
    ]

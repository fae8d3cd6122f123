"""Victory points: a table's score difference turned into points by the director's bands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

MAX_VP = 1_000  # far above any band a director would choose; keeps typing slips out
MAX_BAND_EDGE = 10**6  # a band's `up_to` margin: far above any table's


@dataclass(frozen=True)
class Band:
    """Margins up to `up_to` (inclusive; None: any larger) give the winner and loser these VP."""

    up_to: int | None
    winner: int
    loser: int


@dataclass(frozen=True)
class ByeAward:
    """What an entrant without a table this round is credited: victory points and a margin."""

    victory_points: int
    margin: int


@dataclass(frozen=True)
class VictoryTable:
    """The bands of an event, ascending; no bands means plain total points (VP = the score)."""

    bands: tuple[Band, ...] = ()

    @property
    def plain(self) -> bool:
        """Tells whether the event ranks by the points scored instead of victory points."""
        return not self.bands

    def award(self, score: int, other: int) -> tuple[int, int]:
        """Returns (this side's VP, the other side's VP) for a table that ended score v other."""
        if self.plain:
            return score, other
        margin = abs(score - other)
        band = next(b for b in self.bands if b.up_to is None or margin <= b.up_to)
        if score == other:  # a drawn table: each side the middle of its band (10-10)
            half = (band.winner + band.loser) // 2
            return half, half
        return (band.winner, band.loser) if score > other else (band.loser, band.winner)


# Burraco's 3-deal table (Italian club regulations), the one published reference: margin
# bands in steps to 1,500, then 20-0.
_BURRACO_3 = (
    (50, 10, 10),
    (150, 11, 9),
    (250, 12, 8),
    (350, 13, 7),
    (500, 14, 6),
    (650, 15, 5),
    (800, 16, 4),
    (1_000, 17, 3),
    (1_250, 18, 2),
    (1_500, 19, 1),
)


def _scaled(numerator: int, denominator: int) -> tuple[Band, ...]:
    """Returns the Burraco 3-deal bands with every edge times numerator/denominator, to 5."""
    # Scores are multiples of 5, so every edge stays one: the next band starts 5 above it.
    edges = [round(up * numerator / denominator / 5) * 5 for up, _, _ in _BURRACO_3]
    bands = [Band(e, w, lo) for e, (_, w, lo) in zip(edges, _BURRACO_3, strict=True)]
    return (*bands, Band(None, 20, 0))


# Templates a director starts from: Burraco's as published (3 deals) and widened by 4/3 for
# 4 deals; the Canasta ones triple the edges, as a Canasta deal scores about three times a
# Burraco deal (a classic hand's margin is often 1,000 or more). "points": plain total points.
TEMPLATES: Mapping[str, tuple[Band, ...]] = {
    "burraco_3": _scaled(1, 1),
    "burraco_4": _scaled(4, 3),
    "canasta_3": _scaled(3, 1),
    "canasta_4": _scaled(4, 1),
    "points": (),
}


def template(name: str) -> VictoryTable:
    """Returns the victory-point table of a template by name (KeyError when unknown)."""
    return VictoryTable(TEMPLATES[name])


@dataclass(frozen=True)
class BandProblem:
    """Something wrong with one band, as a code and its values (worded at the edges)."""

    index: int
    field: str  # up_to, winner or loser
    code: str
    params: Mapping[str, Any]


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def band_problems(raw: Sequence[Mapping[str, Any]]) -> list[BandProblem]:
    """Returns every problem of bands typed by a director; none means VictoryTable can take them."""
    problems: list[BandProblem] = []
    last = -1
    for i, band in enumerate(raw):
        up_to = band.get("up_to")
        final = i == len(raw) - 1
        if final and up_to is not None:
            problems.append(BandProblem(i, "up_to", "last_band_open", {}))
        elif not final and not (
            isinstance(up_to, int) and _whole(up_to) and 0 <= up_to <= MAX_BAND_EDGE
        ):
            problems.append(BandProblem(i, "up_to", "band_edge", {}))
        elif not final and isinstance(up_to, int) and up_to <= last:
            problems.append(BandProblem(i, "up_to", "bands_ascending", {"after": last}))
        if not final and isinstance(up_to, int) and _whole(up_to):
            last = up_to
        problems += _points(i, band)
    return problems


def _points(index: int, band: Mapping[str, Any]) -> list[BandProblem]:
    """Returns the problems of a band's winner and loser VP."""
    found = [
        BandProblem(index, key, "band_points", {"most": MAX_VP})
        for key in ("winner", "loser")
        if not (_whole(band.get(key)) and 0 <= band[key] <= MAX_VP)
    ]
    if not found and band["winner"] < band["loser"]:
        found.append(BandProblem(index, "loser", "loser_above_winner", {}))
    return found


def bands_of(raw: Sequence[Mapping[str, Any]]) -> VictoryTable:
    """Returns the victory-point table of checked bands (band_problems found none)."""
    return VictoryTable(tuple(Band(b.get("up_to"), b["winner"], b["loser"]) for b in raw))

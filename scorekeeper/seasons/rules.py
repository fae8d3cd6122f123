"""A season's rule: each night's score, best N after the K worst dropped, a minimum, the order.

Scores are whole hundredths, so an average of victory points per table adds up exactly;
`figure` turns one back into the number a reader sees (a whole number when it is one).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SCORES = ("victory_points", "average_victory_points", "place_points")
BY = ("entrant", "player")
MAX_NIGHTS = 400  # best, minimum and drop_worst: far above a season of weekly nights
MAX_PLACES = 100


@dataclass(frozen=True)
class SeasonRule:
    """How a season counts: the score of a night, best N, minimum, K worst dropped, by whom."""

    score: str = "victory_points"
    place_points: tuple[int, ...] = ()  # place 1 first; places past the list score 0
    best: int | None = None  # None: every night left after the drop
    minimum: int = 0
    drop_worst: int = 0
    by: str = "entrant"


@dataclass(frozen=True)
class NightLine:
    """One entrant's stored figure of one night: its place, victory points and tables."""

    names: tuple[str, ...]  # who the night credits: the entrant, or (by player) its players
    rank: int
    victory_points: int
    tables: int  # tables played plus byes: what the average divides by


@dataclass(frozen=True)
class SeasonLine:
    """One line of the season's standings; scores in hundredths, nights in night order."""

    rank: int
    name: str
    score: int
    nights: int
    counted: tuple[int, ...]
    dropped: tuple[int, ...]
    qualified: bool


def rule_problems(rule: SeasonRule) -> list[tuple[str, str, dict[str, int]]]:
    """Returns (field, code, params) for each part of a rule that cannot count a season."""
    problems: list[tuple[str, str, dict[str, int]]] = []
    if rule.score not in SCORES:
        problems.append(("score", "season_score", {}))
    if rule.by not in BY:
        problems.append(("by", "season_by", {}))
    places = rule.place_points
    wrong_places = len(places) > MAX_PLACES or any(p < 0 for p in places)
    if wrong_places or (rule.score == "place_points" and not places):
        problems.append(("place_points", "season_places", {"most": MAX_PLACES}))
    counts = (("best", rule.best, 1), ("minimum", rule.minimum, 0))
    for field, value, least in (*counts, ("drop_worst", rule.drop_worst, 0)):
        if value is not None and not least <= value <= MAX_NIGHTS:
            problems.append((field, "season_count", {"most": MAX_NIGHTS}))
    return problems


def night_score(rule: SeasonRule, line: NightLine) -> int:
    """Returns a night's score in hundredths: its VP, VP per table (rounded half up), or place."""
    if rule.score == "place_points":
        places = rule.place_points
        return 100 * places[line.rank - 1] if line.rank <= len(places) else 0
    if rule.score == "average_victory_points":
        if line.tables <= 0:
            return 0
        return (200 * line.victory_points + line.tables) // (2 * line.tables)
    return 100 * line.victory_points


def figure(hundredths: int) -> int | float:
    """Returns a score in hundredths as a reader's number: 1250 -> 12.5, 1200 -> 12."""
    return hundredths // 100 if hundredths % 100 == 0 else hundredths / 100


def _split(rule: SeasonRule, scores: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Returns (counted, dropped) in night order: K worst dropped (one night always stays), best N."""
    # The best first; of two equal scores the earlier night counts and the later one drops.
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
    keep = len(scores) - min(rule.drop_worst, max(len(scores) - 1, 0))
    if rule.best is not None:
        keep = min(keep, rule.best)
    kept = set(order[:keep])
    counted = tuple(s for i, s in enumerate(scores) if i in kept)
    dropped = tuple(s for i, s in enumerate(scores) if i not in kept)
    return counted, dropped


def season_standings(rule: SeasonRule, nights: Sequence[Sequence[NightLine]]) -> list[SeasonLine]:
    """Returns the season's lines: the qualified by score, then the rest; a tie shares its rank."""
    played: dict[str, list[int]] = {}
    for night in nights:
        seen: set[str] = set()
        for line in night:
            for name in line.names:
                if name not in seen:  # one night credits a name once
                    seen.add(name)
                    played.setdefault(name, []).append(night_score(rule, line))
    lines = []
    for name, scores in played.items():
        counted, dropped = _split(rule, scores)
        qualified = len(scores) >= rule.minimum
        lines.append((name, sum(counted), len(scores), counted, dropped, qualified))
    lines.sort(key=lambda x: (not x[5], -x[1], x[0].casefold(), x[0]))
    ranked: list[SeasonLine] = []
    for i, (name, score, count, counted, dropped, qualified) in enumerate(lines):
        before = ranked[-1] if ranked else None
        same = before is not None and before.qualified == qualified and before.score == score
        rank = before.rank if same and before else i + 1
        ranked.append(SeasonLine(rank, name, score, count, counted, dropped, qualified))
    return ranked

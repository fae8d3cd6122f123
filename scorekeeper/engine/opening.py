"""The opening (initial-meld) minimum a side faces, from its score or the deal number."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules.model import Rules
from scorekeeper.sentences import problem_texts


@dataclass(frozen=True)
class OpeningNeed:
    """What a side's first meld of a hand must hold: points, and perhaps a canasta."""

    points: int
    needs: str = ""  # "", "canasta" or "natural_canasta"
    must_exceed: bool = False

    @property
    def label(self) -> str:
        """Returns the requirement in English, from the one table: "90", "a natural canasta"."""
        return problem_texts.english(*problem_texts.need_code(self))

    def met_by(self, meld_points: int, has_canasta: bool = False, natural: bool = False) -> bool:
        """Tells whether a planned opening meld satisfies this requirement."""
        if self.needs == "natural_canasta" and not natural:
            return False
        if self.needs == "canasta" and not (has_canasta or natural):
            return False
        if self.must_exceed and self.points:
            return meld_points > self.points
        return meld_points >= self.points


def opening_minimum(rules: Rules, total: int, deal: int) -> OpeningNeed | None:
    """Returns the requirement for a side at `total` in deal `deal` (1-based); None past the end."""
    opening = rules.opening
    if opening.by == "none":
        return OpeningNeed(0)
    if opening.by == "deal":
        if not 1 <= deal <= len(opening.tiers):
            return None
        tier = opening.tiers[deal - 1]
    else:
        tier = next(t for t in opening.tiers if t.below is None or total < t.below)
    return OpeningNeed(tier.points, tier.needs, opening.must_exceed)

"""The "Can we open?" form: a side, the cards it plans to lay down, and the engine's verdict."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext

from scorekeeper.engine import OpeningNeed
from scorekeeper.engine.cards import countable, meld_points
from scorekeeper.language import i18n, words
from scorekeeper.rules.model import CardClass, Rules

SIDE = "side"
CANASTA = "canasta"
NATURAL = "natural_canasta"


@dataclass
class Check:
    """What the form gave: the side's position, counts per card class, and any errors."""

    side: int
    counts: dict[str, int]
    canasta: bool
    natural: bool
    values: dict[str, str]
    errors: dict[str, list[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Answer:
    """The verdict for one side: the meld's card points against its current requirement."""

    side: str
    points: int
    need: str
    met: bool
    message: str

    def as_dict(self) -> dict[str, Any]:
        """Returns the answer as the JSON object the live check shows."""
        return {
            "side": self.side,
            "points": self.points,
            "need": self.need,
            "met": self.met,
            "message": self.message,
            "shown": i18n.number(self.points),  # the points as the page writes them
        }


def cards_for(rules: Rules) -> tuple[CardClass, ...]:
    """Returns the card classes a side can tap for a planned meld."""
    return countable(rules, melded=True)


def read(rules: Rules, sides: Sequence[str], form: Mapping[str, str]) -> Check:
    """Reads the side and the card counts, with a message for each value that cannot be right."""
    values = {SIDE: str(form.get(SIDE, "0"))[:4]}
    errors: dict[str, list[str]] = {}
    side = i18n.parse_index(values[SIDE], len(sides))
    if side is None:
        errors[SIDE] = [gettext("Choose the side that plans to open.")]
    counts = {}
    for card in cards_for(rules):
        name = f"cards-{card.id}"
        values[name] = text = str(form.get(name, "")).strip()[: i18n.MAX_TYPED] or "0"
        try:
            counts[card.id] = i18n.parse_whole(text, label=words.text(card.label), limit=card.count)
        except i18n.NumberProblem as problem:
            errors[name] = [
                gettext(
                    "%(card)s: enter a whole number from 0 to %(most)s.",
                    card=words.text(card.label),
                    most=i18n.number(card.count),
                )
            ]
            if problem.code == "foreign_digit":
                errors[name].insert(0, problem.message)
    canasta, natural = form.get(CANASTA) == "1", form.get(NATURAL) == "1"
    return Check(side or 0, counts, canasta or natural, natural, values, errors)


def answer(rules: Rules, side: str, need: OpeningNeed | None, check: Check) -> Answer:
    """Returns the engine's verdict on a planned opening meld, in a player's words."""
    points = meld_points(rules, check.counts)
    if need is None:
        message = gettext("There is no next deal: the game is over.")
        return Answer(side, points, "", False, message)
    met = need.met_by(points, has_canasta=check.canasta, natural=check.natural)
    label = words.need(need)
    if met:
        message = gettext("Yes: enough to open (needs %(need)s).", need=label)
    else:
        message = gettext("Not yet: needs %(need)s.", need=label)
    return Answer(side, points, label, met, message)

"""Card counting: the points of counted cards, from the values in the format's preset."""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.rules.model import CardClass, Rules


def countable(rules: Rules, *, melded: bool) -> tuple[CardClass, ...]:
    """Returns the card classes that can be counted melded (or in hand) at a fixed value."""
    return tuple(c for c in rules.cards if not melded or c.melded is not None)


def card_points(rules: Rules, counts: Mapping[str, int], *, melded: bool = True) -> int:
    """Returns the points of `counts` cards per class, melded or left in hand."""
    total = 0
    for card in countable(rules, melded=melded):
        count = counts.get(card.id, 0)
        if not 0 <= count <= card.count:
            raise ValueError(f"{card.label}: the pack holds {card.count}, not {count}.")
        value = card.melded if melded else card.in_hand
        if value is None:  # countable() leaves out cards with no melded value
            continue
        total += count * value
    return total


def meld_points(rules: Rules, counts: Mapping[str, int]) -> int:
    """Returns the card points of a planned or laid-down meld: bonuses never count."""
    return card_points(rules, counts, melded=True)

"""A made-up but valid game of any format, for the PDF tests and a look at the sheet."""

from __future__ import annotations

import random

from scorekeeper.engine import Hand, Setup, Side, SideEntry, validate_hand
from scorekeeper.rules.model import Rules

NAMES = ("José", "Zoë", "Łukasz", "Ørsted", "李明", "Ana", "Björn", "Chloé", "Dmitri", "Eun-ji")


def sample_setup(rules: Rules, names: tuple[str, ...] = NAMES) -> Setup:
    """Returns a table for the format's usual side sizes, with names in several scripts."""
    given = iter(names)
    sides = []
    for i, size in enumerate(rules.table.players_per_side):
        players = tuple(next(given) for _ in range(size))
        if size == 1:
            name = players[0]
        else:
            name = ("We", "They", "Third side")[i] if i < 3 else f"Side {i + 1}"
        sides.append(Side(f"s{i + 1}", name, players))
    return Setup(sides=tuple(sides), first_dealer=sides[0].players[0])


def _out_entry(rules: Rules, rng: random.Random, concealed: bool) -> SideEntry:
    canastas = dict(rules.going_out.requires)
    kinds = [k.id for k in rules.canastas]
    while kinds and sum(canastas.values()) < max(1, rules.going_out.canastas):
        kind = kinds[-1] if rng.random() < 0.6 else rng.choice(kinds)  # mostly the plainest kind
        canastas[kind] = canastas.get(kind, 0) + 1
    least = sum(n * rules.canasta(k).min_points for k, n in canastas.items())
    return SideEntry(
        melded_points=least + 5 * rng.randrange(10, 60),
        red_threes=rng.choice((0, 0, 1, 1, 2)),
        canastas=canastas,
        went_out="concealed" if concealed else "out",
    )


def _other_entry(rules: Rules, rng: random.Random) -> SideEntry:
    melded = 5 * rng.randrange(0, 50)
    canastas = {}
    if melded >= 150 and rules.canastas and rng.random() < 0.4:
        kind = rules.canastas[-1]
        if melded >= kind.min_points:
            canastas[kind.id] = 1
    return SideEntry(
        melded_points=melded,
        hand_points=5 * rng.randrange(2, 40),
        red_threes=rng.choice((0, 0, 0, 1)),
        canastas=canastas,
    )


def sample_hands(
    rules: Rules, setup: Setup, count: int, seed: int = 4, out_rate: float = 0.5
) -> list[Hand]:
    """Returns `count` valid hands, the same every time for the same seed.

    In a share `out_rate` of them someone goes out; in the rest the stock ran out, which
    keeps a long sample game short of the target for longer.
    """
    rng = random.Random(seed)
    keys = [s.key for s in setup.sides]
    hands: list[Hand] = []
    for _ in range(count * 50):  # a few draws break the rules and are drawn again
        if len(hands) == count:
            break
        out = rng.choice(keys) if rng.random() < out_rate else None
        lone = rng.choice(keys) if rules.table.partnership == "lone_hand" else None
        entries = {
            k: _out_entry(rules, rng, rng.random() < 0.1) if k == out else _other_entry(rules, rng)
            for k in keys
        }
        hand = Hand(entries=entries, lone_hand=lone)
        if not validate_hand(rules, hand):
            hands.append(hand)
    if len(hands) < count:
        raise ValueError(f"could not make {count} valid {rules.name} hands")
    return hands

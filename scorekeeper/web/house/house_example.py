"""A worked example on the house format form: one hand scored by the engine under two rule sets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.engine.game import Status, game_status
from scorekeeper.engine.hand import Problem, parse_hand
from scorekeeper.engine.score import Preview, preview
from scorekeeper.engine.validate import validate_hand
from scorekeeper.language import i18n, words
from scorekeeper.rules.documents import FormatError, preset_document, rules_of
from scorekeeper.rules.model import Rules
from scorekeeper.rules.presets import load_presets
from scorekeeper.sentences.marked import N_
from scorekeeper.web.house import house_shape

SIDE_NAMES = (N_("We"), N_("They"), N_("Them"), N_("Us"), N_("You"), N_("All"))


@dataclass(frozen=True)
class Scored:
    """One rule set's result for the example hand (scores and status), or its problems."""

    rules: Rules
    result: Preview | None
    status: Status | None
    problems: list[Problem]


def _pack_holds(kinds: Mapping[str, int], books: tuple[Rules, ...]) -> bool:
    """Returns whether every rule set's pack holds the scarce cards these canastas take."""
    for rules in books:
        used: dict[str, int] = {}
        for kind in rules.canastas:
            for card, each in kind.uses.items():
                used[card] = used.get(card, 0) + each * kinds.get(kind.id, 0)
        if any(count > rules.cards_in_pack(card) for card, count in used.items()):
            return False
    return True


def example_hand(rules: Rules, *others: Rules) -> dict[str, Any]:
    """Returns the example hand: the first side goes out with one canasta of each kind the
    packs hold (of `rules` and of `others`: Modern American's one pack holds one wild canasta)."""
    names = SIDE_NAMES[: max(2, rules.table.min_sides)]
    going_out = rules.going_out
    kinds = {k.id: going_out.requires.get(k.id, 0) for k in rules.canastas}
    for kind in rules.canastas:  # one of each kind, while the packs hold its cards
        if not kinds[kind.id] and _pack_holds({**kinds, kind.id: 1}, (rules, *others)):
            kinds[kind.id] = 1
    if rules.canastas and sum(kinds.values()) < going_out.canastas:  # enough to go out
        first = rules.canastas[0].id
        kinds[first] += going_out.canastas - sum(kinds.values())
    kinds = {kind: n for kind, n in kinds.items() if n}
    melded = sum(k.min_points * kinds.get(k.id, 0) for k in rules.canastas) + 50
    hand: dict[str, Any] = {
        names[0]: {
            "melded_points": melded - melded % 5,
            "hand_points": 0,
            "red_threes": 1 if rules.red_threes else 0,
            "canastas": kinds,
            "went_out": "out",
        }
    }
    for name in names[1:]:
        hand[name] = {"melded_points": 120, "hand_points": 40, "canastas": {}, "went_out": "no"}
    return {"hand": hand, "totals_before": {n: 4500 if n == names[0] else 3000 for n in names}}


def score_example(rules: Rules, data: dict[str, Any]) -> Scored:
    """Scores the example under the rules; kinds the rules lack are left out of the hand."""
    kinds = {k.id for k in rules.canastas}
    hand = {
        side: {**entry, "canastas": {k: n for k, n in entry["canastas"].items() if k in kinds}}
        for side, entry in data["hand"].items()
    }
    sides, totals = list(hand), data["totals_before"]
    problems: list[Problem] = []
    parsed = parse_hand(rules, {"hand": hand}, sides, problems)
    if not problems:
        problems = validate_hand(rules, parsed, totals)
    if problems:
        return Scored(rules, None, None, problems)
    scored = preview(rules, parsed, totals)
    # With a fixed number of deals the game ends after the last one; otherwise on the totals.
    status = game_status(rules, scored.totals, 1 if rules.ending.deals else 0)
    if status.winner:  # the example's sides are named in English: the winner is said in words
        status = replace(status, params={**status.params, "winner": words.text(status.winner)})
    return Scored(rules, scored, status, [])


def described(rules: Rules, data: dict[str, Any]) -> dict[str, Any]:
    """Returns the example in the reader's words: who goes out, with what, from which totals.

    `we` tells the template the side going out is "We": its sentence is then written in the
    first person plural ("Nosotros cerramos"), never a third-person verb glued to the name.
    """
    labels = {k.id: k.label for k in rules.canastas}
    side, entry = next(iter(data["hand"].items()))
    kinds = (f"{n} × {words.text(labels.get(k, k))}" for k, n in entry["canastas"].items())
    totals = (f"{words.text(s)} {i18n.number(t)}" for s, t in data["totals_before"].items())
    return {
        "side": words.text(side),
        "we": side == SIDE_NAMES[0],
        "canastas": ", ".join(kinds),
        "totals": ", ".join(totals),
    }


def compare(edited: Rules, preset: Rules) -> tuple[dict[str, Any], Scored, Scored]:
    """Returns the example hand and its result under the edited rules and under the preset."""
    data = example_hand(edited, preset)
    return data, score_example(edited, data), score_example(preset, data)


def for_form(base: str, changes: Mapping[str, Any], rules: Rules | None) -> tuple[Any, ...] | None:
    """Returns the example hand scored under the edited rules and the preset's, or None."""
    try:
        edited = rules or rules_of(house_shape.structure(preset_document(base), changes))
        data, these, plain = compare(edited, load_presets()[base].rules)
    except FormatError:
        return None
    return (data, these, plain, described(edited, data))

"""Impossible rules in a format document, each named by the field that makes it impossible."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard

from scorekeeper.sentences.marked import N_

# The fewest cards in any canasta (rules.md V11): natural and mixed canastas hold seven or
# more, and every special meld a preset scores as a canasta holds exactly seven. The engine's
# hand check counts canastas against the pack with the same number.
CANASTA_CARDS = 7
# The highest target a format may set: far above any table's game (Classic plays to 5,000,
# Cuban to 7,500), low enough that a game can reach it hand by hand.
MAX_TARGET = 100_000


@dataclass(frozen=True)
class FormatProblem:
    """One thing wrong with a format document: the field (a dotted key), a code and words.

    `message` is the English sentence; `template` (an N_()-marked msgid, when there is one)
    with `params` words it in another language where it is shown (`problem_words.format_problem`).
    """

    field: str
    code: str
    message: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    template: str = ""

    def as_dict(self) -> dict[str, Any]:
        """Returns the problem as the JSON object the CLI and API print."""
        return {"field": self.field, "code": self.code, "message": self.message}


def _int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def english(params: Mapping[str, Any]) -> dict[str, Any]:
    """Returns the params as the English sentence writes them: whole numbers grouped, 5,000."""
    return {k: f"{v:,}" if _int(v) else v for k, v in params.items()}


def problem(where: str, code: str, template: str, **params: Any) -> FormatProblem:
    """Returns a problem whose English message is its template filled in with its params."""
    return FormatProblem(where, code, template % english(params), params, template)


def _items(data: Mapping[str, Any], key: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Yields the tables of a list such as `canastas`, each with its id (or its position)."""
    items = data.get(key)
    if not isinstance(items, list):
        return
    for i, item in enumerate(items):
        if isinstance(item, Mapping):
            name = item.get("id")
            yield (name if isinstance(name, str) and name else str(i)), item


def card_points_max(data: Mapping[str, Any]) -> int:
    """Returns the most card points the pack of a raw document holds (red threes excluded)."""
    total = 0
    for _, card in _items(data, "cards"):
        count, melded, in_hand = card.get("count"), card.get("melded"), card.get("in_hand")
        values = [v for v in (melded, in_hand) if _int(v)]
        if _int(count) and values:
            total += count * max(0, *values)
    return total


def _pack(data: Mapping[str, Any]) -> Iterator[FormatProblem]:
    pack = data.get("pack")
    if _int(pack) and pack <= 0:
        yield problem("pack", "pack_not_positive", N_("The pack needs at least one card."))
    for card_id, card in _items(data, "cards"):
        count = card.get("count")
        if _int(count) and count < 0:
            yield problem(
                f"cards.{card_id}.count",
                "negative_count",
                N_("A pack cannot hold fewer than 0 cards."),
            )
        for key in ("melded", "in_hand"):
            value = card.get(key)
            if _int(value) and value < 0:
                yield problem(
                    f"cards.{card_id}.{key}",
                    "negative_card_value",
                    N_("Cards are worth 0 or more."),
                )


def _canastas(data: Mapping[str, Any]) -> Iterator[FormatProblem]:
    most = card_points_max(data)
    for kind_id, kind in _items(data, "canastas"):
        bonus = kind.get("bonus")
        if _int(bonus) and bonus < 0:
            yield problem(
                f"canastas.{kind_id}.bonus",
                "negative_bonus",
                N_("A bonus is 0 points or more."),
            )
        least = kind.get("min_points")
        if _int(least) and least < 0:
            yield problem(
                f"canastas.{kind_id}.min_points",
                "negative_minimum",
                N_("A canasta holds 0 points or more."),
            )
        elif _int(least) and most and least > most:
            yield problem(
                f"canastas.{kind_id}.min_points",
                "canasta_above_pack",
                N_(
                    "A canasta of at least %(min_points)s points is more than the whole pack "
                    "holds (%(pack_points)s)."
                ),
                min_points=least,
                pack_points=most,
            )


def _going_out(data: Mapping[str, Any]) -> Iterator[FormatProblem]:
    going_out = data.get("going_out")
    if not isinstance(going_out, Mapping):
        return
    for key in ("bonus", "concealed_bonus"):
        value = going_out.get(key)
        if _int(value) and value < 0:
            yield problem(f"going_out.{key}", "negative_bonus", N_("A bonus is 0 points or more."))
    pack = data.get("pack")
    most = pack // CANASTA_CARDS if _int(pack) and pack > 0 else None
    canastas = going_out.get("canastas")
    if _int(canastas) and canastas < 0:
        yield problem(
            "going_out.canastas", "negative_count", N_("Going out needs 0 canastas or more.")
        )
    elif _int(canastas) and most is not None and canastas > most:
        yield _above_pack("going_out.canastas", canastas, pack, most)
    requires = going_out.get("requires")
    if isinstance(requires, Mapping):
        yield from _going_out_requires(data, requires, most)


def _going_out_requires(
    data: Mapping[str, Any], requires: Mapping[str, Any], most: int | None
) -> Iterator[FormatProblem]:
    """Checks the canasta kinds going out requires: known kinds, counts the pack can hold."""
    kinds = {kind_id for kind_id, _ in _items(data, "canastas")}
    for kind, count in requires.items():
        field = f"going_out.requires.{kind}"
        if kind not in kinds:
            yield problem(
                field,
                "unknown_kind",
                N_(
                    "Going out requires %(kind)r, which is not a canasta kind of this format "
                    "(kinds: %(kinds)s)."
                ),
                kind=kind,
                kinds=", ".join(sorted(kinds)) or "none",
            )
        elif not _int(count) or count < 0:
            yield problem(field, "negative_count", N_("Give a count of 0 or more."))
        elif most is not None and count > most:
            yield _above_pack(field, count, data.get("pack"), most)


def _above_pack(field: str, canastas: int, pack: Any, most: int) -> FormatProblem:
    """Returns the problem of going out needing more canastas than the pack can make."""
    return problem(
        field,
        "canastas_above_pack",
        N_(
            "Going out cannot need %(canastas)s canastas: a %(pack)s-card pack holds at "
            "most %(most)s, seven cards each."
        ),
        canastas=canastas,
        pack=pack,
        most=most,
    )


def _opening(data: Mapping[str, Any]) -> Iterator[FormatProblem]:
    opening = data.get("opening")
    if not isinstance(opening, Mapping) or opening.get("by") != "score":
        return
    tiers = opening.get("tiers")
    if not isinstance(tiers, list) or not all(isinstance(t, Mapping) for t in tiers):
        return
    if not _rising([t.get("below") for t in tiers]):
        yield problem(
            "opening.tiers",
            "tiers_out_of_order",
            N_(
                "The opening bands must rise from the lowest score to the highest, and only the "
                "last may have no upper bound."
            ),
        )
    if any(_int(t.get("points")) and t["points"] < 0 for t in tiers):
        yield problem(
            "opening.tiers", "negative_minimum", N_("An opening minimum is 0 points or more.")
        )


def _rising(bounds: list[Any]) -> bool:
    """Tells whether opening bands' upper bounds rise, with only the last one open."""
    upper = bounds[:-1]
    return not bounds or (
        bounds[-1] is None
        and all(_int(b) for b in upper)
        and all(a < b for a, b in zip(upper, upper[1:], strict=False))
    )


def _ending(data: Mapping[str, Any]) -> Iterator[FormatProblem]:
    ending = data.get("ending")
    if not isinstance(ending, Mapping):
        return
    target, deals = ending.get("target"), ending.get("deals")
    if _int(target) and target <= 0:
        yield problem(
            "ending.target", "target_not_positive", N_("The target must be more than 0 points.")
        )
    elif _int(target) and target % 5:
        yield problem(
            "ending.target",
            "target_not_multiple_of_5",
            N_("The target is a multiple of 5, like 5,000 or 7,500."),
        )
    elif _int(target) and target > MAX_TARGET:
        yield problem(
            "ending.target",
            "target_too_large",
            N_("The target is at most %(most)s points."),
            most=MAX_TARGET,
        )
    if _int(deals) and deals < 1:
        yield problem("ending.deals", "deals_not_positive", N_("A game needs at least 1 deal."))


def _threes(data: Mapping[str, Any]) -> Iterator[FormatProblem]:
    for key in ("red_threes", "black_threes"):
        threes = data.get(key)
        if not isinstance(threes, Mapping):
            continue
        if _int(threes.get("max")) and threes["max"] < 0:
            yield problem(f"{key}.max", "negative_count", N_("A pack holds 0 threes or more."))
        scale = threes.get("scale")
        if isinstance(scale, list) and any(_int(v) and v < 0 for v in scale):
            # The sign is the rule's (minus_when): the values themselves are what threes are worth.
            yield problem(
                f"{key}.scale", "negative_scale", N_("Threes are worth 0 points or more.")
            )


def _extras(data: Mapping[str, Any]) -> Iterator[FormatProblem]:
    for extra_id, extra in _items(data, "extras"):
        most = extra.get("max")
        if _int(most) and most < 0:
            yield problem(
                f"extras.{extra_id}.max", "negative_count", N_("Give a count of 0 or more.")
            )
        least = extra.get("min_points")
        if _int(least) and least < 0:
            yield problem(
                f"extras.{extra_id}.min_points",
                "negative_minimum",
                N_("Cards hold 0 points or more."),
            )


def _table(data: Mapping[str, Any]) -> Iterator[FormatProblem]:
    table = data.get("table")
    if not isinstance(table, Mapping):
        return
    per_side = table.get("players_per_side")
    if isinstance(per_side, list) and any(_int(n) and n < 1 for n in per_side):
        yield problem(
            "table.players_per_side",
            "no_players",
            N_("Every side has at least 1 player."),
        )


def _special_hands(data: Mapping[str, Any]) -> Iterator[FormatProblem]:
    for hand_id, hand in _items(data, "special_hands"):
        points = hand.get("points")
        if _int(points) and points <= 0:
            yield problem(
                f"special_hands.{hand_id}.points",
                "special_hand_not_positive",
                N_("A special hand is worth more than 0 points: its value replaces the score."),
            )


CHECKS = (
    _pack,
    _canastas,
    _going_out,
    _opening,
    _ending,
    _threes,
    _extras,
    _table,
    _special_hands,
)


def impossible_rules(data: Mapping[str, Any]) -> list[FormatProblem]:
    """Returns every rule of a raw document that no game could be played under."""
    return [problem for check in CHECKS for problem in check(data)]

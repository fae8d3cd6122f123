"""Checks a hand against the format's rules and the cards in the pack, returning every problem."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.engine.hand import Hand, Problem, SideEntry
from scorekeeper.engine.opening import OpeningNeed
from scorekeeper.engine.score import SideScore, Team, score_hand, teams
from scorekeeper.rules.checks import CANASTA_CARDS
from scorekeeper.rules.model import WILD_LABEL, Rules

# CANASTA_CARDS, the fewest cards in any canasta (rules.md V11), is written once in
# format_checks: sambas and escaleras, bolivias and Cuban wild canastas, Hand and Foot's piles,
# Mexicana's sevens all hold seven (rules.md 4.7-4.12). Shorter melds are never canastas:
# Brazilian's short sequences are penalties (extras), and Oklahoma has no canastas at all.


def _points_problems(side: str, entry: SideEntry, rules: Rules) -> list[Problem]:
    problems = []
    for field in ("melded_points", "hand_points"):
        value = getattr(entry, field)
        if value % 5:
            params = {"label": field, "value": value}
            problems.append(Problem(side, field, "not_multiple_of_5", params))
        elif value > rules.card_points_max:
            params = {"label": field, "value": value, "max": rules.card_points_max}
            problems.append(Problem(side, field, "more_than_pack", {**params, "pack": rules.pack}))
    return problems


def _count_problems(side: str, entry: SideEntry, rules: Rules) -> list[Problem]:
    problems = []
    for field, rule in (("red_threes", rules.red_threes), ("black_threes", rules.black_threes)):
        count = getattr(entry, field)
        if count and rule is None:
            problems.append(Problem(side, field, f"{field}_not_scored", {"format": rules.name}))
        elif rule and count > rule.max:
            problems.append(
                Problem(
                    side,
                    field,
                    f"{field}_more_than_pack",
                    {"value": count, "max": rule.max, "label": rule.label},
                )
            )
    for extra in rules.extras:
        count = entry.extras.get(extra.id, 0)
        if count > extra.max:
            problems.append(
                Problem(
                    side,
                    extra.id,
                    "more_than_max",
                    {"value": count, "max": extra.max, "label": extra.label},
                )
            )
    return problems


def _special_problems(team: Team, anchor: str, rules: Rules) -> list[Problem]:
    """Checks that a side laying down a special hand melded nothing else (MAC)."""
    fields = [("melded_points", team.melded_points), ("canastas", team.canasta_count)]
    fields += [(e.id, team.extras.get(e.id, 0)) for e in rules.extras if e.holds == "melded"]
    label = rules.special_hand(team.special_hand or "").label
    return [
        Problem(
            anchor,
            field,
            "special_hand_with_melds",
            {"hand": team.special_hand, "label": label},
        )
        for field, value in fields
        if value
    ]


def _least_in_hand(team: Team, anchor: str, rules: Rules) -> list[Problem]:
    """Checks that cards caught in hand (MAC's three aces) fit the points left in hand."""
    extras = rules.extras if team.extras else ()  # most teams hold no extras at all
    held = [(e, team.extras.get(e.id, 0)) for e in extras if e.holds == "hand"]
    least = sum(n * e.min_points for e, n in held) if held else 0
    if team.hand_points >= least:
        return []
    return [
        Problem(
            anchor,
            "hand_points",
            "hand_needs_points",
            {"least": least, "hand": team.hand_points},
        )
    ]


def _unfinished_out(team: Team, anchor: str, rules: Rules) -> list[Problem]:
    """Checks that a side going out has no unfinished meld that forbids it (MAC)."""
    return [
        Problem(
            anchor,
            "went_out",
            "out_with_unfinished",
            {"id": extra.id, "label": extra.label, "meld": extra.label},
        )
        for extra in rules.extras
        if extra.blocks_going_out and team.extras.get(extra.id, 0)
    ]


def _team_problems(team: Team, hand: Hand, rules: Rules) -> list[Problem]:
    """Checks what a team's melds imply: canastas need points, going out needs canastas."""
    anchor = team.members[0]  # the member who went out, if one did
    for member in team.members:
        if hand.entries[member].out:
            anchor = member
            break
    problems = _least_in_hand(team, anchor, rules)
    if team.special_hand:
        return problems + _special_problems(team, anchor, rules)
    problems += _melded_problems(team, anchor, rules)
    if team.went_out != "no":
        problems += _going_out_problems(team, anchor, rules)
    return problems


def _melded_problems(team: Team, anchor: str, rules: Rules) -> list[Problem]:
    """Checks that a team's melded points can hold its canastas and unfinished melds."""
    if team.melded_points == 0 and team.canasta_count:
        return [Problem(anchor, "canastas", "canasta_without_melds")]
    extras = rules.extras if team.extras else ()  # most teams hold no extras at all
    in_melds = [(e, team.extras.get(e.id, 0)) for e in extras if e.holds == "melded"]
    unfinished = sum(n * e.min_points for e, n in in_melds) if in_melds else 0
    canastas = team.canastas.items()
    least = sum(n * rules.canasta(k).min_points for k, n in canastas) if canastas else 0
    if unfinished and team.melded_points < least + unfinished:
        params = {"least": least + unfinished, "melded": team.melded_points}
        return [Problem(anchor, "melded_points", "melds_need_points", params)]
    if team.melded_points < least:
        code, params = _canastas_need_points(team.canastas, rules, least, team.melded_points)
        return [Problem(anchor, "melded_points", code, params)]
    return []


def _going_out_problems(team: Team, anchor: str, rules: Rules) -> list[Problem]:
    """Checks that a team that went out could: melds, canastas, the kinds its format asks for."""
    problems = _unfinished_out(team, anchor, rules)
    if team.melded_points == 0:
        return [*problems, Problem(anchor, "went_out", "out_without_melds")]
    canastas, needed = team.canasta_count, rules.going_out.canastas
    if canastas < needed:
        params = {"needed": needed, "have": canastas}
        problems.append(Problem(anchor, "went_out", "out_needs_canastas", params))
    for kind, count in rules.going_out.requires.items():
        if team.canastas.get(kind, 0) < count:
            short = {"kind": rules.canasta(kind).label, "kind_id": kind, "needed": count}
            problems.append(Problem(anchor, "went_out", "out_needs_kind", short))
    if team.went_out == "concealed" and canastas == 0:
        problems.append(Problem(anchor, "went_out", "concealed_without_canasta"))
    return problems


def _canastas_need_points(
    canastas: Mapping[str, int], rules: Rules, least: int, melded: int
) -> tuple[str, dict[str, Any]]:
    """Returns the code and params of too few melded points for the canastas: of one kind,
    the kind is named ("2 × Natural canasta"), otherwise only their count."""
    params: dict[str, Any] = {"count": sum(canastas.values()), "least": least, "melded": melded}
    if len(canastas) == 1:
        kind = next(iter(canastas))
        return "kind_canastas_need_points", {**params, "kind": rules.canasta(kind).label}
    return "canastas_need_points", params


def _threes_in_pack(hand: Hand, rules: Rules) -> list[Problem]:
    """Checks that red and black threes, laid down or caught in hand, fit in the pack."""
    problems = []
    for card, field in (("red_three", "red_threes"), ("black_three", "black_threes")):
        extras = [e for e in rules.extras if e.card == card]
        if not (extras or field == "red_threes" or rules.black_threes):
            continue
        held = 0
        for entry in hand.entries.values():
            held += getattr(entry, field)
            if entry.extras:  # most entries have none
                held += sum(entry.extras.get(x.id, 0) for x in extras)
        in_pack = rules.cards_in_pack(card)
        if held > in_pack:
            blamed = field if field == "red_threes" or rules.black_threes else extras[0].id
            problems.append(
                Problem(
                    None, blamed, f"{field}_in_pack", {"value": held, "max": in_pack, "card": card}
                )
            )
    return problems


def _canastas_in_pack(hand: Hand, rules: Rules) -> list[Problem]:
    """Checks that the canastas of all sides together fit in the pack, seven cards each."""
    counts = {side: sum(e.canastas.values()) for side, e in hand.entries.items()}
    total = sum(counts.values())
    cards = total * CANASTA_CARDS
    if cards <= rules.pack:
        return []
    side = max(counts, key=lambda s: counts[s])  # the first side with the most: its field
    everyone = sum(1 for n in counts.values() if n) > 1
    code = "all_canastas_need_cards" if everyone else "canastas_need_cards"
    return [Problem(side, "canastas", code, {"count": total, "cards": cards, "pack": rules.pack})]


def _scarce_cards(hand: Hand, rules: Rules) -> list[Problem]:
    """Checks the scarce cards canastas and penalties take (MAC's 8 sevens, 8 aces, 12 wilds).

    The field blamed is the one whose count first takes more of a card than the pack holds:
    a second sevens canasta, or an unfinished sevens meld beside a sevens canasta.
    """
    used: dict[str, int] = {}
    problems = []
    for side, entry in hand.entries.items():
        if not (entry.canastas or entry.extras):  # melded nothing that takes a scarce card
            continue
        takers = [
            (f"canastas.{k.id}", entry.canastas.get(k.id, 0), k.uses)
            for k in rules.canastas
            if k.uses
        ]
        takers += [(e.id, entry.extras.get(e.id, 0), e.uses) for e in rules.extras if e.uses]
        for field, count, uses in takers:
            for card, each in uses.items() if count else ():
                before = used.get(card, 0)
                used[card] = before + count * each
                in_pack = rules.cards_in_pack(card)
                if before <= in_pack < used[card]:
                    label = next((c.label for c in rules.cards if c.id == card), WILD_LABEL)
                    problems.append(
                        Problem(
                            side,
                            field,
                            "more_than_pack_holds",
                            {"card": card, "label": label, "used": used[card], "max": in_pack},
                        )
                    )
    return problems


def _whole_hand_problems(hand: Hand, rules: Rules) -> list[Problem]:
    problems = []
    out = [k for k, e in hand.entries.items() if e.out]
    for side in out[1:]:
        problems.append(Problem(side, "went_out", "already_out", {"side": out[0]}))
    problems += _threes_in_pack(hand, rules)
    problems += _canastas_in_pack(hand, rules)
    problems += _scarce_cards(hand, rules)
    cards = 0
    for entry in hand.entries.values():
        cards += entry.melded_points + entry.hand_points
    if cards > rules.card_points_max:
        problems.append(
            Problem(
                None,
                "melded_points",
                "points_more_than_pack",
                {"value": cards, "max": rules.card_points_max, "pack": rules.pack},
            )
        )
    return problems


def total_problems(totals_before: Mapping[str, int]) -> list[Problem]:
    """Returns a problem for each running total a hand could not have followed."""
    return [
        Problem(side, "totals_before", "total_not_multiple_of_5", {"value": total})
        for side, total in totals_before.items()
        if total % 5
    ]


def validate_hand(
    rules: Rules,
    hand: Hand,
    totals_before: Mapping[str, int] | None = None,
    played: Sequence[Team] | None = None,
) -> list[Problem]:
    """Returns every problem with a hand, each tied to a side and field; empty when valid.

    `played` is the hand's teams when the caller has them already (`teams(rules, hand)`).
    """
    problems = total_problems(totals_before or {})
    # Where each column is one player, whoever went out has emptied their hand.
    one_player_columns = rules.table.individual or rules.table.partnership == "lone_hand"
    for side, entry in hand.entries.items():
        problems += _points_problems(side, entry, rules)
        problems += _count_problems(side, entry, rules)
        if entry.out and entry.hand_points and one_player_columns:
            problems.append(Problem(side, "hand_points", "out_with_cards"))
    for team in teams(rules, hand) if played is None else played:
        problems += _team_problems(team, hand, rules)
    problems += _whole_hand_problems(hand, rules)
    return problems


def checked_score(
    rules: Rules, hand: Hand, totals_before: Mapping[str, int] | None = None
) -> tuple[list[Problem], dict[str, SideScore] | None]:
    """Returns a hand's problems, and its scores when it has none: its teams grouped once."""
    played = teams(rules, hand)
    problems = validate_hand(rules, hand, totals_before, played)
    return problems, None if problems else score_hand(rules, hand, played)


def opening_warnings(
    rules: Rules, hand: Hand, minimums: Mapping[str, OpeningNeed | None]
) -> list[Problem]:
    """Returns a warning for each side that melded, but fewer points than it needed to open."""
    notes = []
    for team in teams(rules, hand):
        melded = team.melded_points
        needs = [(m, minimums.get(m)) for m in team.members]
        asked = [(m, n) for m, n in needs if n is not None and n.points]
        if not melded or not asked:
            continue
        # Cutthroat partners may face different minimums: whoever opened met the lower one.
        member, need = min(asked, key=lambda pair: pair[1].points)
        if need.met_by(melded, has_canasta=True, natural=True):  # points only: the rest is unknown
            continue
        notes.append(
            Problem(
                member,
                "melded_points",
                "opening_short_exceed" if need.must_exceed else "opening_short",
                {
                    "side": member,
                    "needed": need.points,
                    "melded": melded,
                    "must_exceed": need.must_exceed,
                },
            )
        )
    return notes


def warnings_for(
    rules: Rules, hand: Hand, minimums: Mapping[str, OpeningNeed | None] | None = None
) -> list[Problem]:
    """Returns advice that does not block scoring: Mexicana's red-three condition, and with
    the minimums each side faced, melds below the opening minimum."""
    notes = opening_warnings(rules, hand, minimums) if minimums else []
    if not rules.going_out.red_threes_match_canastas:
        return notes
    for team in teams(rules, hand):
        if team.went_out == "no":
            continue
        threes = sum(hand.entries[m].red_threes for m in team.members)
        if threes < team.canasta_count:
            side = next(m for m in team.members if hand.entries[m].out)
            notes.append(
                Problem(
                    side,
                    "red_threes",
                    "red_threes_below_canastas",
                    {"red_threes": threes, "canastas": team.canasta_count},
                )
            )
    return notes

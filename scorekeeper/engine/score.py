"""Scores one hand for every score column, with an itemised breakdown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.engine.hand import Hand, SideEntry
from scorekeeper.rules.model import RED_THREE_SIGN_RULES, Rules, Threes


@dataclass(frozen=True)
class Item:
    """One line of a hand's breakdown: what it is, how many, and its points."""

    key: str
    label: str
    points: int
    count: int | None = None
    reason: str = ""  # why the item counts minus: the sign rule's code, e.g. "no_meld"

    def as_dict(self) -> dict[str, str | int]:
        """Returns the item as the JSON object of a breakdown."""
        data: dict[str, str | int] = {"item": self.key, "label": self.label, "points": self.points}
        if self.count is not None:
            data["count"] = self.count
        if self.reason:
            data["reason"] = self.reason
        return data


@dataclass(frozen=True)
class SideScore:
    """A column's score for one hand and the items that add up to it."""

    score: int
    items: tuple[Item, ...]


@dataclass(frozen=True)
class Preview:
    """A hand scored on top of the totals before it: each column's score and new total."""

    scores: Mapping[str, SideScore]
    totals: Mapping[str, int]


@dataclass(frozen=True)
class Team:
    """The columns that melded together in one hand, with their combined entries."""

    members: tuple[str, ...]
    melded_points: int
    hand_points: int
    canastas: Mapping[str, int]
    went_out: str
    extras: Mapping[str, int]
    special_hand: str | None = None

    @property
    def canasta_count(self) -> int:
        """Returns the number of canastas of every kind."""
        return sum(self.canastas.values())


def _combine(members: tuple[str, ...], entries: Mapping[str, SideEntry]) -> Team:
    if len(members) == 1:  # a side that melded alone (most hands): its entry as it is
        one = entries[members[0]]
        return Team(
            members=members,
            melded_points=one.melded_points,
            hand_points=one.hand_points,
            canastas=one.canastas,
            went_out=one.went_out,
            extras=one.extras,
            special_hand=one.special_hand or None,
        )
    mine = [entries[m] for m in members]
    canastas: dict[str, int] = {}
    extras: dict[str, int] = {}
    for entry in mine:
        for kind, n in entry.canastas.items():
            canastas[kind] = canastas.get(kind, 0) + n
        for extra, n in entry.extras.items():
            extras[extra] = extras.get(extra, 0) + n
    exits = [e.went_out for e in mine if e.out]
    special = next((e.special_hand for e in mine if e.special_hand), None)
    return Team(
        members=members,
        melded_points=sum(e.melded_points for e in mine),
        hand_points=sum(e.hand_points for e in mine),
        canastas=canastas,
        went_out=exits[0] if exits else "no",
        extras=extras,
        special_hand=special,
    )


def lone_hand(rules: Rules, hand: Hand) -> str | None:
    """Returns cutthroat's lone hand: as entered, or else whoever went out before the pile was taken."""
    if rules.table.partnership != "lone_hand":
        return None
    if hand.lone_hand in hand.entries:
        return hand.lone_hand
    return next((k for k, e in hand.entries.items() if e.out), None)


def teams(rules: Rules, hand: Hand) -> list[Team]:
    """Groups the columns into the teams that played the hand (cutthroat pairs two players)."""
    keys = tuple(hand.entries)
    lone = lone_hand(rules, hand)
    if lone is not None:
        groups = [(lone,), tuple(k for k in keys if k != lone)]
    else:
        groups = [(k,) for k in keys]
    return [_combine(group, hand.entries) for group in groups]


def meets(sign_rule: str, team: Team) -> bool:
    """Tells whether a team escapes a sign rule (a key of RED_THREE_SIGN_RULES): "" never bites."""
    if sign_rule in ("", "never"):
        return True
    needed = RED_THREE_SIGN_RULES[sign_rule]
    if needed == 0:
        return team.melded_points > 0
    return team.canasta_count >= needed


def threes_count_plus(rule: Threes, team: Team) -> bool:
    """Tells whether a team's threes count plus under the format's sign rule."""
    return meets(rule.minus_when, team)


def _threes_item(key: str, rule: Threes | None, count: int, team: Team) -> list[Item]:
    if rule is None or not count:
        return []
    value = rule.value(count)
    if not threes_count_plus(rule, team):
        return [Item(key, rule.label, -value, count, reason=rule.minus_when)]
    if not meets(rule.zero_when, team):  # MAC: one canasta, threes are worth nothing
        return [Item(key, rule.label, 0, count, reason=rule.zero_when)]
    return [Item(key, rule.label, value, count)]


def _extra_applies(when: str, team: Team, hand: Hand) -> bool:
    if when == "always":
        return True
    someone_out = [k for k, e in hand.entries.items() if e.out]
    if when == "someone_out":
        return bool(someone_out)
    return any(k not in team.members for k in someone_out)  # "other_side_out"


def _melded_item(rules: Rules, team: Team) -> Item:
    """Returns the melded cards: minus when the side has fewer canastas than its format asks."""
    if team.melded_points and not meets(rules.melded_minus_when, team):
        return Item("melded", "Melded cards", -team.melded_points, reason=rules.melded_minus_when)
    return Item("melded", "Melded cards", team.melded_points)


def _team_items(rules: Rules, team: Team, hand: Hand) -> list[Item]:
    items = [_melded_item(rules, team)]
    for kind in rules.canastas if team.canastas else ():  # in the preset's order
        if n := team.canastas.get(kind.id, 0):
            items.append(Item(f"canastas.{kind.id}", kind.label, n * kind.bonus, n))
    if team.went_out == "out":
        items.append(Item("going_out", "Went out", rules.going_out.bonus))
    elif team.went_out == "concealed":
        items.append(Item("going_out", "Went out concealed", rules.going_out.concealed_bonus))
    for extra in rules.extras if team.extras else ():
        n = team.extras.get(extra.id, 0)
        if n and not extra.personal and _extra_applies(extra.when, team, hand):
            items.append(Item(extra.id, extra.label, n * extra.points, n))
    items.append(Item("hand", "Cards left in hand", -team.hand_points))
    return items


def _own_items(rules: Rules, entry: SideEntry, team: Team, hand: Hand) -> list[Item]:
    """Returns what belongs to one player alone: threes and penalties for threes."""
    items = _threes_item("red_threes", rules.red_threes, entry.red_threes, team)
    items += _threes_item("black_threes", rules.black_threes, entry.black_threes, team)
    for extra in rules.extras if entry.extras else ():
        n = entry.extras.get(extra.id, 0)
        if n and extra.personal and _extra_applies(extra.when, team, hand):
            items.append(Item(extra.id, extra.label, n * extra.points, n))
    return items


SPECIAL_HAND = "special_hand"  # the reason of every item a special hand's value replaced


def _special_items(rules: Rules, team: Team, entry: SideEntry) -> tuple[Item, ...]:
    """Returns a special hand's value, then what it replaced, each at 0 with the reason."""
    special = rules.special_hand(team.special_hand or "")
    items = [Item(SPECIAL_HAND, special.label, special.points)]
    for key, rule, count in (
        ("red_threes", rules.red_threes, entry.red_threes),
        ("black_threes", rules.black_threes, entry.black_threes),
    ):
        if rule and count:
            items.append(Item(key, rule.label, 0, count, reason=SPECIAL_HAND))
    for extra in rules.extras:
        if n := team.extras.get(extra.id, 0):
            items.append(Item(extra.id, extra.label, 0, n, reason=SPECIAL_HAND))
    reason = SPECIAL_HAND if team.hand_points else ""
    items.append(Item("hand", "Cards left in hand", 0, reason=reason))
    return tuple(items)


def score_hand(
    rules: Rules, hand: Hand, played: Sequence[Team] | None = None
) -> dict[str, SideScore]:
    """Scores a valid hand: each column gets its team's score plus its own threes.

    `played` is the hand's teams when the caller has them already (`teams(rules, hand)`).
    """
    scores: dict[str, SideScore] = {}
    for team in teams(rules, hand) if played is None else played:
        if team.special_hand:  # MAC: the hand's value is the side's whole score
            for member in team.members:
                items = _special_items(rules, team, hand.entries[member])
                scores[member] = SideScore(sum(i.points for i in items), items)
            continue
        shared = _team_items(rules, team, hand)
        for member in team.members:
            own = _own_items(rules, hand.entries[member], team, hand)
            items = (*shared[:-1], *own, shared[-1])  # threes before the cards left in hand
            scores[member] = SideScore(sum(i.points for i in items), items)
    return {k: scores[k] for k in hand.entries}


def preview(
    rules: Rules,
    hand: Hand,
    totals_before: Mapping[str, int],
    scores: Mapping[str, SideScore] | None = None,
) -> Preview:
    """Scores a valid hand and adds each column's score to its total before the hand.

    `scores` is the hand's `score_hand` under these rules when the caller has it already.
    """
    scores = score_hand(rules, hand) if scores is None else scores
    return Preview(scores, {k: totals_before.get(k, 0) + s.score for k, s in scores.items()})

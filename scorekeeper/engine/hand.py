"""What a hand's entry looks like, and how raw input (JSON or a form) becomes one."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.rules import problem_codes
from scorekeeper.rules.model import GOING_OUT_CHOICES, Rules
from scorekeeper.sentences import problem_texts

MAX_ENTRY = 100_000  # far above any real hand; keeps absurd input out of the arithmetic


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an entry: side, field, and a code with its params (never words).

    The sentence is the edges' (`problem_table.TEXTS`); the code must be declared in
    `problem_codes.CODES` with every param that sentence names.
    """

    side: str | None
    field: str
    code: str
    # `dataclasses.field`: the bare name is this class's `field` attribute for a type checker.
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        problem_codes.check(self.code, self.params)

    @property
    def message(self) -> str:
        """Returns the English sentence of the code, from the one table (logs, tests, CLI)."""
        return problem_texts.english(self.code, self.params)


@dataclass(frozen=True)
class SideEntry:
    """What was entered for one score column after a hand."""

    melded_points: int = 0
    hand_points: int = 0
    red_threes: int = 0
    black_threes: int = 0
    canastas: Mapping[str, int] = field(default_factory=dict)
    extras: Mapping[str, int] = field(default_factory=dict)
    went_out: str = "no"
    special_hand: str | None = None  # a special hand's id: its value replaces the score (MAC)

    @property
    def out(self) -> bool:
        """Tells whether this column went out, concealed or not."""
        return self.went_out != "no"

    def as_dict(self) -> dict[str, Any]:
        """Returns the entry in the input shape of `scorekeeper score`."""
        data: dict[str, Any] = {
            "melded_points": self.melded_points,
            "hand_points": self.hand_points,
            "red_threes": self.red_threes,
            "canastas": dict(self.canastas),
            "went_out": self.went_out,
        }
        if self.black_threes:
            data["black_threes"] = self.black_threes
        data.update(self.extras)
        if self.special_hand:
            data["special_hand"] = self.special_hand
        return data


@dataclass(frozen=True)
class Hand:
    """One hand's entries by score column, and who was the lone hand in cutthroat."""

    entries: Mapping[str, SideEntry]
    lone_hand: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """Returns the hand in the input shape of `scorekeeper score`."""
        data: dict[str, Any] = {"hand": {k: e.as_dict() for k, e in self.entries.items()}}
        if self.lone_hand is not None:
            data["lone_hand"] = self.lone_hand
        return data


def _count(value: Any, side: str, key: str, problems: list[Problem], label: str = "") -> int:
    """Reads a whole non-negative number, recording a problem when it is not one.

    `label` is the preset's own word for the field (a canasta kind's, an extra's); the hand's
    fixed fields are named by their key, which the edges word (problem_texts.FIELD_WORDS).
    """
    if type(value) is int and 0 <= value <= MAX_ENTRY:  # nearly every count: nothing wrong
        return value
    if value is None or value == "":
        return 0
    params = {"label": label or key}
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(Problem(side, key, "not_whole", params))
        return 0
    if value < 0:
        problems.append(Problem(side, key, "negative", params))
        return 0
    if value > MAX_ENTRY:
        problems.append(
            Problem(side, key, "too_large", {**params, "value": value, "max": MAX_ENTRY})
        )
        return 0
    return value


def parse_entry(rules: Rules, side: str, raw: Any, problems: list[Problem]) -> SideEntry:
    """Turns one column's raw mapping into a SideEntry, recording every type problem."""
    if type(raw) is not dict and not isinstance(raw, Mapping):  # JSON's dict: no ABC check
        problems.append(Problem(side, "hand", "entry_not_object"))
        return SideEntry()
    if not rules.entry_fields.issuperset(raw):
        _unknown_fields(rules, side, raw, problems)
    melded = raw.get("canastas")  # none at all (absent, {} or 0) is no canasta: most hands
    canastas = _canastas(rules, side, melded, problems) if melded else {}
    went_out = raw.get("went_out", "no") or "no"
    if went_out not in GOING_OUT_CHOICES:
        problems.append(Problem(side, "went_out", "bad_going_out"))
        went_out = "no"
    extras = (
        {}
        if rules.extra_ids.isdisjoint(raw)  # most columns count no extra at all
        else {
            e.id: n
            for e in rules.extras
            if (n := _count(raw.get(e.id), side, e.id, problems, e.label))
        }
    )
    special = raw.get("special_hand")
    return SideEntry(
        special_hand=None if special is None else _special_hand(rules, side, special, problems),
        melded_points=_count(raw.get("melded_points"), side, "melded_points", problems),
        hand_points=_count(raw.get("hand_points"), side, "hand_points", problems),
        red_threes=_count(raw.get("red_threes"), side, "red_threes", problems),
        black_threes=_count(raw.get("black_threes"), side, "black_threes", problems),
        canastas=canastas,
        extras=extras,
        went_out=went_out,
    )


def _unknown_fields(
    rules: Rules, side: str, raw: Mapping[str, Any], problems: list[Problem]
) -> None:
    """Records a problem for each field this format's hands do not have."""
    for key in sorted(set(raw) - rules.entry_fields):
        problems.append(Problem(side, key, "unknown_field", {"key": key, "format": rules.name}))


def _canastas(rules: Rules, side: str, raw: Any, problems: list[Problem]) -> dict[str, int]:
    """Reads a side's canastas, kind by kind, recording unknown kinds and bad counts."""
    if type(raw) is not dict and not isinstance(raw, Mapping):
        problems.append(Problem(side, "canastas", "canastas_not_object"))
        return {}
    canastas: dict[str, int] = {}
    kinds = rules.canasta_kinds
    for kind, value in raw.items():
        if kind not in kinds:
            params = {"kind": kind, "kinds": list(kinds)}
            problems.append(Problem(side, f"canastas.{kind}", "unknown_canasta", params))
        elif count := _count(value, side, f"canastas.{kind}", problems, kinds[kind].label):
            canastas[kind] = count
    return canastas


def _special_hand(rules: Rules, side: str, value: Any, problems: list[Problem]) -> str | None:
    """Reads a special hand's id: None when absent, a problem when the format has no such hand."""
    if value is None or value == "":
        return None
    ids = [h.id for h in rules.special_hands]
    if isinstance(value, str) and value in ids:
        return value
    problems.append(
        Problem(
            side,
            "special_hand",
            "unknown_special_hand",
            {"hand": str(value), "hands": ids},
        )
    )
    return None


def parse_hand(rules: Rules, raw: Any, sides: list[str], problems: list[Problem]) -> Hand:
    """Turns a raw {"hand": {...}, "lone_hand": ...} mapping into a Hand for these sides."""
    raw = raw if type(raw) is dict or isinstance(raw, Mapping) else {}
    columns = raw.get("hand")
    if type(columns) is not dict and not isinstance(columns, Mapping):
        problems.append(Problem(None, "hand", "hand_not_object"))
        columns = {}
    for key in columns:
        if key not in sides:
            problems.append(Problem(str(key), "hand", "unknown_side", {"side": str(key)}))
    missing = [s for s in sides if s not in columns]
    if columns and missing:
        problems.append(Problem(None, "hand", "missing_sides", {"missing": missing}))
    entries = {s: parse_entry(rules, s, columns.get(s, {}), problems) for s in sides}
    return Hand(entries=entries, lone_hand=_lone_hand(rules, raw.get("lone_hand"), sides, problems))


def _lone_hand(rules: Rules, lone: Any, sides: list[str], problems: list[Problem]) -> str | None:
    """Reads who played alone: None unless the format has lone hands and names a side here."""
    if rules.table.partnership != "lone_hand" and lone is not None:
        problems.append(Problem(None, "lone_hand", "no_lone_hand", {"format": rules.name}))
        return None
    if lone is not None and lone not in sides:
        problems.append(Problem(None, "lone_hand", "unknown_lone_hand", {"side": str(lone)}))
        return None
    return None if lone is None else str(lone)

"""Translates the record-hand form to the engine's hand document and problems back to fields."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from flask_babel import gettext

from scorekeeper.engine import Problem, Setup, dealer, sitting_out
from scorekeeper.engine.hand import MAX_ENTRY
from scorekeeper.language import i18n, problem_words, words
from scorekeeper.rules.model import Rules

MAX_TYPED = i18n.MAX_TYPED
MAX_COUNT = i18n.MAX_COUNT
FORM = "_form"  # errors about the whole hand rather than one field
NOBODY = "none"  # the lone-hand choice when the pile was never taken
NOTHING_ENTERED = "nothing_entered"  # the code of an empty form: the preview stays quiet
COMING = 8  # hands after this one whose dealer the form carries, for typing on offline


def coming_dealers(rules: Rules, setup: Setup, number: int) -> list[tuple[str, str | None]]:
    """Returns the dealer and who sits out of the hands after hand `number`, in order.

    Offline, the form goes on as the next hand's in place and shows its dealer from this list:
    the dealing rule stays on the server.
    """
    return [
        (dealer(rules, setup, i), sitting_out(rules, setup, i))
        for i in range(number, number + COMING)
    ]


@dataclass(frozen=True)
class Field:
    """One number a side enters: its form suffix, label, kind and where it goes in the entry."""

    suffix: str
    label: str
    kind: str  # "points" (a sum may be typed) or "count" (a stepper)
    path: tuple[str, ...]
    max: int | None = None
    help: str = ""
    more: bool = False  # rarely used: folded under "More" on the form
    penalty: bool = False  # a penalty for cards held at the end: shown, with one-tap chips


@dataclass
class Reading:
    """What a submitted form gave: the hand document if it parsed, and every value and error."""

    document: dict[str, Any] | None
    values: dict[str, str]
    errors: dict[str, list[str]] = field(default_factory=dict)
    code: str = ""  # what the whole-form error is, for scripts: "nothing_entered"


DEFAULT_HAND_LABEL = "Points left in hands"  # format_model.Table's, said of partners' hands


def _hand_label(rules: Rules) -> str:
    """Returns the in-hand field's label: one player's hand where a column is one player."""
    # The default speaks of partners' hands; in Two-hand, Oklahoma or a Cutthroat column it
    # read as the partnership's cards, typed into the column of the partner who went out.
    one_player = rules.table.individual or lone_hand_applies(rules)
    if one_player and rules.table.hand_label == DEFAULT_HAND_LABEL:
        return gettext("Points left in this player's hand")
    return words.text(rules.table.hand_label)


def fields_for(rules: Rules) -> list[Field]:
    """Returns the number fields of one side for this format, in the order they are shown."""
    text = words.text  # the preset's words, in the reader's language
    fields = [
        Field("melded_points", gettext("Melded card points"), "points", ("melded_points",)),
        Field("hand_points", _hand_label(rules), "points", ("hand_points",)),
    ]
    fields += [
        Field(f"canastas-{k.id}", text(k.label), "count", ("canastas", k.id), help=text(k.help))
        for k in rules.canastas
    ]
    for key, threes in (("red_threes", rules.red_threes), ("black_threes", rules.black_threes)):
        if threes:
            fields.append(Field(key, text(threes.label), "count", (key,), threes.max))
    # A penalty for cards a side holds at the hand's end (Modern American's unfinished melds,
    # three aces or sevens held) is in plain sight; rarer corrections stay under "More".
    fields += [
        Field(
            e.id, text(e.label), "count", (e.id,), e.max, text(e.help), more=not held, penalty=held
        )
        for e in rules.extras
        for held in [e.points < 0 and bool(e.holds)]
    ]
    return fields


def going_out_choices(rules: Rules) -> list[tuple[str, str]]:
    """Returns the going-out choices; concealed only where it scores differently."""
    choices = [("no", gettext("No")), ("out", gettext("Went out"))]
    if rules.going_out.concealed_bonus != rules.going_out.bonus:
        choices.append(("concealed", gettext("Concealed")))
    return choices


SPECIAL_NONE = ""  # the special-hand choice of a side that melded as usual


def special_hand_choices(rules: Rules) -> list[tuple[str, str]]:
    """Returns the special-hand choices, each with its value (none where the format has none)."""
    if not rules.special_hands:
        return []
    choices = [(SPECIAL_NONE, gettext("None: the side melded as usual"))]
    choices += [
        (h.id, f"{words.text(h.label)} ({i18n.number(h.points)})") for h in rules.special_hands
    ]
    return choices


def _special_values(
    rules: Rules, sides: Sequence[str], document: Mapping[str, Any]
) -> dict[str, str]:
    """Returns the special-hand choice of each side of a stored hand document."""
    if not rules.special_hands:
        return {}
    hand = document.get("hand", {})
    return {
        f"{i}-special_hand": str(hand.get(s, {}).get("special_hand") or "")
        for i, s in enumerate(sides)
    }


def lone_hand_applies(rules: Rules) -> bool:
    """Tells whether the form asks who played the lone hand (cutthroat)."""
    return rules.table.partnership == "lone_hand"


def parse_number(text: str, kind: str, label: str) -> tuple[int | None, str | None]:
    """Returns the number typed (a sum of parts for points) or a message saying what is wrong."""
    if not text.strip():
        return 0, None
    points = kind == "points"
    try:
        limit = MAX_ENTRY if points else MAX_COUNT
        return i18n.parse_whole(text, label=label, limit=limit, sums=points), None
    except i18n.NumberProblem as problem:
        return None, problem.message


def form_names(rules: Rules, sides: Sequence[str]) -> list[str]:
    """Returns every form field name of the hand form, for these sides."""
    names = [f"{i}-{f.suffix}" for i in range(len(sides)) for f in fields_for(rules)]
    names += [f"{i}-went_out" for i in range(len(sides))]
    names += [f"{i}-special_hand" for i in range(len(sides)) if rules.special_hands]
    return [*names, "lone_hand"] if lone_hand_applies(rules) else names


def values_from_entry(
    rules: Rules, sides: Sequence[str], document: Mapping[str, Any]
) -> dict[str, str]:
    """Returns the form values that show a stored hand document."""
    values: dict[str, str] = {}
    for i, side in enumerate(sides):
        entry = document.get("hand", {}).get(side, {})
        for f in fields_for(rules):
            value = entry.get(f.path[0], 0)
            if len(f.path) > 1:
                value = (value or {}).get(f.path[1], 0)
            values[f"{i}-{f.suffix}"] = str(value) if value or f.kind == "count" else ""
        values[f"{i}-went_out"] = entry.get("went_out", "no")
    values.update(_special_values(rules, sides, document))
    lone = document.get("lone_hand")
    if lone_hand_applies(rules):
        values["lone_hand"] = str(sides.index(lone)) if lone in sides else NOBODY
        if isinstance(lone, str) and lone in sides:
            _merge_partners(values, rules, sides, lone)
    return values


def blank_values(rules: Rules, sides: Sequence[str], out: str | None = None) -> dict[str, str]:
    """Returns the values of an empty form: counts at 0, points blank, and who went out if
    the sheet said so (`out`, a side's position), else nobody."""
    values = values_from_entry(rules, sides, {"hand": {}}) | (
        {"lone_hand": ""} if lone_hand_applies(rules) else {}
    )
    if out in {str(i) for i in range(len(sides))}:
        values[f"{out}-went_out"] = "out"
    return values


def read(rules: Rules, sides: Sequence[str], form: Mapping[str, str]) -> Reading:
    """Reads a submitted form into a hand document, keeping every typed value and error."""
    names = form_names(rules, sides)
    values = {n: str(form.get(n, ""))[: MAX_TYPED + 1] for n in names}
    errors: dict[str, list[str]] = {}
    hand: dict[str, dict[str, Any]] = {}
    entered = False
    for i, side in enumerate(sides):
        hand[side], typed = _side_entry(rules, i, values, errors)
        entered |= typed
    document: dict[str, Any] = {"hand": hand}
    if lone_hand_applies(rules):
        _lone_hand(document, values["lone_hand"], sides, errors)
    if document.get("lone_hand"):
        _partners_once(document, sides, errors)
    if not entered and not errors:
        errors[FORM] = [gettext("Nothing was entered. Fill in each side's points for the hand.")]
        return Reading(None, values, errors, NOTHING_ENTERED)
    return Reading(None if errors else document, values, errors)


def _side_entry(
    rules: Rules, i: int, values: Mapping[str, str], errors: dict[str, list[str]]
) -> tuple[dict[str, Any], bool]:
    """Reads column `i` into its entry; tells whether anything was entered in it."""
    entry: dict[str, Any] = {"canastas": {}}
    entered = False
    for f in fields_for(rules):
        number, error = parse_number(values[f"{i}-{f.suffix}"], f.kind, f.label)
        if error:
            errors.setdefault(f"{i}-{f.suffix}", []).append(error)
        entered |= bool(number)
        target = entry["canastas"] if f.path[0] == "canastas" else entry
        target[f.path[-1]] = number or 0
    went_out = values[f"{i}-went_out"] or "no"
    if went_out not in dict(going_out_choices(rules)):
        errors.setdefault(f"{i}-went_out", []).append(gettext("Choose no, out or concealed."))
    entry["went_out"] = went_out
    entered |= went_out != "no"
    special = values.get(f"{i}-special_hand", SPECIAL_NONE)
    if special not in dict(special_hand_choices(rules)) and rules.special_hands:
        errors.setdefault(f"{i}-special_hand", []).append(
            gettext("Choose a special hand from the list, or none.")
        )
    elif special:
        entry["special_hand"] = special
        entered = True
    return entry, entered


def _lone_hand(
    document: dict[str, Any], choice: str, sides: Sequence[str], errors: dict[str, list[str]]
) -> None:
    """Reads who played alone (Pennies' lone hand) into the document, or refuses the choice."""
    if choice == NOBODY:
        return
    index = i18n.parse_index(choice, len(sides))
    if index is not None:
        document["lone_hand"] = sides[index]
    else:
        errors["lone_hand"] = [
            gettext("Choose who played alone, or nobody if the pile was never taken.")
        ]


def _shares(entry: Mapping[str, Any]) -> bool:
    """Tells whether a column holds part of what partners share: melds, canastas, going out."""
    return (
        bool(entry.get("melded_points") or any((entry.get("canastas") or {}).values()))
        or entry.get("went_out", "no") != "no"
    )


def _partners_once(
    document: Mapping[str, Any], sides: Sequence[str], errors: dict[str, list[str]]
) -> None:
    """Refuses the partnership's melds typed in both partners' columns (it would count twice)."""
    partners = [s for s in sides if s != document["lone_hand"]]
    holding = [s for s in partners if _shares(document["hand"][s])]
    if len(holding) > 1:
        errors.setdefault(f"{sides.index(holding[1])}-melded_points", []).append(
            gettext(
                "Partners' melds, canastas and going out are entered once: "
                "%(partner)s's column already has them.",
                partner=holding[0],
            )
        )


def _merge_partners(values: dict[str, str], rules: Rules, sides: Sequence[str], lone: str) -> None:
    """Shows a stored partnership's melds and canastas once, in one partner's column."""
    partners = [sides.index(s) for s in sides if s != lone]
    out = [i for i in partners if values[f"{i}-went_out"] != "no"]
    keep = out[0] if out else partners[0]
    shared = [
        f for f in fields_for(rules) if f.suffix == "melded_points" or f.path[0] == "canastas"
    ]
    for i in partners:
        if i != keep:
            _fold(values, i, keep, shared)


def _fold(values: dict[str, str], i: int, keep: int, shared: Sequence[Field]) -> None:
    """Moves column `i`'s shared melds and canastas into column `keep`'s."""
    for f in shared:
        total = int(values[f"{keep}-{f.suffix}"] or 0) + int(values[f"{i}-{f.suffix}"] or 0)
        values[f"{keep}-{f.suffix}"] = str(total) if total or f.kind == "count" else ""
        values[f"{i}-{f.suffix}"] = "0" if f.kind == "count" else ""


def field_name(problem: Problem, sides: Sequence[str]) -> str:
    """Returns the form field a problem belongs beside, or the whole-form key."""
    if problem.field == "lone_hand":
        return "lone_hand"
    if problem.side not in sides or problem.field in ("hand", "totals_before"):
        return FORM
    return f"{sides.index(problem.side)}-{problem.field.replace('.', '-')}"


def errors_from(
    problems: Iterable[Problem],
    rules: Rules,
    sides: Sequence[str],
    values: Mapping[str, str] | None = None,
) -> dict[str, list[str]]:
    """Groups engine problems by the form field each is shown beside."""
    shown = {*form_names(rules, sides), *(f"{i}-canastas" for i in range(len(sides)))}
    errors: dict[str, list[str]] = {}
    for problem in problems:
        words = problem_words.problem(problem)
        names = [n for n in _beside(problem, sides, values or {}) if n in shown] or [FORM]
        for name in names:
            errors.setdefault(name, []).append(words)
    return errors


def _beside(problem: Problem, sides: Sequence[str], values: Mapping[str, str]) -> list[str]:
    """Returns the fields a problem is shown beside: a whole hand's count (the pack's red
    threes, all sides' card points) beside that field of each side that entered some of it."""
    name = field_name(problem, sides)
    if problem.side is not None or name != FORM:
        return [name]
    named = (field_name(replace(problem, side=side), sides) for side in sides)
    each = [n for n in named if n != FORM]  # none for the whole hand's own ("hand")
    entered = [n for n in each if values.get(n, "").strip() not in ("", "0")]
    return entered or each


def said_once(errors: Mapping[str, list[str]] | None) -> list[str]:
    """Returns the form's messages in order, each once (a whole hand's stands by every side)."""
    return list(dict.fromkeys(m for ms in (errors or {}).values() for m in ms))

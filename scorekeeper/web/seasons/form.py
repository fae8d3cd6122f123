"""The new-season form: what was typed, read into a season the store judges, words per field."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from scorekeeper.language import problem_words
from scorekeeper.seasons import SeasonRule
from scorekeeper.store.errors import FieldProblem
from scorekeeper.store.seasons import NewSeason
from scorekeeper.store.seasons.seasons import MAX_CHOSEN

FIELDS = (
    "name",
    "from",
    "to",
    "nights",
    "format",
    "score",
    "place_points",
    "best",
    "minimum",
    "drop_worst",
    "by",
    "handicap",
)
WHOLE = re.compile(r"[0-9]{1,4}")


@dataclass
class Typed:
    """The form as typed (kept on a refusal) and each field's problems."""

    values: dict[str, str]
    problems: dict[str, list[str]] = field(default_factory=dict)
    chosen: list[str] = field(default_factory=list)  # the nights ticked, as typed

    def refuse(self, name: str, message: str) -> None:
        """Notes a problem of one field."""
        self.problems.setdefault(name, []).append(message)


def _count(typed: Typed, name: str, blank: int | None) -> int | None:
    """Reads a whole number of nights; blank gives `blank`; anything else is a problem."""
    text = typed.values[name].strip()
    if not text:
        return blank
    if not WHOLE.fullmatch(text):
        typed.refuse(name, _("Enter a whole number, like 2."))
        return blank
    return int(text)


def _places(typed: Typed) -> tuple[int, ...]:
    """Reads the points by place: whole numbers apart by commas or spaces."""
    parts = [p for p in re.split(r"[\s,;]+", typed.values["place_points"]) if p]
    if any(not WHOLE.fullmatch(p) for p in parts):
        typed.refuse("place_points", _("Enter whole numbers apart by commas, like 10, 8, 6."))
        return ()
    return tuple(int(p) for p in parts)


def _nights(typed: Typed) -> tuple[str, ...] | None:
    """Returns the chosen nights (None: every closed night between the dates)."""
    if typed.values["nights"] != "chosen":
        return None
    if not typed.chosen:
        typed.refuse(
            "events", _("Tick at least one night, or count every night between the dates.")
        )
    return tuple(typed.chosen)


def read(form: MultiDict[str, str]) -> tuple[Typed, NewSeason]:
    """Returns what was typed and the season it asks for (a number it cannot read: its default)."""
    typed = Typed({name: str(form.get(name, ""))[:200] for name in FIELDS})
    typed.chosen = [str(e)[:64] for e in form.getlist("events")][:MAX_CHOSEN]
    rule = SeasonRule(
        score=typed.values["score"] or "victory_points",
        place_points=_places(typed),
        best=_count(typed, "best", None),
        minimum=_count(typed, "minimum", 0) or 0,
        drop_worst=_count(typed, "drop_worst", 0) or 0,
        by=typed.values["by"] or "entrant",
    )
    new = NewSeason(
        typed.values["name"],
        typed.values["from"],
        typed.values["to"],
        rule,
        events=_nights(typed),
        format=typed.values["format"] or None,
        handicap=typed.values["handicap"] == "on",
    )
    return typed, new


def refused(typed: Typed, problems: Sequence[FieldProblem]) -> Typed:
    """Notes the store's problems beside their fields (one a field), in the page's words."""
    for problem in problems:
        if problem.field not in typed.problems:
            typed.refuse(problem.field, problem_words.words(problem.code, problem.params))
    return typed

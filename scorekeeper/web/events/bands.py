"""The new-event form's victory-point bands as editable rows, filled from a template, and the bye."""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import gettext as _

from scorekeeper.events import ByeAward, VictoryTable, band_problems, template
from scorekeeper.events.bounds import MAX_TABLE_SCORE
from scorekeeper.events.victory import MAX_BAND_EDGE, MAX_VP, bands_of
from scorekeeper.language import i18n, problem_words

ROWS = 14  # the longest template has 11 bands: three rows to spare
KEYS = ("up_to", "winner", "loser")


def names() -> list[str]:
    """Returns the form's field names of every band row, and of the bye's award."""
    rows = [f"band-{i}-{k}" for i in range(ROWS) for k in KEYS]
    return [*rows, "bands_from", "bye_vp", "bye_margin"]


def filled(choice: str) -> dict[str, str]:
    """Returns the rows of a template as the form shows them (the last edge blank: any)."""
    values = {name: "" for name in names()[: ROWS * len(KEYS)]}
    for i, band in enumerate(template(choice).bands):
        up_to = "" if band.up_to is None else i18n.number(band.up_to)
        values |= {
            f"band-{i}-up_to": up_to,
            f"band-{i}-winner": str(band.winner),
            f"band-{i}-loser": str(band.loser),
        }
    return values | {"bands_from": choice}


def _edited(v: Mapping[str, str]) -> bool:
    """Tells whether the rows differ from the template they were filled from."""
    source = v.get("bands_from", "")
    if not source:
        return any(v.get(n) for n in names()[: ROWS * len(KEYS)])
    try:
        shown = filled(source)
    except KeyError:
        return True
    return any(v.get(n, "") != shown[n] for n in names()[: ROWS * len(KEYS)])


def read(v: dict[str, str], errors: dict[str, str]) -> VictoryTable | None:
    """Returns the bands typed, or the chosen template's when the rows were left as filled."""
    if not _edited(v):  # a new template chosen (without the page's script): its own rows
        v |= filled(v["victory_points"])
        return template(v["victory_points"])
    raw: list[dict[str, int | None]] = []
    try:
        for i in range(ROWS):
            typed = [v.get(f"band-{i}-{k}", "") for k in KEYS]
            if not any(typed):
                continue
            up_to = i18n.parse_whole(typed[0], limit=MAX_BAND_EDGE) if typed[0] else None
            won = [i18n.parse_whole(t or "x", limit=MAX_VP) for t in typed[1:]]
            raw.append({"up_to": up_to, "winner": won[0], "loser": won[1]})
    except i18n.NumberProblem as problem:
        errors["bands"] = problem.message
        return None
    problems = band_problems(raw)
    if problems:
        found = problems[0]
        row = _("Row %(number)s", number=found.index + 1)
        errors["bands"] = f"{row}: {problem_words.words(found.code, found.params)}"
        return None
    return bands_of(raw)


def bye(v: Mapping[str, str], errors: dict[str, str]) -> ByeAward | None:
    """Returns the bye's award typed (VP and margin), or None with a message."""
    try:
        return ByeAward(
            i18n.parse_whole(v.get("bye_vp") or "14", limit=MAX_VP),
            i18n.parse_whole(v.get("bye_margin") or "0", limit=MAX_TABLE_SCORE, negative=True),
        )
    except i18n.NumberProblem as problem:
        errors["bye"] = problem.message
        return None

"""How a problem's sentence is filled: its template from the one table, its params as written.

Every sentence is written once, in `problem_table.TEXTS`. `render` fills one in with the
caller's translation and number functions: `problem_words` passes the reader's language,
`english` plain English for the command line and logs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from scorekeeper.rules.checks import FormatProblem
from scorekeeper.sentences.marked import N_
from scorekeeper.sentences.problem_table import TEXTS

# A hand's own number fields, named in a sentence by the `label` param; any other label is
# a preset's own word (a canasta kind, an extra), which the catalogues translate too.
FIELD_WORDS: Mapping[str, str] = {
    "melded_points": N_("Melded points"),
    "hand_points": N_("Points in hand"),
    "red_threes": N_("Red threes"),
    "black_threes": N_("Black threes"),
}
WORDED = ("label", "format", "kind", "meld")  # params holding a preset's words, not a table's names
QUOTED = ("missing",)  # names a file or request gave: quoted, as typed
IDS = ("kinds", "hands")  # a preset's ids, as its file writes them
INLINE = ("kind", "meld")  # a preset's label inside a sentence: English writes it in lower case
AND = N_("%(first)s and %(last)s")
NONE = N_("none")


@dataclass(frozen=True)
class Speaker:
    """How one reader's language translates messages and writes numbers."""

    gettext: Callable[[str], str]
    ngettext: Callable[[str, str, int], str]
    number: Callable[[int], str]
    inline: Callable[[str], str] = str  # a label inside a sentence ("1 samba holds ...")


ENGLISH = Speaker(
    gettext=lambda text: text,
    ngettext=lambda one, many, n: one if n == 1 else many,
    number=lambda n: f"{n:,}",
    inline=str.lower,
)


class Need(Protocol):
    """What `need_code` reads of an opening requirement (engine.OpeningNeed)."""

    @property
    def points(self) -> int: ...
    @property
    def needs(self) -> str: ...
    @property
    def must_exceed(self) -> bool: ...


def need_code(need: Need) -> tuple[str, dict[str, Any]]:
    """Returns the code and params that say an opening requirement, e.g. "more than 50"."""
    points = {"points": need.points}
    if need.needs == "natural_canasta":
        return "need_natural_canasta", {}
    if need.needs == "canasta":
        return ("need_canasta_meld", points) if need.points else ("need_canasta", {})
    if not need.points:
        return "need_any_meld", {}
    return ("need_more_than" if need.must_exceed else "need_points"), points


def _listed(key: str, values: Sequence[Any], speaker: Speaker) -> str:
    """Returns a list param as a sentence holds it: ids by commas, names as "A, B and C"."""
    names = [repr(str(v)) if key in QUOTED else str(v) for v in values]
    if not names:
        return speaker.gettext(NONE)
    if key in QUOTED or key in IDS:
        return ", ".join(names)
    if len(names) == 1:
        return names[0]
    return speaker.gettext(AND) % {"first": ", ".join(names[:-1]), "last": names[-1]}


def _param(key: str, value: Any, speaker: Speaker) -> Any:
    """Returns one param as the sentence writes it: numbers grouped, preset words translated."""
    if isinstance(value, bool):
        return value
    if isinstance(value, FormatProblem):
        return format_sentence(value, speaker)
    if isinstance(value, int):
        return speaker.number(value)
    if isinstance(value, list | tuple):
        return _listed(key, value, speaker)
    if key in WORDED and isinstance(value, str) and value:
        said = speaker.gettext(FIELD_WORDS.get(value, value))
        return speaker.inline(said) if key in INLINE else said
    return value


def format_sentence(found: FormatProblem, speaker: Speaker = ENGLISH) -> str:
    """Returns a format document's problem in the speaker's words, from its own template.

    A problem without a template (an unreadable file's own error text) keeps its sentence.
    """
    if not found.template:
        return found.message
    numbers = {
        key: speaker.number(value)
        if isinstance(value, int) and not isinstance(value, bool)
        else value
        for key, value in found.params.items()
    }
    return speaker.gettext(found.template) % numbers


def render(code: str, params: Mapping[str, Any], speaker: Speaker = ENGLISH) -> str:
    """Returns the sentence of `code` filled with `params`, in the speaker's language."""
    template = TEXTS[code]
    filled = {key: _param(key, value, speaker) for key, value in params.items()}
    if template.plural:
        count = params[template.count]
        text = speaker.ngettext(template.text, template.plural, count)
    else:
        text = speaker.gettext(template.text)
    return text % filled if "%" in text else text


def english(code: str, params: Mapping[str, Any]) -> str:
    """Returns the sentence of `code` in English, for the command line and logs."""
    return render(code, params, ENGLISH)

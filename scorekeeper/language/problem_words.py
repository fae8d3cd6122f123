"""The engine's and the store's problems in the reader's words, from the one table of sentences.

Every sentence is written once, in `problem_table.TEXTS` (English included); this module fills
one in with the catalogue's translations and the reader's numbers (`i18n.number`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, partial
from typing import Any

from scorekeeper import language
from scorekeeper.engine import Problem
from scorekeeper.engine.ending import EndProblem
from scorekeeper.language import gettext, i18n
from scorekeeper.rules.checks import FormatProblem
from scorekeeper.sentences import problem_texts
from scorekeeper.store.errors import StoreError


def _speaker() -> problem_texts.Speaker:
    """Returns the reader's language: its catalogue and Babel's numbers."""
    return _speaker_of(i18n.current())


@cache
def _speaker_of(code: str) -> problem_texts.Speaker:
    """Returns a language's speaker, made once: its catalogue is loaded once anyway."""
    # The catalogue's raw strings: language.gettext would fill in placeholders.
    translations = language.translations(code)
    english = code == i18n.DEFAULT_LOCALE
    return problem_texts.Speaker(
        gettext=translations.gettext,
        ngettext=translations.ngettext,
        number=partial(i18n.number, locale=code),  # not asking the language again a number
        inline=str.lower if english else str,
    )


def words(code: str, params: Mapping[str, Any]) -> str:
    """Returns the sentence of a code with its params in the reader's language."""
    return problem_texts.render(code, params, _speaker())


def problem(found: Problem) -> str:
    """Returns an engine problem in the reader's words."""
    return words(found.code, found.params)


def opening_short(p: Mapping[str, Any], side: str | None) -> str:
    """Returns the warning that a side melded less than it needed to open, in words."""
    code = "opening_short_exceed" if p.get("must_exceed") else "opening_short"
    return words(code, {**p, "side": side})


def end(found: EndProblem) -> str:
    """Returns a problem with where a game ends or how it plays on, in the reader's words."""
    return words(found.code, found.params)


def format_problem(found: FormatProblem) -> str:
    """Returns a format document's problem in the reader's words, from its own template."""
    return problem_texts.format_sentence(found, _speaker())


def _param(value: Any) -> Any:
    """Returns one param of a store's refusal as the reader reads it, problems worded."""
    if isinstance(value, int) and not isinstance(value, bool):
        return i18n.number(value)
    if isinstance(value, Problem):
        return problem(value)
    if isinstance(value, EndProblem):
        return end(value)
    if isinstance(value, FormatProblem):
        return format_problem(value)
    return value


def store_error(error: StoreError) -> str:
    """Returns a store's refusal in the reader's language, its numbers written as they read."""
    params = {key: _param(value) for key, value in error.params.items()}
    return gettext(error.message, **params)

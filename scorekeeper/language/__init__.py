"""The reader's language without Flask: the compiled catalogues, and which language is in use.

The PDF writer, the command line and the words the pages share with them translate through
here. Flask-Babel stays at the web edge (templates and views); the edge tells this module a
request's language (`listen_to`, from `scorekeeper/web/speech.py`), and both read the same
compiled catalogues, so a page and its PDF say the same words.
"""

from __future__ import annotations

import gettext as stdlib_gettext
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import Any

from babel.support import Translations

from scorekeeper.basics.resources import resource_dir

DEFAULT = "en"
# The language a caller asked for (a PDF's `lang`, the command line's --lang): per thread and
# per task, so two sheets written at once in two languages never mix.
_spoken: ContextVar[str | None] = ContextVar("scorekeeper_language", default=None)
_edges: list[Callable[[], str | None]] = []  # the web's: a request's language, if in one


def listen_to(edge: Callable[[], str | None]) -> None:
    """Lets the web edge say which language the current request reads (None: no request)."""
    if edge not in _edges:
        _edges.append(edge)


def current() -> str:
    """Returns the language code in use: one `speaking` chose, else the request's, else English."""
    spoken = _spoken.get()
    if spoken is not None:
        return spoken
    for edge in _edges:
        code = edge()
        if code:
            return code
    return DEFAULT


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Runs the enclosed code in a language, with or without a request around it."""
    token = _spoken.set(code)
    try:
        yield
    finally:
        _spoken.reset(token)


@cache
def translations(code: str) -> stdlib_gettext.NullTranslations:
    """Returns a language's compiled catalogue (English's own, or none: the msgids)."""
    return Translations.load(str(resource_dir("translations")), [code], "messages")


def gettext(message: str, **params: Any) -> str:
    """Returns a message in the language in use, its %(name)s params filled in when given."""
    text = translations(current()).gettext(message)
    return text % params if params else text


def ngettext(singular: str, plural: str, num: int, **params: Any) -> str:
    """Returns the singular or plural form for num in the language in use; %(num)s is num."""
    params.setdefault("num", num)
    return translations(current()).ngettext(singular, plural, num) % params


@dataclass(frozen=True)
class LazyText:
    """A message marked where it is written and translated each time it is shown."""

    message: str

    def __str__(self) -> str:
        return gettext(self.message)


def lazy_gettext(message: str) -> LazyText:
    """Returns a module constant's message, translated when shown (str)."""
    return LazyText(message)


def in_language(code: str | None) -> AbstractContextManager[None]:
    """Runs the enclosed code in `code`, or in the language already in use when None."""
    return speaking(code) if code else nullcontext()

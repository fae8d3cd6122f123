"""What the season pages share: the blueprint, and a season's lines as a page shows them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from flask import Blueprint, abort, flash, request
from flask_babel import gettext as _

from scorekeeper.db import get_db
from scorekeeper.language import i18n
from scorekeeper.seasons import SeasonLine, shown_name
from scorekeeper.seasons.names import NAMINGS
from scorekeeper.store import seasons as store_seasons

bp = Blueprint("seasons", __name__)


@dataclass(frozen=True)
class Shown:
    """One season line in a page's words: the name as the page may show it, scores written."""

    rank: int
    name: str
    score: str
    nights: int
    counted: str
    dropped: str
    qualified: bool


def hidden_label(number: int) -> str:
    """Returns the name a page shows for a hidden entrant: "Entrant 3"."""
    return _("Entrant %(number)s", number=number)


def shown_lines(lines: Sequence[SeasonLine], naming: str = "full") -> list[Shown]:
    """Returns a season's lines for a page, each name shown as the naming allows."""
    return [
        Shown(
            line.rank,
            shown_name(line.name, naming, hidden_label(i)),
            i18n.hundredths(line.score),
            line.nights,
            " · ".join(i18n.hundredths(s) for s in line.counted),
            " · ".join(i18n.hundredths(s) for s in line.dropped),
            line.qualified,
        )
        for i, line in enumerate(lines, 1)
    ]


def shown_beside(
    scratch: Sequence[SeasonLine], other: Sequence[SeasonLine], naming: str = "full"
) -> list[Shown]:
    """Returns another ranking's lines (the handicap one) named as the scratch lines name the
    same entrant, so a hidden "Entrant 3" is the same one in both."""
    names = {
        line.name: s.name for line, s in zip(scratch, shown_lines(scratch, naming), strict=True)
    }
    return [
        replace(s, name=names.get(line.name, s.name))
        for line, s in zip(other, shown_lines(other, naming), strict=True)
    ]


def set_public_as_posted(kind: str, subject: str) -> None:
    """Opens or closes a night's or a season's public page as the form asks, and says so."""
    names = request.form.get("names", "initial")
    if names not in NAMINGS:
        abort(400)
    opened = request.form.get("public") == "1"
    store_seasons.set_public(get_db(), kind, subject, opened, names)
    flash(_("The public results page is open.") if opened else _("The results are private."))

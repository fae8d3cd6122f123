"""The ratings help page: what the number means, in plain words, in the reader's language."""

from __future__ import annotations

from flask import Blueprint, render_template

from scorekeeper.language import words
from scorekeeper.ratings.families import FAMILIES, LABELS
from scorekeeper.ratings.handicap import CAP, POINTS_PER_UNIT
from scorekeeper.ratings.model import PROVISIONAL_GAMES, PROVISIONAL_SIGMA
from scorekeeper.rules.presets import load_presets

bp = Blueprint("ratings", __name__)


@bp.get("/ratings/help")
def help() -> str:  # noqa: A001 - the page's name
    """Explains the ratings: the number, why it moves more for new players, upsets and handicaps."""
    presets = load_presets()
    return render_template(
        "ratings/help.html",
        families=[
            (LABELS[f], [words.text(presets[p].rules.name) for p in ids if p in presets])
            for f, ids in FAMILIES.items()
        ],
        games=PROVISIONAL_GAMES,
        sigma=PROVISIONAL_SIGMA,
        per_unit=POINTS_PER_UNIT,
        cap=CAP,
    )

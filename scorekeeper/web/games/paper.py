"""The paper a browser prints on: chosen on the page and remembered, else from its region."""

from __future__ import annotations

from typing import TypeVar

from flask import Blueprint, abort, redirect, request
from flask_babel import lazy_gettext
from werkzeug import Response

from scorekeeper.pdf import PAPERS

Answer = TypeVar("Answer", bound=Response)  # flask's Response, or redirect()'s werkzeug one

bp = Blueprint("paper", __name__)

COOKIE = "paper"
COOKIE_AGE = 400 * 24 * 3600  # as long as browsers keep a cookie
# Regions whose printers hold US Letter (CLDR's paperSize data); everyone else prints A4.
LETTER_REGIONS = frozenset(
    {"BZ", "CA", "CL", "CO", "CR", "GT", "MX", "NI", "PA", "PH", "PR", "SV", "US", "VE"}
)
NAMES = {"a4": "A4", "letter": lazy_gettext("Letter")}
WHY = {
    "remembered": lazy_gettext("your choice"),
    "region": lazy_gettext("from your browser's region"),
    "default": lazy_gettext("the usual size"),
}


def from_region() -> str | None:
    """Returns the paper of the browser's first language with a region (en-US: letter), if any."""
    for tag, _quality in request.accept_languages:
        parts = tag.replace("_", "-").split("-")
        region = next((p.upper() for p in parts[1:] if len(p) == 2 and p.isalpha()), None)
        if region:
            return "letter" if region in LETTER_REGIONS else "a4"
    return None


def chosen() -> tuple[str, str]:
    """Returns the paper for this browser and why: remembered, from its region, or the default."""
    remembered = request.cookies.get(COOKIE, "")
    if remembered in PAPERS:
        return remembered, "remembered"
    guessed = from_region()
    return (guessed, "region") if guessed else ("a4", "default")


def remember(response: Answer, paper: str) -> Answer:
    """Keeps the paper in a cookie for next time and returns the response."""
    response.set_cookie(COOKIE, paper, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response


def context() -> dict[str, object]:
    """Gives every template the paper in use, why, and the other size to switch to."""
    return described(*chosen())


def described(paper: str, why: str) -> dict[str, object]:
    """Returns the template's words for a paper and why it is in use."""
    other = next(p for p in PAPERS if p != paper)
    return {
        "paper": {
            "size": paper,
            "name": str(NAMES[paper]),
            "why": str(WHY[why]),
            "other": other,
            "other_name": str(NAMES[other]),
        }
    }


@bp.post("/paper")
def choose() -> Response:
    """Remembers the paper chosen on a page and goes back to that page."""
    paper = request.form.get("paper", "").lower()
    if paper not in PAPERS:
        abort(400, f"Paper must be {' or '.join(PAPERS)}.")
    back = request.form.get("next", "/")
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        back = "/"  # only pages of this app: never a way to send someone elsewhere
    return remember(redirect(back), paper)

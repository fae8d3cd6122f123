"""Score sheets on paper: a game's filled sheet and each format's blank sheet, as PDF downloads."""

from __future__ import annotations

import re
import unicodedata

from flask import Blueprint, Response, abort, request

from scorekeeper.db import get_db
from scorekeeper.language import i18n
from scorekeeper.pdf import PAPERS, blank_sheet
from scorekeeper.pdf.blank_sheet import PlayersError, player_counts
from scorekeeper.pdf.game_sheet import default_title, sheet_of_game
from scorekeeper.rules.model import Rules
from scorekeeper.store import cache
from scorekeeper.store.formats.house import format_rules
from scorekeeper.web import access
from scorekeeper.web.games import paper as paper_choice
from scorekeeper.web.games.games import made_from

bp = Blueprint("sheets", __name__)


def _paper() -> tuple[str, bool]:
    """Returns the paper to print on, and whether the query chose it (so it is remembered)."""
    asked = request.args.get("paper")
    if asked is not None:
        if asked.lower() not in PAPERS:
            abort(400, f"Paper must be {' or '.join(PAPERS)}.")
        return asked.lower(), True
    return paper_choice.chosen()[0], False


def _slug(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "-", ascii_text).strip("-").lower() or "sheet"


def _pdf(data: bytes, filename: str, size: str, remember: bool) -> Response:
    """Returns the PDF as an attachment, remembering the paper when the query chose it."""
    response = Response(data, mimetype="application/pdf")
    response.headers.set("Content-Disposition", "attachment", filename=filename)
    return paper_choice.remember(response, size) if remember else response


@bp.get("/games/<game_id>/sheet.pdf")
def game_pdf(game_id: str) -> Response:
    """Downloads a game's filled score sheet, for anyone who may see the game."""
    game, _ = access.open_game(game_id)
    paper, remember = _paper()
    title = default_title(game.setup)
    key = cache.key(get_db(), game.id)
    lang = i18n.current()
    kept = (*key, game.version, paper, lang) if key else None
    data = cache.pdfs.through(kept, lambda: sheet_of_game(game, paper, lang)) if kept else None
    data = data or sheet_of_game(game, paper, lang)  # kept by version and paper: store/cache.py
    name = f"canasta-{_slug(game.rules.name)}-{_slug(title)}-{game.created_at[:10]}.pdf"
    response = _pdf(data, name, paper, remember)
    response.headers["Cache-Control"] = "private, no-cache"  # the sheet changes every hand
    return response


def _format_rules(format_id: str) -> Rules:
    """Returns a preset's rules, or a house format's own values; 404 for neither."""
    rules = format_rules(get_db(), format_id)
    if rules is None:
        abort(404)
    return rules


@bp.get("/sheets/<format_id>.pdf")
def blank_pdf(format_id: str) -> Response:
    """Downloads a preset's or a house format's blank score sheet; 404 when there is none."""
    rules = _format_rules(format_id)
    paper, remember = _paper()
    players = _players(rules)
    try:
        data = blank_sheet(
            rules,
            paper=paper,
            players=players,
            description=made_from(rules),
            lang=i18n.current(),
        )
    except PlayersError as error:
        abort(400, str(error))
    count = f"-{players}-players" if players else ""
    name = f"canasta-{_slug(rules.name)}{count}-blank-{paper}.pdf"
    return _pdf(data, name, paper, remember)


def _players(rules: Rules) -> int | None:
    """Returns the `?players=` number of score columns asked for, if any (Oklahoma: 2 to 5)."""
    asked = request.args.get("players")
    if asked is None:
        return None
    if not (asked.isascii() and asked.isdigit() and len(asked) <= 2):
        counts = player_counts(rules)
        within = f" from {counts[0]} to {counts[-1]}" if counts else ""
        abort(400, f"Players must be a whole number{within}.")
    return int(asked)

"""The home screen: this browser's games in progress, then finished ones."""

from __future__ import annotations

import re

from flask import Blueprint, render_template, request

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.origin import announced_origins
from scorekeeper.pdf.blank_sheet import player_counts
from scorekeeper.rules.presets import load_presets
from scorekeeper.store.groups.group import groups_for_browser
from scorekeeper.web.access import browser_id, can_write
from scorekeeper.web.games import game_form, table
from scorekeeper.web.games.share import qr_svg
from scorekeeper.web.games.shelf import recent
from scorekeeper.web.origin import is_loopback, lan_origins
from scorekeeper.web.posting import new_form_token

bp = Blueprint("home", __name__)

PAGE_SIZE = 30  # games per home page, those in progress and finished together
PAGES = re.compile(r"[1-9][0-9]{0,5}")


def _page(value: str) -> int:
    """Returns the page asked for: a whole number from 1, or 1 for anything else."""
    return int(value) if PAGES.fullmatch(value) else 1


@bp.get("/")
def index() -> str:
    """Lists this browser's games, those still being played first."""
    store.purge_expired(get_db())  # deletions past their undo window go for good
    page = _page(request.args.get("page", "1"))
    # One page of the latest games, and one more to know whether an older page exists: a phone
    # with 2,000 games gets a page of PAGE_SIZE, not a megabyte of cards.
    mine = store.games_for_browser(
        get_db(), browser_id(), limit=PAGE_SIZE + 1, offset=(page - 1) * PAGE_SIZE
    )
    older, mine = len(mine) > PAGE_SIZE, mine[:PAGE_SIZE]
    games = [game for _, game in mine]
    last = next((game for role, game in mine if can_write(role)), None)
    playing = [g for g in games if not g.state.status.over]
    finished = [g for g in games if g.state.status.over]
    # On the hosting computer, the address phones at the table scan, as `serve --lan` printed.
    lan = lan_origins() if is_loopback(request.remote_addr or "") else []
    if is_loopback(request.remote_addr or "") and announced_origins():
        table.seat_host()  # the host's games are the ones a phone that scans is offered
    presets = list(load_presets().values())
    return render_template(
        "home/index.html",
        playing=playing,
        finished=finished,
        last=last,
        # "New game like the last" with partners rotated once: the same four, new pairs.
        rotated=game_form.rotated(last.setup.sides) if last else None,
        owned={game.id for role, game in mine if role == "owner"},
        undo=recent(browser_id()),
        any_shelved=bool(store.shelved_for_browser(get_db(), browser_id())),
        form_token=new_form_token,
        presets=presets,
        sheet_players={preset.id: player_counts(preset.rules) for preset in presets},
        # The table's own page: it opens the game in progress (web/games/table.py), one scan away.
        join_urls=[origin + table.table_path() for origin in lan],
        join_qr=qr_svg(lan[0] + table.table_path()) if lan else None,
        groups=groups_for_browser(get_db(), browser_id()),
        page=page,
        older=older,
    )

"""The director's part: open or close the night's public results, and see its seasons."""

from __future__ import annotations

from typing import Any

from flask import abort, redirect, url_for
from werkzeug import Response

from scorekeeper.db import get_db
from scorekeeper.seasons.names import NAMINGS
from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.events import event as store_events
from scorekeeper.web.origin import public_url
from scorekeeper.web.seasons.common import bp, set_public_as_posted


@bp.app_template_global()
def night_results(event_id: str) -> dict[str, Any]:
    """Returns what the director's page shows of a night's results: its address, its seasons."""
    public = store_seasons.public_of(get_db(), "event", event_id)
    address = public_url(url_for("seasons.results", slug=public.slug)) if public else None
    seasons = store_seasons.seasons_of_night(get_db(), event_id)
    return {"public": public, "address": address, "seasons": seasons, "namings": NAMINGS}


@bp.app_template_global()
def public_results(event_id: str, position: int | None = None) -> dict[str, Any]:
    """Returns what anyone at the night may follow: the public seasons that count it (name and
    address) and, for an entrant, its scorecard's address once the night's results are public."""
    found = []
    for season in store_seasons.seasons_of_night(get_db(), event_id):
        public = store_seasons.public_of(get_db(), "season", season.id)
        if public is not None:
            found.append((season.name, url_for("seasons.results", slug=public.slug)))
    night = store_seasons.public_of(get_db(), "event", event_id)
    card = None
    if night is not None and position is not None:
        card = url_for("seasons.card", slug=night.slug, position=position)
    return {"seasons": found, "card": card}


@bp.post("/events/director/<token>/public")
def event_public(token: str) -> Response:
    """Opens or closes the night's public results page, naming entrants as chosen."""
    try:
        event = store_events.by_token(get_db(), token, "director")
    except store_events.EventNotFound:
        abort(404)
    set_public_as_posted("event", event.id)
    return redirect(url_for("events.director", token=token, _anchor="results"))

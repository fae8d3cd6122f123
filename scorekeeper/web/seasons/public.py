"""Public results pages: an event's or a season's, and each entrant's scorecard, no token in any.

A page is opt-in (PUT .../public, or the season page's switch) and lives at an address of its
own; it shows results only, each name as the group chose (in full, initialled or hidden).
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import abort, jsonify, make_response, render_template, request, url_for
from sqlite_utils import Database
from werkzeug import Response

from scorekeeper.db import get_db
from scorekeeper.events.scorecards import CardLine
from scorekeeper.language import i18n
from scorekeeper.papers.event_papers import handicap_words
from scorekeeper.seasons import SeasonLine, figure, shown_name
from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.events import event as store_events
from scorekeeper.store.events import handicaps as event_handicaps
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import Entrant, Event
from scorekeeper.store.seasons import Public, PublicNotFound
from scorekeeper.web import text_size
from scorekeeper.web.events.common import handicap_lines
from scorekeeper.web.games import follow
from scorekeeper.web.origin import public_url
from scorekeeper.web.seasons.common import bp, hidden_label, shown_beside, shown_lines

CACHE = "no-cache"  # kept, but asked again each time: a 304 when nothing moved


def entrant_card_url(db: Database, event_id: str, position: int) -> str | None:
    """Returns the public address of an entrant's scorecard, or None while results are private."""
    found = store_seasons.public_of(db, "event", event_id)
    if found is None:
        return None
    return public_url(url_for("seasons.card", slug=found.slug, position=position))


def _page(slug: str) -> Public:
    try:
        return store_seasons.public_page(get_db(), slug)
    except PublicNotFound:
        abort(404)


def _moved(found: Public, with_seasons: bool) -> str:
    """Returns the version a public page is read at: the season's, or the event's and the
    public seasons that count it (their standings too, for a scorecard's season lines)."""
    db = get_db()
    if found.kind == "season":
        return store_seasons.season_stamp(db, store_seasons.get_season(db, found.subject))
    row = db.execute("SELECT version FROM events WHERE id = ?", [found.subject]).fetchone()
    parts = [str(row[0]) if row else ""]
    for season in store_seasons.seasons_of_night(db, found.subject):
        public = public_of_season(season.id)
        if public is not None:
            parts.append(f"{public.slug}.{public.names}")
            parts += [store_seasons.season_stamp(db, season)] if with_seasons else []
    return "|".join(parts)


def public_of_season(season_id: str) -> Public | None:
    """Returns a season's public page, if it has one."""
    return store_seasons.public_of(get_db(), "season", season_id)


def _tag(found: Public, with_seasons: bool = False) -> str:
    """Returns a public page's ETag: its version, naming, the reader's language and type
    size, its address."""
    moved = _moved(found, with_seasons)
    seed = ":".join(
        (follow.BUILD, request.path, found.names, moved, i18n.current(), text_size.size())
    )
    return hashlib.sha256(seed.encode()).hexdigest()[:32]


def _answer(body: str | Response, tag: str) -> Response:
    """Returns a public page with its ETag, so the next read of it can be a bare 304."""
    response = make_response(body)
    response.set_etag(tag)
    response.headers["Cache-Control"] = CACHE
    response.vary.update(("Cookie", "Accept-Language"))
    return response


def _name(entrant: Entrant, naming: str) -> str:
    return shown_name(entrant.name, naming, hidden_label(entrant.position + 1))


def _players(entrant: Entrant, naming: str) -> str:
    """Returns a pair's players as the page may show them (none when names are hidden)."""
    shown = " & ".join(shown_name(p, naming, "") for p in entrant.players)
    named = shown_name(entrant.name, naming, "")
    return "" if naming == "hidden" or shown == named else shown


def _event_lines(event: Event, naming: str) -> list[dict[str, Any]]:
    """Returns the event's standings lines as a public page may show them."""
    by_key = {e.position: e for e in event.entrants}
    return [
        {
            "rank": line.rank,
            "position": line.entrant,
            "name": _name(by_key[line.entrant], naming),
            "players": _players(by_key[line.entrant], naming),
            "victory_points": line.victory_points,
            "margin": line.margin,
            "played": line.played,
        }
        for line in event_rounds.standings(get_db(), event.id).lines
    ]


def _season_body(found: Public) -> dict[str, Any]:
    season = store_seasons.get_season(get_db(), found.subject)
    nights, lines = store_seasons.season_standings(get_db(), season)
    handicap = store_seasons.handicap_standings(get_db(), season)
    return {"season": season, "nights": nights, "lines": lines, "handicap": handicap}


@bp.get("/results/<slug>")
def results(slug: str) -> Response:
    """Shows an event's or a season's public results (304 when the browser's copy is current)."""
    found = _page(slug)
    tag = _tag(found)
    unchanged = follow.not_modified(tag)
    if unchanged is not None:
        return unchanged
    if found.kind == "season":
        body = _season_body(found)
        lines = shown_lines(body["lines"], found.names)
        page = render_template(
            "seasons/public_season.html",
            **body,
            shown=lines,
            handicap_shown=shown_beside(body["lines"], body["handicap"], found.names),
            slug=slug,
        )
        return _answer(page, tag)
    event = store_events.get_event(get_db(), found.subject)
    standings = _event_lines(event, found.names)
    page = render_template(
        "seasons/public_event.html",
        event=event,
        lines=standings,
        slug=slug,
        seasons=_public_seasons(event),
        handicap=handicap_lines(event, {e.position: _name(e, found.names) for e in event.entrants}),
    )
    return _answer(page, tag)


def _public_seasons(event: Event) -> list[tuple[str, str]]:
    """Returns (name, address) of each public season that counts this night."""
    found = []
    for season in store_seasons.seasons_of_night(get_db(), event.id):
        public = store_seasons.public_of(get_db(), "season", season.id)
        if public is not None:
            found.append((season.name, public.slug))
    return found


@bp.get("/results/<slug>.json")
def results_json(slug: str) -> Response:
    """Returns the same public results as JSON: names as the page shows them, no ids."""
    found = _page(slug)
    tag = _tag(found)
    unchanged = follow.not_modified(tag)
    if unchanged is not None:
        return unchanged
    if found.kind == "season":
        body = _season_body(found)
        season = body["season"]
        names = [ln.name for ln in shown_lines(body["lines"], found.names)]
        document: dict[str, Any] = {
            "name": season.name,
            "from": season.date_from,
            "to": season.date_to,
            "nights": [{"name": n.name, "date": n.day} for n in body["nights"]],
            "standings": [
                _season_line(line, name) for line, name in zip(body["lines"], names, strict=True)
            ],
        }
        if body["handicap"]:  # named as the standings name each entrant
            beside = shown_beside(body["lines"], body["handicap"], found.names)
            document["handicap"] = [
                _season_line(line, s.name) for line, s in zip(body["handicap"], beside, strict=True)
            ]
    else:
        event = store_events.get_event(get_db(), found.subject)
        lines = _event_lines(event, found.names)
        for line in lines:
            line["scorecard"] = url_for("seasons.card", slug=slug, position=line["position"])
        document = {"name": event.name, "date": event.day, "standings": lines}
        if event.handicap:
            named = {e.position: _name(e, found.names) for e in event.entrants}
            document["handicap"] = [
                {k: v for k, v in ln.items() if k != "average_text"}
                for ln in handicap_lines(event, named)
            ]
    return _answer(jsonify(document), tag)


def _season_line(line: SeasonLine, name: str) -> dict[str, Any]:
    return {
        "rank": line.rank,
        "name": name,
        "score": figure(line.score),
        "nights": line.nights,
        "counted": [figure(s) for s in line.counted],
        "dropped": [figure(s) for s in line.dropped],
        "qualified": line.qualified,
    }


def _card_rows(card: tuple[CardLine, ...], event: Event, naming: str) -> list[dict[str, Any]]:
    """Returns a scorecard's rounds with partners and opponents named as the page allows."""
    by_key = {e.position: e for e in event.entrants}

    def names(keys: tuple[int, ...]) -> str:
        return " & ".join(_name(by_key[k], naming) for k in keys if k in by_key)

    return [
        {
            "line": line,
            "partners": names(line.partners),
            "opponents": names(line.opponents),
        }
        for line in card
    ]


def _season_cards(event: Event, entrant: Entrant) -> list[dict[str, Any]]:
    """Returns the entrant's line in each public season that counts this night."""
    found = []
    for season in store_seasons.seasons_of_night(get_db(), event.id):
        public = store_seasons.public_of(get_db(), "season", season.id)
        if public is None:
            continue
        _nights, lines = store_seasons.season_standings(get_db(), season)
        mine = entrant.players if season.rule.by == "player" else (entrant.name,)
        shown = shown_lines(lines, public.names)
        for line, words in zip(lines, shown, strict=True):
            if line.name in mine:
                found.append({"season": season, "line": words, "slug": public.slug})
    return found


@bp.get("/results/<slug>/entrants/<int:position>")
def card(slug: str, position: int) -> Response:
    """Shows one entrant's scorecard: every round of the night, and its season lines."""
    found = _page(slug)
    if found.kind != "event":
        abort(404)
    tag = _tag(found, with_seasons=True)
    unchanged = follow.not_modified(tag)
    if unchanged is not None:
        return unchanged
    event = store_events.get_event(get_db(), found.subject)
    entrant = next((e for e in event.entrants if e.position == position), None)
    if entrant is None:
        abort(404)
    card_lines = event_rounds.scorecards(get_db(), event)[entrant.position]
    found_handicaps = event_handicaps.ranking(get_db(), event.id) if event.handicap else ()
    mine = [h for h in found_handicaps if h.entrant == entrant.position]
    page = render_template(
        "seasons/card.html",
        event=event,
        name=_name(entrant, found.names),
        players=_players(entrant, found.names),
        rows=_card_rows(card_lines, event, found.names),
        seasons=_season_cards(event, entrant),
        handicap=[handicap_words(h.handicap, h.rated, h.victory_points, h.place) for h in mine],
        slug=slug,
        day=i18n.day(event.day),
    )
    return _answer(page, tag)

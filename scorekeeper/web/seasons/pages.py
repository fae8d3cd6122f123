"""A member's season pages: the standings, the big screen, CSV and PDF, the public switch."""

from __future__ import annotations

import hashlib
from typing import Any

from flask import abort, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug import Response

from scorekeeper.db import get_db
from scorekeeper.language import i18n, words
from scorekeeper.papers import csv_text
from scorekeeper.pdf import season_standings as season_pdf
from scorekeeper.pdf.layout import PAPERS
from scorekeeper.rules.presets import load_presets
from scorekeeper.seasons import SeasonLine, figure
from scorekeeper.seasons.names import NAMINGS
from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.groups.group import Group
from scorekeeper.store.seasons import InvalidSeason, Season, SeasonNotFound
from scorekeeper.store.seasons.seasons import GroupNight
from scorekeeper.web.groups.groups import admin_group, is_admin, member_group
from scorekeeper.web.origin import public_url
from scorekeeper.web.seasons import form as season_form
from scorekeeper.web.seasons.common import bp, set_public_as_posted, shown_lines


def _season(group_id: str, season_id: str) -> tuple[Group, Season]:
    """Returns the group and its season when this browser is a member; 404 otherwise."""
    group = member_group(group_id)
    try:
        return group, store_seasons.get_season(get_db(), season_id, group.id)
    except SeasonNotFound:
        abort(404)


@bp.get("/groups/<group_id>/seasons")
def index(group_id: str, typed: season_form.Typed | None = None) -> str:
    """Lists the group's seasons, with the form that makes one (its admins')."""
    group = member_group(group_id)
    found = store_seasons.group_seasons(get_db(), group.id)
    admin = is_admin(group.id)
    events = store_seasons.group_nights(get_db(), group.id) if admin else []
    blank = {"score": "victory_points", "by": "entrant", "nights": "dates"}
    return render_template(
        "seasons/index.html",
        group=group,
        seasons=found,
        section="seasons",
        admin=admin,
        events=events,
        formats=_formats(events),
        typed=typed or season_form.Typed(blank),
    )


def _formats(events: list[GroupNight]) -> list[tuple[str, str]]:
    """Returns (id, name) of each format the group's events were played in: a preset by its
    name in the page's words, a house format by its id."""
    names = {p.rules.id: words.text(p.rules.name) for p in load_presets().values()}
    return sorted({(e.format, names.get(e.format, e.format)) for e in events}, key=lambda f: f[1])


@bp.post("/groups/<group_id>/seasons")
def create(group_id: str) -> Response | tuple[str, int]:
    """Makes a season from the form (an admin's); a refusal keeps what was typed."""
    group = admin_group(group_id)
    typed, new = season_form.read(request.form)
    # Every field judged at once: a number the form cannot read, and what the store refuses.
    season_form.refused(typed, store_seasons.season_problems(get_db(), group.id, new))
    if not typed.problems:
        try:
            season = store_seasons.create_season(get_db(), group.id, new)
        except InvalidSeason as error:
            season_form.refused(typed, error.problems)
        else:
            flash(_("Season “%(name)s” made.", name=season.name), "ok")
            return redirect(url_for("seasons.page", group_id=group.id, season_id=season.id))
    return index(group_id, typed), 422


@bp.get("/groups/<group_id>/seasons/<season_id>")
def page(group_id: str, season_id: str) -> str:
    """Shows the season: its rule, nights and standings, downloads and the public switch."""
    group, season = _season(group_id, season_id)
    nights, lines = store_seasons.season_standings(get_db(), season)
    public = store_seasons.public_of(get_db(), "season", season.id)
    url = public_url(url_for("seasons.results", slug=public.slug)) if public else None
    return render_template(
        "seasons/page.html",
        group=group,
        season=season,
        nights=nights,
        lines=shown_lines(lines),
        handicap_lines=shown_lines(store_seasons.handicap_standings(get_db(), season)),
        public=public,
        public_address=url,
        namings=NAMINGS,
        section="seasons",
        admin=is_admin(group.id),
    )


@bp.get("/groups/<group_id>/seasons/<season_id>/screen")
def screen(group_id: str, season_id: str) -> str:
    """Shows the season's standings in large type for a club room's screen (it follows them)."""
    group, season = _season(group_id, season_id)
    nights, lines = store_seasons.season_standings(get_db(), season)
    return render_template(
        "seasons/screen.html",
        group=group,
        season=season,
        nights=nights,
        lines=shown_lines(lines),
        handicap_lines=shown_lines(store_seasons.handicap_standings(get_db(), season)),
        nights_line=_nights_line(nights),
    )


def _screen_lines(lines: list[SeasonLine]) -> list[dict[str, Any]]:
    """Returns standings lines as the big screen's live.json carries them."""
    return [
        {
            "rank": ln.rank,
            "name": ln.name,
            "score": ln.score,
            "nights": ln.nights,
            "qualified": ln.qualified,
        }
        for ln in shown_lines(lines)
    ]


def _nights_line(nights: list[store_seasons.Night]) -> str:
    """Returns the line under the season's name: how many nights, and the latest."""
    count = ngettext("%(num)s night", "%(num)s nights", len(nights))
    return f"{count} · {nights[-1].name}, {i18n.day(nights[-1].day)}" if nights else count


@bp.get("/groups/<group_id>/seasons/<season_id>/screen/live.json")
def screen_live(group_id: str, season_id: str) -> Response:
    """Returns what the season's big screen shows; a bare 304 while the season has not moved."""
    _group, season = _season(group_id, season_id)
    # The screen's fetch revalidates with the ETag it holds: the season's nights and their
    # versions, in the same language, answer a bare 304 (no standings read at all).
    tag = f"season-{store_seasons.season_stamp(get_db(), season)}-{i18n.current()}"
    tag = f"season-{hashlib.sha256(tag.encode()).hexdigest()[:32]}"
    if request.if_none_match.contains(tag):
        unchanged = Response(status=304)
        unchanged.headers["Cache-Control"] = "private, no-cache"
        unchanged.set_etag(tag)
        return unchanged
    nights, lines = store_seasons.season_standings(get_db(), season)
    document: dict[str, Any] = {
        "nights_line": _nights_line(nights),
        "standings": _screen_lines(lines),
    }
    if season.handicap:  # the handicap ranking, counted when each night closed
        document["handicap"] = _screen_lines(store_seasons.handicap_standings(get_db(), season))
    response = jsonify(document)
    response.headers["Cache-Control"] = "private, no-cache"
    response.set_etag(tag)
    return response


@bp.post("/groups/<group_id>/seasons/<season_id>/public")
def set_public(group_id: str, season_id: str) -> Response:
    """Opens or closes the season's public results page (an admin's; 403 for a member)."""
    _group, season = _season(group_id, season_id)
    admin_group(group_id)
    set_public_as_posted("season", season.id)
    return redirect(url_for("seasons.page", group_id=group_id, season_id=season_id))


@bp.get("/groups/<group_id>/seasons/<season_id>/standings.<any(csv, pdf):kind>")
def download(group_id: str, season_id: str, kind: str) -> Response:
    """Downloads the season's standings as CSV, or as a PDF on A4 or Letter (?paper=)."""
    _group, season = _season(group_id, season_id)
    nights, lines = store_seasons.season_standings(get_db(), season)
    paper = request.args.get("paper", "a4").lower()
    if paper not in PAPERS:
        abort(404)
    if kind == "csv":
        rows: list[list[object]] = [
            ["rank", "name", "score", "nights", "counted", "dropped", "qualified"]
        ]
        rows += [
            [
                ln.rank,
                ln.name,
                figure(ln.score),
                ln.nights,
                " ".join(str(figure(s)) for s in ln.counted),
                " ".join(str(figure(s)) for s in ln.dropped),
                "yes" if ln.qualified else "no",
            ]
            for ln in lines
        ]
        if season.handicap:  # docs/seasons.md: extra columns, by name, after the scratch ones
            rows = _with_handicap(rows, store_seasons.handicap_standings(get_db(), season))
        body: str | bytes = csv_text.text(rows)
        response = Response(body, mimetype="text/csv")  # Werkzeug adds "; charset=utf-8" to text/*
    else:
        sub = f"{i18n.day(season.date_from)} – {i18n.day(season.date_to)}"
        count = ngettext("%(num)s night", "%(num)s nights", len(nights))
        handicap = store_seasons.handicap_standings(get_db(), season)
        body = season_pdf.document(
            season.name,
            f"{sub} · {count}",
            lines,
            season.rule.minimum,
            paper,
            i18n.current(),
            handicap,
        )
        response = Response(body, mimetype="application/pdf")
    name = f"season-standings-{paper}.pdf" if kind == "pdf" else "season-standings.csv"
    response.headers.set("Content-Disposition", "attachment", filename=name)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def _with_handicap(rows: list[list[object]], handicap: list[SeasonLine]) -> list[list[object]]:
    """Returns the CSV rows with each name's handicap place and score appended."""
    by_name = {ln.name: ln for ln in handicap}
    found = [[*rows[0], "handicap_place", "handicap_score"]]
    for row in rows[1:]:
        line = by_name.get(str(row[1]))
        found.append([*row, *((line.rank, figure(line.score)) if line else ("", ""))])
    return found

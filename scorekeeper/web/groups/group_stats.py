"""A group's history, statistics and player pages, and their CSV downloads."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any

from babel.numbers import format_decimal, format_percent
from flask import abort, render_template, request, session, url_for
from werkzeug import Response

from scorekeeper.basics.days import real_day
from scorekeeper.db import get_db
from scorekeeper.language import i18n, words
from scorekeeper.stats.history import Entry, Filters, history
from scorekeeper.store.groups import players as store_players
from scorekeeper.store.groups.figures import Summed, stats_version, summed
from scorekeeper.store.groups.group import InvalidGroup
from scorekeeper.web.games import follow
from scorekeeper.web.groups import group_csv
from scorekeeper.web.groups.groups import bp, is_admin, member_group


@lru_cache(maxsize=4096)
def _formatted(value: float, pattern: str, locale: str, percent: bool) -> str:
    """Returns a number written by Babel; kept, as a table repeats the same few values."""
    write = format_percent if percent else format_decimal
    return write(value, pattern, locale=locale).replace("-", "\N{MINUS SIGN}")


@bp.app_template_filter("percent")
def percent(rate: float | None) -> str:
    """Returns a rate from 0 to 1 as a whole percentage the locale's way; a dash when none."""
    return "–" if rate is None else _formatted(rate, "#,##0%", i18n.current(), True)


@bp.app_template_filter("decimal")
def decimal(value: float | None) -> str:
    """Returns an average to one place when it has one (1,712.5, but 1,710), the locale's way."""
    return "–" if value is None else _formatted(value, "#,##0.#", i18n.current(), False)


@bp.app_template_filter("rating")
def rating_figure(value: float | None) -> str:
    """Returns a rating to exactly one place (7,0 beside 5,7), so a column of them lines up."""
    return "–" if value is None else _formatted(value, "#,##0.0", i18n.current(), False)


@bp.app_template_filter("decimal2")
def decimal2(value: float | None) -> str:
    """Returns a per-hand rate to two places, the locale's way."""
    return "–" if value is None else _formatted(value, "0.00", i18n.current(), False)


@bp.app_template_filter("format_label")
def format_label(parts: Sequence[str]) -> str:
    """Returns a format's name and house options in the reader's language."""
    return " · ".join(words.text(part) for part in parts)


@bp.app_template_filter("day_of")
def day_of(stamp: str) -> str:
    """Returns the day of an ISO time, the locale's way."""
    return i18n.day(datetime.fromisoformat(stamp).date())


def _filters(known: dict[str, str]) -> Filters:
    """Returns the history's filters from the query; unknown players or dates narrow nothing."""
    args = request.args
    player = args.get("player", "")
    pair = tuple(sorted(p for p in args.get("partnership", "").split("+") if p in known))
    dates = [args.get(k, "") for k in ("since", "until")]
    since, until = (d if real_day(d) else "" for d in dates)
    return Filters(
        format=args.get("format", "")[:200],
        player=player if player in known else "",
        partnership=pair if len(pair) > 1 else (),
        since=since,
        until=until,
    )


def _history(group_id: str) -> tuple[Summed, Filters, list[Entry]]:
    group = summed(get_db(), group_id)
    filters = _filters(group.names)
    return group, filters, history(group.played, group.names, filters)


@bp.get("/<group_id>/history")
def history_page(group_id: str) -> str:
    """Lists the group's finished games, the latest first, narrowed by the filters chosen."""
    group = member_group(group_id)
    sums, filters, entries = _history(group_id)
    stats = sums.statistics
    return render_template(
        "groups/history.html",
        group=group,
        entries=entries,
        filters=filters,
        formats=stats.formats,
        players=sorted(sums.names.items(), key=lambda kv: kv[1].casefold()),
        partnerships=stats.partnerships,
        csv_url=url_for("groups.history_csv", group_id=group_id, **_same_filters()),
    )


@bp.get("/<group_id>/history.csv")
def history_csv(group_id: str) -> Response:
    """Downloads the history, as filtered, as CSV."""
    group = member_group(group_id)
    entries = _history(group_id)[2]
    return group_csv.download(group_csv.history_rows(entries), f"{group.name} history")


@bp.get("/<group_id>/stats")
def stats_page(group_id: str) -> Response:
    """Shows who wins: players, partnerships, head to head and streaks, per format in detail;
    304 when this browser holds the page of the group's current figures."""
    group = member_group(group_id)
    db = get_db()
    version = stats_version(db, group_id)  # moved by SQL triggers with anything it adds up
    tag = follow.page_tag("stats", group_id, str(version), group.name)
    answer = follow.not_modified(tag)
    if answer is None:
        sums = summed(db, group_id)  # kept by the speed room under its version
        if sums.signature != version:  # a game came in between: the newer figures' page
            tag = follow.page_tag("stats", group_id, str(sums.signature), group.name)
        page = render_template("groups/stats.html", group=group, stats=sums.statistics)
        answer = follow.untagged(page) if "_flashes" in session else follow.tagged(page, tag)
    # A group's page is its members' alone: no browser or service worker keeps it (issue 24),
    # so only a poller that sends its tag back gets the 304.
    answer.headers["Cache-Control"] = "private, no-store"
    return answer


@bp.get("/<group_id>/stats/<any(players, partnerships, 'head-to-head'):table>.csv")
def stats_csv(group_id: str, table: str) -> Response:
    """Downloads one statistics table as CSV: a row per player or partnership and format."""
    group = member_group(group_id)
    rows = group_csv.stats_rows(summed(get_db(), group_id).statistics, table)
    return group_csv.download(rows, f"{group.name} {table}")


@bp.get("/<group_id>/players/<player_id>")
def player(group_id: str, player_id: str) -> str:
    """Shows one player: results, figures per format, partnerships and games."""
    group = member_group(group_id)
    try:
        person = store_players.get_player(get_db(), group_id, player_id)
    except InvalidGroup:
        abort(404)
    sums = summed(get_db(), group_id)
    known, games, stats = sums.names, sums.played, sums.statistics
    line = next((p for p in stats.players if p.key == (player_id,)), None)
    return render_template(
        "groups/player.html",
        group=group,
        player=person,
        line=line,
        formats={f.key: f for f in stats.formats},
        partnerships=[p for p in stats.partnerships if player_id in p.key],
        entries=history(games, known, Filters(player=player_id))[:20],
        admin=is_admin(group_id),
        others=[
            (pid, name)
            for pid, name in sorted(known.items(), key=lambda kv: kv[1])
            if pid != player_id
        ],
    )


def _same_filters() -> dict[str, Any]:
    """Returns the page's query (first value of each key), for the CSV link to filter alike."""
    return request.args.to_dict()  # typed as url_for's values are

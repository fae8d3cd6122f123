"""The big screen: standings and the round's tables in large type, refreshed without a reload."""

from __future__ import annotations

import hashlib
import json

from flask import jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug import Response

from scorekeeper.language import i18n
from scorekeeper.language.i18n import number, signed
from scorekeeper.store.stamps import now
from scorekeeper.web.events.common import Board, board, bp, by_token
from scorekeeper.web.seasons.director import public_results


@bp.get("/screen/<token>")
def screen(token: str) -> str:
    """Shows the event on a TV or laptop: it rotates between standings and tables by itself."""
    found = board(by_token(token, "view"))
    return render_template(
        "events/screen.html",
        board=found,
        token=token,
        round_line=round_line(found),
        now=now(),
        seasons=season_lines(found.event.id),
    )


def season_lines(event_id: str) -> list[dict[str, str]]:
    """Returns a line for each public season that counts the night: its name, its results'
    address and the words the screen shows."""
    return [
        {"name": name, "url": address, "line": _("Season: %(name)s", name=name)}
        for name, address in public_results(event_id)["seasons"]
    ]


def round_line(found: Board) -> str:
    """Returns the line under the event's name: its round, or that the standings are final."""
    event = found.event
    if found.final:
        return _("Final standings")
    if not event.started:
        return _("The first round has not started yet.")
    return _("Round %(number)s of %(rounds)s", number=event.started, rounds=event.rounds)


@bp.get("/screen/<token>/live.json")
def live(token: str) -> Response:
    """Returns what the big screen shows, as numbers already written for the page's language."""
    event = by_token(token, "view")
    # A season made, published, closed or renamed moves no event version: the tag names the
    # season lines too, so the screen learns of them at its next poll.
    seasons = season_lines(event.id)
    stamp = hashlib.sha256(json.dumps(seasons).encode()).hexdigest()[:12]
    # The screen's fetch revalidates with the ETag it holds: unchanged standings and tables
    # (the event's version) and seasons in the same language answer a bare 304.
    tag = f"event-{event.version}-{i18n.current()}-{stamp}"
    if request.if_none_match.contains(tag):
        unchanged = Response(status=304)
        unchanged.headers["Cache-Control"] = "private, no-cache"
        unchanged.set_etag(tag)
        return unchanged
    found = board(event)
    lines = [
        {
            **ln,
            "victory_points": number(ln["victory_points"]),
            "margin": signed(ln["margin"]),
            "mark": _("withdrawn") if ln["withdrawn"] else "",
        }
        for ln in found.lines
    ]
    tables = [
        {
            "table": t.number,
            "sides": found.sides(t),
            "scores": [number(s) for s in t.scores],
            "deals": t.deals,
            "finished": t.finished,
            # in the page's words: the script has none of its own
            # (no "0 deals": Portuguese counts 0 as one, "0 mão")
            "state": _("finished")
            if t.finished
            else ngettext("%(num)s deal", "%(num)s deals", t.deals)
            if t.deals
            else _("No hands yet."),
        }
        for t in found.tables
    ]
    handicap = [
        {
            "place": ln["place"],
            "name": ln["name"],
            "handicap": signed(ln["handicap"]),
            "victory_points": number(ln["victory_points"]),
            "margin": signed(ln["margin"]),
            "mark": "" if ln["rated"] else _("no rating yet"),
            **({"average_text": ln["average_text"]} if "average_text" in ln else {}),
        }
        for ln in found.handicap
    ]
    response = jsonify(
        {
            "round": found.event.started,
            "round_line": round_line(found),
            "final": found.final,
            "ends": found.ends,
            "now": now(),
            "standings": lines,
            "tables": tables,
            "resting": found.resting_line(found.event.started),
            "seasons": seasons,
            **({"handicap": handicap} if found.event.handicap else {}),
        }
    )
    response.headers["Cache-Control"] = "private, no-cache"
    response.set_etag(tag)
    return response

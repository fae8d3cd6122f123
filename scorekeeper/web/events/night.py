"""The director's night: late entrant, withdrawal, round timer, adjusted scores, an unfinished round."""

from __future__ import annotations

from flask import flash, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug import Response

from scorekeeper.db import get_db
from scorekeeper.events.bounds import MAX_TABLE_SCORE, entrant_id
from scorekeeper.events.victory import MAX_VP
from scorekeeper.language import i18n, problem_words
from scorekeeper.store.events import draw as event_draw
from scorekeeper.store.events import entrants as event_entrants
from scorekeeper.store.events import night as event_night
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import Event, EventClosed, EventNotFound, InvalidEvent
from scorekeeper.web.events.common import Board, bp, by_token
from scorekeeper.web.events.form import entrant_lines


def unfinished(event: Event) -> list[int]:
    """Returns the numbers of the current round's tables whose result does not count yet."""
    if not event.started:
        return []
    found = event_rounds.tables(get_db(), event, event.started)
    return [t.number for t in found if not t.finished and not t.no_play]


def mitchell_lines(found: Board) -> tuple[str, str] | None:
    """Returns a Mitchell's lines as the director reads them (N-S names, E-W names), or None."""
    if found.event.movement != "mitchell":
        return None
    north, east = event_draw.mitchell_lines(found.event)
    return (
        ", ".join(found.names[k] for k in north),
        ", ".join(found.names[k] for k in east),
    )


def mitchell_moves(found: Board) -> list[str]:
    """Returns, for a Mitchell's round, each pair away from its line's usual seat, and why."""
    if found.event.movement != "mitchell" or not found.event.started:
        return []
    north, east = event_draw.mitchell_lines(found.event)
    said: list[str] = []
    for t in found.tables:
        if t.third or len(t.north_south) != 1 or len(t.east_west) != 1:
            continue
        ns, ew = t.north_south[0], t.east_west[0]
        names = {"table": t.number, "first": found.side(t.north_south)}
        if (ns in north) == (ew in north):  # both of one line
            line = _("North-South") if ns in north else _("East-West")
            said.append(
                _(
                    "Table %(table)s: %(first)s and %(second)s are both %(line)s: after an "
                    "arrival or a withdrawal, no other draw seated everyone without a repeat.",
                    second=found.side(t.east_west),
                    line=line,
                    **names,
                )
            )
        elif ns in north and north.index(ns) + 1 != t.number:
            said.append(
                _(
                    "Table %(table)s: %(first)s (North-South) moves here from table %(home)s: "
                    "after a withdrawal the tables are numbered 1 to %(count)s.",
                    home=north.index(ns) + 1,
                    count=len(found.tables),
                    **names,
                )
            )
    return said


def _back(token: str, anchor: str = "night") -> Response:
    return redirect(url_for("events.director", token=token, _anchor=anchor))


@bp.post("/director/<token>/entrants")
def late_entrant(token: str) -> Response:
    """Adds a late arrival, typed as on the form ("Name: Player, Player"); plays next round."""
    event = by_token(token, "director")
    typed = entrant_lines(request.form.get("entrant", "")[:200])
    if len(typed) != 1:
        flash(
            _("Type one player's name.")
            if event.individual
            else _("Type one entrant: Name: Player, Player."),
            "error",
        )
        return _back(token)
    name, players = typed[0]
    try:
        event_entrants.add_entrant(get_db(), event.id, name, players)
    except InvalidEvent as error:
        found = error.problems[0]
        flash(problem_words.words(found.code, found.params), "error")
        return _back(token)
    flash(_("%(name)s plays from round %(number)s.", name=name, number=event.started + 1), "ok")
    return _back(token)


@bp.post("/director/<token>/withdraw")
def withdraw(token: str) -> Response:
    """Withdraws an entrant after the rounds started so far; what it played still counts."""
    event = by_token(token, "director")
    names = {e.position: e.name for e in event.entrants if e.withdrawn_after is None}
    typed = request.form.get("position", "")
    position = entrant_id(typed)
    if position is None or position not in names:
        flash(_("There is no such entrant."), "error")
        return _back(token)
    event_entrants.withdraw(get_db(), event.id, position)
    flash(_("%(name)s is withdrawn.", name=names[position]), "ok")
    return _back(token)


@bp.post("/director/<token>/timer")
def timer(token: str) -> Response:
    """Sets the minutes a round lasts on the big screen (blank or 0: no timer)."""
    event = by_token(token, "director")
    text = request.form.get("minutes", "").strip() or "0"
    minutes = int(text) if text.isascii() and text.isdigit() and len(text) < 5 else -1
    try:
        event_night.set_round_minutes(get_db(), event.id, minutes)
    except InvalidEvent as error:
        found = error.problems[0]
        flash(problem_words.words(found.code, found.params), "error")
        return _back(token)
    flash(_("The round timer is set."), "ok")
    return _back(token)


def _small(text: str) -> int:
    """Returns a small whole number typed as ASCII digits, or -1."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 5 else -1


@bp.post("/director/<token>/adjust")
def adjust(token: str) -> Response:
    """Gives an entrant an adjusted score for a round it did not play (or clears one)."""
    event = by_token(token, "director")
    form = request.form
    kind = form.get("kind", "")
    entrant = entrant_id(form.get("entrant", ""))  # one spelling: no space, sign or leading 0
    if entrant is None or entrant >= len(event.entrants):
        flash(_("There is no such entrant."), "error")
        return _back(token, "adjust")
    award = (0, 0)
    if kind == "fixed":
        try:
            award = (
                i18n.parse_whole(form.get("victory_points", ""), limit=MAX_VP),
                i18n.parse_whole(
                    form.get("margin", "") or "0", limit=MAX_TABLE_SCORE, negative=True
                ),
            )
        except i18n.NumberProblem as problem:
            flash(problem.message, "error")
            return _back(token, "adjust")
    try:
        event_night.adjust(
            get_db(),
            event.id,
            _small(form.get("round", "")),
            entrant,
            kind,
            award,
        )
    except InvalidEvent as error:
        found = error.problems[0]
        flash(problem_words.words(found.code, found.params), "error")
        return _back(token, "adjust")
    except (EventNotFound, EventClosed) as error:
        flash(_(error.message), "error")
        return _back(token, "adjust")
    flash(_("The adjusted score is saved."), "ok")
    return _back(token, "adjust")

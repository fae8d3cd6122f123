"""The director's screens: make an event, start rounds, correct or void a table, close it."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug import Response

from scorekeeper.db import get_db
from scorekeeper.events import MOVEMENTS, TEMPLATES
from scorekeeper.language import i18n, problem_words
from scorekeeper.rules.presets import load_presets
from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.events import checks as event_checks
from scorekeeper.store.events import event as store_events
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.errors import TableRefused
from scorekeeper.store.events.event import EventClosed, EventNotFound, InvalidEvent
from scorekeeper.store.groups.group import groups_for_browser
from scorekeeper.store.groups.players import Player, players_of
from scorekeeper.web.access import browser_id
from scorekeeper.web.events import bands as event_bands
from scorekeeper.web.events import form as event_form
from scorekeeper.web.events import night
from scorekeeper.web.events.common import board, bp, by_token, typed_scores


def _form_page(typed: event_form.Typed, status: int = 200) -> tuple[str, int]:
    presets = [
        p.rules
        for p in load_presets().values()
        if len(p.rules.table.players_per_side) == 2 and p.rules.table.partnership == "fixed"
    ]
    groups = groups_for_browser(get_db(), browser_id())
    page = render_template(
        "events/new.html",
        typed=typed,
        presets=presets,
        movements=MOVEMENTS,
        templates=TEMPLATES,
        band_rows=event_bands.ROWS,
        groups=[(g, players_of(get_db(), g.id)) for g in groups],
    )
    return page, status


def _group_players(group_id: str) -> list[Player] | None:
    """Returns the players of a group this browser belongs to; None when it is not a member."""
    if not group_id:
        return []
    if group_id not in {g.id for g in groups_for_browser(get_db(), browser_id())}:
        return None
    return players_of(get_db(), group_id)


@bp.get("/new")
def new() -> tuple[str, int]:
    """Shows the new-event form."""
    defaults = {
        "format": "classic",
        "movement": "round_robin",
        "rounds": "3",
        "deals_per_round": "3",
        "victory_points": "canasta_3",
        "seating": "sit_out",
        "ranking": "total",
        "round_minutes": "",
        "group": request.args.get("group", "")[:64],  # "Club night" on a group's page
        "bye_vp": "14",
        "bye_margin": i18n.number(355),
    }
    return _form_page(event_form.Typed(defaults | event_bands.filled("canasta_3")))


@bp.post("/new")
def create() -> Response | tuple[str, int]:
    """Makes the event; the director's page opens on its director link."""
    # Like the API's "group": the event is the group's only for a member of it.
    players = _group_players(request.form.get("group", "").strip())
    ticked = request.form.getlist("pick")[:200]
    by_id = {p.id: p.name for p in players or []}
    made, typed = event_form.read(request.form, [by_id[t] for t in ticked if t in by_id])
    typed.picked = ticked
    if players is None:
        typed.errors["group"] = _("This phone is not a member of that group.")
    elif any(t not in by_id for t in ticked):
        typed.errors["entrants"] = _("Pick players of the chosen group only.")
    if made is None or typed.errors:
        return _form_page(typed, 422)
    try:
        event = store_events.create_event(get_db(), made)
    except InvalidEvent as error:
        found = error.problems[0]
        field = found.field.split("[")[0].split(".")[0]
        typed.errors[field] = problem_words.words(found.code, found.params)
        return _form_page(typed, 422)
    flash(_("Event made. Keep this page's link: it runs the event."), "ok")
    return redirect(url_for("events.director", token=event.director_token))


@bp.get("/director/<token>")
def director(token: str) -> str:
    """Shows the director's page: the round's tables, which finished, standings, the links."""
    found = board(by_token(token, "director"))
    sides = {
        t.game_id: event_checks.side_tokens(get_db(), t.game_id) for t in found.tables if t.game_id
    }
    return render_template(
        "events/director.html",
        board=found,
        token=token,
        sides=sides,
        waiting=night.unfinished(found.event),
        lines=night.mitchell_lines(found),
        moves=night.mitchell_moves(found),
        ask=request.args.get("ask") == "1",
    )


@bp.post("/director/<token>/rounds")
def start_round(token: str) -> Response:
    """Starts the next round by the event's movement."""
    event = by_token(token, "director")
    waiting = night.unfinished(event)
    if waiting and request.form.get("anyway") != "1":
        # Named, then asked again: a Danish round would pair on standings still moving.
        tables = ", ".join(str(n) for n in waiting)
        flash(_("Tables still playing: %(tables)s.", tables=tables), "error")
        return redirect(url_for("events.director", token=token, ask=1, _anchor="start"))
    try:
        number = event_rounds.start_round(get_db(), event.id)
        flash(_("Round %(number)s started.", number=number), "ok")
    except EventClosed as error:
        flash(_(error.message), "error")
    except TableRefused as error:
        flash(problem_words.store_error(error), "error")
    return redirect(url_for("events.director", token=token))


@bp.post("/director/<token>/tables/<int:round_number>/<int:number>")
def correct(token: str, round_number: int, number: int) -> Response:
    """Corrects a table's result, clears the correction, or marks it (not) played."""
    event, action = by_token(token, "director"), request.form.get("action", "")
    try:
        if action == "no_play":
            event_rounds.mark_no_play(get_db(), event.id, round_number, number, True)
        elif action == "play":
            event_rounds.mark_no_play(get_db(), event.id, round_number, number, False)
        else:
            typed = [request.form.get(key, "") for key in ("ns", "ew", "third")]
            scores = typed_scores(*(typed if "third" in request.form else typed[:2]))
            if scores is None:
                flash(_("Type both sides' scores as whole numbers."), "error")
                return redirect(url_for("events.director", token=token, _anchor=f"table-{number}"))
            event_rounds.correct(get_db(), event.id, round_number, number, scores)
    except EventNotFound:
        abort(404)
    except InvalidEvent as error:
        found = error.problems[0]
        flash(problem_words.words(found.code, found.params), "error")
        return redirect(url_for("events.director", token=token, _anchor=f"table-{number}"))
    flash(_("Table %(number)s updated.", number=number), "ok")
    return redirect(url_for("events.director", token=token, _anchor=f"table-{number}"))


@bp.post("/director/<token>/close")
def close(token: str) -> Response:
    """Closes the event: no more rounds; the standings stay."""
    event_id = by_token(token, "director").id
    store_events.close_event(get_db(), event_id)
    store_seasons.night_changed(get_db(), event_id)  # the night's figures, for its seasons
    flash(_("The event is closed."), "ok")
    return redirect(url_for("events.director", token=token))

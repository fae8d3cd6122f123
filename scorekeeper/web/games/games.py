"""Game screens: pick a format and start a game, the sheet, reopening, and joining by link."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext
from werkzeug import Response

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.language import i18n, problem_words, words
from scorekeeper.rules.model import Rules
from scorekeeper.rules.presets import load_presets
from scorekeeper.store.events import checks as event_checks
from scorekeeper.store.formats.house import ID_PREFIX as HOUSE_ID_PREFIX
from scorekeeper.store.formats.house import (
    HouseFormatNotFound,
    format_rules,
    get_house_format,
    house_formats_for,
)
from scorekeeper.store.groups.group import Group, group_of_game, is_member
from scorekeeper.store.groups.players import players_of, recent_partnerships
from scorekeeper.store.stamps import now
from scorekeeper.web import access
from scorekeeper.web.games import follow, game_form, undo
from scorekeeper.web.games.sheet_page import offline_copy, outbox_words, render_sheet, sheet_html
from scorekeeper.web.groups import groups, player_picks
from scorekeeper.web.house.house_formats import made_here
from scorekeeper.web.posting import posted, posted_token
from scorekeeper.web.ratings.new_game import rated_form

bp = Blueprint("games", __name__)


def _chosen() -> tuple[Rules | None, int]:
    """Returns the format and side count asked for in the query or form, if any."""
    rules = format_rules(get_db(), request.values.get("format", ""))
    if rules is None:
        if request.method == "POST":
            abort(400, gettext("Choose a format from the list."))
        return None, 0
    table = rules.table
    count = i18n.parse_index(request.values.get("sides", ""), 100)
    count = len(table.players_per_side) if count is None else count
    return rules, min(max(count, table.min_sides), table.max_sides)


@bp.route("/games/new", methods=["GET", "POST"])
def new() -> Response | tuple[str, int]:
    """Offers the formats, then the chosen format's form; a valid form starts the game."""
    rules, count = _chosen()
    group = _group()
    if rules is None:
        # This phone's house formats (made here, or opened by their share link), not the server's.
        houses = house_formats_for(get_db(), access.browser_id(), made_here())
        page = render_template(
            "games/formats.html",
            presets=load_presets().values(),
            presets_by_id=load_presets(),
            houses=houses,
            group=group,
        )
        return page, 200
    if request.method == "GET":
        form = game_form.blank(rules, count)
        if group is not None:
            player_picks.prefill(form, request.args)
            player_picks.apply(form, request.args.getlist("pick")[:8])
    else:
        form = game_form.read(rules, count, request.form, request.form.getlist("option"))
        if not form.errors:
            try:
                game = store.create_game(
                    get_db(),
                    **asdict(game_form.draft(form)),
                    owner=access.browser_id(),
                    group=group.id if group else None,
                )
            except store.InvalidGame as error:
                form.error("_form", problem_words.store_error(error))
            else:
                flash(
                    gettext(
                        "New %(name)s game. %(dealer)s deals first.",
                        name=words.text(rules.name),
                        dealer=game.state.next_dealer,
                    ),
                    "ok",
                )
                return redirect(url_for("games.sheet", game_id=game.id))
    page = render_template(
        "games/new.html", form=form, group=group, made_from=_made_from(rules), **_picks(form, group)
    )
    return page, 422 if form.errors else 200


def _made_from(rules: Rules) -> str:
    """Returns the preset a house format was made from, by name ("" for a preset)."""
    if not rules.id.startswith(HOUSE_ID_PREFIX):
        return ""
    try:
        base = get_house_format(get_db(), rules.id).base
    except HouseFormatNotFound:
        return ""
    preset = load_presets().get(base)
    return words.text(preset.rules.name) if preset else base


def made_from(rules: Rules) -> str:
    """Returns "House rules made from Classic." in the reader's words, or "" for a preset."""
    base = _made_from(rules)
    return gettext("House rules made from %(base)s.", base=base) if base else ""


def _group() -> Group | None:
    """Returns the group the new game is for, from the query or form; 404 for a non-member."""
    group_id = request.values.get("group", "")
    return groups.member_group(group_id) if group_id else None


def _picks(form: game_form.GameForm, group: Group | None) -> dict[str, Any]:
    """Returns the group's remembered partnerships and players as one-tap choices."""
    if group is None:
        return {"pairs": [], "singles": [], "expected": [], "balance": None}
    db = get_db()
    partnerships = recent_partnerships(db, group.id)
    people = sorted(players_of(db, group.id), key=lambda p: (-p.games, p.name.casefold()))
    format_id = request.values.get("format", "")
    pairs, singles = player_picks.picks(
        form, format_id, group.id, partnerships, [p.name for p in people]
    )
    # The seated sides' expected result and a balancing link, from the group's ratings.
    return {"pairs": pairs, "singles": singles, **rated_form(form, group, format_id)}


@bp.post("/games/<game_id>/again")
def again(game_id: str) -> Response:
    """Starts a new game like this one, with the deal moved one seat on, in one tap."""
    game, _role = access.open_game(game_id, write=True)  # a spectator's phone starts none
    token = posted_token()  # one game per tap: a double tap opens the game the first started
    draft = game_form.again(game, rotate=request.form.get("rotate") == "1")
    # A group's game played again stays the group's, when this phone is still a member.
    group_id = group_of_game(get_db(), game_id)
    if group_id and not is_member(get_db(), access.browser_id(), group_id):
        group_id = None
    try:
        new_game = store.create_game(
            get_db(), **asdict(draft), owner=access.browser_id(), form_token=token, group=group_id
        )
    except store.AlreadyStarted as error:
        return redirect(url_for("games.sheet", game_id=error.game_id))
    except store.InvalidGame as error:  # a game stored before today's checks
        flash(problem_words.store_error(error), "error")
        return redirect(url_for("games.new", format=game.format))
    said = gettext(
        "New %(name)s game like the last. %(dealer)s deals first.",
        name=words.text(game.rules.name),
        dealer=draft.first_dealer,
    )
    flash(said, "ok")
    return redirect(url_for("games.sheet", game_id=new_game.id))


@bp.get("/games/<game_id>")
def sheet(game_id: str) -> Response:
    """Shows the score sheet, or 304 when this browser already holds the current one."""
    if request.args.get("part") == "outbox":  # the outbox panel's words, when it has hands
        access.open_game(game_id)
        return jsonify(outbox_words())
    if request.args.get("copy") == "offline":  # what the phone keeps to read offline
        game, role = access.open_game(game_id)
        copy = make_response(offline_copy(game, role, now()))
        copy.headers["Cache-Control"] = "private, no-store"  # the worker keeps it, by hand
        return copy
    try:  # the role and the head in one statement: no hand is read unless the page is new
        head = store.sheet_head(get_db(), game_id, access.browser_id())
    except store.GameNotFound:
        abort(404)
    if head.role is None:
        abort(404)  # the same answer as an unknown id, so ids reveal nothing
    role = head.role
    tag = follow.etag(game_id, head, role)  # the header's, and the page's follow tag
    unchanged = follow.not_modified(tag)
    if unchanged is not None:
        return unchanged
    game = store.get_game(get_db(), game_id)  # its stored rows, rendered on every request
    if game.version != head.version:  # a hand came in between: the page is the newer one's
        tag = follow.etag(game_id, head, role, game.version)
    offered = undo.offered(game_id, game.version)
    if offered is not None and access.can_write(role):  # this browser's own Undo: never cached
        return follow.untagged(sheet_html(game, head, role, tag, offered))
    if "_flashes" in session:  # a page with "Hand 3 saved." must never come back from a 304
        return follow.untagged(sheet_html(game, head, role, tag))
    return follow.tagged(sheet_html(game, head, role, tag), tag)


@bp.post("/games/<game_id>/reopen")
def reopen(game_id: str) -> Response | tuple[str, int]:
    """Reopens a finished game so a wrong hand can be fixed, or closes it again."""
    _game, role = access.open_game(game_id, write=True)
    version, token = posted()
    reopened = request.form.get("reopened", "1") != "0"
    if reopened and event_checks.in_closed_event(get_db(), game_id):
        flash(problem_words.words("event_closed", {}), "error")
        return redirect(url_for("games.sheet", game_id=game_id))
    try:
        store.set_reopened(get_db(), game_id, reopened, version=version, form_token=token)
    except store.StaleGame as error:
        flash(problem_words.store_error(error), "error")
        return render_sheet(store.get_game(get_db(), game_id), role, 409)
    except store.AlreadySaved:
        pass  # the same button pressed twice: the game is already reopened
    else:
        if reopened:  # said beside its Undo
            undo.offer(game_id, "reopen", version + 1)
        else:
            flash(gettext("Game closed."), "ok")
    return redirect(url_for("games.sheet", game_id=game_id))


@bp.post("/games/<game_id>/rules")
def adopt_rules(game_id: str) -> Response | tuple[str, int]:
    """Plays the rest of the game under its rules source's new rules, when a player asks."""
    _game, role = access.open_game(game_id, write=True)
    version, token = posted()
    try:
        first = store.play_on_under_new_rules(get_db(), game_id, version=version, form_token=token)
    except (store.StaleGame, store.RulesUnchanged) as error:
        flash(problem_words.store_error(error), "error")
        return render_sheet(store.get_game(get_db(), game_id), role, 409)
    except store.AlreadySaved:
        pass  # the same button pressed twice
    else:
        flash(
            gettext("From hand %(first)s on, the game plays under the new rules.", first=first),
            "ok",
        )
    return redirect(url_for("games.sheet", game_id=game_id))


@bp.get("/join/<token>")
def join(token: str) -> Response:
    """Opens a game from a shared link, remembering the link's role for this browser."""
    return redirect(url_for("games.sheet", game_id=access.join(token)))

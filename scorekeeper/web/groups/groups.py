"""Group screens: make a group, join it by link or QR, its page, leaving, links and members."""

from __future__ import annotations

from dataclasses import replace

from flask import (
    Blueprint,
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug import Response

from scorekeeper.basics.resources import resource_dir
from scorekeeper.db import get_db
from scorekeeper.rules.presets import load_presets
from scorekeeper.stats.history import history, in_play
from scorekeeper.store.formats import shared as group_formats
from scorekeeper.store.groups import group as store_groups
from scorekeeper.store.groups import players as store_players
from scorekeeper.store.groups import tokens as group_tokens
from scorekeeper.store.groups.figures import Summed, summed
from scorekeeper.store.groups.group import Group, GroupNotFound, InvalidGroup, NotAdmin
from scorekeeper.store.portable.importing import export_games, import_document
from scorekeeper.web.access import browser_id
from scorekeeper.web.games.portable import download
from scorekeeper.web.games.share import qr_svg
from scorekeeper.web.groups.group_words import explain
from scorekeeper.web.origin import public_url, reachable_by_other_phones

bp = Blueprint("groups", __name__, url_prefix="/groups")


def member_group(group_id: str) -> Group:
    """Returns the group when this browser is a member; 404 otherwise, as for an unknown id."""
    try:
        return store_groups.member_group(get_db(), browser_id(), group_id)
    except GroupNotFound:
        abort(404)


def admin_group(group_id: str) -> Group:
    """Returns the group when this browser is one of its admins; 404 or 403 otherwise."""
    member_group(group_id)
    try:
        return store_groups.admin_group(get_db(), browser_id(), group_id)
    except NotAdmin:
        abort(403, _("Only the group's admins can do that. The group's page says who they are."))


def is_admin(group_id: str) -> bool:
    """Tells whether this browser is one of the group's admins."""
    try:
        return store_groups.member_of(get_db(), browser_id(), group_id).admin
    except GroupNotFound:
        return False


@bp.get("")
def index() -> str:
    """Lists this browser's groups and offers to make one."""
    return render_template(
        "groups/index.html", groups=store_groups.groups_for_browser(get_db(), browser_id())
    )


@bp.post("")
def create() -> Response | tuple[str, int]:
    """Makes a group from this phone, which becomes its first member."""
    name = request.form.get("name", "")[:200]
    try:
        group = store_groups.create_group(get_db(), name, browser_id())
    except InvalidGroup as error:
        mine = store_groups.groups_for_browser(get_db(), browser_id())
        page = render_template("groups/index.html", groups=mine, error=explain(error), name=name)
        return page, 422
    flash(_("Group “%(name)s” made. Share its link so the others can join.", name=group.name), "ok")
    return redirect(url_for("groups.page", group_id=group.id))


@bp.post("/demo")
def demo() -> Response:
    """Makes this phone a demo group of finished games to look around (one per phone)."""
    mine = [g for g in store_groups.groups_for_browser(get_db(), browser_id()) if g.demo]
    if mine:  # a second tap opens the demo this phone already has
        return redirect(url_for("groups.page", group_id=mine[0].id))
    seed = (resource_dir("seeds") / "demo" / "demo.json").read_bytes()
    _games, (group_id,) = import_document(get_db(), seed, member=browser_id(), demo=True)
    flash(_("A demo group to look around: its history, statistics and charts."), "ok")
    return redirect(url_for("groups.page", group_id=group_id))


@bp.get("/join/<token>")
def join(token: str) -> Response:
    """Makes this browser a member of the group the link opens."""
    try:
        group = store_groups.join_group(get_db(), browser_id(), token)
    except GroupNotFound:
        abort(404)
    return redirect(url_for("groups.page", group_id=group.id))


def _finished_counts(
    players: list[store_players.Player], sums: Summed
) -> list[store_players.Player]:
    """Returns the players with the games they finished, as the statistics page counts them."""
    finished = {line.ids[0]: line.overall.games for line in sums.statistics.players}
    return [replace(p, games=finished.get(p.id, 0)) for p in players]


@bp.get("/<group_id>")
def page(group_id: str) -> Response:
    """Shows the group: its latest games, players, join link and QR, and its members; with
    ?shown=<id>, once, the API token this phone just made (held server-side, never the cookie)."""
    shown = request.args.get("shown", "")
    new_token = None
    if shown:
        member_group(group_id)
        new_token = group_tokens.shown_once(get_db(), browser_id(), group_id, shown[:64])
    return _group_page(group_id, new_token)


def _group_page(group_id: str, new_token: str | None) -> Response:
    """Returns the group's page, with an API token just made shown in it (None: none)."""
    group = member_group(group_id)
    db = get_db()
    sums = summed(db, group_id)
    known, games = sums.names, sums.played
    join_url = public_url(url_for("groups.join", token=group.token))
    me = store_groups.member_of(db, browser_id(), group_id)
    body = render_template(
        "groups/page.html",
        group=group,
        admin=me.admin,
        tokens=group_tokens.api_tokens(db, group_id) if me.admin else [],
        new_token=new_token,
        players=_finished_counts(store_players.players_of(db, group_id), sums),
        recent=history(games, known)[:5],
        playing=in_play(games, known),
        members=store_groups.members(db, group_id),
        me=browser_id(),
        join_url=join_url,
        qr=qr_svg(join_url),
        reachable=reachable_by_other_phones(),
        presets=load_presets().values(),
        houses=group_formats.shared_with(db, group_id),
    )
    response = make_response(body)
    response.headers["Cache-Control"] = "no-store"  # the join link is the group's key
    return response


@bp.get("/<group_id>/export.json")
def export(group_id: str) -> Response:
    """Downloads the group's games with its players, as JSON an import brings back."""
    group = member_group(group_id)
    document = export_games(get_db(), store_groups.game_ids(get_db(), group_id))
    return download(document, f"canasta-group-{document['exported_at'][:10]}-{group.id[:8]}.json")


@bp.post("/<group_id>/leave")
def leave(group_id: str) -> Response:
    """Takes this phone out of the group; its games stay the group's."""
    group = member_group(group_id)
    try:
        store_groups.leave_group(get_db(), browser_id(), group_id)
    except InvalidGroup as error:
        flash(explain(error), "error")
        return redirect(url_for("groups.page", group_id=group_id))
    flash(_("This phone left “%(name)s”.", name=group.name), "ok")
    return redirect(url_for("groups.index"))


@bp.post("/<group_id>/link/replace")
def replace_link(group_id: str) -> Response:
    """Gives the group a new join link, as an admin asks; the old one stops admitting phones."""
    admin_group(group_id)
    store_groups.replace_token(get_db(), browser_id(), group_id)
    flash(_("New join link made. The old link no longer lets anyone join."), "ok")
    return redirect(url_for("groups.page", group_id=group_id))


@bp.post("/<group_id>/members/<tag>/remove")
def remove_member(group_id: str, tag: str) -> Response:
    """Removes a member phone for good, as an admin asks, and says what that did."""
    admin_group(group_id)
    try:
        removal = store_groups.remove_member(get_db(), browser_id(), group_id, tag)
    except InvalidGroup as error:
        flash(explain(error), "error")
    else:
        said = _(
            "Phone %(tag)s is removed for good: it can no longer open this group or its games, "
            "and no link lets it join again. The join link was replaced: share the new one "
            "with anyone still to join.",
            tag=tag,
        )
        if removal.revoked:
            said += " " + ngettext(
                "%(num)s API token it could use was revoked.",
                "%(num)s API tokens it could use were revoked.",
                removal.revoked,
            )
        flash(said, "ok")
    return redirect(url_for("groups.page", group_id=group_id))


@bp.post("/<group_id>/members/<tag>/admin")
def name_admin(group_id: str, tag: str) -> Response:
    """Makes another member an admin too, as an admin asks."""
    admin_group(group_id)
    try:
        store_groups.name_admin(get_db(), browser_id(), group_id, tag)
    except InvalidGroup as error:
        flash(explain(error), "error")
    else:
        flash(_("Phone %(tag)s is an admin of the group now.", tag=tag), "ok")
    return redirect(url_for("groups.page", group_id=group_id))


@bp.post("/<group_id>/members/<tag>/hand-on")
def hand_on(group_id: str, tag: str) -> Response:
    """Hands this phone's admin role to another member; this phone stays a member."""
    admin_group(group_id)
    try:
        store_groups.hand_on(get_db(), browser_id(), group_id, tag)
    except InvalidGroup as error:
        flash(explain(error), "error")
    else:
        flash(_("Phone %(tag)s is the group's admin now; this phone is a member.", tag=tag), "ok")
    return redirect(url_for("groups.page", group_id=group_id))


@bp.post("/<group_id>/tokens")
def make_token(group_id: str) -> Response:
    """Makes an API token for a script or display, shown once on the group's page."""
    admin_group(group_id)
    try:
        shown = group_tokens.token_to_show(
            get_db(), browser_id(), group_id, request.form.get("label", "")[:200]
        )
    except InvalidGroup as error:
        flash(explain(error), "error")
        return redirect(url_for("groups.page", group_id=group_id) + "#api")
    flash(_("API token made. Copy it now: it is shown only once."), "ok")
    # 303 to a GET that shows it once: the token waits in a one-time row found by a random id
    # (a reload shows it no more), never in the session cookie, signed but readable.
    return redirect(url_for("groups.page", group_id=group_id, shown=shown) + "#api", 303)


@bp.post("/<group_id>/tokens/<token_id>/revoke")
def revoke_token(group_id: str, token_id: str) -> Response:
    """Revokes one of the group's API tokens: it answers 404 at once."""
    admin_group(group_id)
    try:
        group_tokens.revoke_api_token(get_db(), browser_id(), group_id, token_id)
    except InvalidGroup as error:
        flash(explain(error), "error")
    else:
        flash(_("API token revoked: it no longer reads this group."), "ok")
    return redirect(url_for("groups.page", group_id=group_id) + "#api")


@bp.post("/<group_id>/delete")
def delete(group_id: str) -> Response:
    """Deletes a demo group with its games, as an admin asks."""
    admin_group(group_id)
    try:
        store_groups.delete_demo(get_db(), browser_id(), group_id)
    except InvalidGroup as error:
        flash(explain(error), "error")
        return redirect(url_for("groups.page", group_id=group_id))
    flash(_("The demo group is deleted."), "ok")
    return redirect(url_for("home.index"))


@bp.post("/<group_id>/players/<player_id>/rename")
def rename_player(group_id: str, player_id: str) -> Response:
    """Gives one of the group's players a new name; their games stay theirs."""
    member_group(group_id)
    try:
        store_players.rename_player(
            get_db(), group_id, player_id, request.form.get("name", "")[:200]
        )
    except InvalidGroup as error:
        flash(explain(error), "error")
    else:
        flash(_("Player renamed."), "ok")
    return redirect(url_for("groups.player", group_id=group_id, player_id=player_id))


@bp.post("/<group_id>/players/<player_id>/merge")
def merge_player(group_id: str, player_id: str) -> Response:
    """Makes another spelling of this player theirs, as an admin asks: its games join theirs."""
    admin_group(group_id)
    other = request.form.get("other", "")
    try:
        store_players.merge_players(get_db(), group_id, player_id, other)
    except InvalidGroup as error:
        flash(explain(error), "error")
    else:
        flash(_("Players merged: every game of both is this player's now."), "ok")
    return redirect(url_for("groups.player", group_id=group_id, player_id=player_id))

"""Sharing a house format with a group, and an admin stopping it (routes on groups.bp)."""

from __future__ import annotations

from flask import abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug import Response

from scorekeeper.db import get_db
from scorekeeper.store.formats import shared
from scorekeeper.store.formats.house import HouseFormatNotFound
from scorekeeper.store.groups.group import GroupNotFound, NotAdmin
from scorekeeper.web.access import browser_id
from scorekeeper.web.groups.groups import bp


@bp.post("/<group_id>/formats")
def share_format(group_id: str) -> Response:
    """Shares the posted house format with the group: each member then lists it."""
    format_id = request.form.get("format", "")[:40]
    try:
        house = shared.share(get_db(), browser_id(), group_id, format_id)
    except GroupNotFound:
        abort(404)  # a group this phone is not in: the same answer as an unknown one
    except HouseFormatNotFound:
        abort(404, _("There is no such house format."))
    except shared.TooManyShared as error:
        most = error.params["most"]
        flash(
            _(
                "A group shares at most %(most)s house formats: an admin stops sharing one first.",
                most=most,
            ),
            "error",
        )
        return redirect(url_for("house.page", format_id=format_id), 303)
    flash(
        _("%(name)s is shared with the group: its phones list it for new games.", name=house.name),
        "ok",
    )
    return redirect(url_for("house.page", format_id=house.id), 303)


@bp.post("/<group_id>/formats/<format_id>/stop")
def stop_sharing(group_id: str, format_id: str) -> Response:
    """Stops sharing a house format with the group: only its admins may."""
    try:
        shared.stop_sharing(get_db(), browser_id(), group_id, format_id)
    except GroupNotFound:
        abort(404)
    except shared.NotShared:
        abort(404, _("That house format is not shared with this group."))
    except NotAdmin:
        abort(403, _("Only the group's admins can do that. The group's page says who they are."))
    flash(_("The group no longer shares that house format."), "ok")
    return redirect(url_for("groups.page", group_id=group_id), 303)

"""The words of the group store's refusals, by code, in the reader's language."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from scorekeeper.engine.names import MAX_NAME
from scorekeeper.store.groups import InvalidGroup


def explain(error: InvalidGroup) -> str:
    """Returns what went wrong, in words; the store's English when the code is unknown."""
    code, params = error.code, error.params
    if code == "group-name-blank":
        return _("Give the group a name, like “Tuesday table”.")
    if code == "group-name-too-long":
        return _("A group name has at most %(most)s characters.", most=params["most"])
    if code == "name-blank":
        return _("Enter the player's name.")
    if code == "name-too-long":
        return _("Names are at most %(most)s characters.", most=MAX_NAME)
    if code in ("name-bidi", "name-control", "name-surrogate", "name-spaces"):
        return _("Names cannot hold control or invisible characters, nor start or end with spaces.")
    if code == "name-taken":
        return _("%(name)s is already a player of this group: merge the two instead.", **params)
    if code == "same-player":
        return _("Choose two different players to merge.")
    if code == "same-game":
        return ngettext(
            "%(name)s and %(other)s sat at the same table in %(num)s game, so they are two "
            "people: merging them would count that game twice.",
            "%(name)s and %(other)s sat at the same table in %(num)s games, so they are two "
            "people: merging them would count those games twice.",
            params["games"],
            name=params["name"],
            other=params["other"],
        )
    if code == "no-player":
        return _("This group has no such player.")
    if code == "no-member":
        return _("That phone is no longer a member of this group.")
    if code == "last-admin":
        return _("Hand the admin role on to another member before leaving.")
    if code == "remove-self":
        return _("Choose another member: to leave the group, use Leave the group.")
    if code == "founder":
        return _("Nobody can remove the phone that made the group.")
    if code == "label-blank":
        return _("Give the token a label, like “Club display”.")
    if code == "no-token":
        return _("That API token was already revoked.")
    if code == "too-many-tokens":
        return _("A group has at most %(most)s API tokens: revoke one first.", **params)
    if code == "not-demo":
        return _("Only a demo group can be deleted.")
    return error.message

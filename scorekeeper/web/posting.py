"""The hidden fields every state-changing form carries: the game version and a one-time token."""

from __future__ import annotations

import secrets

from flask import abort, request

from scorekeeper.language.i18n import parse_ascii
from scorekeeper.store import FORM_TOKEN


def new_form_token() -> str:
    """Returns a fresh one-time token for a form about to be shown."""
    return secrets.token_urlsafe(16)


def posted() -> tuple[int, str]:
    """Returns the posted (version, form_token); 400 when either is missing or malformed."""
    version, token = request.form.get("version", ""), request.form.get("form_token", "")
    number = parse_ascii(version)
    if number is None or not FORM_TOKEN.fullmatch(token):
        abort(400, "This form is missing its hidden fields. Reload the page and try again.")
    return number, token


def posted_token() -> str:
    """Returns the posted one-time form token alone (forms that change no hands); 400 if bad."""
    token = request.form.get("form_token", "")
    if not FORM_TOKEN.fullmatch(token):
        abort(400, "This form is missing its hidden fields. Reload the page and try again.")
    return token

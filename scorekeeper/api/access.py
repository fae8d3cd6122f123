"""Who may call the API: bearer link tokens, and the version and one-time key every write carries."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from flask import jsonify, request
from flask_babel import gettext
from werkzeug import Response

from scorekeeper import store
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.basics import safe_json
from scorekeeper.db import get_db
from scorekeeper.language import i18n
from scorekeeper.sentences.marked import N_
from scorekeeper.store import FORM_TOKEN
from scorekeeper.store.games import scores

WRITERS = ("owner", "edit")
BEARER = re.compile(r"Bearer +([A-Za-z0-9_-]{1,128})", re.IGNORECASE)
# The version, as the ETag gave it: "3", or "3:gzip" / W/"3:br" after a compressing server
# (flask-compress, a proxy) marked the encoded body: every encoding names the same version.
ETAG = re.compile(r'(?:W/)?"?([0-9]{1,12})(?::[A-Za-z0-9_-]{1,16})?"?')
# A hand or a new game nests 4 levels deep (body > hand > side > canastas) and has few keys.
LIMITS = safe_json.Limits(max_bytes=64 * 1024, max_depth=8, max_keys=2_000)
NOT_JSON = N_("%(what)s is not JSON (line %(line)s, column %(column)s).")
SEND_VERSION = N_('Send the game\'s version, like "3".')
CHALLENGE = {"WWW-Authenticate": 'Bearer realm="scorekeeper"'}
# What a 401 without a bearer token asks for, by the room that asks.
GROUP_TOKEN = N_("Send the group's token as `Authorization: Bearer TOKEN`.")
EVENT_TOKEN = N_("Send the event's token as `Authorization: Bearer TOKEN`.")
SIDE_TOKEN = N_("Send your side's token as `Authorization: Bearer TOKEN`.")


def etag(version: int) -> str:
    """Returns the ETag of a game at this version, e.g. "7" in quotes."""
    return f'"{version}"'


def version_of(tag: str) -> int | None:
    """Returns the game version an ETag names ("3", "3:gzip", W/"3:br"), or None."""
    found = ETAG.fullmatch(tag.strip())
    return int(found.group(1)) if found else None


def bearer_token(asked: str = GROUP_TOKEN) -> str:
    """Returns the request's bearer token; 401 as a problem, in the `asked` words, when none."""
    found = BEARER.fullmatch(request.headers.get("Authorization", "").strip())
    if not found:
        raise ApiProblem(401, asked, headers=CHALLENGE)
    return found.group(1)


def role_for(game_id: str, *, write: bool = False) -> str:
    """Returns the bearer token's role in this game; 401, 404 or 403 as a problem otherwise."""
    found = BEARER.fullmatch(request.headers.get("Authorization", "").strip())
    if not found:
        raise ApiProblem(
            401,
            N_("Send the game's link token as `Authorization: Bearer TOKEN`."),
            headers=CHALLENGE,
        )
    try:
        token_game, role = store.find_link(get_db(), found.group(1))
    except store.GameNotFound:
        raise ApiProblem(
            401, N_("That token does not open any game."), kind="unknown-token", headers=CHALLENGE
        ) from None
    if token_game != game_id:
        raise ApiProblem(404, N_("There is no such game."))  # the same as an unknown id
    if write and role not in WRITERS:
        raise ApiProblem(403, N_("This is the game's view-only link; it cannot change the game."))
    return role


def linked_whole(game_id: str, *, write: bool = False) -> scores.Whole:
    """Checks the bearer token opens this game (and may write it) and returns the game's head,
    rules and sides, read with the check in one statement; 401, 404 or 403 as a problem."""
    found = BEARER.fullmatch(request.headers.get("Authorization", "").strip())
    try:
        role, whole = scores.linked_whole(get_db(), game_id, found.group(1) if found else "")
    except store.GameNotFound:
        role, whole = None, None
    if role is None or whole is None:  # say which: no token, one of no game, another game's
        role_for(game_id, write=write)
        raise ApiProblem(404, N_("There is no such game."))  # the token's game went meanwhile
    if write and role not in WRITERS:
        raise ApiProblem(403, N_("This is the game's view-only link; it cannot change the game."))
    return whole


def writer_whole(game_id: str) -> scores.Whole:
    """Checks the bearer token may write this game and returns its head, rules and sides."""
    return linked_whole(game_id, write=True)


def version_wanted() -> int:
    """Returns the version the write was made against, from If-Match; 428 or 400 otherwise."""
    raw = request.headers.get("If-Match")
    if raw is None:
        raise ApiProblem(
            428,
            N_('Send the version you last read as `If-Match: "VERSION"` (the game\'s ETag).'),
            kind="version-needed",
            errors=[field_error("If-Match", gettext(SEND_VERSION))],
        )
    version = version_of(raw)
    if version is None:
        raise ApiProblem(
            400,
            N_('If-Match must hold one game version, like "3".'),
            kind="bad-header",
            errors=[field_error("If-Match", gettext(SEND_VERSION))],
        )
    return version  # ASCII digits only: the pattern says [0-9]


def link_token() -> str:
    """Returns the bearer link token of a request role_for has already accepted."""
    found = BEARER.fullmatch(request.headers.get("Authorization", "").strip())
    return found.group(1) if found else ""


def request_digest() -> str:
    """Returns the SHA-256 of the request's method, path and body, to compare a key's reuse."""
    digest = hashlib.sha256(f"{request.method} {request.path}\n".encode())
    digest.update(request.get_data())
    return digest.hexdigest()


def idempotency_key() -> str:
    """Returns the write's one-time Idempotency-Key; 400 when it is missing or malformed."""
    key = request.headers.get("Idempotency-Key", "").strip()
    if not FORM_TOKEN.fullmatch(key):
        message = N_(
            "Send a fresh Idempotency-Key of 16 to 64 letters, digits, - or _ (a UUID will do)."
        )
        raise ApiProblem(
            400,
            message,
            kind="bad-header",
            errors=[field_error("Idempotency-Key", gettext(message))],
        )
    return key


def refused_words(refused: safe_json.JsonRefused) -> str:
    """Returns why the body was refused, in the request's language."""
    if not refused.template:
        return refused.message
    params = {
        key: i18n.number(value) if isinstance(value, int) and key in safe_json.GROUPED else value
        for key, value in refused.params.items()
    }
    params["what"] = gettext(N_("The body"))
    template = refused.template
    if refused.code == "not_json" and i18n.current() != i18n.DEFAULT_LOCALE:
        template = NOT_JSON  # the parser's reason is English: the place is enough
    return gettext(template) % params


def json_body() -> dict[str, Any]:
    """Returns the request's JSON object; 415 or 400 as a problem when it is not one."""
    if not request.is_json:
        raise ApiProblem(415, N_("Send the body as JSON with `Content-Type: application/json`."))
    try:
        data = safe_json.loads(request.get_data(), LIMITS)
    except safe_json.JsonRefused as refused:
        words = refused_words(refused)
        raise ApiProblem(
            400, words, kind="bad-body", errors=[field_error("document", words)]
        ) from None
    if not isinstance(data, dict):
        raise ApiProblem(
            400,
            N_("The body is not one JSON object."),
            kind="bad-body",
            errors=[field_error("document", gettext(N_("Expected one JSON object.")))],
        )
    return data


def private_json(body: Any, status: int = 200) -> Response:
    """Returns a JSON answer for this token's reader only: kept privately, asked again each time."""
    response = jsonify(body)
    response.status_code = status
    response.headers["Cache-Control"] = "private, no-cache"
    response.vary.add("Authorization")  # another token may read another answer
    return response

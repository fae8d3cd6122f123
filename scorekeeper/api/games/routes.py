"""The /api/v1 endpoints: formats, games, hands and previews, for other tools than a browser."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

import orjson
from flask import jsonify, request, url_for
from sqlite_utils import Database
from werkzeug import Response

from scorekeeper import store
from scorekeeper.api import access, spec
from scorekeeper.api.blueprint import bp
from scorekeeper.api.examples import EXAMPLE_GAME, EXAMPLE_HAND
from scorekeeper.api.games import (
    answers,
    bodies,
    refusals,  # noqa: F401 - registers its words for refused bodies
)
from scorekeeper.api.games.documents import game_json, hand_document, invalid_hand, preview_json
from scorekeeper.api.games.new_game import read_new_game
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.api.spec import Answer, operation, problems
from scorekeeper.db import get_db
from scorekeeper.origin import public_url
from scorekeeper.sentences.marked import N_
from scorekeeper.store import Game
from scorekeeper.store.connection import read as read_snapshot
from scorekeeper.store.games.game import load_whole
from scorekeeper.store.games.hands import scoped_key
from scorekeeper.store.groups import group as store_groups

WRITE = ("If-Match", "Idempotency-Key")
WRITE_PROBLEMS = problems(400, 401, 403, 404, 409, 413, 415, 422, 428)


# A game's answer as UTF-8 JSON in the order it was built, by orjson: sorting a 30-hand game's
# keys and escaping every accent (as jsonify does) cost a third of writing it, and json's own
# encoder five times orjson's time (0.25 against 0.05 ms, docs/performance.md).
ANSWER = orjson.OPT_NON_STR_KEYS | orjson.OPT_APPEND_NEWLINE


def _game_response(
    game: Game, status: int = 200, *, with_hands: bool = True, **extra: Any
) -> Response:
    """Returns the game as JSON with its version as the ETag."""
    body = game_json(game, with_hands=with_hands)
    text = orjson.dumps({**extra, "game": body} if extra else body, option=ANSWER)
    response = Response(text, status, mimetype="application/json")
    # Appended as they are: constant names, an ETag of digits, and a Vary this answer is the
    # first to set (werkzeug would check each value again and parse Vary into a set first).
    response.headers._list += [  # noqa: SLF001 - werkzeug's own list of (name, value)
        ("ETag", access.etag(game.version)),
        ("Cache-Control", "private, no-cache"),
        ("Vary", "Authorization"),
    ]
    return response


def _load(game_id: str) -> Game:
    try:
        return store.get_game(get_db(), game_id)
    except store.GameNotFound:
        raise ApiProblem(404, N_("There is no such game.")) from None


@operation(
    bp,
    "POST",
    "/games",
    operation_id="createGame",
    summary="Start a game; the answer holds its owner, edit and view tokens",
    body=bodies.NewGame,
    example=EXAMPLE_GAME,
    answers=(
        Answer(
            201, "The new game, its tokens and links", answers.CreatedGame, ("ETag", "Location")
        ),
    ),
    problems=problems(400, 401, 404, 413, 415, 422),
)
def create() -> Response:
    """Starts a game and returns it with its owner, edit and view tokens and links."""
    body = spec.body()
    group = _group_of(body)
    draft, inline = read_new_game(body)
    try:
        game = store.create_game(get_db(), **asdict(draft), inline=inline, group=group)
    except store.InvalidGame as error:
        raise ApiProblem(
            422,
            error.message,
            kind="invalid-game",
            errors=error.problems,
        ) from None
    tokens = asdict(game.tokens)
    # From the configured origin (SCOREKEEPER_ORIGIN), never from a Host header a client chose.
    links = {role: public_url(url_for("games.join", token=t)) for role, t in tokens.items()}
    response = _game_response(game, 201, id=game.id, tokens=tokens, links=links)
    response.headers["Location"] = url_for("api.read", game_id=game.id)
    return response


def _group_of(body: dict[str, Any]) -> str | None:
    """Returns the group a new game is for, checked against the bearer API token."""
    if "group" not in body:
        return None
    group_id = body["group"]  # text of one character or more: its shape says so
    token = access.bearer_token()
    try:
        return store_groups.token_group(get_db(), group_id, token).id
    except store_groups.GroupNotFound:
        raise ApiProblem(404, N_("There is no such group for this token.")) from None


@operation(
    bp,
    "GET",
    "/games/<game_id>",
    operation_id="readGame",
    summary="The game: every hand with its breakdown, totals, what comes next, the result",
    security="linkToken",
    headers=("If-None-Match",),
    answers=(
        Answer(200, "The game", answers.Game, ("ETag",)),
        Answer(
            304,
            "Not modified: the version in If-None-Match is still the current one.",
            None,
            ("ETag",),
        ),
    ),
    problems=problems(401, 404),
)
def read(game_id: str) -> Response:
    """Returns the game: every hand, totals, next minimums and dealer, and the result."""
    db = get_db()
    with read_snapshot(db):  # the head and the rows as of one moment
        # The token checked and the game's head, rules and sides read in one statement.
        whole = access.linked_whole(game_id)
        version = whole[0]["version"]
        tags = request.if_none_match.as_set(include_weak=True)
        if any(access.version_of(f'"{tag}"') == version for tag in tags):
            response = Response(status=304)  # checked before any row is read: a cheap poll
            response.headers["ETag"] = access.etag(version)
            return response
        game = load_whole(db, game_id, whole)
    return _game_response(game)


def _writer(game_id: str) -> dict[str, Any]:
    """Checks the token may write, then returns the write's version, its one-time key and the
    game's head, rules and sides, read with the token check in one statement."""
    whole = access.writer_whole(game_id)
    return {**_once(game_id), "whole": whole}


def _once(game_id: str) -> dict[str, Any]:
    """Returns the write's version (If-Match) and its one-time key, scoped to game and link."""
    version, key = access.version_wanted(), access.idempotency_key()
    scoped = scoped_key(game_id, access.link_token(), key, access.request_digest())
    return {"version": version, "form_token": scoped}


def _write(
    game_id: str, change: Callable[..., int | Game | None], once: dict[str, Any], status: int = 200
) -> Response:
    """Runs one versioned, one-time write and returns the game as it is after it."""
    try:
        number = change(get_db(), **once)
    except store.AlreadySaved:
        response = _game_response(_load(game_id), with_hands=False, hand=None, replayed=True)
        response.headers["Idempotent-Replayed"] = "true"
        return response
    except store.KeyReused as error:
        raise ApiProblem(422, error.message, kind="idempotency-key-reused") from None
    except store.InvalidHand as error:
        raise invalid_hand(error.problems) from None
    except store.StaleGame as error:
        raise ApiProblem(409, error.message, kind="stale-version") from None
    except store.GameOver as error:
        raise ApiProblem(409, error.message, kind="game-over") from None
    except (store.HandNotFound, store.GameNotFound) as error:
        raise ApiProblem(404, error.message) from None
    # The game less its hands: a phone recording hand after hand needs only what changed.
    if isinstance(number, Game):  # the write returned the game as saved: no second read
        game, number = number, number.hand_count
    else:
        game = _load(game_id)
    return _game_response(game, status, with_hands=False, hand=number, replayed=False)


HAND_RESULT = answers.HandResult


@operation(
    bp,
    "POST",
    "/games/<game_id>/hands",
    operation_id="recordHand",
    summary="Record the next hand",
    security="linkToken",
    headers=WRITE,
    body=bodies.HandInput,
    example=EXAMPLE_HAND,
    answers=(
        Answer(201, "Saved: the hand's number and the game after it", HAND_RESULT, ("ETag",)),
        Answer(
            200,
            "This Idempotency-Key was used before: nothing saved, the game as it is",
            HAND_RESULT,
            ("ETag",),
        ),
    ),
    problems=WRITE_PROBLEMS,
)
def record(game_id: str) -> Response:
    """Records the next hand."""
    # The token checked and the game's head, rules and sides read in one statement.
    whole = access.writer_whole(game_id)
    once = _once(game_id)
    hand = hand_document(spec.body())
    return _write(
        game_id, lambda db, **o: store.add_hand(db, game_id, hand, whole=whole, **o), once, 201
    )


@operation(
    bp,
    "PUT",
    "/games/<game_id>/hands/<int:number>",
    operation_id="editHand",
    summary="Replace hand `number`; later totals, minimums and the result follow",
    security="linkToken",
    headers=WRITE,
    body=bodies.HandInput,
    example=EXAMPLE_HAND,
    answers=(Answer(200, "Saved (or a repeat of a used Idempotency-Key)", HAND_RESULT, ("ETag",)),),
    problems=WRITE_PROBLEMS,
)
def edit(game_id: str, number: int) -> Response:
    """Replaces hand `number`; later totals, minimums and the result follow."""
    once = _writer(game_id)
    hand = hand_document(spec.body())

    def change(db: Database, **once: Any) -> int:
        store.edit_hand(db, game_id, number, hand, **once)
        return number

    return _write(game_id, change, once)


@operation(
    bp,
    "DELETE",
    "/games/<game_id>/hands/last",
    operation_id="deleteLastHand",
    summary="Delete the last hand",
    security="linkToken",
    headers=WRITE,
    answers=(
        Answer(200, "Deleted (or a repeat of a used Idempotency-Key)", HAND_RESULT, ("ETag",)),
    ),
    problems=problems(400, 401, 403, 404, 409, 422, 428),
)
def delete_last(game_id: str) -> Response:
    """Deletes the last hand."""
    once = _writer(game_id)
    return _write(game_id, lambda db, **o: store.delete_last_hand(db, game_id, **o), once)


@operation(
    bp,
    "POST",
    "/games/<game_id>/reopen",
    operation_id="reopenGame",
    summary="Reopen a finished game to fix a hand (or close it again with false)",
    security="linkToken",
    headers=WRITE,
    body=bodies.ReopenInput,
    example={"reopened": True},
    answers=(
        Answer(
            200,
            "Done (or a repeat of a used Idempotency-Key); `hand` is null",
            HAND_RESULT,
            ("ETag",),
        ),
    ),
    problems=WRITE_PROBLEMS,
)
def reopen(game_id: str) -> Response:
    """Reopens a finished game so a wrong hand can be fixed, or closes it again."""
    once = _writer(game_id)
    reopened = spec.body().get("reopened", True)

    def change(db: Database, **once: Any) -> None:
        store.set_reopened(db, game_id, reopened, **once)

    return _write(game_id, change, once)


@operation(
    bp,
    "POST",
    "/games/<game_id>/preview",
    operation_id="previewHand",
    summary="Score a hand without saving it",
    security="linkToken",
    body=bodies.PreviewInput,
    example=EXAMPLE_HAND,
    answers=(Answer(200, "The hand scored as hand `number`", answers.Preview),),
    problems=problems(400, 401, 404, 413, 415, 422),
)
def preview(game_id: str) -> Response:
    """Scores a hand as the next one (or as hand `number`) without saving it."""
    access.role_for(game_id)
    data = spec.body()
    hand = hand_document(data)
    game = _load(game_id)
    number = data.get("number", game.hand_count + 1)
    if not 1 <= number <= game.hand_count + 1:
        message = f"Preview hand 1 to {game.hand_count + 1}."
        raise ApiProblem(422, message, kind="invalid-hand", errors=[field_error("number", message)])
    return jsonify(preview_json(game, number, hand))

"""The director's corrections (a table's result, a no-play, entrants, closing) and a side's confirm."""

from __future__ import annotations

from typing import Any

from flask import jsonify
from werkzeug import Response

from scorekeeper.api import access, spec
from scorekeeper.api.access import private_json
from scorekeeper.api.blueprint import bp
from scorekeeper.api.events import answers as answers_events
from scorekeeper.api.events import bodies as bodies_events
from scorekeeper.api.events.refusals import RESULT
from scorekeeper.api.events.routes import _event, event_json, rounds_json
from scorekeeper.api.games import answers, bodies
from scorekeeper.api.games.documents import hand_document, invalid_hand
from scorekeeper.api.games.routes import WRITE, _game_response
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.api.spec import Answer, operation
from scorekeeper.db import get_db
from scorekeeper.events.bounds import table_scores_ok
from scorekeeper.language import problem_words
from scorekeeper.sentences.marked import N_
from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.errors import (
    AlreadySaved,
    GameOver,
    HandNotFound,
    InvalidHand,
    KeyReused,
    StaleGame,
)
from scorekeeper.store.events import checks as event_checks
from scorekeeper.store.events import entrants as event_entrants
from scorekeeper.store.events import event as store_events
from scorekeeper.store.events import rounds as event_rounds
from scorekeeper.store.events.event import EventNotFound, InvalidEvent
from scorekeeper.store.games.game import get_game

RUNS = {
    401: "No bearer token.",
    403: "The event's view token only reads.",
    404: "No such event for this token (the same answer whether or not it exists).",
}
BODY = {
    400: "The body is not one JSON object.",
    413: "The body is larger than 64 KB.",
    415: "The body is not sent as application/json.",
}


def _scores(value: Any) -> tuple[int, ...] | None:
    """Returns a corrected result, or None to clear it; 422 unless two (or three) whole numbers."""
    if value is None:
        return None
    if isinstance(value, list) and table_scores_ok(value):
        return tuple(value)
    raise ApiProblem(422, RESULT, kind="invalid-result", errors=[field_error("scores", RESULT)])


@operation(
    bp,
    "PUT",
    "/events/<event_id>/rounds/<int:number>/tables/<int:table>",
    operation_id="correctTable",
    summary="Correct a table's result, clear the correction, or mark it not played",
    security="eventToken",
    body=bodies_events.TableCorrection,
    example={"scores": [2150, 1400]},
    answers=(Answer(200, "The round after the change", answers_events.EventRound),),
    problems={
        **RUNS,
        **BODY,
        422: "Not a whole score for each side (three at a table of three), null, or no_play.",
    },
)
def correct_table(event_id: str, number: int, table: int) -> Response:
    """Corrects a table's result or marks it as not played (the director's token)."""
    event, _ = _event(event_id, director=True)
    data = spec.body()
    if len(data) != 1 or not ({"scores"} >= set(data) or {"no_play"} >= set(data)):
        raise ApiProblem(
            422, RESULT, kind="invalid-result", errors=[field_error("document", RESULT)]
        )
    try:
        if "scores" in data:
            event_rounds.correct(get_db(), event.id, number, table, _scores(data["scores"]))
        elif isinstance(data["no_play"], bool):
            event_rounds.mark_no_play(get_db(), event.id, number, table, data["no_play"])
        else:
            raise ApiProblem(
                422, RESULT, kind="invalid-result", errors=[field_error("no_play", RESULT)]
            )
    except EventNotFound:
        raise ApiProblem(404, N_("There is no such table in this event.")) from None
    except InvalidEvent as error:  # a score for each side: three at a table of three
        found = error.problems[0]
        message = problem_words.words(found.code, found.params)
        raise ApiProblem(
            422, message, kind="invalid-result", errors=[field_error("scores", message)]
        ) from None
    return private_json(rounds_json(store_events.get_event(get_db(), event_id), True)[number - 1])


@bp.post("/events/<event_id>/close")
def close_event(event_id: str) -> Response:
    """Closes the event: no round starts any more; the standings stay."""
    event, _ = _event(event_id, director=True)
    store_events.close_event(get_db(), event.id)
    store_seasons.night_changed(get_db(), event.id)  # the night's figures, for its seasons
    return private_json(event_json(store_events.get_event(get_db(), event_id)))


@bp.post("/events/<event_id>/reopen")
def reopen_event(event_id: str) -> Response:
    """Reopens a closed event: its tables, hands and rounds may change again."""
    event, _ = _event(event_id, director=True)
    store_events.reopen_event(get_db(), event.id)
    store_seasons.night_changed(get_db(), event.id)  # the night leaves its seasons until closed
    return private_json(event_json(store_events.get_event(get_db(), event_id)))


@bp.post("/events/<event_id>/rounds/<int:number>/tables/<int:table>/hands/<int:hand>/confirm")
def settle_hand(event_id: str, number: int, table: int, hand: int) -> Response:
    """Confirms a hand as the director: it counts as it stands."""
    event, _ = _event(event_id, director=True)
    found = next(
        (t for t in event_rounds.tables(get_db(), event) if (t.round, t.number) == (number, table)),
        None,
    )
    if found is None or found.game_id is None:
        raise ApiProblem(404, N_("There is no such table in this event."))
    try:
        event_checks.resolve(get_db(), found.game_id, hand)
    except HandNotFound:
        raise ApiProblem(404, N_("There is no such hand at this table.")) from None
    return jsonify({"hand": hand, "state": "confirmed"})


@operation(
    bp,
    "POST",
    "/events/<event_id>/entrants",
    operation_id="lateEntrant",
    summary="Add a late arrival, who plays from the next round",
    security="eventToken",
    body=bodies_events.LateEntrant,
    example={"name": "Tens", "players": ["Ivy", "Jo"]},
    answers=(Answer(201, "The event", answers_events.Event),),
    problems={
        **RUNS,
        **BODY,
        422: "A name or player refused as a new event's entrant would be, or an unknown key.",
    },
)
def late_arrival(event_id: str) -> Response:
    """Adds a late arrival, who plays from the next round on."""
    event, _ = _event(event_id, director=True)
    data = spec.body()
    name, players = data["name"], data.get("players", [])
    try:
        event_entrants.add_entrant(get_db(), event.id, name.strip(), [p.strip() for p in players])
    except InvalidEvent as error:
        found = error.problems[0]
        message = problem_words.words(found.code, found.params)
        raise ApiProblem(
            422, message, kind="invalid-event", errors=[field_error(found.field, message)]
        ) from None
    return private_json(event_json(store_events.get_event(get_db(), event_id)), 201)


@bp.delete("/events/<event_id>/entrants/<int:position>")
def withdraw(event_id: str, position: int) -> Response:
    """Withdraws an entrant after the rounds started so far; what they played still counts."""
    event, _ = _event(event_id, director=True)
    if not 0 <= position < len(event.entrants):
        raise ApiProblem(404, N_("There is no such entrant."))
    event_entrants.withdraw(get_db(), event.id, position)
    return private_json(event_json(store_events.get_event(get_db(), event_id)))


def _side() -> event_checks.TableSide:
    try:
        return event_checks.side_of(get_db(), access.bearer_token(access.SIDE_TOKEN))
    except event_checks.SideNotFound:
        raise ApiProblem(
            401,
            N_("That token does not open any table."),
            kind="unknown-token",
            headers=access.CHALLENGE,
        ) from None


@operation(
    bp,
    "POST",
    "/tables/hands",
    operation_id="recordHandAsSide",
    summary="Record the next hand of the side token's table; it waits for the other side",
    security="sideToken",
    headers=WRITE,
    body=bodies.HandInput,
    answers=(
        Answer(201, "Saved: the hand's number and the game after it", answers.HandResult),
        Answer(200, "This Idempotency-Key was used before: nothing saved", answers.HandResult),
    ),
    problems={
        **BODY,
        401: "No bearer token, or one that opens no table.",
        409: "The game changed since that version, or is over.",
        422: "The hand is impossible, or the key was used for another hand.",
        428: "No If-Match version.",
    },
)
def record_as_side() -> Response:
    """Records the next hand of the side token's table; it waits for the other side's confirm."""
    side = _side()
    version, key = access.version_wanted(), access.idempotency_key()
    hand = hand_document(spec.body())
    try:
        game = event_checks.record_as(
            get_db(), access.bearer_token(access.SIDE_TOKEN), hand, version=version, form_token=key
        )
    except AlreadySaved:
        game = get_game(get_db(), side.game_id)
        return _game_response(game, with_hands=False, hand=None, replayed=True)
    except KeyReused as error:
        raise ApiProblem(422, error.message, kind="idempotency-key-reused") from None
    except InvalidHand as error:
        raise invalid_hand(error.problems) from None
    except (StaleGame, GameOver) as error:
        raise ApiProblem(409, error.message, kind="stale-version") from None
    return _game_response(game, 201, with_hands=False, hand=game.hand_count, replayed=False)


@bp.post("/tables/hands/<int:number>/<state>")
def check_hand(number: int, state: str) -> Response:
    """Confirms or disputes a hand from the other side's phone (a dispute flags the director)."""
    if state not in ("confirm", "dispute"):
        raise ApiProblem(404, N_("There is nothing at this address."))
    _side()
    try:
        checked = "confirmed" if state == "confirm" else "disputed"
        event_checks.check(get_db(), access.bearer_token(access.SIDE_TOKEN), number, checked)
    except event_checks.NotYours as error:
        raise ApiProblem(409, error.message, kind="not-yours") from None
    return jsonify({"hand": number, "state": checked})

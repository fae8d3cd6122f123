"""The group endpoints: make a group, and read its history and statistics with an API token."""

from __future__ import annotations

from typing import Any

from flask import request, url_for
from werkzeug import Response

from scorekeeper.api import access, spec
from scorekeeper.api.blueprint import bp
from scorekeeper.api.groups import answers as answers_groups
from scorekeeper.api.groups import (
    bodies,
    refusals,  # noqa: F401 - registers its words for refused bodies
)
from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.api.spec import Answer, operation
from scorekeeper.db import get_db
from scorekeeper.language import problem_words
from scorekeeper.origin import public_url
from scorekeeper.sentences.marked import N_
from scorekeeper.stats.history import Entry, Filters, history
from scorekeeper.stats.tables import Line, Statistics
from scorekeeper.store.groups import group as store_groups
from scorekeeper.store.groups import tokens as group_tokens
from scorekeeper.store.groups.figures import summed
from scorekeeper.store.groups.group import Group, GroupNotFound, InvalidGroup

READ_PROBLEMS = {
    401: "No bearer token.",
    404: "No such group for this token (the same answer whether or not it exists).",
}


def member_token(group_id: str) -> Group:
    """Returns the group when the bearer token is one of its API tokens; 401 or 404 otherwise."""
    token = access.bearer_token()
    try:
        return store_groups.token_group(get_db(), group_id, token)
    except GroupNotFound:
        # The same answer for an unknown group and a token of another group: ids reveal nothing.
        raise ApiProblem(404, "There is no such group for this token.") from None


@operation(
    bp,
    "POST",
    "/groups",
    operation_id="createGroup",
    summary="Make a group; the answer holds its first API token and its join link",
    body=bodies.NewGroup,
    example={"name": "Tuesday"},
    answers=(
        Answer(
            201,
            "The group's id, first API token and join link",
            answers_groups.CreatedGroup,
            ("Location",),
        ),
    ),
    problems={
        400: "The body is not one JSON object.",
        413: "The body is larger than 64 KB.",
        415: "The body is not sent as application/json.",
        422: "No name, or one that is blank, too long or not text.",
    },
)
def create_group() -> Response:
    """Makes a group and returns its id, its first API token and its join link (apart)."""
    name = spec.body()["name"]
    try:
        group = store_groups.create_group(get_db(), name)
        # The caller's API token is the group's first, apart from the join link: revoking it
        # (an admin, on the group's page) never touches the link, nor the link the token.
        token = group_tokens.make_api_token(get_db(), None, group.id, "API")
    except InvalidGroup as error:
        said = problem_words.words(error.code, error.params)
        raise ApiProblem(
            422, said, kind="invalid-group", errors=[field_error("name", said)]
        ) from None
    join = public_url(url_for("groups.join", token=group.token))
    response = access.private_json(
        {"id": group.id, "name": group.name, "token": token, "join": join}, 201
    )
    response.headers["Location"] = url_for("api.group_stats", group_id=group.id)
    return response


def _filters(names: dict[str, str]) -> Filters:
    """Returns the history filters of the query; a value that matches nothing is a 422."""
    try:
        args, errors = spec.query(), []  # dates are YYYY-MM-DD: bodies.HistoryQuery
    except ApiProblem as refused:  # said together with what the group's players make wrong
        errors = refused.errors
        bad = {e["field"] for e in errors}
        args = {key: value for key, value in request.args.items() if key not in bad}
    player = args.get("player", "")
    if player and player not in names:
        errors.append(field_error("player", N_("This group has no such player.")))
    pair = tuple(sorted(p for p in args.get("partnership", "").split("+") if p))
    if pair and (len(pair) < 2 or any(p not in names for p in pair)):
        errors.append(field_error("partnership", N_("Give two or more player ids joined by +.")))
    if errors:
        raise ApiProblem(
            422, N_("The history cannot be filtered like this."), kind="bad-filter", errors=errors
        )
    return Filters(
        args.get("format", ""), player, pair, args.get("since", ""), args.get("until", "")
    )


def entry_json(entry: Entry) -> dict[str, Any]:
    """Returns one finished game of the history as JSON."""
    return {
        "id": entry.game_id,
        "finished": entry.ended,
        "format": entry.format,
        "label": " · ".join(entry.label),
        "hands": entry.hands,
        "tied": entry.tied,
        "winner": entry.winner.name if entry.winner else None,
        "sides": [
            {
                "name": s.name,
                "players": list(s.players),
                "player_ids": list(s.player_ids),
                "total": s.total,
                "won": s.won,
            }
            for s in entry.sides
        ],
    }


@operation(
    bp,
    "GET",
    "/groups/<group_id>/history",
    operation_id="groupHistory",
    summary="The group's finished games, the latest first",
    security="groupToken",
    query=bodies.HistoryQuery,
    answers=(Answer(200, "The games", answers_groups.GroupHistory),),
    problems={
        **READ_PROBLEMS,
        422: "A filter names no player of the group, or a date is malformed.",
    },
)
def group_history(group_id: str) -> Response:
    """Returns the group's finished games, the latest first, with the filters of the query."""
    member_token(group_id)
    sums = summed(get_db(), group_id)
    entries = history(sums.played, sums.names, _filters(sums.names))
    return access.private_json({"games": [entry_json(e) for e in entries]})


def _line_json(stats: Statistics, line: Line) -> dict[str, Any]:
    kinds = {f.key: f.kinds for f in stats.formats}
    labels = {f.key: " · ".join(f.label) for f in stats.formats}
    return {
        "games": line.overall.games,
        "wins": line.overall.wins,
        "win_rate": line.overall.win_rate,
        "streak": line.overall.streak,
        "longest_win_streak": line.overall.longest_win_streak,
        "by_format": [
            {"format": key, "label": labels[key], **tally.figures(kinds[key])}
            for key, tally in line.by_format.items()
        ],
    }


def stats_json(stats: Statistics) -> dict[str, Any]:
    """Returns a group's statistics as JSON: players, partnerships and head-to-head records."""
    return {
        "games": stats.games,
        "formats": [
            {
                "format": f.key,
                "label": " · ".join(f.label),
                "games": f.games,
                "canastas": [{"kind": k, "label": n} for k, n in f.kinds],
            }
            for f in stats.formats
        ],
        "players": [
            {"id": line.key[0], "name": line.name, **_line_json(stats, line)}
            for line in stats.players
        ],
        "partnerships": [
            {"ids": list(line.ids), "names": list(line.names), **_line_json(stats, line)}
            for line in stats.partnerships
        ],
        "head_to_head": [
            {
                "partnerships": [list(m.first.names), list(m.second.names)],
                "games": m.games,
                "wins": [m.first_wins, m.second_wins],
            }
            for m in stats.head_to_head
        ],
    }


@operation(
    bp,
    "GET",
    "/groups/<group_id>/stats",
    operation_id="groupStats",
    summary="Players, partnerships and head-to-head records, overall and per format",
    security="groupToken",
    answers=(Answer(200, "The statistics", answers_groups.GroupStats),),
    problems=READ_PROBLEMS,
)
def group_stats(group_id: str) -> Response:
    """Returns the group's statistics per player and partnership, overall and per format."""
    member_token(group_id)
    return access.private_json(stats_json(summed(get_db(), group_id).statistics))

"""Every screen a player, a group admin and a club night's director meet, made once per test.

A helper for the width, zoom and no-English tests (not a test module): one browser owns a
Classic game, a Modern American game and a group it administers; an event gives the
director's page, the big screen and a pair's table page.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from conftest import TYPICAL_HAND, sign_in
from test_events import _event_with_a_pending_hand
from test_groups import _group_with_games

from scorekeeper import store
from scorekeeper.store.connection import connect
from scorekeeper.store.groups.group import add_member

SIDES = (("We", ("Ann", "Bob")), ("They", ("Cy", "Di")))


@dataclass(frozen=True)
class Made:
    """What the screens show: the games, the group and the event's tokens."""

    game: str
    finished: str
    modern: str
    group: str
    director: str
    view: str
    north_south: str
    east_west: str
    entrant: str


def _game(db, owner: str, format_id: str, hands: list) -> str:
    """Creates a game owned by `owner` with these hands recorded; returns its id."""
    game = store.create_game(db, format_id=format_id, sides=SIDES, first_dealer="Ann", owner=owner)
    for hand in hands:
        version = store.get_game(db, game.id).version
        store.record_hand(db, game.id, hand, version=version, form_token=secrets.token_urlsafe(16))
    return game.id


def make(live_app, context) -> Made:
    """Signs the context in and makes its games, its group (as admin) and an event."""
    owner = sign_in(live_app, context)
    group, _token, finished = _group_with_games(live_app)
    director, view, ns, ew = _event_with_a_pending_hand(live_app)
    modern = {  # a hand that leaves the game open (8,500 is far off)
        "hand": {
            "We": {"melded_points": 400, "canastas": {"natural": 1, "mixed": 1}, "went_out": "out"},
            "They": {"melded_points": 150, "hand_points": 20, "canastas": {"natural": 1}},
        }
    }
    db = connect(live_app.config["DATABASE"])
    try:
        entrant = db.execute(  # the first pair's own page (its card's QR code)
            "SELECT e.token FROM event_entrants e JOIN events v ON v.id = e.event_id"
            " WHERE v.director_token = ? ORDER BY e.position LIMIT 1",
            [director],
        ).fetchone()[0]
        add_member(db, group, owner, admin=True)
        add_member(db, group, secrets.token_urlsafe(16))  # a member the admin can act on
        game = _game(db, owner, "classic", [TYPICAL_HAND, TYPICAL_HAND])
        modern_game = _game(db, owner, "modern_american", [modern])
    finally:
        db.close()
    return Made(game, finished, modern_game, group, director, view, ns, ew, entrant)


def paths(made: Made) -> tuple[str, ...]:
    """Returns every screen's address (GET), the new ones of events, groups and formats too."""
    g, m, group = made.game, made.modern, made.group
    return (
        "/",
        "/language?next=/",
        "/games/new",
        "/games/new?format=classic",
        "/games/new?format=modern_american",
        "/games/new?format=six_hand_three_teams",
        "/games/new?format=oklahoma&sides=5",
        f"/games/{g}",
        f"/games/{g}/hands/new",
        f"/games/{g}/hands/1",
        f"/games/{g}/summary",
        f"/games/{made.finished}",
        f"/games/{made.finished}/summary",
        f"/games/{g}/opening-check?side=0&cards-joker=1&cards-ace=1",
        f"/games/{g}/share",
        f"/games/{g}/names",
        f"/games/{g}/hands/last/delete",
        f"/games/{g}/hands/1/edit",
        f"/games/{g}/remove",
        f"/games/{m}",
        f"/games/{m}/hands/new",
        f"/games/{m}/hands/1",
        f"/games/{m}/summary",
        "/archived",
        "/import",
        "/formats/new?base=classic",
        "/formats/new?base=modern_american",
        "/formats/upload",
        "/groups",
        f"/groups/{group}",
        f"/groups/{group}/history",
        f"/groups/{group}/stats",
        f"/groups/{group}/seasons",
        f"/groups/{group}/ratings",
        "/ratings/help",
        "/events/new",
        f"/events/director/{made.director}",
        f"/events/screen/{made.view}",
        f"/events/table/{made.north_south}",
        f"/events/table/{made.east_west}",
        f"/events/entrant/{made.entrant}",
        f"/events/entrant/{made.entrant}/hands/new",
        "/games/no-such-game",
        "/offline",
    )

"""Every screen a player, a group admin and a club night's director meet, made once per test.

A helper for the width, zoom and no-English tests (not a test module): one browser owns a
Classic game, a Modern American game and a group it administers; an event gives the
director's page, the big screen and a pair's table page; a closed night in a season, both public,
gives the public results pages anyone may open.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from conftest import TYPICAL_HAND, sign_in
from test_events import _event_with_a_pending_hand
from test_groups import _group_with_games
from test_seasons import PAIRS

from scorekeeper import store
from scorekeeper.store import seasons as store_seasons
from scorekeeper.store.connection import connect
from scorekeeper.store.groups.group import add_member, create_group
from tests.season_helpers import night

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
    public_night: str
    public_season: str


def _game(db, owner: str, format_id: str, hands: list) -> str:
    """Creates a game owned by `owner` with these hands recorded; returns its id."""
    game = store.create_game(db, format_id=format_id, sides=SIDES, first_dealer="Ann", owner=owner)
    for hand in hands:
        version = store.get_game(db, game.id).version
        store.record_hand(db, game.id, hand, version=version, form_token=secrets.token_urlsafe(16))
    return game.id


def _public_results(db) -> tuple[str, str]:
    """Makes a club's closed night in a season, both public; returns their addresses' slugs."""
    group = create_group(db, "Riverside club")
    event = night(db, group.id, "2026-02-03", PAIRS, lambda r, t: (1800, 400 + 100 * r), 2)
    new = store_seasons.NewSeason("Winter cup", "2026-02-01", "2026-03-31")
    season = store_seasons.create_season(db, group.id, new)
    public_night = store_seasons.set_public(db, "event", event, True, "full")
    public_season = store_seasons.set_public(db, "season", season.id, True, "full")
    assert public_night is not None and public_season is not None
    return public_night.slug, public_season.slug


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
        public_night, public_season = _public_results(db)
    finally:
        db.close()
    return Made(
        game,
        finished,
        modern_game,
        group,
        director,
        view,
        ns,
        ew,
        entrant,
        public_night,
        public_season,
    )


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
        f"/results/{made.public_night}",
        f"/results/{made.public_night}/entrants/0",
        f"/results/{made.public_season}",
        "/games/no-such-game",
        "/offline",
    )

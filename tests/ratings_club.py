"""A club's export of many finished games, built from a template: random foursomes, random
winners, one second apart; and the ratings a replay through openskill itself gives them."""

from __future__ import annotations

import copy
import random
from datetime import UTC, datetime, timedelta

from openskill.models import PlackettLuce

from scorekeeper import store
from scorekeeper.store.groups.group import create_group
from scorekeeper.store.portable.importing import export_games
from scorekeeper.store.stamps import new_token

OUT = {"melded_points": 200, "canastas": {"natural": 1}, "went_out": "out"}
SHORT = {"melded_points": 50}  # 4,900 + 50 stays below 5,000: the side that went out wins
PEOPLE = [f"P{n:02d}" for n in range(12)]
START = datetime(2026, 1, 5, 19, 0, tzinfo=UTC)


def template(db) -> dict:
    """Returns the export of one finished classic game of a group, both sides at 4,900."""
    group = create_group(db, "Template")
    game = store.create_game(
        db,
        format_id="classic",
        sides=[("We", ("Ann", "Bob")), ("They", ("Cy", "Di"))],
        first_dealer="Ann",
        start_totals={"We": 4900, "They": 4900},
        group=group.id,
    )
    hand = {"hand": {"We": OUT, "They": SHORT}}
    store.record_hand(db, game.id, hand, version=game.version, form_token=new_token())
    return export_games(db, [game.id])


def club(
    db, games: int, seed: int = 1, first: int = 0
) -> tuple[dict, list[tuple[list[str], list[str], int]]]:
    """Returns a club's export of `games` games and, in the order they ended, each game's two
    partnerships (names) and the winning side (0 or 1). `first`: the number of the first game
    (ids and times go on from it, so several files make one long club history)."""
    base = template(db)
    one = base["games"][0]
    rng = random.Random(seed)
    players = [{"id": f"p{n}", "name": name} for n, name in enumerate(PEOPLE)]
    ids = {p["name"]: p["id"] for p in players}
    docs, entries, played = [], [], []
    for n in range(first, first + games):
        four = rng.sample(PEOPLE, 4)
        winner = rng.randrange(2)
        game = copy.deepcopy(one)
        when = (START + timedelta(minutes=n)).isoformat(timespec="seconds")
        game.update(id=f"g{n:04d}", created_at=when, updated_at=when)
        game["sides"] = [{"name": "We", "players": four[:2]}, {"name": "They", "players": four[2:]}]
        game["first_dealer"] = four[0]
        game["hands"] = [
            {"hand": {"We": OUT, "They": SHORT} if winner == 0 else {"We": SHORT, "They": OUT}}
        ]
        docs.append(game)
        seats = [[s, k, ids[four[2 * s + k]]] for s in (0, 1) for k in (0, 1)]
        entries.append({"game": game["id"], "seats": seats})
        played.append((four[:2], four[2:], winner))
    document = {**base, "games": docs}
    document["groups"] = [{"id": "club", "name": "Club", "players": players, "games": entries}]
    return document, played


def openskill_replay(played) -> list[dict[str, tuple[float, float]]]:
    """Returns, after each game, the (mu, sigma) of its four players, rated by openskill itself."""
    model = PlackettLuce()
    ratings = {}
    after = []
    for we, they, winner in played:
        teams = [[ratings.get(p) or model.rating(name=p) for p in side] for side in (we, they)]
        rated = model.rate(teams, ranks=[1, 2] if winner == 0 else [2, 1])
        step = {}
        for side, new_side in zip((we, they), rated, strict=True):
            for name, new in zip(side, new_side, strict=True):
                ratings[name] = new
                step[name] = (new.mu, new.sigma)
        after.append(step)
    return after

"""A group's ratings pages: the table per family, and one player's history chart and partners."""

from __future__ import annotations

from flask import abort, render_template, request
from markupsafe import Markup

from scorekeeper.charts.rating_history import Words, rating_history
from scorekeeper.db import get_db
from scorekeeper.language import gettext
from scorekeeper.ratings.families import FAMILIES, LABELS, is_family
from scorekeeper.ratings.model import win_chances
from scorekeeper.store import ratings as stored
from scorekeeper.store.groups import players as store_players
from scorekeeper.store.groups.group import InvalidGroup
from scorekeeper.web.groups.group_stats import rating_figure
from scorekeeper.web.groups.groups import bp, member_group


def _family(value: str | None) -> str:
    """Returns the family asked for (partnership when none); 404 for one that is no family."""
    family = value or "partnership"
    if not is_family(family):
        abort(404)
    return family


@bp.get("/<group_id>/ratings")
def ratings_page(group_id: str) -> str:
    """Shows the group's ratings in one family, highest ordinal first, provisional ones marked."""
    group = member_group(group_id)
    family = _family(request.args.get("family"))
    db = get_db()
    return render_template(
        "ratings/table.html",
        group=group,
        family=family,
        families=[(f, LABELS[f]) for f in FAMILIES],
        counts=stored.family_counts(db, group_id),
        rows=stored.table(db, group_id, family),
    )


@bp.get("/<group_id>/ratings/<family>/players/<player_id>")
def rating_player(group_id: str, family: str, player_id: str) -> str:
    """Shows one player's rating in a family: the number, its history chart and partners."""
    group = member_group(group_id)
    family = _family(family)
    db = get_db()
    try:
        person = store_players.get_player(db, group_id, player_id)
    except InvalidGroup:
        abort(404)
    steps = stored.history(db, group_id, family, player_id)
    names = {p.id: p.name for p in store_players.players_of(db, group_id)}
    partners = [
        (names.get(p, "?"), n)
        for p, n in stored.partners(db, group_id, family, player_id).most_common()
    ]
    label = gettext(LABELS[family])
    words = Words(
        summary=gettext(
            "%(name)s's rating in %(family)s after each of %(count)s games: the skill estimate (solid) and the rating shown (dashed)",
            name=person.name,
            family=label,
            count=len(steps),
        ),
        games=lambda n: gettext("game %(number)s", number=n),
    )
    chart = rating_history(
        [(r.mu, r.ordinal) for _game, r in steps],
        words,
        number=rating_figure,
    )
    return render_template(
        "ratings/player.html",
        group=group,
        player=person,
        family=family,
        family_label=label,
        rating=steps[-1][1] if steps else None,
        chart=Markup(chart),  # noqa: S704 - built from numbers and escaped words only
        partners=partners,
    )


@bp.app_template_global("expected_for_game")
def expected_for_game(game_id: str) -> list[tuple[str, float]]:
    """Returns each side's name and predicted win chance for a group game (an event table's)
    from the group's ratings; empty when a seat is no group player or no family fits."""
    db = get_db()
    found = stored.game_teams(db, game_id)
    if found is None:
        return []
    group_id, family, sides = found
    chances = win_chances(stored.player_ratings(db, group_id, family), [p for _n, p in sides])
    return [(name, chance) for (name, _p), chance in zip(sides, chances, strict=True)]

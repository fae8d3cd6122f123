"""The ratings endpoints: a group's ratings table per family, and the families, by API token."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field
from typing_extensions import TypedDict
from werkzeug import Response

from scorekeeper.api import spec
from scorekeeper.api.access import private_json
from scorekeeper.api.blueprint import bp
from scorekeeper.api.groups.routes import READ_PROBLEMS, member_token
from scorekeeper.api.spec import Answer, operation
from scorekeeper.db import get_db
from scorekeeper.language import gettext
from scorekeeper.ratings.families import FAMILIES, LABELS
from scorekeeper.ratings.model import rounded
from scorekeeper.store import ratings as stored

Family = Literal["partnership", "modern_american", "one_a_side", "hand_and_foot"]
Number = Annotated[float, Field(description="as the model computes it, rounded to 3 decimals")]


class RatingsQuery(TypedDict, total=False):
    """Which family's table to read; other query keys (?lang=) pass."""

    __pydantic_config__ = ConfigDict(strict=True)  # type: ignore[misc]  # pydantic reads it on a TypedDict; mypy knows no such key
    family: Annotated[Family, Field(description="a family of formats; partnership when left out")]


class RatingRow(TypedDict):
    """One player's rating in the family."""

    player: Annotated[str, Field(description="the player's id in the group")]
    name: str
    mu: Number
    sigma: Number
    ordinal: Annotated[float, Field(description="mu - 3 sigma, rounded to 3 decimals")]
    games: Annotated[int, Field(ge=0, description="rated games of the family")]
    provisional: Annotated[bool, Field(description="fewer than 5 games, or sigma above 7.5")]


class GroupRatings(TypedDict):
    """A group's ratings in one family, by ordinal, highest first."""

    family: Family
    ratings: list[RatingRow]


class FamilyEntry(TypedDict):
    """One family of formats rated together."""

    family: Family
    label: str
    formats: Annotated[list[str], Field(description="the preset ids in the family")]
    games: Annotated[int, Field(ge=0, description="the group's games rated in it")]


class RatingFamilies(TypedDict):
    """The families of formats, each rated on its own."""

    families: list[FamilyEntry]


@operation(
    bp,
    "GET",
    "/groups/<group_id>/ratings",
    operation_id="groupRatings",
    summary="The group's OpenSkill ratings in one family of formats, highest ordinal first",
    security="groupToken",
    query=RatingsQuery,
    answers=(Answer(200, "The ratings table", GroupRatings),),
    problems={**READ_PROBLEMS, 422: "The family is not one of the families."},
)
def group_ratings(group_id: str) -> Response:
    """Returns the group's ratings in the family asked for, by ordinal, highest first."""
    member_token(group_id)
    family = spec.query().get("family", "partnership")
    rows: list[dict[str, Any]] = [
        {
            "player": s.player,
            "name": s.name,
            "mu": rounded(s.rating.mu),
            "sigma": rounded(s.rating.sigma),
            "ordinal": rounded(s.rating.ordinal),
            "games": s.rating.games,
            "provisional": s.rating.provisional,
        }
        for s in stored.table(get_db(), group_id, family)
    ]
    return private_json({"family": family, "ratings": rows})


@operation(
    bp,
    "GET",
    "/groups/<group_id>/ratings/families",
    operation_id="ratingFamilies",
    summary="The families of formats rated apart, their formats and the group's games in each",
    security="groupToken",
    answers=(Answer(200, "The families", RatingFamilies),),
    problems=READ_PROBLEMS,
)
def rating_families(group_id: str) -> Response:
    """Returns every family with its formats and how many of the group's games it rated."""
    member_token(group_id)
    counts = stored.family_counts(get_db(), group_id)
    return private_json(
        {
            "families": [
                {
                    "family": family,
                    "label": gettext(LABELS[family]),
                    "formats": list(presets),
                    "games": counts.get(family, 0),
                }
                for family, presets in FAMILIES.items()
            ]
        }
    )
